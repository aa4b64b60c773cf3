import {
  autoSound,
  cardFields,
  language,
  reelsFields,
  subtitleLookFields,
  toggle,
} from "../../forms/fields.js";
import type { FormDefinition } from "../../forms/form.js";

export const subtitlesForm: FormDefinition<"subtitles"> = {
  type: "subtitles",
  media: { min: 1, max: 1, field: "file", accepts: ["video"] },
  groups: ["subtitles", "translation", "captions", "reels", "cards"],
  fields: [
    language("language", "subtitles", { value: null }),
    ...subtitleLookFields("subtitles"),
    language("translate_to", "translation", { value: null }),
    toggle("auto_text", "captions"),
    autoSound("captions"),
    ...reelsFields("reels"),
    ...cardFields("cards"),
  ],
};
