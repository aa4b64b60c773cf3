import { InlineKeyboard } from "grammy";
import { z } from "zod";
import type { Translate } from "../../i18n/translate.js";
import { TASK_TYPES } from "../../tasks-service/schemas/index.js";
import { CALLBACK_SCOPES, defineCallback } from "../../telegram/callback-data.js";

export const startTaskButton = defineCallback(CALLBACK_SCOPES.startTask, undefined, {
  type: z.enum(TASK_TYPES),
});

/** One button per task type, two per row, with no empty row after them. */
export function taskTypesKeyboard(t: Translate, nonce: string): InlineKeyboard {
  const buttons = TASK_TYPES.map((type) =>
    InlineKeyboard.text(t(`task-${type}-name`), startTaskButton.pack(nonce, { type })),
  );
  return InlineKeyboard.from([buttons]).toFlowed(2);
}
