import { InlineKeyboard } from "grammy";
import { z } from "zod";
import type { Translate } from "../../i18n/translate.js";
import { CALLBACK_SCOPES, defineCallback } from "../../telegram/callback-data.js";
import { BOT_TASK_TYPES } from "../task-types.js";

export const startTaskButton = defineCallback(CALLBACK_SCOPES.startTask, undefined, {
  type: z.enum(BOT_TASK_TYPES),
});

/** One button per task type, two per row. */
export function taskTypesKeyboard(t: Translate, nonce: string): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  BOT_TASK_TYPES.forEach((type, index) => {
    keyboard.text(t(`task-${type}-name`), startTaskButton.pack(nonce, { type }));
    if (index % 2 === 1) keyboard.row();
  });
  return keyboard;
}
