import { AUDIO_DEFAULTS } from "../../../tasks-service/schemas/audio.js";
import { text, voiceFields } from "../../forms/fields.js";
import type { FormDefinition } from "../../forms/form.js";

export const audioForm: FormDefinition<"audio"> = {
  type: "audio",
  groups: ["voice"],
  fields: [
    text("text", "voice", 20_000, { required: true, hint: "hint-text-audio" }),
    ...voiceFields("voice", AUDIO_DEFAULTS.tts_provider),
  ],
};
