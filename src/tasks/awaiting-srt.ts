/**
 * A semi-automatic dubbing's transcribe step waits in its chat for the user's check: the transcript is
 * shown as numbered lines, a page at a time; a reply "12: new text" changes line 12's words and keeps
 * its times, an edited SRT file replaces the whole, Render sends what stands. One wait per chat: the
 * newest transcribe step is the one the chat's edits answer.
 */
import type { Api } from "grammy";
import type { InlineKeyboardButton } from "grammy/types";
import { z } from "zod";
import type { Translate } from "../i18n/translate.js";
import { ticketTag } from "../lifecycle/tickets.js";
import { readStored } from "../storage/json.js";
import type { KeyValueStore } from "../storage/ports.js";
import { formatSrtTime, parseSrt, type SrtEntry } from "../tasks-service/parsers/srt.js";
import type { Task } from "../tasks-service/responses.js";
import type { TaskRecord } from "./records.js";
import { RESULT_BUTTONS, transcriptPageButton } from "./result-actions.js";
import { type ResultFetcher, ResultUnavailableError } from "./result-files.js";

const AWAITING_SRT_TTL_MS = 24 * 60 * 60 * 1000;
export const REVIEW_LINES_PER_PAGE = 10;
/** A line as long as this fits a phone's screen in a few rows; the rest is cut on the page. */
const LINE_CHARS = 160;

const ReviewSchema = z.object({
  ticket: z.string(),
  taskId: z.number().int(),
  entries: z.array(
    z.object({ index: z.number().int(), startMs: z.number(), endMs: z.number(), text: z.string() }),
  ),
  /** The message that shows the transcript, replaced by a fresh one below each edit. */
  messageId: z.number().int().optional(),
  /** Lines the user changed, by index. */
  edited: z.array(z.number().int()).default([]),
});
export type Review = z.infer<typeof ReviewSchema>;

const chatKey = (chatId: number) => `awaiting-srt:${chatId}`;
const reviewKey = (ticket: string) => `review:${ticket}`;

export class AwaitingSrt {
  constructor(private readonly kv: KeyValueStore) {}

  async wait(chatId: number, ticket: string): Promise<void> {
    await this.kv.set(chatKey(chatId), ticket, { ttlMs: AWAITING_SRT_TTL_MS });
  }

  ticketIn(chatId: number): Promise<string | undefined> {
    return this.kv.get(chatKey(chatId));
  }

  async clear(chatId: number): Promise<void> {
    await this.kv.delete(chatKey(chatId));
  }

  async open(ticket: string, taskId: number, entries: readonly SrtEntry[]): Promise<Review> {
    const review: Review = {
      ticket,
      taskId,
      entries: entries.map(({ index, startMs, endMs, text }) => ({ index, startMs, endMs, text })),
      edited: [],
    };
    await this.put(review);
    return review;
  }

  async review(ticket: string): Promise<Review | undefined> {
    return readStored(this.kv, reviewKey(ticket), ReviewSchema);
  }

  async put(review: Review): Promise<void> {
    await this.kv.set(reviewKey(review.ticket), JSON.stringify(review), { ttlMs: AWAITING_SRT_TTL_MS });
  }
}

/** Line `index` with new words and its times kept; undefined when there is no such line. */
export function withLine(review: Review, index: number, text: string): Review | undefined {
  if (!review.entries.some((entry) => entry.index === index)) return undefined;
  return {
    ...review,
    entries: review.entries.map((entry) => (entry.index === index ? { ...entry, text } : entry)),
    edited: [...new Set([...review.edited, index])],
  };
}

/** "12: new text" (also "12. new text", "12) new text"): the line and its words, or undefined. */
export function lineEdit(message: string): { index: number; text: string } | undefined {
  const match = /^\s*(\d{1,5})\s*[:.)]\s*([\s\S]*\S)\s*$/.exec(message);
  if (!match?.[1] || !match[2]) return undefined;
  return { index: Number(match[1]), text: match[2].replace(/\s*\n\s*/g, "\n") };
}

export function srtOf(review: Review): string {
  return review.entries
    .map(
      (entry) =>
        `${entry.index}\n${formatSrtTime(entry.startMs)} --> ${formatSrtTime(entry.endMs)}\n${entry.text}\n`,
    )
    .join("\n");
}

export function pageOfLine(review: Review, index: number): number {
  const position = review.entries.findIndex((entry) => entry.index === index);
  return Math.max(0, Math.floor(position / REVIEW_LINES_PER_PAGE));
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A page of the transcript as numbered lines, with page turns, the SRT file and Render. */
export function reviewView(t: Translate, review: Review, page: number) {
  const pages = Math.max(1, Math.ceil(review.entries.length / REVIEW_LINES_PER_PAGE));
  const shown = Math.min(Math.max(0, page), pages - 1);
  const lines = review.entries
    .slice(shown * REVIEW_LINES_PER_PAGE, (shown + 1) * REVIEW_LINES_PER_PAGE)
    .map((entry) => {
      const words = entry.text.replace(/\n/g, " ");
      const cut = words.length > LINE_CHARS ? `${words.slice(0, LINE_CHARS - 1)}…` : words;
      const mark = review.edited.includes(entry.index) ? " ✏️" : "";
      return `<b>${entry.index}.</b> ${escapeHtml(cut)}${mark}`;
    });
  const text = [
    t("review-title", { id: String(review.taskId), page: shown + 1, pages }),
    "",
    ...lines,
    "",
    t("review-how"),
  ].join("\n");
  const tag = ticketTag(review.ticket);
  const turn = (label: string, page: number) => ({
    text: label,
    callback_data: transcriptPageButton.pack(tag, { page }),
  });
  const turns: InlineKeyboardButton[] = [];
  if (shown > 0) turns.push(turn(t("button-prev"), shown - 1));
  if (shown < pages - 1) turns.push(turn(t("button-next"), shown + 1));
  const keyboard = [
    ...(turns.length > 0 ? [turns] : []),
    [
      { text: t("review-button-file"), callback_data: RESULT_BUTTONS.transcriptFile.pack(tag, {}) },
      { text: t("review-button-render"), callback_data: RESULT_BUTTONS.renderAsIs.pack(tag, {}) },
    ],
  ];
  return { text, keyboard };
}

const MAX_TRANSCRIPT_BYTES = 5 * 1024 * 1024;

/** The transcribe step's SRT shown as its first page; the chat then waits for the user's check. */
export async function startReview(
  deps: { awaiting: AwaitingSrt; fetcher: ResultFetcher; api: Pick<Api, "sendMessage"> },
  record: TaskRecord,
  task: Task,
  t: Translate,
): Promise<void> {
  const url = task.result_urls?.srt_url ?? task.result_url;
  if (!url) throw new ResultUnavailableError("the transcribe step has no SRT");
  const parsed = parseSrt(await deps.fetcher.text(url, MAX_TRANSCRIPT_BYTES));
  if (!parsed.ok) throw new ResultUnavailableError("the transcribe step's SRT does not parse");
  const review = await deps.awaiting.open(record.ticket, record.taskId ?? task.task_id, parsed.value);
  const view = reviewView(t, review, 0);
  const sent = await deps.api.sendMessage(record.chatId, view.text, {
    parse_mode: "HTML",
    reply_markup: { inline_keyboard: view.keyboard },
  });
  await deps.awaiting.put({ ...review, messageId: sent.message_id });
  await deps.awaiting.wait(record.chatId, record.ticket);
}
