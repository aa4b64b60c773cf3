import { InlineKeyboard } from "grammy";
import { BOT_LOCALES } from "../../i18n/locales.js";
import type { Translate } from "../../i18n/translate.js";
import { CALLBACK_SCOPES, encodeCallback } from "../../telegram/callback-data.js";

/** One button per interface language, the current one marked. */
export function languageKeyboard(t: Translate, nonce: string, current: string): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const locale of BOT_LOCALES) {
    const mark = locale === current ? "✅ " : "";
    keyboard.text(
      `${mark}${t(`language-name-${locale}`)}`,
      encodeCallback(CALLBACK_SCOPES.language, nonce, locale),
    );
  }
  return keyboard;
}
