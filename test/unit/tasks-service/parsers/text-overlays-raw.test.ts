import { describe, expect, it } from "vitest";
import {
  parseTextOverlaysRaw,
  RAW_OVERLAY_COLORS,
} from "../../../../src/tasks-service/parsers/text-overlays-raw.js";

function codes(raw: string) {
  const result = parseTextOverlaysRaw(raw);
  return result.ok ? [] : result.errors.map((issue) => issue.code);
}

describe("parseTextOverlaysRaw", () => {
  it("reads text, attributes and time", () => {
    const result = parseTextOverlaysRaw("BIG SALE | large bold yellow top center pop | 0.5-3,25");
    expect(result).toEqual({
      ok: true,
      value: [
        {
          line: 1,
          text: "BIG SALE",
          size: "large",
          weight: "bold",
          italic: false,
          vertical: "top",
          horizontal: "center",
          color: "yellow",
          animation: "pop",
          start: 0.5,
          end: 3.25,
        },
      ],
    });
  });

  it("splits captions by line break and by slash", () => {
    const result = parseTextOverlaysRaw("One / Two | italic thin\r\nThree | 2-end");
    expect(
      result.ok && result.value.map((c) => [c.text, c.line, c.italic, c.weight, c.start, c.end]),
    ).toEqual([
      ["One", 1, false, null, null, null],
      ["Two", 1, true, "thin", null, null],
      ["Three", 2, false, null, 2, null],
    ]);
  });

  it("takes the time field before the attributes too", () => {
    const result = parseTextOverlaysRaw("Hi | 1-2 | small");
    expect(result.ok && result.value[0]).toMatchObject({ size: "small", start: 1, end: 2 });
  });

  it("knows the whole attribute vocabulary", () => {
    const words = [
      "small",
      "medium",
      "large",
      "bold",
      "thin",
      "italic",
      "middle",
      "bottom",
      "left",
      "right",
      "slide",
      "type",
      "fade",
      "none",
      ...RAW_OVERLAY_COLORS,
    ];
    for (const word of words) expect(codes(`Hi | ${word}`)).toEqual([]);
  });

  it("reports unknown and repeated attributes", () => {
    expect(codes("Hi | gigantic")).toEqual(["overlay_attribute_unknown"]);
    expect(codes("Hi | small large")).toEqual(["overlay_attribute_conflict"]);
    expect(codes("Hi | red | blue")).toEqual(["overlay_fields_invalid"]);
  });

  it("reports bad times", () => {
    expect(codes("Hi | 3-1")).toEqual(["overlay_time_order"]);
    expect(codes("Hi | 1-x")).toEqual(["overlay_time_invalid"]);
    expect(codes("Hi | 5")).toEqual(["overlay_time_invalid"]);
    expect(codes("Hi | 1-2 | 3-4")).toEqual(["overlay_time_invalid"]);
  });

  it("at most 10 captions of at most 200 characters", () => {
    expect(codes(Array.from({ length: 10 }, (_, i) => `C${i}`).join("\n"))).toEqual([]);
    expect(codes(Array.from({ length: 11 }, (_, i) => `C${i}`).join("\n"))).toEqual(["overlay_too_many"]);
    expect(codes("x".repeat(200))).toEqual([]);
    expect(codes("x".repeat(201))).toEqual(["overlay_text_too_long"]);
  });

  it("reports a caption without text and an empty input", () => {
    expect(codes(" | bold")).toEqual(["overlay_text_empty"]);
    expect(codes("  \n / ")).toEqual(["overlay_empty"]);
  });

  it("gives the line and caption number of an issue", () => {
    const result = parseTextOverlaysRaw("Fine\nAlso / Bad | wobble");
    expect(result.ok ? [] : result.errors).toEqual([
      expect.objectContaining({
        line: 2,
        code: "overlay_attribute_unknown",
        params: { caption: 3, value: "wobble" },
      }),
    ]);
  });
});
