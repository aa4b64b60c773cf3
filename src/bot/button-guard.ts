import type { Composer, MiddlewareFn } from "grammy";
import { type CallbackDefinition, decodeCallback, type Pressed } from "../telegram/callback-data.js";
import type { BotContext } from "./context.js";

/** Only presses on the chat's newest menu by its opener pass; others are answered, so no button spins. */
export const buttonGuard: MiddlewareFn<BotContext> = async (ctx, next) => {
  const query = ctx.callbackQuery;
  if (!query) return next();
  const data = decodeCallback(query.data);
  // Buttons of inline-mode messages have no chat and so no session: none of them are ours.
  if (!data || ctx.chat === undefined || data.nonce !== ctx.session.menuNonce) {
    ctx.logger.debug({ data: query.data }, "stale button");
    await answerStale(ctx);
    return;
  }
  if (query.from.id !== ctx.session.menuOwner) {
    await ctx.answerCallbackQuery({ text: ctx.t("button-foreign") });
    return;
  }
  return next();
};

export const answerStale = (ctx: BotContext) => ctx.answerCallbackQuery({ text: ctx.t("button-stale") });

/** Buttons that outlive menus name their record: only its owner's presses reach `handle`, with it. */
export function ownedButtons<R extends { userId: number }>(
  feature: Composer<BotContext>,
  records: { ofButton(nonce: string): Promise<R | undefined> },
) {
  const presses = feature.on("callback_query:data");
  return <T>(
    button: CallbackDefinition<T>,
    handle: (ctx: BotContext & { pressed: Pressed<T> }, record: R) => Promise<unknown>,
  ) =>
    presses.filter(button.filter, async (ctx) => {
      const record = await records.ofButton(ctx.pressed.nonce);
      if (!record) return answerStale(ctx);
      if (record.userId !== ctx.from.id) return ctx.answerCallbackQuery({ text: ctx.t("button-foreign") });
      return handle(ctx, record);
    });
}
