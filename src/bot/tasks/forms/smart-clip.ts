import { SMART_CLIP_FILTERS } from "../../../tasks-service/schemas/common.js";
import {
  autoSound,
  hexColor,
  language,
  number,
  reelsFields,
  subtitleLookFields,
  text,
  toggle,
} from "../../forms/fields.js";
import type { FormDefinition, FormView } from "../../forms/form.js";

const subtitled = ({ values }: FormView) => values.subtitles !== false;

export const smartClipForm: FormDefinition<"smart_clip"> = {
  type: "smart_clip",
  media: { min: 1, max: 1, field: "file", accepts: ["video"] },
  groups: ["clips", "subtitles", "reels", "filters"],
  fields: [
    number("max_clips", "clips", [0, 3, 5, 8, 10], { min: 0, max: 50, integer: true }),
    number("target_sec", "clips", [15, 30, 45, 60, 90], { min: 5, max: 600, integer: true }),
    language("language", "clips", { value: null }),
    text("context", "clips", 2000),
    toggle("subtitles", "subtitles"),
    ...subtitleLookFields("subtitles", subtitled),
    hexColor("sub_color", "subtitles", { applies: subtitled }),
    toggle("auto_text", "subtitles"),
    autoSound("subtitles"),
    ...reelsFields("reels"),
    { key: "filters", group: "filters", input: { kind: "multi", options: SMART_CLIP_FILTERS } },
  ],
};
