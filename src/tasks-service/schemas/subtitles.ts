import { z } from "zod";
import { checkAiGraphics, checkAutoSound } from "./ai-graphics.js";
import {
  AiGraphicsFields,
  COMMON_DEFAULTS,
  FileReferenceSchema,
  LanguageCodeSchema,
  REELS_DEFAULTS,
  ReelsFields,
  SFX_AUTO_SOUNDS,
  SUBTITLE_LOOK_DEFAULTS,
  SubtitleLookFields,
  taskObject,
} from "./common.js";

export const SubtitlesTaskSchema = taskObject("subtitles", {
  file: FileReferenceSchema,
  language: LanguageCodeSchema.nullish(),
  ...SubtitleLookFields,
  translate_to: LanguageCodeSchema.nullish(),
  auto_text: z.boolean().optional(),
  ...ReelsFields,
  ...AiGraphicsFields,
  sfx_auto_sound: z.enum(SFX_AUTO_SOUNDS).nullish(),
}).check((ctx) => {
  checkAiGraphics(ctx.value, ctx);
  checkAutoSound(ctx.value, ctx);
});

export const SUBTITLES_DEFAULTS = {
  ...SUBTITLE_LOOK_DEFAULTS,
  auto_text: false,
  ...REELS_DEFAULTS,
  ...COMMON_DEFAULTS,
} as const satisfies Partial<z.output<typeof SubtitlesTaskSchema>>;
