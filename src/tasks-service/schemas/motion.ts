import { z } from "zod";
import {
  addRuleIssue,
  BGM_DEFAULTS,
  BgmFields,
  COMMON_DEFAULTS,
  checkBgmExclusive,
  FileReferenceSchema,
  MOTION_FORMATS,
  MOTION_SOURCES,
  MOTION_STYLES,
  TTS_PROVIDERS,
  taskObject,
} from "./common.js";

export const MotionTaskSchema = taskObject("motion", {
  source: z.enum(MOTION_SOURCES).optional(),
  file: FileReferenceSchema.nullish(),
  text: z.string().nullish(),
  format: z.enum(MOTION_FORMATS).optional(),
  style: z.enum(MOTION_STYLES).optional(),
  tts_provider: z.enum(TTS_PROVIDERS).nullish(),
  tts_voice: z.string().min(1).max(200).nullish(),
  ...BgmFields,
}).check((ctx) => {
  const value = ctx.value;
  const source = value.source ?? "text";
  if (source === "text") {
    if ((value.text ?? "").trim() === "") {
      addRuleIssue(ctx, ["text"], "motion_text_required", "source text needs a non-empty text");
    }
  } else {
    if (value.file == null) {
      addRuleIssue(ctx, ["file"], "motion_file_required", `source ${source} needs a file`, { source });
    }
    for (const field of ["tts_provider", "tts_voice"] as const) {
      const message = `${field} is used only with source text`;
      if (value[field] != null) addRuleIssue(ctx, [field], "motion_tts_only_for_text", message, { source });
    }
  }
  if (source === "video" && value.format !== undefined) {
    addRuleIssue(ctx, ["format"], "motion_format_not_for_video", "format is not used with source video");
  }
  checkBgmExclusive(value, ctx);
});

export const MOTION_DEFAULTS = {
  source: "text",
  format: "9:16",
  style: "cream_editorial",
  ...BGM_DEFAULTS,
  ...COMMON_DEFAULTS,
} as const satisfies Partial<z.output<typeof MotionTaskSchema>>;
