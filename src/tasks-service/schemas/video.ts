import { z } from "zod";
import { parseSceneMarkers } from "../parsers/scene-markers.js";
import { parseTextOverlaysRaw } from "../parsers/text-overlays-raw.js";
import { checkAiGraphics, checkAutoSound } from "./ai-graphics.js";
import {
  AiGraphicsFields,
  ANIMATIONS,
  AssColorSchema,
  AUDIO_MIX_TYPES,
  addParseIssues,
  addRuleIssue,
  BGM_DEFAULTS,
  BgmFields,
  COMMON_DEFAULTS,
  checkBgmExclusive,
  checkTtsProviderFeatures,
  FileReferenceSchema,
  LanguageCodeSchema,
  MARKER_TRANSITIONS,
  MAX_OVERLAY_TEXT_LENGTH,
  MAX_TEXT_OVERLAYS,
  MAX_VIDEO_MEDIA,
  OVERLAY_ANIMS,
  OVERLAY_POSITIONS,
  OVERLAY_SIZES,
  OVERLAY_STYLES,
  SFX_AUTO_SOUNDS,
  SFX_TRANSITION_SOUNDS,
  SUBTITLE_LOOK_DEFAULTS,
  SubtitleLookFields,
  TtsFields,
  taskObject,
  VIDEO_FORMATS,
} from "./common.js";

export const TextOverlaySchema = z
  .strictObject({
    text: z.string().min(1).max(MAX_OVERLAY_TEXT_LENGTH),
    start: z.number().min(0).nullish(),
    end: z.number().min(0).nullish(),
    style: z.enum(OVERLAY_STYLES).optional(),
    size: z.enum(OVERLAY_SIZES).optional(),
    position: z.enum(OVERLAY_POSITIONS).optional(),
    bold: z.boolean().optional(),
    italic: z.boolean().optional(),
    color: AssColorSchema.optional(),
    fade: z.boolean().optional(),
    anim: z.enum(OVERLAY_ANIMS).optional(),
  })
  .check((ctx) => {
    const { start, end } = ctx.value;
    if (start != null && end != null && start >= end) {
      addRuleIssue(ctx, ["end"], "overlay_time_order", "A caption's end must be after its start");
    }
  });
export type TextOverlay = z.output<typeof TextOverlaySchema>;

/** `crossfade`, the spec's default, is an alias of `dissolve`: the bot keeps and the service gets one name. */
export const GlobalTransitionSchema = z
  .enum(["none", ...MARKER_TRANSITIONS, "crossfade"])
  .transform((value) => (value === "crossfade" ? "dissolve" : value));

export const VideoTaskSchema = taskObject("video", {
  photos: z.array(FileReferenceSchema).min(1).max(MAX_VIDEO_MEDIA),
  text: z.string().nullish(),
  scene_durations: z.array(z.number().positive()).nullish(),
  scene_transitions: z.array(z.enum(MARKER_TRANSITIONS)).nullish(),
  target_duration: z.number().positive().nullish(),
  format: z.enum(VIDEO_FORMATS).optional(),
  animation: z.enum(ANIMATIONS).optional(),
  transition: GlobalTransitionSchema.optional(),
  transition_duration: z.number().positive().optional(),
  ...TtsFields,
  language: LanguageCodeSchema.nullish(),
  subtitles: z.boolean().optional(),
  ...SubtitleLookFields,
  sub_color: AssColorSchema.nullish(),
  text_overlays: z.array(TextOverlaySchema).max(MAX_TEXT_OVERLAYS).nullish(),
  text_overlays_raw: z.string().nullish(),
  auto_text: z.boolean().optional(),
  ...BgmFields,
  audio_mix_type: z.enum(AUDIO_MIX_TYPES).optional(),
  ...AiGraphicsFields,
  sfx_auto_sound: z.enum(SFX_AUTO_SOUNDS).nullish(),
  sfx_transition_sound: z.enum(SFX_TRANSITION_SOUNDS).nullish(),
}).check((ctx) => {
  const value = ctx.value;
  const mediaCount = value.photos.length;
  const counts = [
    ["scene_durations", mediaCount, "media item"],
    ["scene_transitions", mediaCount - 1, "cut"],
  ] as const;
  for (const [field, expected, per] of counts) {
    const actual = value[field]?.length;
    if (actual !== undefined && actual !== expected) {
      const message = `${field} needs one value per ${per} (${expected})`;
      addRuleIssue(ctx, [field], `${field}_count`, message, { expected, actual });
    }
  }
  if (value.text != null) {
    const markers = parseSceneMarkers(value.text);
    if (!markers.ok) addParseIssues(ctx, ["text"], markers.errors, { column: true });
  }
  if (value.auto_text === true && (value.text ?? "").trim() === "") {
    addRuleIssue(ctx, ["auto_text"], "auto_text_needs_text", "auto_text needs a non-empty voiceover text");
  }
  if (value.text_overlays_raw != null) {
    if (value.text_overlays != null) {
      const message = "Use text_overlays or text_overlays_raw, not both (the raw form would be ignored)";
      addRuleIssue(ctx, ["text_overlays_raw"], "text_overlays_both", message);
    } else {
      const captions = parseTextOverlaysRaw(value.text_overlays_raw);
      if (!captions.ok) addParseIssues(ctx, ["text_overlays_raw"], captions.errors);
    }
  }
  checkTtsProviderFeatures(value, "provider_a", ctx);
  checkBgmExclusive(value, ctx);
  checkAiGraphics(value, ctx);
  checkAutoSound(value, ctx);
});

/** Service defaults of the spec for fields the request may leave out (for forms). */
export const VIDEO_DEFAULTS = {
  format: "9_16",
  animation: "none",
  // The spec's default `crossfade` is the alias of `dissolve`; forms show the normalised name.
  transition: "dissolve",
  transition_duration: 0.5,
  tts_provider: "provider_a",
  tts_speed: 1.0,
  subtitles: true,
  ...SUBTITLE_LOOK_DEFAULTS,
  auto_text: false,
  ...BGM_DEFAULTS,
  audio_mix_type: "replace",
  ...COMMON_DEFAULTS,
} as const satisfies Partial<z.output<typeof VideoTaskSchema>>;
