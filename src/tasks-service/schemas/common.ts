import { z } from "zod";
import type { ParseIssue } from "../parsers/result.js";

/** Provider labels of the spec; the service's literal strings are withheld there, so these are the wire values. */
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
export const TTS_STYLE_PROVIDERS = ["provider_b", "provider_f"] as const;
export const TTS_SCENE_PROVIDERS = ["provider_b"] as const;

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

export const VIDEO_FORMATS = ["9_16", "16_9", "1_1", "original"] as const;
export const ANIMATIONS = ["none", "ken_burns"] as const;
/** Transition names usable in scene markers and in `scene_transitions`. */
export const MARKER_TRANSITIONS = [
  "fade",
  "dissolve",
  "slide",
  "cover",
  "reveal",
  "zoom",
  "squeeze",
  "wind",
  "pixel",
  "circle",
  "random",
] as const;

export const REELS_REFRAMES = ["blur", "fill", "fill_blur", "zoom", "crop", "auto"] as const;
export const AUDIO_MIX_TYPES = ["replace", "add", "overlay"] as const;

export const OVERLAY_STYLES = [
  "clean_white",
  "bold_yellow",
  "outline_black",
  "soft_pink",
  "elegant_script",
  "news_bar",
  "impact_red",
] as const;
export const OVERLAY_SIZES = ["small", "medium", "large"] as const;
export const OVERLAY_POSITIONS = [
  "top_left",
  "top_center",
  "top_right",
  "middle_left",
  "center",
  "middle_right",
  "bottom_left",
  "bottom_center",
  "bottom_right",
] as const;
export const OVERLAY_ANIMS = ["pop", "slide_left", "slide_right", "type"] as const;
export const MAX_TEXT_OVERLAYS = 10;
export const MAX_OVERLAY_TEXT_LENGTH = 200;

export const AI_GRAPHICS_MODES = ["auto", "semi", "manual"] as const;
export const AI_GRAPHICS_DENSITIES = [0.6, 1.0, 1.5] as const;
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

export const SFX_AUTO_SOUNDS = ["click", "pop", "whoosh"] as const;
export const SFX_TRANSITION_SOUNDS = ["whoosh", "paper_flip"] as const;
export const AI_GRAPHICS_SFX = ["whoosh", "paper_flip"] as const;

export const DUBBING_MODES = ["auto", "semi_auto", "manual"] as const;
export const MIX_MODES = ["overlay", "replace"] as const;
export const SUB_LANG_KEYWORDS = ["dubbed", "original", "none"] as const;

export const SMART_CLIP_FILTERS = [
  "vivid",
  "contrast",
  "ocean",
  "forest",
  "warm",
  "cinema",
  "bw",
  "vintage",
] as const;

export const MOTION_SOURCES = ["text", "voice", "video"] as const;
export const MOTION_FORMATS = ["9:16", "16:9", "1:1"] as const;
export const MOTION_STYLES = [
  "cream_editorial",
  "dark_bold",
  "purple_block",
  "green_neon",
  "business_gold",
  "psychology_calm",
  "history_sepia",
  "news_red",
  "ocean_tech",
  "bloom_pastel",
  "kitchen_warm",
  "mono_minimal",
  "cyber_neon",
] as const;

export const TRANSCRIPTION_OUTPUT_FORMATS = ["txt", "srt", "both"] as const;

export const MAX_VIDEO_MEDIA = 30;
export const MAX_SPEED_UP = 2;

/** Context of a zod `.check()` callback; rule issues are pushed onto it. */
export type RuleContext = { issues: z.core.$ZodRawIssue[] };

/** Custom issues carry `params.code`, a stable identifier the bot translates; the English message is for logs. */
export function addRuleIssue(
  ctx: RuleContext,
  path: PropertyKey[],
  code: string,
  message: string,
  params: Record<string, string | number> = {},
): void {
  ctx.issues.push({ code: "custom", path, message, params: { code, ...params }, input: undefined });
}

/** A parser's issues as rule issues on `path`, each with its line (and its column where the form shows it). */
export function addParseIssues(
  ctx: RuleContext,
  path: PropertyKey[],
  issues: readonly ParseIssue[],
  place: { column?: boolean } = {},
): void {
  for (const { code, message, params, line, column } of issues) {
    addRuleIssue(ctx, path, code, message, {
      ...params,
      ...(line === undefined ? {} : { line }),
      ...(place.column && column !== undefined ? { column } : {}),
    });
  }
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * An upload id (UUID form) or an https URL that parses; plain http only on loopback, where a local
 * service's own result links are (a result handed on to the next task is one of those).
 */
function isFileReference(value: string): boolean {
  if (UUID_PATTERN.test(value)) return true;
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname));
}

type Refusal = { code: string; message: string };

function checkedString(valid: (value: string) => boolean, refusal: Refusal | ((value: string) => Refusal)) {
  return z.string().check((ctx) => {
    if (valid(ctx.value)) return;
    const { code, message } = typeof refusal === "function" ? refusal(ctx.value) : refusal;
    ctx.issues.push({ code: "custom", input: ctx.value, message, params: { code } });
  });
}

