/**
 * The one message per task that says where it stands: uploading, created, the percent done, then a
 * one-line summary. Edits are throttled and never repeat the text on show (Telegram refuses that and
 * it costs a request from the chat's budget); the last text sent is kept on the task record.
 */
import { type Api, GrammyError } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import type { ApiKeyReader } from "../accounts/ports.js";
import type { Translate } from "../i18n/translate.js";
import type { Metrics } from "../metrics.js";
import type { TaskRecord, TaskRecords } from "./records.js";

/** What the creation check and the submit and deliver jobs all work with. */
export interface TaskStageDeps {
  records: TaskRecords;
  cards: ProgressCards;
  apiKeys: ApiKeyReader;
  translate(locale: string): Translate;
  metrics?: Metrics;
  now?: () => number;
}

/** Progress edits at most this often; changes of state (created, done, failed) always go out. */
const CARD_EDIT_INTERVAL_MS = 4_000;

export interface CardUpdate {
  text: string;
  replyMarkup?: InlineKeyboardMarkup;
  /** A change of state rather than a percent: not throttled. */
  important?: boolean;
}

export class ProgressCards {
  constructor(
    private readonly api: Pick<Api, "editMessageText" | "sendMessage">,
    private readonly records: TaskRecords,
    private readonly now: () => number = Date.now,
  ) {}

  /** Returns the record as stored afterwards. */
  async show(record: TaskRecord, update: CardUpdate): Promise<TaskRecord> {
    if (record.cardText === update.text && !update.replyMarkup) return record;
    const now = this.now();
    const edited = record.cardEditedAt ?? Number.NEGATIVE_INFINITY;
    if (!update.important && now - edited < CARD_EDIT_INTERVAL_MS) return record;
    const markup = update.replyMarkup ? { reply_markup: update.replyMarkup } : {};
    let cardMessageId = record.cardMessageId;
    if (cardMessageId === undefined) {
      // A task made through the API has no card in the chat: only its result goes there.
      if (!update.important || record.origin === "api") return record;
      cardMessageId = (await this.api.sendMessage(record.chatId, update.text, markup)).message_id;
    } else {
      try {
        await this.api.editMessageText(record.chatId, cardMessageId, update.text, markup);
      } catch (error) {
        if (!(error instanceof GrammyError) || error.error_code !== 400) throw error;
        // "not modified" is already what we want; a card deleted or too old gets a new message.
        if (!/not modified/i.test(error.description)) {
          cardMessageId = (await this.api.sendMessage(record.chatId, update.text, markup)).message_id;
        }
      }
    }
    const next: TaskRecord = { ...record, cardMessageId, cardText: update.text, cardEditedAt: now };
    await this.records.put(next);
    return next;
  }
}

/** What the task is: its type's name, or a joined video's by its keyframes ("Video from 3 keyframes"). */
export function taskName(t: Translate, record: Pick<TaskRecord, "type" | "joined">): string {
  return record.joined
    ? t("task-joined-name", { keyframes: record.joined.keyframes })
    : t(`task-${record.type}-name`);
}

/** The task's name; a dubbing's render step names the step it continues ("render of #1005"). */
export function taskTitle(t: Translate, record: TaskRecord): string {
  const name = taskName(t, record);
  return record.parentTaskId === undefined
    ? name
    : t("task-render-of", { task: name, id: String(record.parentTaskId) });
}

/** A card's words that name the task, and its number where the service gave one. */
const titled = (key: string) => (t: Translate, record: TaskRecord) => t(key, { task: taskTitle(t, record) });
const numbered = (key: string) => (t: Translate, record: TaskRecord) =>
  t(key, { task: taskTitle(t, record), id: String(record.taskId ?? "") });

export const cardText = {
  uploading: (t: Translate, record: TaskRecord, done: number, total: number) =>
    t("card-uploading", { task: taskTitle(t, record), done, total }),
  creating: titled("card-creating"),
  created: numbered("card-created"),
  progress: (t: Translate, record: TaskRecord, percent: number) =>
    t("card-progress", { task: taskTitle(t, record), id: String(record.taskId ?? ""), percent }),
  delivered: numbered("card-delivered"),
  awaitingCheck: numbered("card-awaiting-check"),
  failed: numbered("card-failed"),
  submitFailed: (t: Translate, record: TaskRecord, reason: string) =>
    t("card-submit-failed", { task: taskTitle(t, record), reason }),
  unconfirmed: titled("card-unconfirmed"),
  notCreated: titled("card-not-created"),
  unresolved: titled("card-unresolved"),
  gaveUp: numbered("card-gave-up"),
};
