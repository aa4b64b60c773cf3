import { failed, type ParseIssue, type ParseResult, parsed } from "./result.js";

export type SrtEntry = {
  index: number;
  startMs: number;
  endMs: number;
  /** Lines joined by `\n`, trailing spaces removed. */
  text: string;
  /** 1-based line of the index (or of the timecode without one). */
  line: number;
};

/** Bounds keep parsing linear and memory bounded on hostile files. */
export const SRT_LIMITS = {
  maxChars: 5_000_000,
  maxLineLength: 10_000,
  maxEntries: 50_000,
  maxIssues: 50,
} as const;

const INDEX_PATTERN = /^\d{1,9}$/;
// One fixed-width pattern without nested quantifiers; `.` milliseconds (Whisper/WebVTT style) are tolerated.
const TIMECODE_PATTERN =
  /^(\d{2}):(\d{2}):(\d{2})[,.](\d{3}) *--> *(\d{2}):(\d{2}):(\d{2})[,.](\d{3})(?: +[^\n]*)?$/;

/** Milliseconds of the four fields of one side of a timecode; undefined for minutes or seconds over 59. */
function toMs([hours, minutes, seconds, millis]: string[]): number | undefined {
  const m = Number(minutes);
  const s = Number(seconds);
  if (m > 59 || s > 59) return undefined;
  return ((Number(hours) * 60 + m) * 60 + s) * 1000 + Number(millis);
}

function parseTimecode(line: string): { startMs: number; endMs: number } | undefined {
  const match = TIMECODE_PATTERN.exec(line);
  if (!match) return undefined;
  const startMs = toMs(match.slice(1, 5));
  const endMs = toMs(match.slice(5, 9));
  return startMs === undefined || endMs === undefined ? undefined : { startMs, endMs };
}

export function formatSrtTime(totalMs: number): string {
  const ms = totalMs % 1000;
  const totalSeconds = Math.floor(totalMs / 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  return `${pad(Math.floor(totalSeconds / 3600))}:${pad(Math.floor(totalSeconds / 60) % 60)}:${pad(totalSeconds % 60)},${pad(ms, 3)}`;
}

/**
 * Total SRT parser: never throws, one pass over the lines. Tolerates a BOM, CRLF or CR line ends, trailing
 * spaces, leading blank lines, a missing final blank line and a missing blank line between entries. A timecode after
 * `maxDurationSeconds` (the video's length) is reported.
 */
export function parseSrt(
  text: string,
  options: { maxDurationSeconds?: number } = {},
): ParseResult<SrtEntry[]> {
  const { maxChars, maxLineLength, maxEntries, maxIssues } = SRT_LIMITS;
  if (text.length > maxChars) {
    const message = `The subtitle file is larger than ${maxChars} characters`;
    return failed([{ code: "srt_too_large", message, params: { max: maxChars } }]);
  }
  const lines = text
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.trimEnd());
  const issues: ParseIssue[] = [];
  const report = (code: string, message: string, where: Omit<ParseIssue, "code" | "message"> = {}) => {
    if (issues.length < maxIssues) issues.push({ ...where, code, message });
  };
  const reportLongLine = (line: number) =>
    report("srt_line_too_long", `Line longer than ${maxLineLength} characters`, {
      line,
      params: { max: maxLineLength },
    });
  const entries: SrtEntry[] = [];
  const isBlank = (at: number) => (lines[at] ?? "").trim() === "";
  const startsEntry = (at: number) =>
    INDEX_PATTERN.test((lines[at] ?? "").trim()) && parseTimecode((lines[at + 1] ?? "").trim()) !== undefined;
  const maxMs = options.maxDurationSeconds === undefined ? undefined : options.maxDurationSeconds * 1000;

  let at = 0;
  /** Skips the rest of a broken block, up to the next blank line. */
  const skipBlock = () => {
    while (at < lines.length && !isBlank(at)) at++;
  };
  while (at < lines.length) {
    const current = lines[at] ?? "";
    if (current.trim() === "") {
      at++;
      continue;
    }
    if (entries.length >= maxEntries) {
      report("srt_too_many_entries", `More than ${maxEntries} entries`, { params: { max: maxEntries } });
      break;
    }
    const blockStart = at + 1;
    if ([current, lines[at + 1] ?? ""].some((line) => line.length > maxLineLength)) {
      reportLongLine(blockStart);
      skipBlock();
      continue;
    }
    let index: number;
    let timecodeLine: number;
    if (INDEX_PATTERN.test(current.trim())) {
      index = Number(current.trim());
      timecodeLine = at + 1;
    } else if (current.includes("-->")) {
      report("srt_index_missing", "The entry has no index line before its timecode", { line: blockStart });
      index = entries.length + 1;
      timecodeLine = at;
    } else {
      const value = current.trim().slice(0, 40);
      report("srt_index_invalid", `"${value}" is not an entry number`, {
        line: blockStart,
        params: { value },
      });
      skipBlock();
      continue;
    }
    const timecodeText = (lines[timecodeLine] ?? "").trim();
    const timecode = parseTimecode(timecodeText);
    if (!timecode) {
      const value = timecodeText.slice(0, 60);
      const message = `"${value}" is not a timecode; use HH:MM:SS,mmm --> HH:MM:SS,mmm`;
      report("srt_timecode_invalid", message, { line: timecodeLine + 1, params: { value } });
      at = timecodeLine;
      skipBlock();
      continue;
    }
    at = timecodeLine + 1;
    const textLines: string[] = [];
    let droppedLine = false;
    for (; at < lines.length && !isBlank(at) && !startsEntry(at); at++) {
      const line = lines[at] ?? "";
      if (line.length <= maxLineLength) textLines.push(line);
      else {
        reportLongLine(at + 1);
        droppedLine = true;
      }
    }
    const entry: SrtEntry = { index, ...timecode, text: textLines.join("\n"), line: blockStart };
    const where = { line: timecodeLine + 1, params: { index } };
    if (entry.text.trim() === "" && !droppedLine) {
      report("srt_text_empty", `Entry ${index} has no text`, { ...where, line: blockStart });
    }
    if (entry.endMs <= entry.startMs) {
      report("srt_end_before_start", `Entry ${index} ends before it starts`, where);
    }
    const previous = entries.at(-1);
    if (previous && entry.startMs < previous.endMs) {
      report("srt_overlap", `Entry ${index} starts before entry ${previous.index} ends`, {
        ...where,
        params: { index, previous: previous.index },
      });
    }
    if (maxMs !== undefined && entry.endMs > maxMs) {
      const end = formatSrtTime(entry.endMs);
      report("srt_exceeds_duration", `Entry ${index} ends at ${end}, after the end of the video`, {
        ...where,
        params: { index, end, max: formatSrtTime(maxMs), over: ((entry.endMs - maxMs) / 1000).toFixed(1) },
      });
    }
    entries.push(entry);
  }
  if (entries.length === 0 && issues.length === 0) {
    report("srt_empty", "The subtitle file has no entries");
  }
  return issues.length > 0 ? failed(issues) : parsed(entries);
}
