import { GrammyError, type InlineKeyboard } from "grammy";
import { newNonce } from "../telegram/callback-data.js";
import type { BotContext } from "./context.js";

/** A new inline menu: every earlier menu's buttons go stale; only who opened it may press its buttons. */
export function openMenu(ctx: BotContext): string {
  const nonce = newNonce();
  ctx.session.menuNonce = nonce;
  if (ctx.from) ctx.session.menuOwner = ctx.from.id;
  return nonce;
}

/** The nonce of the menu being pressed (an edit keeps the menu current). */
export function currentMenu(ctx: BotContext): string {
  return ctx.session.menuNonce ?? openMenu(ctx);
}

/**
 * The nonce for a menu redrawn as more of its input arrives (an album's next photo): the same menu while
 * it is the chat's newest, so a button pressed a moment before still acts; a new menu otherwise.
 */
export function redrawnMenu(ctx: BotContext, messageId: number): string {
  return ctx.session.menuMessageId === messageId ? currentMenu(ctx) : openMenu(ctx);
}

/** After the chat's turn: the older menu's keyboard is only decoration, so no answer waits for it. */
export function retireMenu(ctx: BotContext): void {
  const messageId = ctx.session.menuMessageId;
  const chatId = ctx.chat?.id;
  delete ctx.session.menuMessageId;
  if (messageId === undefined || chatId === undefined) return;
  ctx.afterTurn(async () => {
    await ctx.api
      .editMessageReplyMarkup(chatId, messageId, { reply_markup: { inline_keyboard: [] } })
      .catch((error: unknown) => ctx.logger.debug({ err: error }, "keyboard of an older menu not removed"));
  });
}

/** A new menu in place of the chat's older one, whose keyboard goes; returns the new menu's nonce. */
export function openNewMenu(ctx: BotContext): string {
  retireMenu(ctx);
  return openMenu(ctx);
}

/** The message now showing the chat's menu: the next menu or /cancel takes its keyboard off. */
export function menuShownIn(ctx: BotContext, message: { message_id: number }): void {
  ctx.session.menuMessageId = message.message_id;
}

/** The message stops being a menu (it became a form's card): a newer menu leaves it alone. */
export function menuBecameCard(ctx: BotContext, messageId: number): void {
  if (ctx.session.menuMessageId === messageId) delete ctx.session.menuMessageId;
}

export async function replyWithMenu(
  ctx: BotContext,
  text: string,
  keyboard: (nonce: string) => InlineKeyboard,
  other: Omit<NonNullable<Parameters<BotContext["reply"]>[1]>, "reply_markup"> = {},
): Promise<{ message_id: number }> {
  const nonce = openNewMenu(ctx);
  const sent = await ctx.reply(text, { ...other, reply_markup: keyboard(nonce) });
  menuShownIn(ctx, sent);
  return sent;
}

/** Telegram refuses an edit to what a message already shows; for the user nothing failed. */
export function unlessNotModified(error: unknown): void {
  if (!(error instanceof GrammyError && error.description.includes("message is not modified"))) throw error;
}

/** Edits the menu message in place (pressing the option already chosen changes nothing). */
export async function editMenu(
  ctx: BotContext,
  text: string,
  other?: Parameters<BotContext["editMessageText"]>[1],
): Promise<void> {
  await ctx.editMessageText(text, other).catch(unlessNotModified);
}
