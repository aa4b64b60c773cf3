import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { BotLocale } from "../../src/i18n/locales.js";
import { Messages } from "../../src/i18n/messages.js";
import type { MessageSource } from "../../src/lifecycle/translate.js";

/** The locales folder the bot reads, found here so that tests of code outside the bot need not load it. */
export const LOCALES_DIRECTORY = fileURLToPath(new URL("../../locales", import.meta.url));

/** The .ftl file names of one locale: each locale's folder splits its messages the same way. */
export function localeFiles(locale: string): string[] {
  return readdirSync(join(LOCALES_DIRECTORY, locale))
    .filter((name) => name.endsWith(".ftl"))
    .sort();
}

/** Every message source of one locale, joined as the bot's messages join them. */
export function localeSource(locale: string): string {
  return localeFiles(locale)
    .map((name) => readFileSync(join(LOCALES_DIRECTORY, locale, name), "utf8"))
    .join("\n");
}

/** The bot's messages, read as the bot reads them, for jobs that translate outside any update. */
export function localeMessages(defaultLocale: BotLocale): MessageSource {
  const messages = new Messages(LOCALES_DIRECTORY, defaultLocale);
  return { t: (locale, key, variables) => messages.translate(locale, key, variables) };
}
