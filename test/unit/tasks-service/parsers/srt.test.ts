import { describe, expect, it } from "vitest";
import { formatSrtTime, parseSrt, SRT_LIMITS } from "../../../../src/tasks-service/parsers/srt.js";

const SAMPLE = "1\n00:00:01,000 --> 00:00:02,500\nHello\n\n2\n00:00:03,000 --> 00:00:04,000\nTwo\nlines\n";

function issues(text: string, options?: { maxDurationSeconds?: number }) {
  const result = parseSrt(text, options);
  return result.ok ? [] : result.errors.map((issue) => [issue.line, issue.code]);
}

describe("parseSrt", () => {
  it("reads entries", () => {
    expect(parseSrt(SAMPLE)).toEqual({
      ok: true,
      value: [
        { index: 1, startMs: 1000, endMs: 2500, text: "Hello", line: 1 },
        { index: 2, startMs: 3000, endMs: 4000, text: "Two\nlines", line: 5 },
      ],
    });
  });

  it("tolerates a BOM, CRLF, trailing spaces, leading blank lines and no final blank line", () => {
    const messy = `\uFEFF\r\n\r\n${SAMPLE.trimEnd().replace(/\n/g, "  \r\n")}`;
    const result = parseSrt(messy);
    expect(result.ok && result.value.map((e) => [e.index, e.startMs, e.text])).toEqual([
      [1, 1000, "Hello"],
      [2, 3000, "Two\nlines"],
    ]);
  });

  it("tolerates a missing blank line between entries and dot milliseconds", () => {
    const result = parseSrt("1\n00:00:01.000 --> 00:00:02.000\nA\n2\n00:00:02,000 --> 00:00:03,000\nB");
    expect(result.ok && result.value.map((e) => e.text)).toEqual(["A", "B"]);
  });

  it("reports a malformed index with its line", () => {
    expect(issues("1\n00:00:01,000 --> 00:00:02,000\nA\n\nx\n00:00:03,000 --> 00:00:04,000\nB\n")).toEqual([
      [5, "srt_index_invalid"],
    ]);
  });

  it("reports a missing index", () => {
    expect(issues("00:00:01,000 --> 00:00:02,000\nA\n")).toEqual([[1, "srt_index_missing"]]);
  });

  it("reports malformed timecodes", () => {
    expect(issues("1\n00:00:01,000 00:00:02,000\nA\n")).toEqual([[2, "srt_timecode_invalid"]]);
    expect(issues("1\n0:00:01,000 --> 00:00:02,000\nA\n")).toEqual([[2, "srt_timecode_invalid"]]);
    expect(issues("1\n00:61:01,000 --> 00:62:02,000\nA\n")).toEqual([[2, "srt_timecode_invalid"]]);
    expect(issues("1\n00:00:01,00 --> 00:00:02,000\nA\n")).toEqual([[2, "srt_timecode_invalid"]]);
  });

  it("reports an end before the start and an empty text", () => {
    expect(issues("1\n00:00:05,000 --> 00:00:02,000\nA\n")).toEqual([[2, "srt_end_before_start"]]);
    expect(issues("1\n00:00:01,000 --> 00:00:02,000\n\n2\n00:00:03,000 --> 00:00:04,000\nB\n")).toEqual([
      [1, "srt_text_empty"],
    ]);
  });

  it("reports overlapping entries", () => {
    expect(issues("1\n00:00:01,000 --> 00:00:03,000\nA\n\n2\n00:00:02,000 --> 00:00:04,000\nB\n")).toEqual([
      [6, "srt_overlap"],
    ]);
  });

  it("reports timecodes after the end of the video, and by how much", () => {
    expect(issues(SAMPLE, { maxDurationSeconds: 4 })).toEqual([]);
    const result = parseSrt(SAMPLE, { maxDurationSeconds: 3.5 });
    expect(result.ok ? [] : result.errors).toEqual([
      expect.objectContaining({
        line: 6,
        code: "srt_exceeds_duration",
        params: { index: 2, end: "00:00:04,000", max: "00:00:03,500", over: "0.5" },
      }),
    ]);
  });

  it("reports an empty file", () => {
    expect(issues("\uFEFF\n\n")).toEqual([[undefined, "srt_empty"]]);
  });

  it("stays bounded on hostile input", () => {
    expect(issues("x".repeat(SRT_LIMITS.maxChars + 1))).toEqual([[undefined, "srt_too_large"]]);
    expect(issues(`1\n00:00:01,000 --> 00:00:02,000\n${"a".repeat(SRT_LIMITS.maxLineLength + 1)}\n`)).toEqual(
      [[3, "srt_line_too_long"]],
    );
    const garbage = Array.from({ length: 500 }, () => "not an entry\n").join("\n");
    const result = parseSrt(garbage);
    expect(result.ok ? 0 : result.errors.length).toBe(SRT_LIMITS.maxIssues);
    expect(issues("-->".repeat(1_000))).toEqual([
      [1, "srt_index_missing"],
      [1, "srt_timecode_invalid"],
    ]);
    expect(issues("-->".repeat(10_000))).toEqual([[1, "srt_line_too_long"]]);
  });
});

describe("parseSrt entry cap", () => {
  it("stops after the maximum number of entries", () => {
    const srtOf = (count: number) =>
      Array.from(
        { length: count },
        (_, i) => `${i + 1}\n${formatSrtTime(i * 1000)} --> ${formatSrtTime(i * 1000 + 500)}\nx\n`,
      ).join("\n");
    expect(issues(srtOf(SRT_LIMITS.maxEntries + 1))).toEqual([[undefined, "srt_too_many_entries"]]);
    expect(parseSrt(srtOf(SRT_LIMITS.maxEntries)).ok).toBe(true);
  });
});
