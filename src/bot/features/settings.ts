import { Composer } from "grammy";
import { type BotLocale, isBotLocale } from "../../i18n/locales.js";
import type { BotContext } from "../context.js";
import {
  openSettingButton,
  resetSettingButton,
  setSettingButton,
  settingsMainKeyboard,
  settingsMenuButton,
  settingsOptionsKeyboard,
} from "../keyboards/settings.js";
import { currentMenu, editMenu, menuShownIn, openNewMenu } from "../menu.js";
import type { UserPreferences } from "../preferences.js";
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

/** The main menu again, after a change was saved or none was made. */
async function backToMenu(ctx: BotContext, answer?: string): Promise<void> {
  await ctx.answerCallbackQuery(answer === undefined ? undefined : { text: answer });
  const { text, reply_markup } = await mainMenu(ctx, currentMenu(ctx));
  await editMenu(ctx, text, { reply_markup });
}

async function saveSetting(ctx: BotContext, userId: number, change: Partial<UserPreferences> | undefined) {
  if (change === undefined) {
    await ctx.answerCallbackQuery({ text: ctx.t("button-stale") });
    return;
  }
  ctx.preferences = await ctx.preferencesRepository.update(userId, change);
  if (ctx.preferences.language) ctx.i18n.useLocale(ctx.preferences.language);
  else await ctx.i18n.renegotiateLocale();
  await backToMenu(ctx, ctx.t("settings-saved"));
}

const presses = settingsFeature.on("callback_query:data");

presses.filter(openSettingButton.filter, async (ctx) => {
  const field = settingsField(ctx.pressed.data.code);
  if (field) await showField(ctx, field, currentMenu(ctx));
  else await backToMenu(ctx);
});

presses.filter(setSettingButton.filter, async (ctx) => {
  const { code, option } = ctx.pressed.data;
  const field = settingsField(code);
  const chosen = field ? (await fieldOptions(ctx, field))[option] : undefined;
  await saveSetting(ctx, ctx.from.id, chosen?.change);
});

presses.filter(resetSettingButton.filter, async (ctx) => {
  const field = settingsField(ctx.pressed.data.code);
  const change = field && Object.fromEntries((field.resets ?? []).map((name) => [name, undefined]));
  await saveSetting(ctx, ctx.from.id, change);
});

presses.filter(settingsMenuButton.filter, (ctx) => backToMenu(ctx));
