/** Dates, numbers and sizes as a reader of each language writes them. */
import { describe, expect, it } from "vitest";
import { formatBytes, formatDay } from "../../../src/i18n/format.js";
import type { Translate } from "../../../src/i18n/translate.js";
import { localeMessages } from "../../support/locale-source.js";

describe("a day in words", () => {
  const day = new Date("2026-12-01T00:00:00Z");

  it("ends where a sentence may put its own full stop", () => {
    expect(formatDay(day, "en")).toBe("December 1, 2026");
    expect(formatDay(day, "uk")).toBe("1 грудня 2026");
    expect(formatDay(day, "ru")).toBe("1 декабря 2026");
  });
});

describe("a size", () => {
  const i18n = localeMessages("en");
  const translate =
    (locale: string): Translate =>
    (key, variables) =>
      i18n.t(locale, key, variables);

  it("is in the reader's own letters, in binary units, with one decimal where it helps", () => {
    expect(formatBytes(0, translate("uk"), "uk")).toBe("0 Б");
    expect(formatBytes(2 * 1024 ** 3, translate("uk"), "uk")).toBe("2 ГБ");
    expect(formatBytes(1536 * 1024, translate("ru"), "ru")).toBe("1,5 МБ");
    expect(formatBytes(20 * 1024, translate("ru"), "ru")).toBe("20 КБ");
    expect(formatBytes(2 * 1024 ** 3, translate("en"), "en")).toBe("2 GB");
    expect(formatBytes(1536 * 1024, translate("en"), "en")).toBe("1.5 MB");
  });
});
