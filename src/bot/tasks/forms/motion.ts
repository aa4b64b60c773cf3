import { MOTION_FORMATS, MOTION_SOURCES, MOTION_STYLES } from "../../../tasks-service/schemas/common.js";
import { choice, musicFields, text, voice } from "../../forms/fields.js";
import type { FormDefinition, FormValues, FormView } from "../../forms/form.js";

const fromText = ({ values }: FormView) => (values.source ?? "text") === "text";
const takesFile = (values: FormValues) => (values.source ?? "text") !== "text";

export const motionForm: FormDefinition<"motion"> = {
  type: "motion",
  media: { min: 1, max: 1, field: "file", accepts: ["audio", "video"], applies: takesFile },
  groups: ["source", "look", "voice", "music"],
  fields: [
    choice("source", "source", MOTION_SOURCES),
    text("text", "source", 5000, { applies: fromText, required: true, hint: "hint-text-motion" }),
    choice("format", "look", MOTION_FORMATS, { applies: ({ values }) => values.source !== "video" }),
    choice("style", "look", MOTION_STYLES),
    voice("voice", fromText),
    ...musicFields("music"),
  ],
};
