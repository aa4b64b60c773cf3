import { InlineKeyboard } from "grammy";
import { CALLBACK_SCOPES, encodeCallback } from "../callback-data.js";
import { BOT_LOCALES } from "../locales.js";

type Translate = (key: string) => string;

export function languageKeyboard(t: Translate, nonce: string): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const locale of BOT_LOCALES) {
    keyboard.text(t(`language-name-${locale}`), encodeCallback(CALLBACK_SCOPES.language, nonce, locale));
  }
  return keyboard;
}
