import { z } from "zod";
import {
  COMMON_DEFAULTS,
  FileReferenceSchema,
  LanguageCodeSchema,
  TRANSCRIPTION_OUTPUT_FORMATS,
  taskObject,
} from "./common.js";

export const TranscriptionTaskSchema = taskObject("transcription", {
  file: FileReferenceSchema,
  language: LanguageCodeSchema.nullish(),
  ai_prompt: z.string().max(2000).nullish(),
  output_format: z.enum(TRANSCRIPTION_OUTPUT_FORMATS).optional(),
});

export const TRANSCRIPTION_DEFAULTS = {
  output_format: "both",
  ...COMMON_DEFAULTS,
} as const satisfies Partial<z.output<typeof TranscriptionTaskSchema>>;
