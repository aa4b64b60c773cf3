/** Dates, numbers and sizes as a reader of each language writes them. */
import { describe, expect, it } from "vitest";
import { formatDay } from "../../../src/i18n/format.js";

describe("a day in words", () => {
  const day = new Date("2026-12-01T00:00:00Z");

  it("ends where a sentence may put its own full stop", () => {
    expect(formatDay(day, "en")).toBe("December 1, 2026");
    expect(formatDay(day, "uk")).toBe("1 грудня 2026");
    expect(formatDay(day, "ru")).toBe("1 декабря 2026");
  });
});
