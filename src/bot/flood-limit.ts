import { limit } from "@grammyjs/ratelimiter";
import type { Middleware } from "grammy";
import { botLocaleFromTag } from "../i18n/locales.js";
import type { BotContext } from "./context.js";
import type { BotDeps } from "./deps.js";
import type { BotI18n } from "./i18n.js";
import type { PreferencesRepository } from "./preferences.js";

/**
 * At most `limit` updates per user per window, counted in storage so every instance counts the same; the
 * first refused one of a window gets one notice in the user's language.
 */
export function floodLimit(
  deps: BotDeps,
  i18n: BotI18n,
  preferences: PreferencesRepository,
  rateLimit: { limit: number; windowMs: number },
): Middleware<BotContext> {
  // The limiter counts through a Redis-like client; this one counts on the storage port, so the limit
  // holds across instances and on the memory adapter too.
  const storageClient = {
    incr: (key: string) => deps.storage.kv.increment(key, { ttlMs: rateLimit.windowMs }),
    // The window is set when the counter is created; extending it would keep a steady sender limited.
    pexpire: async (_key: string, _milliseconds: number) => 1,
  };
  return limit<BotContext, typeof storageClient>({
    timeFrame: rateLimit.windowMs,
    limit: rateLimit.limit,
    keyPrefix: "ratelimit:",
    storageClient,
    keyGenerator: (ctx) => ctx.from?.id.toString(),
    onLimitExceeded: async (ctx) => {
      const userId = ctx.from?.id;
      if (userId === undefined) return;
      const first = await deps.storage.kv.setIfAbsent(`ratelimit-notice:${userId}`, "1", {
        ttlMs: rateLimit.windowMs,
      });
      if (!first) return;
      ctx.logger.info("user is flooding; updates dropped for the rest of the window");
      const chosen = (await preferences.get(userId)).language;
      const text = i18n.t(
        chosen ?? botLocaleFromTag(ctx.from?.language_code) ?? deps.config.defaultLocale,
        "rate-limited",
      );
      if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text });
      else if (ctx.chat?.type === "private") await ctx.reply(text);
    },
  });
}
