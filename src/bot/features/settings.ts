import { Composer } from "grammy";
import { type BotLocale, isBotLocale } from "../../i18n/locales.js";
import { CALLBACK_SCOPES } from "../../telegram/callback-data.js";
import type { BotContext } from "../context.js";
import { settingsMainKeyboard, settingsOptionsKeyboard } from "../keyboards/settings.js";
import { currentMenu, editMenu, menuShownIn, openNewMenu } from "../menu.js";
import { SETTINGS_FIELDS, type SettingsField, settingsField, settingsSummary } from "../settings-fields.js";

async function localeOf(ctx: BotContext): Promise<BotLocale> {
  const locale = await ctx.i18n.getLocale();
  return isBotLocale(locale) ? locale : ctx.deps.config.defaultLocale;
}

async function mainMenu(ctx: BotContext, nonce: string) {
  const text = settingsSummary(ctx.t, ctx.deps.catalog, ctx.preferences, await localeOf(ctx));
  return { text, reply_markup: settingsMainKeyboard(ctx.t, nonce, SETTINGS_FIELDS) };
}

async function fieldOptions(ctx: BotContext, field: SettingsField) {
  return field.options({
    t: ctx.t,
    catalog: ctx.deps.catalog,
    preferences: ctx.preferences,
    locale: await localeOf(ctx),
  });
}

/** Shows a field's options in the menu message; fields without options explain why. */
async function showField(ctx: BotContext, field: SettingsField, nonce: string): Promise<void> {
  const options = await fieldOptions(ctx, field);
  if (options.length === 0) {
    const reason =
      field.code === "voice" && ctx.preferences.ttsProvider === undefined
        ? "settings-choose-voice-first"
        : "settings-no-voices";
    await ctx.answerCallbackQuery({ text: ctx.t(reason), show_alert: true });
    return;
  }
  const provider = ctx.deps.catalog.providers().find((entry) => entry.id === ctx.preferences.ttsProvider);
  await ctx.answerCallbackQuery();
  await editMenu(ctx, ctx.t(field.promptKey, { provider: provider?.label ?? "" }), {
    reply_markup: settingsOptionsKeyboard(ctx.t, nonce, field, options),
  });
}

export const settingsFeature = new Composer<BotContext>();

settingsFeature.chatType("private").command("settings", async (ctx) => {
  const { text, reply_markup } = await mainMenu(ctx, openNewMenu(ctx));
  menuShownIn(ctx, await ctx.reply(text, { reply_markup }));
});

settingsFeature.on("callback_query:data", async (ctx, next) => {
  const data = ctx.callbackData;
  if (data?.scope !== CALLBACK_SCOPES.settings) return next();
  const nonce = currentMenu(ctx);
  const [action, code, index] = data.args;
  const field = settingsField(code);

  if (action === "open" && field) {
    await showField(ctx, field, nonce);
    return;
  }
  if ((action === "set" || action === "reset") && field) {
    let change: Record<string, undefined> | undefined;
    if (action === "reset")
      change = Object.fromEntries((field.resets ?? []).map((name) => [name, undefined]));
    const option = action === "set" ? (await fieldOptions(ctx, field))[Number(index)] : undefined;
    const update = option?.change ?? change;
    if (update === undefined) {
      await ctx.answerCallbackQuery({ text: ctx.t("button-stale") });
      return;
    }
    ctx.preferences = await ctx.preferencesRepository.update(ctx.from.id, update);
    if (ctx.preferences.language) ctx.i18n.useLocale(ctx.preferences.language);
    else await ctx.i18n.renegotiateLocale();
    await ctx.answerCallbackQuery({ text: ctx.t("settings-saved") });
  } else {
    await ctx.answerCallbackQuery();
  }
  const { text, reply_markup } = await mainMenu(ctx, nonce);
  await editMenu(ctx, text, { reply_markup });
});
