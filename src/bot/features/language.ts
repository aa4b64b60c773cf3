import { Composer, InlineKeyboard } from "grammy";
import { z } from "zod";
import { BOT_LOCALES } from "../../i18n/locales.js";
import type { Translate } from "../../i18n/translate.js";
import { CALLBACK_SCOPES, defineCallback } from "../../telegram/callback-data.js";
import type { BotContext } from "../context.js";
import { editMenu, replyWithMenu } from "../menu.js";

const languageButton = defineCallback(CALLBACK_SCOPES.language, undefined, {
  language: z.enum(BOT_LOCALES),
});

function languageKeyboard(t: Translate, nonce: string, current: string): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const language of BOT_LOCALES) {
    const mark = language === current ? "✅ " : "";
    keyboard.text(`${mark}${t(`language-name-${language}`)}`, languageButton.pack(nonce, { language }));
  }
  return keyboard;
}

export const languageFeature = new Composer<BotContext>();

languageFeature.chatType("private").command("language", async (ctx) => {
  const current = await ctx.i18n.getLocale();
  await replyWithMenu(ctx, ctx.t("language-pick"), (nonce) => languageKeyboard(ctx.t, nonce, current));
});

languageFeature.on("callback_query:data").filter(languageButton.filter, async (ctx) => {
  const { language } = ctx.pressed.data;
  ctx.preferences = await ctx.preferencesRepository.update(ctx.from.id, { language });
  ctx.i18n.useLocale(language);
  await ctx.answerCallbackQuery();
  await editMenu(ctx, ctx.t("language-changed"));
});
