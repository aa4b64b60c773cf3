import { Composer, InlineKeyboard } from "grammy";
import { z } from "zod";
import { CALLBACK_SCOPES, callbackInt, defineCallback } from "../../telegram/callback-data.js";
import type { BotContext } from "../context.js";
import type { VoiceCatalogPort } from "../deps.js";
import { currentMenu, editMenu, menuShownIn, openNewMenu } from "../menu.js";
import type { UserPreferences } from "../preferences.js";
import { SETTINGS_FIELDS, type SettingsField, settingsField, settingsSummary } from "../settings-fields.js";

const scope = CALLBACK_SCOPES.settings;
const field = { code: z.string().min(1) };
export const openSettingButton = defineCallback(scope, "open", field);
const setSettingButton = defineCallback(scope, "set", { ...field, option: callbackInt });
const resetSettingButton = defineCallback(scope, "reset", field);
const settingsMenuButton = defineCallback(scope, "menu", {});

async function mainMenu(ctx: BotContext, catalog: VoiceCatalogPort, nonce: string) {
  const text = settingsSummary(ctx.t, catalog, ctx.preferences, await ctx.i18n.getLocale());
  const keyboard = new InlineKeyboard();
  SETTINGS_FIELDS.forEach(({ buttonKey, code }, index) => {
    keyboard.text(ctx.t(buttonKey), openSettingButton.pack(nonce, { code }));
    if (index % 2 === 1) keyboard.row();
  });
  return { text, reply_markup: keyboard };
}

async function fieldOptions(ctx: BotContext, catalog: VoiceCatalogPort, field: SettingsField) {
  return field.options({
    t: ctx.t,
    catalog,
    preferences: ctx.preferences,
    locale: await ctx.i18n.getLocale(),
  });
}

async function showField(ctx: BotContext, catalog: VoiceCatalogPort, field: SettingsField, nonce: string) {
  const options = await fieldOptions(ctx, catalog, field);
  if (options.length === 0)
    return ctx.answerCallbackQuery({ text: ctx.t("settings-no-voices"), show_alert: true });
  await ctx.answerCallbackQuery();
  const { code, resets } = field;
  const keyboard = new InlineKeyboard();
  options.forEach(({ label }, option) => {
    keyboard.text(label, setSettingButton.pack(nonce, { code, option }));
    if (option % 2 === 1) keyboard.row();
  });
  keyboard.row();
  if (resets) keyboard.text(ctx.t("settings-button-reset"), resetSettingButton.pack(nonce, { code }));
  keyboard.text(ctx.t("button-back"), settingsMenuButton.pack(nonce, {}));
  await editMenu(ctx, ctx.t(field.promptKey), { reply_markup: keyboard });
}

/** The main menu again, after a change was saved or none was made. */
async function backToMenu(ctx: BotContext, catalog: VoiceCatalogPort, answer?: string): Promise<void> {
  await ctx.answerCallbackQuery(answer === undefined ? undefined : { text: answer });
  const { text, reply_markup } = await mainMenu(ctx, catalog, currentMenu(ctx));
  await editMenu(ctx, text, { reply_markup });
}

async function saveSetting(
  ctx: BotContext,
  catalog: VoiceCatalogPort,
  userId: number,
  change: Partial<UserPreferences> | undefined,
) {
  if (change === undefined) return ctx.answerCallbackQuery({ text: ctx.t("button-stale") });
  ctx.preferences = await ctx.preferencesRepository.update(userId, change);
  if (ctx.preferences.language) ctx.i18n.useLocale(ctx.preferences.language);
  else await ctx.i18n.renegotiateLocale();
  await backToMenu(ctx, catalog, ctx.t("settings-saved"));
}

/** /settings: the sender's preferences, one field at a time, with the voices of the catalog. */
export function createSettingsFeature(catalog: VoiceCatalogPort): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  feature.chatType("private").command("settings", async (ctx) => {
    const { text, reply_markup } = await mainMenu(ctx, catalog, openNewMenu(ctx));
    menuShownIn(ctx, await ctx.reply(text, { reply_markup }));
  });

  const presses = feature.on("callback_query:data");

  presses.filter(openSettingButton.filter, async (ctx) => {
    const field = settingsField(ctx.pressed.data.code);
    if (field) await showField(ctx, catalog, field, currentMenu(ctx));
    else await backToMenu(ctx, catalog);
  });

  presses.filter(setSettingButton.filter, async (ctx) => {
    const { code, option } = ctx.pressed.data;
    const field = settingsField(code);
    const chosen = field ? (await fieldOptions(ctx, catalog, field))[option] : undefined;
    await saveSetting(ctx, catalog, ctx.from.id, chosen?.change);
  });

  presses.filter(resetSettingButton.filter, async (ctx) => {
    const field = settingsField(ctx.pressed.data.code);
    const change = field && Object.fromEntries((field.resets ?? []).map((name) => [name, undefined]));
    await saveSetting(ctx, catalog, ctx.from.id, change);
  });

  presses.filter(settingsMenuButton.filter, (ctx) => backToMenu(ctx, catalog));
  return feature;
}