export const FileReferenceSchema = checkedString(isFileReference, (value) =>
  value.startsWith("http://")
    ? { code: "file_ref_insecure", message: "Only https:// links are accepted for files; http:// is refused" }
    : { code: "file_ref_invalid", message: "Expected an upload id (UUID) or an https:// link" },
);

const LANGUAGE_PATTERN = /^[a-z]{2,3}(?:-[A-Z][a-z]{3})?(?:-(?:[A-Za-z]{2}|\d{3}))?$/;

/** A short code (`en`) or a locale (`en-US`, `zh-Hans-CN`), checked by shape only: the service knows ~99 languages. */
export const LanguageCodeSchema = checkedString((value) => LANGUAGE_PATTERN.test(value), {
  code: "language_invalid",
  message: "Expected a language code such as en or en-US",
});

export const AutoOrLanguageSchema = z.union([z.literal("auto"), LanguageCodeSchema]);

export const AssColorSchema = checkedString((value) => /^&H[0-9A-Fa-f]{8}$/.test(value), {
  code: "color_not_ass",
  message: "Expected an ASS colour &HAABBGGRR",
});

export const HexColorSchema = checkedString((value) => /^#[0-9A-Fa-f]{6}$/.test(value), {
  code: "color_not_hex",
  message: "Expected a colour #RRGGBB",
});

/** The spec asks for https; plain http only on loopback, where a local service calls a local bot. */
export const WebhookUrlSchema = checkedString(
  (value) =>
    URL.canParse(value) &&
    (value.startsWith("https://") ||
      (value.startsWith("http://") && LOOPBACK_HOSTS.has(new URL(value).hostname))),
  { code: "url_not_https", message: "Expected an https:// link" },
);

const CommonFields = {
  webhook_url: WebhookUrlSchema.nullish(),
  send_to_messenger: z.boolean().optional(),
};

/** A task type's request body: its `type`, the fields every type shares, and its own fields. */
export function taskObject<Type extends string, Shape extends z.ZodRawShape>(type: Type, shape: Shape) {
  return z.strictObject({ type: z.literal(type), ...CommonFields, ...shape });
}

export const COMMON_DEFAULTS = { send_to_messenger: false } as const;

export const SUBTITLE_LOOK_DEFAULTS = {
  sub_style: "yellow_basic",
  sub_position: "bottom",
  sub_size: "medium",
} as const;

export const REELS_DEFAULTS = { reels_mode: false, reels_reframe: "blur" } as const;

export const BGM_DEFAULTS = { bgm_volume: 0.2 } as const;

export const TtsFields = {
  tts_provider: z.enum(TTS_PROVIDERS).optional(),
  tts_voice: z.string().min(1).max(200).optional(),
  tts_speed: z.literal(TTS_SPEEDS).optional(),
  tts_scene: z.string().min(1).max(1000).nullish(),
  tts_style: z.enum(TTS_STYLES).nullish(),
};

export const SubtitleLookFields = {
  sub_style: z.enum(SUB_STYLES).optional(),
  sub_position: z.enum(SUB_POSITIONS).optional(),
  sub_size: z.enum(SUB_SIZES).optional(),
};

export const BgmFields = {
  bgm_track: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[^/\\]+$/, "A built-in track is a file name, not a path")
    .nullish(),
  bgm_file: FileReferenceSchema.nullish(),
  bgm_volume: z.number().min(0).max(1).optional(),
};

export const AiGraphicsFields = {
  ai_graphics: z.boolean().optional(),
  ai_graphics_mode: z.enum(AI_GRAPHICS_MODES).optional(),
  ai_graphics_density: z.literal(AI_GRAPHICS_DENSITIES).optional(),
  ai_graphics_directives: z.string().nullish(),
  ai_graphics_sfx: z.enum(AI_GRAPHICS_SFX).nullish(),
};

export const ReelsFields = {
  reels_mode: z.boolean().optional(),
  reels_reframe: z.enum(REELS_REFRAMES).optional(),
};

/**
 * tts_style is understood by providers b and f, tts_scene by provider b only. When tts_provider is absent the
 * task type's default provider applies (a for video/audio, d for dubbing), which supports neither.
 */
export function checkTtsProviderFeatures(
  value: { tts_provider?: TtsProvider | undefined; tts_style?: string | null; tts_scene?: string | null },
  defaultProvider: TtsProvider,
  ctx: RuleContext,
): void {
  const provider = value.tts_provider ?? defaultProvider;
  for (const [field, providers] of [
    ["tts_style", TTS_STYLE_PROVIDERS],
    ["tts_scene", TTS_SCENE_PROVIDERS],
  ] as const) {
    if (value[field] != null && !(providers as readonly string[]).includes(provider)) {
      const message = `${field} needs tts_provider ${providers.join(" or ")}`;
      addRuleIssue(ctx, [field], `${field}_unsupported`, message, { provider });
    }
  }
}

export function checkBgmExclusive(
  value: { bgm_track?: string | null; bgm_file?: string | null },
  ctx: RuleContext,
): void {
  if (value.bgm_track != null && value.bgm_file != null) {
    addRuleIssue(ctx, ["bgm_file"], "bgm_exclusive", "bgm_track and bgm_file cannot be used together");
  }
}
