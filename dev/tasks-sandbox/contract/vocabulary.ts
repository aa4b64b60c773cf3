/**
 * The spec's shared vocabularies and limits of POST /v1/tasks ("Shared vocabularies", "Limits", and the sections
 * on captions, cards and sound effects), written out from tasks-service-api.md.
 */

/** The spec withholds the providers' literal strings and labels them provider_a to provider_f. */
export const TTS_PROVIDERS = [
  "provider_a",
  "provider_b",
  "provider_c",
  "provider_d",
  "provider_e",
  "provider_f",
] as const;
export type TtsProvider = (typeof TTS_PROVIDERS)[number];

export const TTS_SPEEDS = [0.8, 1.0, 1.2, 1.5] as const;
export const TTS_STYLES = ["standard", "calm", "expressive", "energetic", "dramatic", "cheerful"] as const;
/** "supports tts_scene and tts_style" (provider_b), "supports tts_style" (provider_f). */
export const STYLE_PROVIDERS: readonly TtsProvider[] = ["provider_b", "provider_f"];
export const SCENE_PROVIDERS: readonly TtsProvider[] = ["provider_b"];

export const SUB_STYLES = [
  "yellow_basic",
  "purple_green",
  "minimal_white",
  "news_style",
  "fire_orange",
  "pop_green",
  "word_box_orange",
  "karaoke_cyan",
  "cursor_selection",
  "single_green_box",
  "business_news",
  "dynamic_colors",
  "elegant_white",
  "dual_duet",
] as const;
export const SUB_POSITIONS = ["top", "center", "bottom"] as const;
export const SUB_SIZES = ["small", "medium", "large"] as const;

export const REELS_REFRAMES = ["blur", "fill", "fill_blur", "zoom", "crop", "auto"] as const;

export const BGM_VOLUME_DEFAULT = 0.2;

export const CARD_MODES = ["auto", "semi", "manual"] as const;
export const CARD_DENSITIES = [0.6, 1.0, 1.5] as const;
export const CARD_TEMPLATES = [
  "caption",
  "quote",
  "subscribe",
  "like",
  "list",
  "steps",
  "stat",
  "percent",
  "trend",
  "compare",
] as const;
export const CARD_POSITIONS = ["center", "top", "bottom", "left", "right"] as const;

/** Sound names per field. The spec treats an unknown name as null (silent), so one is read as null, not refused. */
export const AUTO_TEXT_SOUNDS = ["click", "pop", "whoosh"] as const;
export const TRANSITION_SOUNDS = ["whoosh", "paper_flip"] as const;
export const CARD_SOUNDS = ["whoosh", "paper_flip"] as const;

export const MAX_VIDEO_MEDIA = 30;
export const MAX_CAPTIONS = 10;
export const MAX_CAPTION_LENGTH = 200;
/** `target_duration` speeds a longer result up at most this much. */
export const MAX_SPEED_UP = 2;
