export const BOT_LOCALES = ["en", "uk", "ru"] as const;
export type BotLocale = (typeof BOT_LOCALES)[number];

export function isBotLocale(value: string): value is BotLocale {
  return (BOT_LOCALES as readonly string[]).includes(value);
}

/** Telegram sends IETF tags such as "uk" or "en-US"; the primary subtag picks our locale. */
export function botLocaleFromTag(tag: string | undefined): BotLocale | undefined {
  if (!tag) return undefined;
  const primary = tag.toLowerCase().split(/[-_]/)[0] ?? "";
  return isBotLocale(primary) ? primary : undefined;
}
