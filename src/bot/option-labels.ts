/** The words for the spec's values, shared by forms and /settings: a value reads the same everywhere. */
import type { Translate } from "../i18n/translate.js";

/** The Fluent key stem of each field whose values are a vocabulary's words. */
const VOCABULARIES: Readonly<Record<string, string>> = {
  format: "label-format",
  animation: "label-animation",
  transition: "label-transition",
  sub_style: "label-sub-style",
  sub_position: "label-sub-position",
  sub_size: "label-sub-size",
  tts_style: "label-tts-style",
  reels_reframe: "label-reframe",
  audio_mix_type: "label-audio-mix",
  ai_graphics_mode: "label-card-mode",
  ai_graphics_sfx: "label-sound",
  sfx_auto_sound: "label-sound",
  sfx_transition_sound: "label-sound",
  mode: "label-dubbing-mode",
  mix_mode: "label-mix-mode",
  output_format: "label-output",
  source: "label-motion-source",
  style: "label-motion-style",
  filters: "label-filter",
};

/** What a field reads when nothing is chosen: the service's own behaviour, named. */
const UNSET: Readonly<Record<string, string>> = {
  language: "label-language-detect",
  source_lang: "label-language-detect",
  translate_to: "label-translate-none",
  tts_style: "label-tts-style-unset",
  sub_color: "label-colour-style",
  ai_graphics_sfx: "label-sound-none",
  sfx_auto_sound: "label-sound-none",
  sfx_transition_sound: "label-sound-none",
  bgm_track: "label-music-none",
  target_duration: "label-duration-keep",
  // The service's defaults for cards: automatic and normal density.
  ai_graphics_mode: "label-card-mode-auto",
  ai_graphics_density: "label-card-density-normal",
};

const CARD_DENSITIES: ReadonlyMap<number, string> = new Map([
  [0.6, "rare"],
  [1, "normal"],
  [1.5, "dense"],
]);

export const COLOUR_SWATCHES = [
  { name: "white", hex: "#FFFFFF" },
  { name: "yellow", hex: "#FFFF00" },
  { name: "green", hex: "#00FF00" },
  { name: "cyan", hex: "#00FFFF" },
  { name: "magenta", hex: "#FF00FF" },
  { name: "orange", hex: "#FF8000" },
] as const;

const HEX_PATTERN = /^#([0-9A-F]{2})([0-9A-F]{2})([0-9A-F]{2})$/i;
const ASS_PATTERN = /^&H([0-9A-F]{2})([0-9A-F]{2})([0-9A-F]{2})([0-9A-F]{2})$/i;

/** `#RRGGBB` as the ASS colour `&HAABBGGRR`, opaque. */
export function hexToAss(hex: string): string | undefined {
  const match = HEX_PATTERN.exec(hex.trim());
  if (!match) return undefined;
  const [, red, green, blue] = match;
  return `&H00${blue}${green}${red}`.toUpperCase();
}

/** An ASS colour `&HAABBGGRR` as `#RRGGBB` (the alpha is not shown). */
function assToHex(ass: string): string | undefined {
  const match = ASS_PATTERN.exec(ass.trim());
  if (!match) return undefined;
  const [, , blue, green, red] = match;
  return `#${red}${green}${blue}`.toUpperCase();
}

function colourLabel(value: string, t: Translate): string {
  const hex = value.startsWith("#") ? value.toUpperCase() : assToHex(value);
  if (hex === undefined) return t("label-colour-custom", { hex: value });
  const swatch = COLOUR_SWATCHES.find((entry) => entry.hex === hex);
  return swatch ? t(`label-colour-${swatch.name}`) : t("label-colour-custom", { hex });
}

/** A vocabulary value as a Fluent key part: "9:16" and "9_16" are the same format. */
function keyPart(value: string | number): string {
  return String(value).replace(/[:.]/g, "_");
}

/** The label of a field's value, or undefined when the field's values are not a vocabulary or a number. */
export function optionLabel(key: string, value: unknown, t: Translate): string | undefined {
  if (value === undefined || value === null) {
    const unset = UNSET[key];
    return unset ? t(unset) : undefined;
  }
  const vocabulary = VOCABULARIES[key];
  if (vocabulary && (typeof value === "string" || typeof value === "number")) {
    return t(`${vocabulary}-${keyPart(value)}`);
  }
  if (typeof value === "number") return NUMBER_LABELS[key]?.(value, t);
  if (key === "sub_color" && typeof value === "string") return colourLabel(value, t);
  return undefined;
}

const inSeconds = (seconds: number, t: Translate) => t("label-seconds", { seconds });

const NUMBER_LABELS: Readonly<Record<string, (value: number, t: Translate) => string>> = {
  tts_speed: (speed, t) => t("label-speed", { speed }),
  bgm_volume: (volume, t) => t("label-percent", { percent: Math.round(volume * 100) }),
  overlay_volume: (percent, t) => t("label-percent", { percent }),
  transition_duration: inSeconds,
  target_duration: inSeconds,
  target_sec: inSeconds,
  max_clips: (count, t) => (count === 0 ? t("label-clips-auto") : t("label-clips", { count })),
  ai_graphics_density: (value, t) => {
    const density = CARD_DENSITIES.get(value);
    return density ? t(`label-card-density-${density}`) : String(value);
  },
};
