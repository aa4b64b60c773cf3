import { fileURLToPath } from "node:url";
import type { Api, MiddlewareObj } from "grammy";
import { BOT_LOCALES, type BotLocale, botLocaleFromTag } from "../i18n/locales.js";
import { Messages, type MessageVariables } from "../i18n/messages.js";
import type { BotContext } from "./context.js";

export const LOCALES_DIRECTORY = fileURLToPath(new URL("../../locales", import.meta.url));

/** Commands in menu order; each has `command-<name>` in every locale. */
export const BOT_COMMANDS = [
  "start",
  "help",
  "settings",
  "glossary",
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

export function menuCommands(withGeneration: boolean): readonly string[] {
  if (!withGeneration) return BOT_COMMANDS;
  const [first, ...rest] = BOT_COMMANDS;
  return [first, ...GENERATION_COMMANDS, ...rest];
}

/** The user's stored choice, else Telegram's language_code, else the configured default. */
export function negotiateLocale(
  ctx: Pick<BotContext, "preferences" | "from">,
  defaultLocale: BotLocale,
): BotLocale {
  return ctx.preferences.language ?? botLocaleFromTag(ctx.from?.language_code) ?? defaultLocale;
}

/** The bot's words in any of its languages (`t`) and, as middleware, in each update's (`ctx.t`). */
export interface BotI18n extends MiddlewareObj<BotContext> {
  t(locale: string, key: string, variables?: MessageVariables): string;
}

export function createI18n(defaultLocale: BotLocale): BotI18n {
  const messages = new Messages(LOCALES_DIRECTORY, defaultLocale);
  // One translator per language, made when the language is first spoken: an update only picks it.
  const translators = new Map<BotLocale, (key: string, variables?: MessageVariables) => string>();
  const translatorOf = (locale: BotLocale) => {
    const made = translators.get(locale) ?? messages.in(locale);
    translators.set(locale, made);
    return made;
  };
  return {
    t: (locale, key, variables) => messages.translate(locale, key, variables),
    middleware: () => async (ctx, next) => {
      let translate = translatorOf(negotiateLocale(ctx, defaultLocale));
      ctx.t = (key, variables) => translate(key, variables);
      ctx.i18n = {
        getLocale: async () => negotiateLocale(ctx, defaultLocale),
        useLocale: (locale) => {
          translate = translatorOf(locale);
        },
        renegotiateLocale: async () => {
          translate = translatorOf(negotiateLocale(ctx, defaultLocale));
        },
      };
      await next();
    },
  };
}

/** Once at start-up, as it is network calls. */
export async function setBotCommands(
  api: Api,
  i18n: Pick<BotI18n, "t">,
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
