import { InlineKeyboard } from "grammy";
import type { Translate } from "../../i18n/translate.js";
import { CALLBACK_SCOPES, encodeCallback } from "../../telegram/callback-data.js";
import type { SettingsField, SettingsOption } from "../settings-fields.js";

export function settingsMainKeyboard(
  t: Translate,
  nonce: string,
  fields: readonly SettingsField[],
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  fields.forEach((field, index) => {
    keyboard.text(t(field.buttonKey), encodeCallback(CALLBACK_SCOPES.settings, nonce, "open", field.code));
    if (index % 2 === 1) keyboard.row();
  });
  return keyboard;
}

export function settingsOptionsKeyboard(
  t: Translate,
  nonce: string,
  field: SettingsField,
  options: readonly SettingsOption[],
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  options.forEach((option, index) => {
    keyboard.text(option.label, encodeCallback(CALLBACK_SCOPES.settings, nonce, "set", field.code, index));
    if (index % 2 === 1) keyboard.row();
  });
  keyboard.row();
  if (field.resets)
    keyboard.text(
      t("settings-button-reset"),
      encodeCallback(CALLBACK_SCOPES.settings, nonce, "reset", field.code),
    );
  keyboard.text(t("button-back"), encodeCallback(CALLBACK_SCOPES.settings, nonce, "menu"));
  return keyboard;
}
