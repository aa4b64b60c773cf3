import { InlineKeyboard } from "grammy";
import type { Translate } from "../../i18n/translate.js";
import { CALLBACK_SCOPES, callbackInt, defineCallback } from "../../telegram/callback-data.js";

const scope = CALLBACK_SCOPES.tasks;
const task = { id: callbackInt, page: callbackInt };
export const taskPageButton = defineCallback(scope, "page", { page: callbackInt });
export const showTaskButton = defineCallback(scope, "show", task);
export const sendTaskAgainButton = defineCallback(scope, "again", task);

export function taskListKeyboard(
  t: Translate,
  nonce: string,
  entries: readonly { id: number; label: string }[],
  page: number,
  hasNext: boolean,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const { id, label } of entries) keyboard.text(label, showTaskButton.pack(nonce, { id, page })).row();
  if (page > 0) keyboard.text(t("button-prev"), taskPageButton.pack(nonce, { page: page - 1 }));
  if (hasNext) keyboard.text(t("button-next"), taskPageButton.pack(nonce, { page: page + 1 }));
  return keyboard;
}

export function taskDetailsKeyboard(
  t: Translate,
  nonce: string,
  id: number,
  page: number,
  hasResult: boolean,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  if (hasResult) keyboard.text(t("task-send-again"), sendTaskAgainButton.pack(nonce, { id, page })).row();
  return keyboard.text(t("button-back"), taskPageButton.pack(nonce, { page }));
}
