/**
 * The voice picker: the form's language first (else a language chosen), then a provider with its
 * quality and price, then a voice, with ▶ for a sample where the voice has one. It sets tts_provider and tts_voice; the
 * automatic voice sets the provider alone and leaves the voice to the service.
 */
import { type CatalogProvider, languageName, providersFor, voicesFor } from "../../../catalog/index.js";
import type { Translate } from "../../../i18n/translate.js";
import { hasSample } from "../../../tasks/voice-previews.js";
import type { VoicePickerAction } from "../card-action.js";
import { speechLanguage } from "../fields.js";
import type { FormDefinition, FormEnv, FormValues } from "../form.js";
import type { FormState, Screen, Transition } from "../form-state.js";
import { type RenderedScreen, rows, type ScreenContext } from "./screen-context.js";
import { providerLabel } from "./value-labels.js";

const LANGUAGES_PER_PAGE = 12;
const LANGUAGES_PER_ROW = 3;
const VOICES_PER_PAGE = 8;

/** The providers of the form's language, or the list of languages when it has none. */
export function openVoicePicker(state: FormState, env: FormEnv): Screen {
  const language = speechLanguage(state.values, env.locale);
  return providersFor(env.catalog, language).length > 0
    ? { name: "voice-providers", language }
    : { name: "voice-languages", page: 0 };
}

/** Back to the voice field's group once a voice is chosen. */
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
      return { state: { ...state, screen: { name: "voice-languages", page: action.page } } };
    case "voice-language": {
      const language = env.catalog.languages[action.language];
      return language
        ? { state: { ...state, screen: { name: "voice-providers", language: language.code } } }
        : { state };
    }
    case "voice-provider": {
      if (screen.name !== "voice-providers") return { state };
      const provider = providersFor(env.catalog, screen.language)[action.provider];
      return provider
        ? {
            state: {
              ...state,
              screen: { name: "voices", language: screen.language, provider: provider.id, page: 0 },
            },
          }
        : { state };
    }
    case "voice-page":
      return screen.name === "voices"
        ? { state: { ...state, screen: { ...screen, page: action.page } } }
        : { state };
    case "choose-voice":
    case "play-sample": {
      if (screen.name !== "voices") return { state };
      const voice = voicesFor(env.catalog, screen.provider, screen.language)[action.voice];
      if (!voice) return { state };
      if (action.kind === "play-sample") {
        if (!hasSample(voice, env.samplesOnRequest === true)) return { state };
        return {
          state,
          effect: { kind: "preview", provider: screen.provider, voice: voice.id },
        };
      }
      const values: FormValues = { ...state.values, tts_provider: screen.provider, tts_voice: voice.id };
      return { state: { ...state, values, screen: afterChoice(definition) } };
    }
    case "automatic-voice": {
      if (screen.name !== "voices") return { state };
      const values: FormValues = { ...state.values, tts_provider: screen.provider };
      delete values.tts_voice;
      return { state: { ...state, values, screen: afterChoice(definition) } };
    }
  }
}

export function renderVoiceLanguages(context: ScreenContext, page: number): RenderedScreen {
  const { env, t } = context;
  const languages = env.catalog.languages;
  const first = page * LANGUAGES_PER_PAGE;
  const shown = languages.slice(first, first + LANGUAGES_PER_PAGE);
  const buttons = shown.map((language, offset) =>
    context.button(languageName(language.code, env.locale), {
      kind: "voice-language",
      language: first + offset,
    }),
  );
  const keyboard = rows(buttons, LANGUAGES_PER_ROW);
  keyboard.push(
    ...context.pager(languages.length, LANGUAGES_PER_PAGE, page, (to) => ({
      kind: "voice-languages",
      page: to,
    })),
  );
  keyboard.push(context.backRow());
  return { text: t("voice-choose-language"), keyboard };
}

export function renderVoiceProviders(context: ScreenContext, language: string): RenderedScreen {
  const { env, t } = context;
  const keyboard = providersFor(env.catalog, language).map((provider, index) => [
    context.button(providerSummary(provider, t), { kind: "voice-provider", provider: index }),
  ]);
  keyboard.push([context.button(t("voice-other-language"), { kind: "voice-languages", page: 0 })]);
  keyboard.push(context.backRow());
  return {
    text: `${t("voice-choose-provider", { language: languageName(language, env.locale) })}\n${t("voice-quality-scale")}`,
    keyboard,
  };
}

/** "Vocalis · ★★ good · 6–27 tokens a minute": the name, its quality and its price in words. */
export function providerSummary(provider: CatalogProvider, t: Translate): string {
  const { standard, neural } = provider.pricePerMinute;
  const price =
    standard === 0
      ? t("voice-price-free")
      : neural === undefined || neural === standard
        ? t("voice-price", { tokens: standard })
        : t("voice-price-range", { from: standard, to: neural });
  return t("voice-provider-line", {
    provider: provider.label,
    quality: t(`voice-quality-${provider.quality}`),
    price,
  });
}

export function renderVoices(
  context: ScreenContext,
  state: FormState,
  screen: Extract<Screen, { name: "voices" }>,
): RenderedScreen {
  const { env, t } = context;
  const { language, provider, page } = screen;
  const voices = voicesFor(env.catalog, provider, language);
  const first = page * VOICES_PER_PAGE;
  const shown = voices.slice(first, first + VOICES_PER_PAGE);
  const samples = shown.map((voice) => hasSample(voice, env.samplesOnRequest === true));
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
  keyboard.push(context.backRow());
  const heading = t("voice-choose-voice", {
    provider: providerLabel(env, provider) ?? provider,
    language: languageName(language, env.locale),
  });
  // ▶ is explained only where the page shows one.
  return { text: samples.includes(true) ? `${heading} ${t("voice-play-sample")}` : heading, keyboard };
}
