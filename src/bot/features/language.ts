import { Composer } from "grammy";
import type { BotContext } from "../context.js";
import { languageButton, languageKeyboard } from "../keyboards/language.js";
import { editMenu, replyWithMenu } from "../menu.js";

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
