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
import type { VoiceCatalogPort } from "./deps.js";
import { optionLabel } from "./option-labels.js";
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
    // Only providers that speak the interface language: a provider without voices there cannot be used.
    options: ({ catalog, locale }) =>
      providersWithVoices(catalog, locale).map((provider) => ({
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
    options: ({ t }) =>
      TTS_SPEEDS.map((ttsSpeed) => ({ label: label("tts_speed", ttsSpeed, t), change: { ttsSpeed } })),
  },
  {
    code: "style",
    buttonKey: "settings-button-style",
    promptKey: "settings-choose-style",
    resets: ["ttsStyle"],
    options: ({ t }) =>
      TTS_STYLES.map((ttsStyle) => ({ label: label("tts_style", ttsStyle, t), change: { ttsStyle } })),
  },
  {
    code: "sst",
    buttonKey: "settings-button-sub-style",
    promptKey: "settings-choose-sub-style",
    resets: ["subStyle"],
    options: ({ t }) =>
      SUB_STYLES.map((subStyle) => ({ label: label("sub_style", subStyle, t), change: { subStyle } })),
  },
  {
    code: "spos",
    buttonKey: "settings-button-sub-position",
    promptKey: "settings-choose-sub-position",
    resets: ["subPosition"],
    options: ({ t }) =>
      SUB_POSITIONS.map((subPosition) => ({
        label: label("sub_position", subPosition, t),
        change: { subPosition },
      })),
  },
  {
    code: "ssz",
    buttonKey: "settings-button-sub-size",
    promptKey: "settings-choose-sub-size",
    resets: ["subSize"],
    options: ({ t }) =>
      SUB_SIZES.map((subSize) => ({ label: label("sub_size", subSize, t), change: { subSize } })),
  },
  {
    code: "fmt",
    buttonKey: "settings-button-format",
    promptKey: "settings-choose-format",
    resets: ["videoFormat"],
    options: ({ t }) =>
      VIDEO_FORMATS.map((videoFormat) => ({
        label: label("format", videoFormat, t),
        change: { videoFormat },
      })),
  },
];

/** The same words the task forms use for a value. */
function label(key: string, value: string | number, t: Translate): string {
  return optionLabel(key, value, t) ?? String(value);
}

/** Providers with at least one voice in the language. */
export function providersWithVoices(
  catalog: VoiceCatalogPort,
  language: string,
): ReadonlyArray<{ id: string; label: string }> {
  return catalog.providers().filter((provider) => catalog.voices(provider.id, language).length > 0);
}

export function settingsField(code: string | undefined): SettingsField | undefined {
  return SETTINGS_FIELDS.find((field) => field.code === code);
}

/** The settings card: every default, "automatic" where none is set. */
export function settingsSummary(
  t: Translate,
  catalog: VoiceCatalogPort,
  preferences: UserPreferences,
  locale: BotLocale,
): string {
  const automatic = t("settings-automatic");
  const provider = catalog.providers().find((entry) => entry.id === preferences.ttsProvider);
  const voice =
    preferences.ttsProvider === undefined || preferences.ttsVoice === undefined
      ? undefined
      : (catalog.voices(preferences.ttsProvider, locale).find((entry) => entry.id === preferences.ttsVoice)
          ?.name ?? preferences.ttsVoice);
  return `${t("settings-title")}\n\n${t("settings-summary", {
    language: t(`language-name-${preferences.language ?? locale}`),
    provider: provider?.label ?? automatic,
    voice: voice ?? automatic,
    speed: preferences.ttsSpeed === undefined ? automatic : label("tts_speed", preferences.ttsSpeed, t),
    style: preferences.ttsStyle === undefined ? automatic : label("tts_style", preferences.ttsStyle, t),
    subStyle: preferences.subStyle === undefined ? automatic : label("sub_style", preferences.subStyle, t),
    subPosition:
      preferences.subPosition === undefined ? automatic : label("sub_position", preferences.subPosition, t),
    subSize: preferences.subSize === undefined ? automatic : label("sub_size", preferences.subSize, t),
    format: preferences.videoFormat === undefined ? automatic : label("format", preferences.videoFormat, t),
  })}`;
}
