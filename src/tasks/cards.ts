/**
 * The words and buttons of a task's card in each state, outside any update (jobs use the locale the
 * task was created in).
 */
import type { InlineKeyboardMarkup } from "grammy/types";
import type { Translate } from "../i18n/translate.js";
import { CALLBACK_SCOPES, encodeCallback } from "../telegram/callback-data.js";
import type { TaskRecord } from "./task-records.js";

/** Buttons on results and failures: they act on the ticket, not on the chat's newest menu. */
export const RESULT_ACTIONS = {
  repeat: "r",
  newTask: "n",
  retrySubmit: "s",
  tryAgain: "a",
  renderAsIs: "d",
} as const;

export function resultButton(t: Translate, record: TaskRecord, action: keyof typeof RESULT_ACTIONS) {
  return {
    text: t(`outcome-button-${action}`),
    callback_data: encodeCallback(CALLBACK_SCOPES.result, record.ticket, RESULT_ACTIONS[action]),
  };
}

/** "Repeat with changes" and "New task", on every result. */
export function resultKeyboard(t: Translate, record: TaskRecord): InlineKeyboardMarkup {
  const row = [resultButton(t, record, "newTask")];
  if (record.form) row.unshift(resultButton(t, record, "repeat"));
  return { inline_keyboard: [row] };
}

function taskName(t: Translate, record: TaskRecord): string {
  return t(`task-${record.type}-name`);
}

export const cardText = {
  uploading: (t: Translate, record: TaskRecord, done: number, total: number) =>
    t("card-uploading", { task: taskName(t, record), done, total }),
  creating: (t: Translate, record: TaskRecord) => t("card-creating", { task: taskName(t, record) }),
  created: (t: Translate, record: TaskRecord) =>
    t("card-created", { task: taskName(t, record), id: String(record.taskId ?? "") }),
  progress: (t: Translate, record: TaskRecord, percent: number) =>
    t("card-progress", { task: taskName(t, record), id: String(record.taskId ?? ""), percent }),
  delivered: (t: Translate, record: TaskRecord) =>
    t("card-delivered", { task: taskName(t, record), id: String(record.taskId ?? "") }),
  failed: (t: Translate, record: TaskRecord) =>
    t("card-failed", { task: taskName(t, record), id: String(record.taskId ?? "") }),
  submitFailed: (t: Translate, record: TaskRecord, reason: string) =>
    t("card-submit-failed", { task: taskName(t, record), reason }),
  unconfirmed: (t: Translate, record: TaskRecord) => t("card-unconfirmed", { task: taskName(t, record) }),
  notCreated: (t: Translate, record: TaskRecord) => t("card-not-created", { task: taskName(t, record) }),
  unresolved: (t: Translate, record: TaskRecord) => t("card-unresolved", { task: taskName(t, record) }),
  gaveUp: (t: Translate, record: TaskRecord) =>
    t("card-gave-up", { task: taskName(t, record), id: String(record.taskId ?? "") }),
};
