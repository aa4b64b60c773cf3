import { Composer } from "grammy";
import type { BotContext } from "../context.js";

/** Last in line: anything nobody handled gets a short hint, never silence. */
export const unhandledFeature = new Composer<BotContext>();

unhandledFeature.chatType("private").on("message", async (ctx) => {
  await ctx.reply(ctx.t("unexpected-input"));
});

unhandledFeature.on("callback_query", async (ctx) => {
  await ctx.answerCallbackQuery({ text: ctx.t("button-stale") });
});
