import type { MiddlewareFn } from "grammy";
import { decodeCallback } from "../telegram/callback-data.js";
import type { BotContext } from "./context.js";

/**
 * Lets a button press through only when it belongs to the chat's newest menu and comes from the user
 * who opened it. Anything else is answered, so the button stops spinning, and does nothing more.
 */
export const buttonGuard: MiddlewareFn<BotContext> = async (ctx, next) => {
  const query = ctx.callbackQuery;
  if (!query) return next();
  const data = decodeCallback(query.data);
  // Buttons of inline-mode messages have no chat and so no session: none of them are ours.
  if (!data || ctx.chat === undefined || data.nonce !== ctx.session.menuNonce) {
    ctx.logger.debug({ data: query.data }, "stale button");
    await ctx.answerCallbackQuery({ text: ctx.t("button-stale") });
    return;
  }
  if (query.from.id !== ctx.session.menuOwner) {
    await ctx.answerCallbackQuery({ text: ctx.t("button-foreign") });
    return;
  }
  return next();
};
