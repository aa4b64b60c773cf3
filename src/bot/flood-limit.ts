import { limit } from "@grammyjs/ratelimiter";
import type { Middleware } from "grammy";
import type { BotContext } from "./context.js";
import type { BotDeps } from "./deps.js";
import { type BotI18n, negotiateLocale } from "./i18n.js";
import type { PreferencesRepository } from "./preferences.js";

/** Counted in storage so every instance counts alike; a window's first refused update gets one notice. */
export function floodLimit(
  deps: BotDeps,
  i18n: BotI18n,
  preferences: PreferencesRepository,
  rateLimit: { limit: number; windowMs: number },
): Middleware<BotContext> {
  // A Redis-like client on the storage port: the limit holds across instances and on the memory adapter.
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
      const sender = { from: ctx.from, preferences: await preferences.get(userId) };
      const text = i18n.t(negotiateLocale(sender, deps.config.defaultLocale), "rate-limited");
      if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text });
      else if (ctx.chat?.type === "private") await ctx.reply(text);
    },
  });
}
