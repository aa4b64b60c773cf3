import { InlineKeyboard } from "grammy";

/** A link button that opens the private chat with the bot. */
export function privateChatKeyboard(label: string, botUsername: string): InlineKeyboard {
  return new InlineKeyboard().url(label, `https://t.me/${botUsername}`);
}
