import { InlineKeyboard } from "grammy";
import { z } from "zod";
import type { Translate } from "../../i18n/translate.js";
import { CALLBACK_SCOPES, callbackInt, defineCallback } from "../../telegram/callback-data.js";
import type { SettingsField, SettingsOption } from "../settings-fields.js";

const scope = CALLBACK_SCOPES.settings;
const field = { code: z.string().min(1) };
export const openSettingButton = defineCallback(scope, "open", field);
export const setSettingButton = defineCallback(scope, "set", { ...field, option: callbackInt });
export const resetSettingButton = defineCallback(scope, "reset", field);
export const settingsMenuButton = defineCallback(scope, "menu", {});

export function settingsMainKeyboard(
  t: Translate,
  nonce: string,
  fields: readonly SettingsField[],
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  fields.forEach(({ buttonKey, code }, index) => {
    keyboard.text(t(buttonKey), openSettingButton.pack(nonce, { code }));
    if (index % 2 === 1) keyboard.row();
  });
  return keyboard;
}

export function settingsOptionsKeyboard(
  t: Translate,
  nonce: string,
  { code, resets }: SettingsField,
  options: readonly SettingsOption[],
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  options.forEach(({ label }, option) => {
    keyboard.text(label, setSettingButton.pack(nonce, { code, option }));
    if (option % 2 === 1) keyboard.row();
  });
  keyboard.row();
  if (resets) keyboard.text(t("settings-button-reset"), resetSettingButton.pack(nonce, { code }));
  return keyboard.text(t("button-back"), settingsMenuButton.pack(nonce, {}));
}
