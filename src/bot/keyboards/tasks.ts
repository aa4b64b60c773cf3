import { InlineKeyboard } from "grammy";
import type { Translate } from "../../i18n/translate.js";
import { CALLBACK_SCOPES, encodeCallback } from "../../telegram/callback-data.js";

export interface TaskListEntry {
  id: number;
  label: string;
}

/** A button per task, then previous/next page buttons where there is such a page. */
export function taskListKeyboard(
  t: Translate,
  nonce: string,
  entries: readonly TaskListEntry[],
  page: number,
  hasNext: boolean,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const entry of entries) {
    keyboard.text(entry.label, encodeCallback(CALLBACK_SCOPES.tasks, nonce, "show", entry.id, page)).row();
  }
  if (page > 0)
    keyboard.text(t("button-prev"), encodeCallback(CALLBACK_SCOPES.tasks, nonce, "page", page - 1));
  if (hasNext)
    keyboard.text(t("button-next"), encodeCallback(CALLBACK_SCOPES.tasks, nonce, "page", page + 1));
  return keyboard;
}

/** A task's details: "Send the result again" when it has one, and back to its page. */
export function taskDetailsKeyboard(
  t: Translate,
  nonce: string,
  id: number,
  page: number,
  hasResult: boolean,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  if (hasResult) {
    keyboard
      .text(t("task-send-again"), encodeCallback(CALLBACK_SCOPES.tasks, nonce, "again", id, page))
      .row();
  }
  return keyboard.text(t("button-back"), encodeCallback(CALLBACK_SCOPES.tasks, nonce, "page", page));
}
