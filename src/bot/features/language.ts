import { Composer } from "grammy";
import { isBotLocale } from "../../i18n/locales.js";
import { CALLBACK_SCOPES } from "../../telegram/callback-data.js";
import type { BotContext } from "../context.js";
import { languageKeyboard } from "../keyboards/language.js";
import { editMenu, replyWithMenu } from "../menu.js";

export const languageFeature = new Composer<BotContext>();

languageFeature.chatType("private").command("language", async (ctx) => {
  const current = await ctx.i18n.getLocale();
  await replyWithMenu(ctx, ctx.t("language-pick"), (nonce) => languageKeyboard(ctx.t, nonce, current));
});

languageFeature.on("callback_query:data", async (ctx, next) => {
  const data = ctx.callbackData;
  if (data?.scope !== CALLBACK_SCOPES.language) return next();
  const [language] = data.args;
  if (language === undefined || !isBotLocale(language)) {
    await ctx.answerCallbackQuery();
    return;
  }
  ctx.preferences = await ctx.preferencesRepository.update(ctx.from.id, { language });
  ctx.i18n.useLocale(language);
  await ctx.answerCallbackQuery();
  await editMenu(ctx, ctx.t("language-changed"));
});
