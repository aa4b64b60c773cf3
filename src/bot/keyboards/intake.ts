import { InlineKeyboard } from "grammy";
import type { Translate } from "../../i18n/translate.js";
import type { TaskType } from "../../tasks-service/schemas/index.js";
import { CALLBACK_SCOPES, encodeCallback } from "../../telegram/callback-data.js";

/** One button per task that accepts the media, two per row; presses carry `in:<nonce>:<task type>`. */
export function intakeKeyboard(t: Translate, nonce: string, tasks: readonly TaskType[]): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  tasks.forEach((type, index) => {
    keyboard.text(t(`task-${type}-name`), encodeCallback(CALLBACK_SCOPES.intake, nonce, type));
    if (index % 2 === 1) keyboard.row();
  });
  return keyboard;
}
