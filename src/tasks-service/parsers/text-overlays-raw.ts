import { MAX_OVERLAY_TEXT_LENGTH, MAX_TEXT_OVERLAYS } from "../schemas/common.js";
import { failed, type ParseIssue, type ParseResult, parsed } from "./result.js";

const RAW_OVERLAY_SIZES = ["small", "medium", "large"] as const;
const RAW_OVERLAY_WEIGHTS = ["bold", "thin"] as const;
const RAW_OVERLAY_VERTICALS = ["top", "middle", "bottom"] as const;
const RAW_OVERLAY_HORIZONTALS = ["left", "center", "right"] as const;
export const RAW_OVERLAY_COLORS = [
  "white",
  "yellow",
  "red",
  "green",
  "blue",
  "pink",
  "orange",
  "purple",
  "black",
  "cyan",
] as const;
const RAW_OVERLAY_ANIMATIONS = ["pop", "slide", "type", "fade", "none"] as const;

export type RawCaption = {
  /** Line of the raw text the caption came from (1-based). */
  line: number;
  text: string;
  size: (typeof RAW_OVERLAY_SIZES)[number] | null;
  weight: (typeof RAW_OVERLAY_WEIGHTS)[number] | null;
  italic: boolean;
  vertical: (typeof RAW_OVERLAY_VERTICALS)[number] | null;
  horizontal: (typeof RAW_OVERLAY_HORIZONTALS)[number] | null;
  color: (typeof RAW_OVERLAY_COLORS)[number] | null;
  animation: (typeof RAW_OVERLAY_ANIMATIONS)[number] | null;
  /** Seconds; null means from the start of the clip. */
  start: number | null;
  /** Seconds; null means until the end of the clip. */
  end: number | null;
};

type AttributeSlot = "size" | "weight" | "italic" | "vertical" | "horizontal" | "color" | "animation";

const ATTRIBUTE_SLOTS: ReadonlyArray<[AttributeSlot, readonly string[]]> = [
  ["size", RAW_OVERLAY_SIZES],
  ["weight", RAW_OVERLAY_WEIGHTS],
  ["italic", ["italic"]],
  ["vertical", RAW_OVERLAY_VERTICALS],
  ["horizontal", RAW_OVERLAY_HORIZONTALS],
  ["color", RAW_OVERLAY_COLORS],
  ["animation", RAW_OVERLAY_ANIMATIONS],
];

const NUMBER = String.raw`\d+(?:[.,]\d+)?`;
const TIME_PATTERN = new RegExp(`^(${NUMBER})\\s*-\\s*(${NUMBER}|end)$`, "i");

function toSeconds(raw: string): number {
  return Number(raw.replace(",", "."));
}

function parseCaption(source: string, line: number, caption: number, issues: ParseIssue[]) {
  const [textField = "", ...fields] = source.split("|").map((field) => field.trim());
  const where = { line, params: { caption } };
  const result: RawCaption = {
    line,
    text: textField,
    size: null,
    weight: null,
    italic: false,
    vertical: null,
    horizontal: null,
    color: null,
    animation: null,
    start: null,
    end: null,
  };
  let valid = true;
  const report = (code: string, message: string, params: Record<string, string | number> = {}) => {
    issues.push({ ...where, code, message, params: { caption, ...params } });
    valid = false;
  };
  if (textField === "") report("overlay_text_empty", `Caption ${caption} has no text`);
  const max = MAX_OVERLAY_TEXT_LENGTH;
  if ([...textField].length > max) {
    report("overlay_text_too_long", `Caption ${caption} is longer than ${max} characters`, { max });
  }
  let sawTime = false;
  let sawAttributes = false;
  for (const field of fields) {
    if (field === "") continue;
    if (/^\d/.test(field)) {
      const match = TIME_PATTERN.exec(field);
      if (sawTime || !match) {
        const message = `"${field}" is not a time range; use start-end in seconds, e.g. 1.5-4 or 2-end`;
        report("overlay_time_invalid", message, { value: field });
        continue;
      }
      sawTime = true;
      result.start = toSeconds(match[1] ?? "0");
      result.end = match[2]?.toLowerCase() === "end" ? null : toSeconds(match[2] ?? "0");
      if (result.end !== null && result.end <= result.start) {
        report("overlay_time_order", `Caption ${caption} ends before it starts`, { value: field });
      }
      continue;
    }
    if (sawAttributes) {
      report("overlay_fields_invalid", `Caption ${caption} has more than one attribute field`, {
        value: field,
      });
      continue;
    }
    sawAttributes = true;
    const seen = new Set<AttributeSlot>();
    for (const rawToken of field.split(/[\s,]+/)) {
      const token = rawToken.toLowerCase();
      if (token === "") continue;
      const slot = ATTRIBUTE_SLOTS.find(([, values]) => values.includes(token))?.[0];
      if (slot === undefined) {
        report("overlay_attribute_unknown", `Unknown caption attribute "${rawToken}"`, { value: rawToken });
        continue;
      }
      if (seen.has(slot)) {
        report("overlay_attribute_conflict", `Caption ${caption} sets ${slot} twice ("${rawToken}")`, {
          value: rawToken,
        });
        continue;
      }
      seen.add(slot);
      if (slot === "italic") result.italic = true;
      else (result as Record<AttributeSlot, unknown>)[slot] = token;
    }
  }
  return valid ? result : undefined;
}

/**
 * Compact caption code: captions separated by a line break or `/`, fields by `|`: `TEXT | attributes | start-end`.
 * The attribute and time fields may come in either order; each may be left out.
 */
export function parseTextOverlaysRaw(raw: string): ParseResult<RawCaption[]> {
  const issues: ParseIssue[] = [];
  const captions: RawCaption[] = [];
  let count = 0;
  for (const [lineIndex, lineText] of raw.replace(/\r\n?/g, "\n").split("\n").entries()) {
    for (const source of lineText.split("/")) {
      if (source.trim() === "") continue;
      count++;
      if (count > MAX_TEXT_OVERLAYS) continue;
      const caption = parseCaption(source, lineIndex + 1, count, issues);
      if (caption) captions.push(caption);
    }
  }
  if (count > MAX_TEXT_OVERLAYS) {
    issues.push({
      code: "overlay_too_many",
      message: `At most ${MAX_TEXT_OVERLAYS} captions are accepted, got ${count}`,
      params: { max: MAX_TEXT_OVERLAYS, count },
    });
  }
  if (count === 0) issues.push({ code: "overlay_empty", message: "Write at least one caption" });
  return issues.length > 0 ? failed(issues) : parsed(captions);
}
