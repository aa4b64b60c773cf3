import { InlineKeyboard } from "grammy";
import type { Translate } from "../../i18n/translate.js";
import { CALLBACK_SCOPES, encodeCallback } from "../../telegram/callback-data.js";
import { BOT_TASK_TYPES } from "../task-types.js";

/** One button per task type, two per row. */
export function taskTypesKeyboard(t: Translate, nonce: string): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  BOT_TASK_TYPES.forEach((type, index) => {
    keyboard.text(t(`task-${type}-name`), encodeCallback(CALLBACK_SCOPES.startTask, nonce, type));
    if (index % 2 === 1) keyboard.row();
  });
  return keyboard;
}
