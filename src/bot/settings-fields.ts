/** /settings as data; options go by index in callback data, keeping long voice ids within 64 bytes. */
import { BOT_LOCALES, type BotLocale } from "../i18n/locales.js";
import type { Translate } from "../i18n/translate.js";
import { DUBBING_DEFAULTS } from "../tasks-service/schemas/dubbing.js";
import { VIDEO_DEFAULTS } from "../tasks-service/schemas/video.js";
import type { VoiceCatalogPort } from "./deps.js";
import { optionLabel } from "./option-labels.js";
import { LISTED_PREFERENCES, type UserPreferences } from "./preferences.js";

export interface SettingsField {
  code: string;
  buttonKey: string;
  promptKey: string;
  /** The preference fields "reset" clears; absent when the field cannot be automatic. */
  resets?: ReadonlyArray<keyof UserPreferences>;
  options(input: {
    t: Translate;
    catalog: VoiceCatalogPort;
    preferences: UserPreferences;
    locale: BotLocale;
  }): { label: string; change: Partial<UserPreferences> }[];
}

function field(
  code: string,
  name: string,
  resets: SettingsField["resets"],
  options: SettingsField["options"],
): SettingsField {
  return {
    code,
    buttonKey: `settings-button-${name}`,
    promptKey: `settings-choose-${name}`,
    resets,
    options,
  };
}

/** A preference chosen from one of the spec's lists, named with the words the task forms use for it. */
function listedField<K extends keyof typeof LISTED_PREFERENCES>(
  code: string,
  name: string,
  preference: K,
  words: string,
): SettingsField {
  const values: readonly (string | number)[] = LISTED_PREFERENCES[preference];
  return field(code, name, [preference], ({ t }) =>
    values.map((value) => ({ label: label(words, value, t), change: { [preference]: value } })),
  );
}

export const SETTINGS_FIELDS: readonly SettingsField[] = [
  field("lang", "language", ["language"], ({ t }) =>
    BOT_LOCALES.map((language) => ({ label: t(`language-name-${language}`), change: { language } })),
  ),
  // Every voice of the interface language at once, its provider beside its name: a voice is chosen by
  // how it sounds, and choosing it chooses its provider.
  field("voice", "voice", ["ttsProvider", "ttsVoice"], ({ catalog, locale }) =>
    catalog.providers().flatMap((provider) =>
      catalog.voices(provider.id, locale).map((voice) => ({
        label: `${voice.name} · ${provider.label}`,
        change: { ttsProvider: provider.id, ttsVoice: voice.id },
      })),
    ),
  ),
  listedField("speed", "speed", "ttsSpeed", "tts_speed"),
  listedField("style", "style", "ttsStyle", "tts_style"),
  listedField("sst", "sub-style", "subStyle", "sub_style"),
  listedField("spos", "sub-position", "subPosition", "sub_position"),
  listedField("ssz", "sub-size", "subSize", "sub_size"),
  listedField("fmt", "format", "videoFormat", "format"),
];

function label(key: string, value: string | number, t: Translate): string {
  return optionLabel(key, value, t) ?? String(value);
}

export function settingsField(code: string | undefined): SettingsField | undefined {
  return SETTINGS_FIELDS.find((field) => field.code === code);
}

/** Every default, the spec's own where the user set none (the service picks the voice for the language). */
export function settingsSummary(
  t: Translate,
  catalog: VoiceCatalogPort,
  preferences: UserPreferences,
  locale: BotLocale,
): string {
  const automatic = t("settings-automatic");
  const providerName = (id: string | undefined) =>
    catalog.providers().find((entry) => entry.id === id)?.label;
  const voice =
    preferences.ttsProvider === undefined || preferences.ttsVoice === undefined
      ? undefined
      : (catalog.voices(preferences.ttsProvider, locale).find((entry) => entry.id === preferences.ttsVoice)
          ?.name ?? preferences.ttsVoice);
  return `${t("settings-title")}\n\n${t("settings-summary", {
    language: t(`language-name-${preferences.language ?? locale}`),
    provider:
      providerName(preferences.ttsProvider) ??
      t("money-settings-default-provider", {
        provider: providerName(VIDEO_DEFAULTS.tts_provider) ?? automatic,
        dubbing: providerName(DUBBING_DEFAULTS.tts_provider) ?? automatic,
      }),
    voice: voice ?? automatic,
    speed: label("tts_speed", preferences.ttsSpeed ?? VIDEO_DEFAULTS.tts_speed, t),
    style:
      preferences.ttsStyle === undefined
        ? t("money-settings-default-style")
        : label("tts_style", preferences.ttsStyle, t),
    subStyle: label("sub_style", preferences.subStyle ?? VIDEO_DEFAULTS.sub_style, t),
    subPosition: label("sub_position", preferences.subPosition ?? VIDEO_DEFAULTS.sub_position, t),
    subSize: label("sub_size", preferences.subSize ?? VIDEO_DEFAULTS.sub_size, t),
    format: label("format", preferences.videoFormat ?? VIDEO_DEFAULTS.format, t),
  })}`;
}
