import { GrammyError, type InlineKeyboard } from "grammy";
import type { BotContext } from "../context.js";
import { menuShownIn, redrawnMenu, replyWithMenu } from "../menu.js";

/**
 * An offer of what to make of what was sent, edited in place as more arrives; a new one where the old
 * one is gone or too old to edit. Returns the offer's message.
 */
export async function showOfferMessage(
  ctx: BotContext,
  messageId: number | undefined,
  text: string,
  keyboard: (nonce: string) => InlineKeyboard,
): Promise<number> {
  const chatId = ctx.chat?.id;
  if (messageId !== undefined && chatId !== undefined) {
    try {
      await ctx.api.editMessageText(chatId, messageId, text, {
        reply_markup: keyboard(redrawnMenu(ctx, messageId)),
      });
      menuShownIn(ctx, { message_id: messageId });
      return messageId;
    } catch (error) {
      if (error instanceof GrammyError && error.description.includes("message is not modified")) {
        return messageId;
      }
      // The offer is gone (deleted, too old to edit) or its edit failed: a new one takes its place.
      ctx.logger.debug({ err: error }, "offer not editable; sending a new one");
    }
  }
  return (await replyWithMenu(ctx, text, keyboard)).message_id;
}
