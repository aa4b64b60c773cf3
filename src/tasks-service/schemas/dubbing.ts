import { z } from "zod";
import { checkAiGraphics, checkAutoSound } from "./ai-graphics.js";
import {
  AiGraphicsFields,
  AutoOrLanguageSchema,
  addRuleIssue,
  COMMON_DEFAULTS,
  checkTtsProviderFeatures,
  FileReferenceSchema,
  LanguageCodeSchema,
  MIX_MODES,
  REELS_DEFAULTS,
  ReelsFields,
  type RuleContext,
  SFX_AUTO_SOUNDS,
  SUB_LANG_KEYWORDS,
  SUB_POSITIONS,
  SUB_STYLES,
  TtsFields,
  taskObject,
} from "./common.js";

/** The spec's voice fields of dubbing: provider, voice and style; no tts_speed or tts_scene in any mode. */
const { tts_speed: _speed, tts_scene: _scene, ...DubbingVoiceFields } = TtsFields;

const MixFields = {
  mix_mode: z.enum(MIX_MODES).optional(),
  overlay_volume: z.number().int().min(0).max(100).optional(),
};

export const SubLangSchema = z.union([z.enum(SUB_LANG_KEYWORDS), LanguageCodeSchema]);

/** The original track is ducked to overlay_volume only when mixing in overlay mode (the default). */
function checkOverlayVolume(
  value: { mix_mode?: "overlay" | "replace" | undefined; overlay_volume?: number | undefined },
  ctx: RuleContext,
): void {
  if (value.overlay_volume !== undefined && value.mix_mode === "replace") {
    const message = "overlay_volume is used only with mix_mode overlay";
    addRuleIssue(ctx, ["overlay_volume"], "overlay_volume_needs_overlay", message);
  }
}

export const DubbingAutoSchema = taskObject("dubbing", {
  file: FileReferenceSchema,
  mode: z.literal("auto"),
  source_lang: AutoOrLanguageSchema.optional(),
  target_lang: LanguageCodeSchema,
  ...DubbingVoiceFields,
  ...MixFields,
  sub_lang: SubLangSchema.optional(),
  sub_style: z.enum(SUB_STYLES).optional(),
  sub_position: z.enum(SUB_POSITIONS).optional(),
  auto_text: z.boolean().optional(),
  ...ReelsFields,
  ...AiGraphicsFields,
  sfx_auto_sound: z.enum(SFX_AUTO_SOUNDS).nullish(),
}).check((ctx) => {
  checkTtsProviderFeatures(ctx.value, "provider_d", ctx);
  checkOverlayVolume(ctx.value, ctx);
  checkAiGraphics(ctx.value, ctx);
  checkAutoSound(ctx.value, ctx);
});

export const DubbingSemiAutoTranscribeSchema = taskObject("dubbing", {
  file: FileReferenceSchema,
  mode: z.literal("semi_auto"),
  step: z.literal("transcribe"),
  source_lang: AutoOrLanguageSchema.optional(),
  target_lang: LanguageCodeSchema,
});

export const DubbingSemiAutoRenderSchema = taskObject("dubbing", {
  file: FileReferenceSchema,
  mode: z.literal("semi_auto"),
  step: z.literal("render"),
  srt_file: FileReferenceSchema,
  target_lang: LanguageCodeSchema,
  tts_provider: TtsFields.tts_provider,
  tts_voice: TtsFields.tts_voice,
  ...MixFields,
}).check((ctx) => {
  checkOverlayVolume(ctx.value, ctx);
});

export const DubbingManualSchema = taskObject("dubbing", {
  file: FileReferenceSchema,
  mode: z.literal("manual"),
  srt_file: FileReferenceSchema,
  target_lang: LanguageCodeSchema,
  ...DubbingVoiceFields,
  ...MixFields,
}).check((ctx) => {
  checkTtsProviderFeatures(ctx.value, "provider_d", ctx);
  checkOverlayVolume(ctx.value, ctx);
});

export const DubbingTaskSchema = z.discriminatedUnion("mode", [
  DubbingAutoSchema,
  z.discriminatedUnion("step", [DubbingSemiAutoTranscribeSchema, DubbingSemiAutoRenderSchema]),
  DubbingManualSchema,
]);

export const DUBBING_DEFAULTS = {
  source_lang: "auto",
  tts_provider: "provider_d",
  mix_mode: "overlay",
  overlay_volume: 20,
  sub_lang: "dubbed",
  sub_style: "yellow_basic",
  sub_position: "bottom",
  auto_text: false,
  ...REELS_DEFAULTS,
  ...COMMON_DEFAULTS,
} as const;
