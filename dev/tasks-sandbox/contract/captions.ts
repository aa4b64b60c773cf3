/** Static captions of a video: `text_overlays` (at most 10 objects) and its compact code form `text_overlays_raw`. */
import { z } from "zod";
import { AssColor } from "./fields.js";
import { MAX_CAPTION_LENGTH, MAX_CAPTIONS } from "./vocabulary.js";

const CAPTION_STYLES = [
  "clean_white",
  "bold_yellow",
  "outline_black",
  "soft_pink",
  "elegant_script",
  "news_bar",
  "impact_red",
] as const;
const CAPTION_SIZES = ["small", "medium", "large"] as const;
const CAPTION_POSITIONS = [
  "top_left",
  "top_center",
  "top_right",
  "middle_left",
  "center",
  "middle_right",
  "bottom_left",
  "bottom_center",
  "bottom_right",
] as const;
const CAPTION_ANIMATIONS = ["pop", "slide_left", "slide_right", "type"] as const;

/** Characters as a reader counts them (an emoji is one), not UTF-16 units. */
function characters(text: string): number {
  return [...text].length;
}

export const Caption = z.strictObject({
  text: z
    .string()
    .min(1)
    .refine((text) => characters(text) <= MAX_CAPTION_LENGTH, `at most ${MAX_CAPTION_LENGTH} characters`),
  /** Seconds; null means from 0. */
  start: z.number().min(0).nullable().default(null),
  /** Seconds; null means until the end. */
  end: z.number().min(0).nullable().default(null),
  style: z.enum(CAPTION_STYLES).optional(),
  size: z.enum(CAPTION_SIZES).optional(),
  position: z.enum(CAPTION_POSITIONS).optional(),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  color: AssColor.optional(),
  fade: z.boolean().optional(),
  anim: z.enum(CAPTION_ANIMATIONS).optional(),
});

export const Captions = z.array(Caption).max(MAX_CAPTIONS);

/** Attribute words of the code form, each a closed list in the spec. */
const RAW_ATTRIBUTES = new Set([
  ...["small", "medium", "large"],
  ...["bold", "thin", "italic"],
  ...["top", "middle", "bottom", "left", "center", "right"],
  ...["white", "yellow", "red", "green", "blue", "pink", "orange", "purple", "black", "cyan"],
  ...["pop", "slide", "type", "fade", "none"],
]);

/** `<start>-<end>` in seconds with dot or comma decimals; `end` means the clip's end. */
const RAW_TIME = /^\d+(?:[.,]\d+)?\s*-\s*(?:\d+(?:[.,]\d+)?|end)$/;

/** The captions of the code form: separated by a line break or `/`, blank ones skipped. */
export function rawCaptions(raw: string): string[] {
  return raw.split(/\r?\n|\//).filter((caption) => caption.trim() !== "");
}

/**
 * Why the code form is not `TEXT | attributes | start-end` captions within the caption limits; empty when it is.
 * Attributes and time may each be left out.
 */
export function rawCaptionProblems(raw: string): string[] {
  const captions = rawCaptions(raw);
  const problems: string[] = [];
  if (captions.length > MAX_CAPTIONS) problems.push(`more than ${MAX_CAPTIONS} captions`);
  captions.forEach((caption, index) => {
    const [text = "", ...fields] = caption.split("|").map((field) => field.trim());
    const label = `caption ${index + 1}`;
    if (text === "") problems.push(`${label} has no text`);
    if (characters(text) > MAX_CAPTION_LENGTH)
      problems.push(`${label} is over ${MAX_CAPTION_LENGTH} characters`);
    let times = 0;
    let attributeFields = 0;
    for (const field of fields.filter((part) => part !== "")) {
      if (/^\d/.test(field)) {
        times += 1;
        if (!RAW_TIME.test(field)) problems.push(`${label}: ${field} is not <start>-<end>`);
        continue;
      }
      attributeFields += 1;
      for (const word of field.split(/\s+/)) {
        if (!RAW_ATTRIBUTES.has(word.toLowerCase())) problems.push(`${label}: unknown attribute ${word}`);
      }
    }
    if (times > 1 || attributeFields > 1)
      problems.push(`${label} has more than TEXT | attributes | start-end`);
  });
  return problems;
}
