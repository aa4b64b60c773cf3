import { z } from "zod";
import {
  COMMON_DEFAULTS,
  CommonFields,
  FileReferenceSchema,
  LanguageCodeSchema,
  TRANSCRIPTION_OUTPUT_FORMATS,
} from "./common.js";

export const TranscriptionTaskSchema = z.strictObject({
  type: z.literal("transcription"),
  ...CommonFields,
  file: FileReferenceSchema,
  language: LanguageCodeSchema.nullish(),
  ai_prompt: z.string().max(2000).nullish(),
  output_format: z.enum(TRANSCRIPTION_OUTPUT_FORMATS).optional(),
});

export const TRANSCRIPTION_DEFAULTS = {
  output_format: "both",
  ...COMMON_DEFAULTS,
} as const satisfies Partial<z.output<typeof TranscriptionTaskSchema>>;
