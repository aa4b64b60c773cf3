import type { Translate } from "./translate.js";

/** Dates and numbers in the user's locale; the service's times are UTC and shown as such. */
export function formatDate(date: Date, locale: string): string {
  const options = { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" } as const;
  return `${new Intl.DateTimeFormat(locale, options).format(date)} UTC`;
}

/**
 * A day in words: "December 1, 2026", "1 грудня 2026". Without the year's abbreviation that uk and ru
 * put last ("р.", "г."): its full stop would meet the one of a sentence that ends with the date.
 */
export function formatDay(date: Date, locale: string): string {
  const parts = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).formatToParts(date);
  const last = parts.at(-1);
  const kept = last?.type === "literal" && last.value.trim().endsWith(".") ? parts.slice(0, -1) : parts;
  return kept.map((part) => part.value).join("");
}

export function formatNumber(value: number, locale: string, fractionDigits = 0): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}

const BYTE_UNITS = ["bytes", "kilobytes", "megabytes", "gigabytes", "terabytes"] as const;

/**
 * A size as people read it: binary units (the service's quotas are whole GiB), one decimal above 10 KB,
 * the unit in the reader's own letters (`size-<unit>` in the locale files: "2 GB", "2 ГБ").
 */
export function formatBytes(bytes: number, t: Translate, locale: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 || Number.isInteger(value) ? 0 : 1;
  return t(`size-${BYTE_UNITS[unit]}`, { value: formatNumber(value, locale, digits) });
}

/** A bar of ten cells, filled to the percent. */
export function percentBar(percent: number): string {
  const filled = Math.min(10, Math.max(0, Math.round(percent / 10)));
  return `${"▰".repeat(filled)}${"▱".repeat(10 - filled)}`;
}
