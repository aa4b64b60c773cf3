import { z } from "zod";
import { checkAutoSound } from "./ai-graphics.js";
import {
  AutoOrLanguageSchema,
  addRuleIssue,
  COMMON_DEFAULTS,
  FileReferenceSchema,
  HexColorSchema,
  REELS_DEFAULTS,
  ReelsFields,
  SFX_AUTO_SOUNDS,
  SMART_CLIP_FILTERS,
  SUBTITLE_LOOK_DEFAULTS,
  SubtitleLookFields,
  taskObject,
} from "./common.js";

export const SmartClipTaskSchema = taskObject("smart_clip", {
  file: FileReferenceSchema,
  max_clips: z.number().int().min(0).optional(),
  target_sec: z.number().int().positive().optional(),
  language: AutoOrLanguageSchema.nullish(),
  context: z.string().max(2000).nullish(),
  ...ReelsFields,
  subtitles: z.boolean().optional(),
  ...SubtitleLookFields,
  sub_color: HexColorSchema.nullish(),
  auto_text: z.boolean().optional(),
  filters: z.array(z.enum(SMART_CLIP_FILTERS)).optional(),
  sfx_auto_sound: z.enum(SFX_AUTO_SOUNDS).nullish(),
}).check((ctx) => {
  const filters = ctx.value.filters ?? [];
  const repeated = filters.filter((filter, index) => filters.indexOf(filter) !== index);
  if (repeated.length > 0) {
    const message = `Each filter may be chosen once (${[...new Set(repeated)].join(", ")} repeated)`;
    addRuleIssue(ctx, ["filters"], "filters_repeated", message, { value: [...new Set(repeated)].join(",") });
  }
  checkAutoSound(ctx.value, ctx);
});

export const SMART_CLIP_DEFAULTS = {
  max_clips: 0,
  target_sec: 60,
  ...REELS_DEFAULTS,
  subtitles: true,
  ...SUBTITLE_LOOK_DEFAULTS,
  auto_text: false,
  filters: [],
  ...COMMON_DEFAULTS,
} as const satisfies Partial<z.output<typeof SmartClipTaskSchema>>;
