import { InlineKeyboard } from "grammy";
import { z } from "zod";
import type { Translate } from "../../i18n/translate.js";
import type { TaskType } from "../../tasks-service/schemas/index.js";
import { CALLBACK_SCOPES, defineCallback } from "../../telegram/callback-data.js";
import { BOT_TASK_TYPES } from "../task-types.js";

/** The task a pressed intake button chose (the forms read it, then take the pending media). */
export const intakeButton = defineCallback(CALLBACK_SCOPES.intake, undefined, {
  type: z.enum(BOT_TASK_TYPES),
});

/** One button per task that accepts the media, two per row. */
export function intakeKeyboard(t: Translate, nonce: string, tasks: readonly TaskType[]): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  tasks.forEach((type, index) => {
    keyboard.text(t(`task-${type}-name`), intakeButton.pack(nonce, { type }));
    if (index % 2 === 1) keyboard.row();
  });
  return keyboard;
}
