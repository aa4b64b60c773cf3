import { describe, expect, it } from "vitest";
import { parseAiGraphicsDirectives } from "../../../../src/tasks-service/parsers/ai-graphics-directives.js";

function codes(text: string) {
  const result = parseAiGraphicsDirectives(text);
  return result.ok ? [] : result.errors.map((issue) => issue.code);
}

describe("parseAiGraphicsDirectives", () => {
  it("reads time, range, template, arguments and position", () => {
    const result = parseAiGraphicsDirectives(
      "00:05 quote Less is more @top\n\n01:10-01:20 list Milk, eggs, bread\nend subscribe",
    );
    expect(result).toEqual({
      ok: true,
      value: [
        { line: 1, start: 5, end: null, template: "quote", args: "Less is more", position: "top" },
        { line: 3, start: 70, end: 80, template: "list", args: "Milk, eggs, bread", position: null },
        { line: 4, start: "end", end: null, template: "subscribe", args: "", position: null },
      ],
    });
  });

  it("accepts every template and position", () => {
    for (const template of [
      "caption",
      "quote",
      "subscribe",
      "like",
      "list",
      "steps",
      "stat",
      "percent",
      "trend",
      "compare",
    ]) {
      expect(codes(`00:01 ${template} 42`)).toEqual([]);
    }
    for (const position of ["center", "top", "bottom", "left", "right"]) {
      expect(codes(`00:01 like @${position}`)).toEqual([]);
    }
  });

  it("accepts end as the end of a range", () => {
    const result = parseAiGraphicsDirectives("00:50-end stat 3x");
    expect(result.ok && result.value[0]).toMatchObject({ start: 50, end: "end" });
  });

  it("reports malformed lines with their numbers", () => {
    const result = parseAiGraphicsDirectives(
      "00:05 quote Hi\n5s quote Hi\n00:07 banner Hi\n00:08 stat 5 @middle\n00:09 list",
    );
    expect(result.ok ? [] : result.errors.map((i) => [i.line, i.code])).toEqual([
      [2, "directive_time_invalid"],
      [3, "directive_template_unknown"],
      [4, "directive_position_unknown"],
      [5, "directive_args_missing"],
    ]);
  });

  it("reports bad times", () => {
    expect(codes("00:60 like")).toEqual(["directive_time_invalid"]);
    expect(codes("00:10-00:05 like")).toEqual(["directive_time_order"]);
    expect(codes("end-00:05 like")).toEqual(["directive_time_order"]);
    expect(codes("00:10")).toEqual(["directive_template_missing"]);
  });

  it("reports an empty text", () => {
    expect(codes(" \n ")).toEqual(["directive_empty"]);
  });
});
