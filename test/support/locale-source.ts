import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { LOCALES_DIRECTORY } from "../../src/bot/i18n.js";

/** The .ftl file names of one locale: each locale's folder splits its messages the same way. */
export function localeFiles(locale: string): string[] {
  return readdirSync(join(LOCALES_DIRECTORY, locale))
    .filter((name) => name.endsWith(".ftl"))
    .sort();
}

/** Every message source of one locale, joined as the i18n plugin joins them. */
export function localeSource(locale: string): string {
  return localeFiles(locale)
    .map((name) => readFileSync(join(LOCALES_DIRECTORY, locale, name), "utf8"))
    .join("\n");
}
