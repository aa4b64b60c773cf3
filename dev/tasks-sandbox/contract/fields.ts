/** Field schemas and cross-field rules that several task types share, as the spec states them. */
import { z } from "zod";
import {
  AUTO_TEXT_SOUNDS,
  BGM_VOLUME_DEFAULT,
  REELS_REFRAMES,
  SCENE_PROVIDERS,
  STYLE_PROVIDERS,
  SUB_POSITIONS,
  SUB_SIZES,
  SUB_STYLES,
  TTS_PROVIDERS,
  TTS_SPEEDS,
  TTS_STYLES,
  type TtsProvider,
} from "./vocabulary.js";

/** The context of a zod `.check()`; a rule refuses a request by pushing an issue onto it. */
export type RuleContext = { issues: z.core.$ZodRawIssue[] };

export function refuse(ctx: RuleContext, path: PropertyKey[], message: string): void {
  ctx.issues.push({ code: "custom", path, message, input: undefined });
}

const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUploadId(value: string): boolean {
  return UPLOAD_ID.test(value);
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * An https link; or plain http on loopback, which is how this sandbox serves its own results: a result
 * handed back as the next task's input is an https link at the real service.
 */
function isFetchableLink(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname));
}

/**
 * "Wherever a field takes a file (photos, file, srt_file, bgm_file), an upload_id or a direct https:// URL is
 * accepted."
 */
export const FileReference = z
  .string()
  .refine(
    (value) => isUploadId(value) || isFetchableLink(value),
    "expected an upload_id or an https:// link",
  );

/** "a short code or a full locale (for example a code plus region)"; ~99 languages, so checked by shape. */
export const LanguageCode = z
  .string()
  .regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, "expected a language code or locale such as en or en-US");

export const AssColor = z.string().regex(/^&H[0-9A-Fa-f]{8}$/, "expected an ASS colour &HAABBGGRR");
export const HexColor = z.string().regex(/^#[0-9A-Fa-f]{6}$/, "expected a colour #RRGGBB");

/** Every type's common fields. */
export const CommonFields = {
  /** "https callback on completion"; whether http is let through too is the sandbox's option, checked on creation. */
  webhook_url: z.string().nullable().default(null),
  send_to_messenger: z.boolean().default(false),
};

export const ttsProvider = (fallback: TtsProvider) => z.enum(TTS_PROVIDERS).default(fallback);
/** No default in the request: the profile's voice (video, audio) or an automatic one (dubbing). */
export const TtsVoice = z.string().min(1).optional();
export const TtsSpeed = z.literal(TTS_SPEEDS).default(1.0);
export const TtsStyle = z.enum(TTS_STYLES).nullable().default(null);
export const TtsScene = z.string().min(1).nullable().default(null);

/** tts_style needs provider_b or provider_f, tts_scene provider_b (the type's default provider when none is named). */
export function checkVoiceFeatures(
  value: { tts_provider: TtsProvider; tts_style?: string | null; tts_scene?: string | null },
  ctx: RuleContext,
): void {
  if (value.tts_style != null && !STYLE_PROVIDERS.includes(value.tts_provider)) {
    refuse(
      ctx,
      ["tts_style"],
      `${value.tts_provider} does not support tts_style (provider_b, provider_f do)`,
    );
  }
  if (value.tts_scene != null && !SCENE_PROVIDERS.includes(value.tts_provider)) {
    refuse(ctx, ["tts_scene"], `${value.tts_provider} does not support tts_scene (provider_b does)`);
  }
}

export const SubStyle = z.enum(SUB_STYLES).default("yellow_basic");
export const SubPosition = z.enum(SUB_POSITIONS).default("bottom");
export const SubSize = z.enum(SUB_SIZES).default("medium");

/** `reels_reframe` applies only when `reels_mode` is true; otherwise it is ignored, not refused. */
export const ReelsFields = {
  reels_mode: z.boolean().default(false),
  reels_reframe: z.enum(REELS_REFRAMES).default("blur"),
};

export const BgmFields = {
  /** "the exact file name from a built-in library" (names withheld): a file name, not a path. */
  bgm_track: z
    .string()
    .regex(/^[^/\\]+$/, "expected the file name of a built-in track")
    .nullable()
    .default(null),
  bgm_file: FileReference.nullable().default(null),
  bgm_volume: z.number().min(0).max(1).default(BGM_VOLUME_DEFAULT),
};

export function checkBgmExclusive(
  value: { bgm_track: string | null; bgm_file: string | null },
  ctx: RuleContext,
): void {
  if (value.bgm_track !== null && value.bgm_file !== null) {
    refuse(ctx, ["bgm_file"], "bgm_track and bgm_file are mutually exclusive");
  }
}

/** A sound effect field: off by default, and "an unknown value is treated as null". */
export function soundName<const Names extends readonly string[]>(names: Names) {
  return z
    .string()
    .nullable()
    .default(null)
    .transform((value): Names[number] | null =>
      value !== null && names.includes(value) ? (value as Names[number]) : null,
    );
}

export const AutoTextSound = soundName(AUTO_TEXT_SOUNDS);

/** sfx_auto_sound fires on auto-text captions: it "needs auto_text true". */
export function checkAutoTextSound(
  value: { sfx_auto_sound: string | null; auto_text: boolean },
  ctx: RuleContext,
): void {
  if (value.sfx_auto_sound !== null && !value.auto_text) {
    refuse(ctx, ["sfx_auto_sound"], "sfx_auto_sound needs auto_text true");
  }
}
