import { fileURLToPath } from "node:url";
import { I18n } from "@grammyjs/i18n";
import type { Api } from "grammy";
import { BOT_LOCALES, type BotLocale, botLocaleFromTag } from "../i18n/locales.js";
import type { BotContext } from "./context.js";

export const LOCALES_DIRECTORY = fileURLToPath(new URL("../../locales", import.meta.url));

/** Commands in menu order; each has `command-<name>` in every locale. */
export const BOT_COMMANDS = [
  "start",
  "help",
  "settings",
  "language",
  "balance",
  "tasks",
  "apikey",
  "cancel",
] as const;

/** Commands of the generation service, in menu order after /start; only where it is configured. */
export const GENERATION_COMMANDS = [
  "image",
  "video",
  "account",
  "connect",
  "disconnect",
  "gallery",
  "queue",
] as const;

/** The command menu: the generation service's commands follow /start when it is there. */
export function menuCommands(withGeneration: boolean): readonly string[] {
  if (!withGeneration) return BOT_COMMANDS;
  const [first, ...rest] = BOT_COMMANDS;
  return [first, ...GENERATION_COMMANDS, ...rest];
}

/** The user's stored choice, else Telegram's language_code, else the configured default. */
function negotiateLocale(ctx: BotContext, defaultLocale: BotLocale): BotLocale {
  return ctx.preferences.language ?? botLocaleFromTag(ctx.from?.language_code) ?? defaultLocale;
}

export function createI18n(defaultLocale: BotLocale): I18n<BotContext> {
  return new I18n<BotContext>({
    defaultLocale,
    directory: LOCALES_DIRECTORY,
    fluentBundleOptions: { useIsolating: false },
    localeNegotiator: (ctx) => negotiateLocale(ctx, defaultLocale),
  });
}

/**
 * Registers the command menu in every locale (and the default one for everyone else). Run once at
 * start-up by main, not per update: it is three network calls.
 */
export async function setBotCommands(
  api: Api,
  i18n: Pick<I18n, "t">,
  defaultLocale: BotLocale,
  commands: readonly string[] = BOT_COMMANDS,
): Promise<void> {
  const commandsIn = (locale: string) =>
    commands.map((command) => ({ command, description: i18n.t(locale, `command-${command}`) }));
  const scope = { type: "all_private_chats" } as const;
  await api.setMyCommands(commandsIn(defaultLocale), { scope });
  for (const locale of BOT_LOCALES) {
    await api.setMyCommands(commandsIn(locale), { scope, language_code: locale });
  }
}
