/** The voice picker, a language's voices cheapest first; it sets tts_provider and tts_voice together. */
import {
  type CatalogVoice,
  languageName,
  providerById,
  voicePricePerMinute,
  voicesIn,
} from "../../../catalog/index.js";
import type { Translate } from "../../../i18n/translate.js";
import { hasSample } from "../../../tasks/voice-previews.js";
import type { VoicePickerAction } from "../card-action.js";
import { speechLanguage } from "../fields.js";
import type { FormDefinition, FormEnv, FormValues } from "../form.js";
import { type FormState, moved, type Screen, type Transition } from "../form-state.js";
import { type RenderedScreen, rows, type ScreenContext } from "./screen-context.js";
import { escapeHtml } from "./text.js";

const LANGUAGES_PER_PAGE = 12;
const LANGUAGES_PER_ROW = 3;
/** A page of voices with its heading keeps within a card's twelve lines. */
const VOICES_PER_PAGE = 8;

/** The voices of the form's language, on the page of the voice chosen; the languages when it has none. */
export function openVoicePicker(state: FormState, env: FormEnv): Screen {
  const language = speechLanguage(state.values, env.locale);
  const voices = voicesIn(env.catalog, language);
  if (voices.length === 0) return { name: "voice-languages", page: 0 };
  const chosen = voices.findIndex((voice) => voice.id === state.values.tts_voice);
  return { name: "voices", language, page: chosen > 0 ? Math.floor(chosen / VOICES_PER_PAGE) : 0 };
}

function afterChoice(definition: FormDefinition): Screen {
  const field = definition.fields.find((candidate) => candidate.input.kind === "voice");
  return field ? { name: "group", group: field.group } : { name: "summary" };
}

export function pressOnVoicePicker(
  definition: FormDefinition,
  state: FormState,
  action: VoicePickerAction,
  env: FormEnv,
): Transition {
  const screen = state.screen;
  switch (action.kind) {
    case "voice-languages":
      return moved(state, { screen: { name: "voice-languages", page: action.page } });
    case "voice-language": {
      const language = env.catalog.languages[action.language];
      return language
        ? moved(state, { screen: { name: "voices", language: language.code, page: 0 } })
        : { state };
    }
    case "voice-page":
      return screen.name === "voices"
        ? moved(state, { screen: { ...screen, page: action.page } })
        : { state };
    case "choose-voice":
    case "play-sample": {
      if (screen.name !== "voices") return { state };
      const voice = voicesIn(env.catalog, screen.language)[action.voice];
      if (!voice) return { state };
      if (action.kind === "play-sample") {
        if (!hasSample(voice, env.samplesOnRequest === true)) return { state };
        return { state, effect: { kind: "preview", provider: voice.provider, voice: voice.id } };
      }
      const values: FormValues = { ...state.values, tts_provider: voice.provider, tts_voice: voice.id };
      return moved(state, { values, screen: afterChoice(definition) });
    }
    case "automatic-voice": {
      if (screen.name !== "voices") return { state };
      const { tts_provider: _provider, tts_voice: _voice, ...values } = state.values;
      return moved(state, { values, screen: afterChoice(definition) });
    }
  }
}

export function renderVoiceLanguages(context: ScreenContext, page: number): RenderedScreen {
  const { env, t } = context;
  const languages = env.catalog.languages;
  const first = page * LANGUAGES_PER_PAGE;
  const buttons = languages.slice(first, first + LANGUAGES_PER_PAGE).map((language, offset) => {
    const action = { kind: "voice-language", language: first + offset } as const;
    return context.button(languageName(language.code, env.locale), action);
  });
  const toPage = (to: number) => ({ kind: "voice-languages", page: to }) as const;
  return {
    text: t("voice-choose-language"),
    keyboard: [
      ...rows(buttons, LANGUAGES_PER_ROW),
      ...context.pager(languages.length, LANGUAGES_PER_PAGE, page, toPage),
      context.backRow(),
    ],
  };
}

/** "Emma — warm female voice · Vocalis · 6 tokens a minute": how it sounds, who speaks it, its price. */
function voiceLine(voice: CatalogVoice, env: FormEnv, t: Translate): string {
  const price = voicePricePerMinute(env.catalog, voice);
  // The words agree with "voice" in every language: "спокійний жіночий голос".
  const traits = [
    voice.tone && t(`voice-tone-${voice.tone}`),
    voice.gender && t(`voice-gender-${voice.gender}`),
  ].filter((trait) => trait !== undefined);
  const details = [
    providerById(env.catalog, voice.provider)?.label,
    price === undefined
      ? undefined
      : price === 0
        ? t("voice-price-free")
        : t("voice-price", { tokens: price }),
  ].filter((detail) => detail !== undefined);
  const named =
    traits.length > 0 ? t("voice-line", { name: voice.name, traits: traits.join(" ") }) : voice.name;
  return [named, ...details].join(" · ");
}

export function renderVoices(
  context: ScreenContext,
  state: FormState,
  screen: Extract<Screen, { name: "voices" }>,
): RenderedScreen {
  const { env, t } = context;
  const { language, page } = screen;
  const voices = voicesIn(env.catalog, language);
  const first = page * VOICES_PER_PAGE;
  const shown = voices.slice(first, first + VOICES_PER_PAGE);
  const samples = shown.map((voice) => hasSample(voice, env.samplesOnRequest === true));
  // The row is the voice: its name chooses it, ▶ beside it plays it; Telegram gives both halves alike.
  const keyboard = shown.map((voice, offset) => {
    const index = first + offset;
    const mark = state.values.tts_voice === voice.id ? "• " : "";
    const choose = context.button(`${mark}${voice.name}`, { kind: "choose-voice", voice: index });
    return samples[offset] ? [choose, context.button("▶", { kind: "play-sample", voice: index })] : [choose];
  });
  keyboard.push(
    ...context.pager(voices.length, VOICES_PER_PAGE, page, (to) => ({ kind: "voice-page", page: to })),
  );
  keyboard.push([context.button(t("voice-automatic"), { kind: "automatic-voice" })]);
  keyboard.push([context.button(t("voice-other-language"), { kind: "voice-languages", page: 0 })]);
  keyboard.push(context.backRow());
  const heading = t("voice-choose-voice", { language: languageName(language, env.locale) });
  // ▶ is explained only where the page shows one.
  const intro = samples.includes(true) ? `${heading} ${t("voice-play-sample")}` : heading;
  const lines = shown.map((voice) => escapeHtml(voiceLine(voice, env, t)));
  return { text: [escapeHtml(intro), "", ...lines].join("\n"), keyboard };
}
