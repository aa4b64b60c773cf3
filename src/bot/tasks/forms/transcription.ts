import { TRANSCRIPTION_OUTPUT_FORMATS } from "../../../tasks-service/schemas/common.js";
import { choice, language, text } from "../../forms/fields.js";
import type { FormDefinition } from "../../forms/form.js";

export const transcriptionForm: FormDefinition<"transcription"> = {
  type: "transcription",
  media: { min: 1, max: 1, field: "file", accepts: ["audio", "video"] },
  groups: ["recognition"],
  fields: [
    language("language", "recognition", { value: null }),
    text("ai_prompt", "recognition", 2000),
    choice("output_format", "recognition", TRANSCRIPTION_OUTPUT_FORMATS),
  ],
  glossary: "ai_prompt",
};
