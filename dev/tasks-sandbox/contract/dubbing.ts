/**
 * type `dubbing` in its three modes. Each mode (and each semi_auto step) takes only the fields the spec lists for
 * it: no `tts_speed` or `tts_scene` in any of them, no subtitles, reels or cards outside `auto`.
 */
import { z } from "zod";
import { CardFields, checkCards } from "./cards.js";
import {
  AutoTextSound,
  CommonFields,
  checkAutoTextSound,
  checkVoiceFeatures,
  FileReference,
  LanguageCode,
  ReelsFields,
  type RuleContext,
  refuse,
  SubPosition,
  SubStyle,
  TtsStyle,
  TtsVoice,
  ttsProvider,
} from "./fields.js";

const MIX_MODES = ["overlay", "replace"] as const;

const SourceLanguage = z.union([z.literal("auto"), LanguageCode]).default("auto");

const base = {
  type: z.literal("dubbing"),
  ...CommonFields,
  file: FileReference,
  target_lang: LanguageCode,
};

/** The voice fields of dubbing: provider_d by default ("falls back to provider_d" when a provider cannot speak). */
const Voice = {
  tts_provider: ttsProvider("provider_d"),
  tts_voice: TtsVoice,
};

const Mix = {
  mix_mode: z.enum(MIX_MODES).default("overlay"),
  /** 0 to 100, default 20. Left absent rather than defaulted, so a value given with `replace` can be told apart. */
  overlay_volume: z.number().int().min(0).max(100).optional(),
};

/** overlay_volume is the original's volume "with overlay". */
function checkOverlayVolume(
  value: { mix_mode: (typeof MIX_MODES)[number]; overlay_volume?: number | undefined },
  ctx: RuleContext,
): void {
  if (value.overlay_volume !== undefined && value.mix_mode !== "overlay") {
    refuse(ctx, ["overlay_volume"], "overlay_volume is used with mix_mode overlay");
  }
}

export const DubbingAutoRequest = z
  .strictObject({
    ...base,
    mode: z.literal("auto"),
    source_lang: SourceLanguage,
    ...Voice,
    tts_style: TtsStyle,
    ...Mix,
    sub_lang: z.union([z.enum(["dubbed", "original", "none"]), LanguageCode]).default("dubbed"),
    sub_style: SubStyle,
    sub_position: SubPosition,
    auto_text: z.boolean().default(false),
    ...ReelsFields,
    ...CardFields,
    sfx_auto_sound: AutoTextSound,
  })
  .check((ctx) => {
    checkVoiceFeatures(ctx.value, ctx);
    checkOverlayVolume(ctx.value, ctx);
    checkCards(ctx.value, ctx);
    checkAutoTextSound(ctx.value, ctx);
  });

/** Step 1 of semi_auto: "file, source_lang, target_lang"; the result is an SRT to edit. */
export const DubbingTranscribeRequest = z.strictObject({
  ...base,
  mode: z.literal("semi_auto"),
  step: z.literal("transcribe"),
  source_lang: SourceLanguage,
});

/** Step 2 of semi_auto: "file, srt_file, target_lang, tts_provider, tts_voice, mix_mode, overlay_volume". */
export const DubbingRenderRequest = z
  .strictObject({
    ...base,
    mode: z.literal("semi_auto"),
    step: z.literal("render"),
    srt_file: FileReference,
    ...Voice,
    ...Mix,
  })
  .check((ctx) => checkOverlayVolume(ctx.value, ctx));

/**
 * manual: "file, srt_file, target_lang, tts_voice, mix_mode, and the other voice and mix fields", read as the
 * voice and mix fields dubbing lists (tts_provider, tts_style; overlay_volume). The SRT's timecodes "must not
 * exceed the video duration": checked against the uploaded files when the task is created.
 */
export const DubbingManualRequest = z
  .strictObject({
    ...base,
    mode: z.literal("manual"),
    srt_file: FileReference,
    ...Voice,
    tts_style: TtsStyle,
    ...Mix,
  })
  .check((ctx) => {
    checkVoiceFeatures(ctx.value, ctx);
    checkOverlayVolume(ctx.value, ctx);
  });

export const DubbingRequest = z.discriminatedUnion("mode", [
  DubbingAutoRequest,
  z.discriminatedUnion("step", [DubbingTranscribeRequest, DubbingRenderRequest]),
  DubbingManualRequest,
]);
