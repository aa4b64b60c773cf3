/**
 * The /settings menu as data: each field, the preference it edits and the options it offers. Options
 * are addressed by index in callback data, which keeps long voice ids out of the 64-byte limit.
 */

import { BOT_LOCALES, type BotLocale } from "../i18n/locales.js";
import type { Translate } from "../i18n/translate.js";
import {
  SUB_POSITIONS,
  SUB_SIZES,
  SUB_STYLES,
  TTS_SPEEDS,
  TTS_STYLES,
  VIDEO_FORMATS,
} from "../tasks-service/schemas/common.js";
import { DUBBING_DEFAULTS } from "../tasks-service/schemas/dubbing.js";
import { VIDEO_DEFAULTS } from "../tasks-service/schemas/video.js";
import type { VoiceCatalogPort } from "./deps.js";
import type { UserPreferences } from "./preferences.js";

export interface SettingsOption {
  label: string;
  change: Partial<UserPreferences>;
}

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
  }): SettingsOption[];
}

export const SETTINGS_FIELDS: readonly SettingsField[] = [
  {
    code: "lang",
    buttonKey: "settings-button-language",
    promptKey: "settings-choose-language",
    resets: ["language"],
    options: ({ t }) =>
      BOT_LOCALES.map((language) => ({ label: t(`language-name-${language}`), change: { language } })),
  },
  {
    code: "prov",
    buttonKey: "settings-button-provider",
    promptKey: "settings-choose-provider",
    resets: ["ttsProvider", "ttsVoice"],
    options: ({ catalog }) =>
      catalog.providers().map((provider) => ({
        label: provider.label,
        // A voice belongs to its provider: changing the provider forgets the voice.
        change: { ttsProvider: provider.id, ttsVoice: undefined },
      })),
  },
  {
    code: "voice",
    buttonKey: "settings-button-voice",
    promptKey: "settings-choose-voice",
    resets: ["ttsVoice"],
    options: ({ catalog, preferences, locale }) =>
      preferences.ttsProvider === undefined
        ? []
        : catalog
            .voices(preferences.ttsProvider, locale)
            .map((voice) => ({ label: voice.name, change: { ttsVoice: voice.id } })),
  },
  {
    code: "speed",
    buttonKey: "settings-button-speed",
    promptKey: "settings-choose-speed",
    resets: ["ttsSpeed"],
    options: () => TTS_SPEEDS.map((ttsSpeed) => ({ label: `×${ttsSpeed.toFixed(1)}`, change: { ttsSpeed } })),
  },
  {
    code: "style",
    buttonKey: "settings-button-style",
    promptKey: "settings-choose-style",
    resets: ["ttsStyle"],
    options: ({ t }) =>
      TTS_STYLES.map((ttsStyle) => ({ label: t(`tts-style-${ttsStyle}`), change: { ttsStyle } })),
  },
  {
    code: "sst",
    buttonKey: "settings-button-sub-style",
    promptKey: "settings-choose-sub-style",
    resets: ["subStyle"],
    options: () => SUB_STYLES.map((subStyle) => ({ label: subStyle, change: { subStyle } })),
  },
  {
    code: "spos",
    buttonKey: "settings-button-sub-position",
    promptKey: "settings-choose-sub-position",
    resets: ["subPosition"],
    options: ({ t }) =>
      SUB_POSITIONS.map((subPosition) => ({
        label: t(`sub-position-${subPosition}`),
        change: { subPosition },
      })),
  },
  {
    code: "ssz",
    buttonKey: "settings-button-sub-size",
    promptKey: "settings-choose-sub-size",
    resets: ["subSize"],
    options: ({ t }) =>
      SUB_SIZES.map((subSize) => ({ label: t(`sub-size-${subSize}`), change: { subSize } })),
  },
  {
    code: "fmt",
    buttonKey: "settings-button-format",
    promptKey: "settings-choose-format",
    resets: ["videoFormat"],
    options: ({ t }) =>
      VIDEO_FORMATS.map((videoFormat) => ({
        label: t(`video-format-${videoFormat}`),
        change: { videoFormat },
      })),
  },
];

export function settingsField(code: string | undefined): SettingsField | undefined {
  return SETTINGS_FIELDS.find((field) => field.code === code);
}

/**
 * The settings card: every default, the spec's own where the user set none (the voice alone has none:
 * the service picks it for the language).
 */
export function settingsSummary(
  t: Translate,
  catalog: VoiceCatalogPort,
  preferences: UserPreferences,
  locale: BotLocale,
): string {
  const automatic = t("settings-automatic");
  const label = (id: string) => catalog.providers().find((entry) => entry.id === id)?.label ?? automatic;
  const provider = catalog.providers().find((entry) => entry.id === preferences.ttsProvider);
  const voice =
    preferences.ttsProvider === undefined || preferences.ttsVoice === undefined
      ? undefined
      : (catalog.voices(preferences.ttsProvider, locale).find((entry) => entry.id === preferences.ttsVoice)
          ?.name ?? preferences.ttsVoice);
  return `${t("settings-title")}\n\n${t("settings-summary", {
    language: t(`language-name-${preferences.language ?? locale}`),
    provider:
      provider?.label ??
      t("money-settings-default-provider", {
        provider: label(VIDEO_DEFAULTS.tts_provider),
        dubbing: label(DUBBING_DEFAULTS.tts_provider),
      }),
    voice: voice ?? automatic,
    speed: `×${(preferences.ttsSpeed ?? VIDEO_DEFAULTS.tts_speed).toFixed(1)}`,
    style:
      preferences.ttsStyle === undefined
        ? t("money-settings-default-style")
        : t(`tts-style-${preferences.ttsStyle}`),
    subStyle: preferences.subStyle ?? VIDEO_DEFAULTS.sub_style,
    subPosition: t(`sub-position-${preferences.subPosition ?? VIDEO_DEFAULTS.sub_position}`),
    subSize: t(`sub-size-${preferences.subSize ?? VIDEO_DEFAULTS.sub_size}`),
    format: t(`video-format-${preferences.videoFormat ?? VIDEO_DEFAULTS.format}`),
  })}`;
}
