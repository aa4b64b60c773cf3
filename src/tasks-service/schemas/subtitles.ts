import { z } from "zod";
import { checkAiGraphics, checkAutoSound } from "./ai-graphics.js";
import {
  AiGraphicsFields,
  CommonFields,
  FileReferenceSchema,
  LanguageCodeSchema,
  ReelsFields,
  SFX_AUTO_SOUNDS,
  SubtitleLookFields,
} from "./common.js";

export const SubtitlesTaskSchema = z
  .strictObject({
    type: z.literal("subtitles"),
    ...CommonFields,
    file: FileReferenceSchema,
    language: LanguageCodeSchema.nullish(),
    ...SubtitleLookFields,
    translate_to: LanguageCodeSchema.nullish(),
    auto_text: z.boolean().optional(),
    ...ReelsFields,
    ...AiGraphicsFields,
    sfx_auto_sound: z.enum(SFX_AUTO_SOUNDS).nullish(),
  })
  .check((ctx) => {
    checkAiGraphics(ctx.value, ctx);
    checkAutoSound(ctx.value, ctx);
  });
export type SubtitlesTask = z.output<typeof SubtitlesTaskSchema>;

export const SUBTITLES_DEFAULTS = {
  sub_style: "yellow_basic",
  sub_position: "bottom",
  sub_size: "medium",
  auto_text: false,
  reels_mode: false,
  reels_reframe: "blur",
  send_to_messenger: false,
} as const satisfies Partial<SubtitlesTask>;
