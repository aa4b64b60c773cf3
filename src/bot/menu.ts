import { newNonce } from "./callback-data.js";
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
