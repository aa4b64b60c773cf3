/** type `transcription`: audio or video gives text and an SRT file with timecodes. */
import { z } from "zod";
import { CommonFields, FileReference, LanguageCode } from "./fields.js";

export const TranscriptionRequest = z.strictObject({
  type: z.literal("transcription"),
  ...CommonFields,
  file: FileReference,
  /** null means automatic. */
  language: LanguageCode.nullable().default(null),
  ai_prompt: z.string().nullable().default(null),
  output_format: z.enum(["txt", "srt", "both"]).default("both"),
});
