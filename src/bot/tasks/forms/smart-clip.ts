import type { MediaRef } from "../../../media/media-ref.js";
import { SMART_CLIP_FILTERS } from "../../../tasks-service/schemas/common.js";
import {
  autoSound,
  choice,
  hexColor,
  language,
  number,
  parseNumber,
  reelsFields,
  subtitleLookFields,
  text,
  toggle,
} from "../../forms/fields.js";
import type { FormDefinition, FormValues, FormView } from "../../forms/form.js";

const subtitled = ({ values }: FormView) => values.subtitles !== false;

const CLIP_LENGTHS = [15, 30, 45, 60, 90] as const;
const SHORTEST_CLIP = 5;
const LONGEST_CLIP = 600;
/** The service's target length when none is sent. */
const SERVICE_CLIP_LENGTH = 60;

/** The longest clip the source allows: its length where Telegram stated it or the file told it. */
function longestClip(media: readonly MediaRef[]): number {
  const [source] = media;
  const seconds = source?.source === "telegram" ? source.durationSec : undefined;
  if (seconds === undefined || seconds <= 0) return LONGEST_CLIP;
  return Math.max(SHORTEST_CLIP, Math.min(LONGEST_CLIP, Math.floor(seconds)));
}

/** The preset lengths a source has room for; a source shorter than them all offers its own length. */
function clipLengths(media: readonly MediaRef[]): number[] {
  const longest = longestClip(media);
  const fitting = CLIP_LENGTHS.filter((seconds) => seconds <= longest);
  return fitting.length > 0 ? fitting : [longest];
}

/** A clip as long as the source allows at most: a 15-second video gives 15-second clips, not 60. */
function clipWithinSource(values: FormValues, media: readonly MediaRef[]): FormValues {
  const target = typeof values.target_sec === "number" ? values.target_sec : SERVICE_CLIP_LENGTH;
  if (target <= longestClip(media)) return values;
  return { ...values, target_sec: Math.max(...clipLengths(media)) };
}

export const smartClipForm: FormDefinition<"smart_clip"> = {
  type: "smart_clip",
  media: { min: 1, max: 1, field: "file", accepts: ["video"] },
  groups: ["clips", "subtitles", "reels", "filters"],
  fields: [
    number("max_clips", "clips", [0, 3, 5, 8, 10], { min: 0, max: 50, integer: true }),
    choice("target_sec", "clips", (view) => clipLengths(view.media).map((value) => ({ value })), {
      typed: (input, view) =>
        parseNumber(input, { min: SHORTEST_CLIP, max: longestClip(view.media), integer: true }, view),
    }),
    // The shape of the clips is said beside their length, not behind Details.
    ...reelsFields("reels"),
    language("language", "clips", { value: null }),
    text("context", "clips", 2000),
    toggle("subtitles", "subtitles"),
    ...subtitleLookFields("subtitles", subtitled),
    hexColor("sub_color", "subtitles", { applies: subtitled }),
    toggle("auto_text", "subtitles"),
    autoSound("subtitles"),
    { key: "filters", group: "filters", input: { kind: "multi", options: SMART_CLIP_FILTERS } },
  ],
  followMedia: clipWithinSource,
  glossary: "context",
};
