import { GrammyError } from "grammy";
import { newNonce } from "../telegram/callback-data.js";
import type { BotContext } from "./context.js";

/**
 * Starts a new inline menu in this chat: buttons of every earlier menu become stale, and only the
 * user who opened it may press its buttons.
 */
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
 * Edits the menu message in place. Pressing the option that is already chosen gives the same text and
 * keyboard, which Telegram refuses as "message is not modified"; that is not a failure for the user.
 */
export async function editMenu(
  ctx: BotContext,
  text: string,
  other?: Parameters<BotContext["editMessageText"]>[1],
): Promise<void> {
  try {
    await ctx.editMessageText(text, other);
  } catch (error) {
    if (error instanceof GrammyError && error.description.includes("message is not modified")) return;
    throw error;
  }
}
