import { InlineKeyboard } from "grammy";
import { z } from "zod";
import { BOT_LOCALES } from "../../i18n/locales.js";
import type { Translate } from "../../i18n/translate.js";
import { CALLBACK_SCOPES, defineCallback } from "../../telegram/callback-data.js";

export const languageButton = defineCallback(CALLBACK_SCOPES.language, undefined, {
  language: z.enum(BOT_LOCALES),
});

/** One button per interface language, the current one marked. */
export function languageKeyboard(t: Translate, nonce: string, current: string): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const language of BOT_LOCALES) {
    const mark = language === current ? "✅ " : "";
    keyboard.text(`${mark}${t(`language-name-${language}`)}`, languageButton.pack(nonce, { language }));
  }
  return keyboard;
}
