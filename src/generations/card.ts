/**
 * The batch's card and the words under its results. News is shown by a job at most once an interval (its
 * id names it), a big batch's less often, so the card takes little of the chat's rate from its albums.
 */
import { type Api, GrammyError } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import type { Translate } from "../i18n/translate.js";
import type { JobDefinition, JobQueue } from "../jobs/queue.js";
import { type TicketData, ticketJob, ticketTag } from "../lifecycle/tickets.js";
import {
  type BatchRecord,
  type ChunkItem,
  type ChunkRecord,
  type GenerationRecords,
  hasOwnPrompt,
  refundOf,
} from "./records.js";
import { resultButton } from "./result-actions.js";
import { editInlineCaption } from "./send-inline.js";

export class BatchCards {
  constructor(
    private readonly api: Pick<Api, "editMessageText" | "sendMessage" | "editMessageCaptionInline">,
    private readonly records: GenerationRecords,
    private readonly now: () => number = Date.now,
  ) {}

  /** Shows the text and buttons on the batch's card, unless it shows them already. */
  async show(record: BatchRecord, text: string, replyMarkup?: InlineKeyboardMarkup): Promise<void> {
    // An inline batch's card is its placeholder: it says it is being made until the image or what went
    // wrong takes its place (showInline), with no progress in a chat of others.
    if (record.cardGaveWay || record.inlineMessageId !== undefined) return;
    const card = (await this.records.card(record.ticket)) ?? { messageId: record.cardMessageId };
    const shown = JSON.stringify([text, replyMarkup?.inline_keyboard ?? []]);
    if (card.shown === shown) return;
    const markup = { reply_markup: replyMarkup ?? { inline_keyboard: [] } };
    let messageId = card.messageId;
    if (messageId === undefined) {
      messageId = (await this.api.sendMessage(record.chatId, text, markup)).message_id;
    } else {
      try {
        await this.api.editMessageText(record.chatId, messageId, text, markup);
      } catch (error) {
        if (!(error instanceof GrammyError) || error.error_code !== 400) throw error;
        // "not modified" is already what we want; a card deleted or too old gets a new message, unless it
        // was deleted because the results took its place while this edit was on its way.
        if (!/not modified/i.test(error.description)) {
          if ((await this.records.get(record.ticket))?.cardGaveWay) return;
          messageId = (await this.api.sendMessage(record.chatId, text, markup)).message_id;
        }
      }
    }
    await this.records.putCard(record.ticket, { messageId, shown, shownAt: this.now() });
  }

  async showInline(inlineMessageId: string, caption: string): Promise<void> {
    await editInlineCaption(this.api, inlineMessageId, caption);
  }
}

/** Images per interval between two edits of a batch's card: a batch of 500 is edited every ten intervals. */
const IMAGES_PER_INTERVAL = 50;

export function cardRefreshJob(deps: {
  records: GenerationRecords;
  cards: BatchCards;
  translate(locale: string): Translate;
  queue: JobQueue;
  intervalMs: number;
  now?: () => number;
}): JobDefinition<TicketData> {
  const now = deps.now ?? Date.now;
  const tuning = { attempts: 3, backoffMs: 2_000, concurrency: 16 };
  const job = ticketJob("refresh-generation-card", tuning, async (ticket, { jobId }) => {
    const record = await deps.records.get(ticket);
    if (!record || (record.state !== "created" && record.state !== "finished")) return;
    const finished = record.state === "finished";
    if (!finished) {
      const spacing = deps.intervalMs * Math.max(1, Math.ceil(record.count / IMAGES_PER_INTERVAL));
      const due = ((await deps.records.card(ticket))?.shownAt ?? 0) + spacing;
      const later = `generation-card-${ticketTag(ticket)}-at-${due}`;
      // A timer (or another instance's clock) may run the job for `due` a little early: putting it
      // off again under its own id would be dropped as a duplicate, and the news never shown.
      if (now() < due && later !== jobId) {
        await deps.queue.enqueue(job, { ticket }, { jobId: later, delayMs: due - now() });
        return;
      }
    }
    const t = deps.translate(record.locale);
    const counts = countBatch(await deps.records.chunks(record));
    await deps.cards.show(
      record,
      createdCardText(t, record, counts, finished),
      cardKeyboard(t, record, counts),
    );
  });
  return job;
}

/** Shows the card again within the interval that holds now, or at once for a batch's last news. */
export function cardRefresher(
  queue: JobQueue,
  job: JobDefinition<TicketData>,
  intervalMs: number,
): (ticket: string, options?: { final?: boolean }) => Promise<void> {
  return async (ticket, options = {}) => {
    if (options.final) {
      await queue.enqueue(job, { ticket }, { jobId: `generation-card-${ticketTag(ticket)}-final` });
      return;
    }
    const at = Date.now();
    const slot = Math.floor(at / intervalMs);
    await queue.enqueue(
      job,
      { ticket },
      { jobId: `generation-card-${ticketTag(ticket)}-${slot}`, delayMs: (slot + 1) * intervalMs - at },
    );
  };
}

export function formName(t: Translate, record: Pick<BatchRecord, "form">): string {
  return t(`generation-form-${record.form.type}-name`);
}

/** A batch's generations by status, the tokens charged, and those refunded for failed and canceled ones. */
export function countBatch(chunks: readonly ChunkRecord[]) {
  const counts = {
    queued: 0,
    running: 0,
    succeeded: 0,
    failed: 0,
    canceled: 0,
    charged: 0,
    refundedFailed: 0,
    refundedCanceled: 0,
  };
  for (const item of chunks.flatMap((chunk) => chunk.items)) {
    counts[item.status] += 1;
    if (item.status === "succeeded") counts.charged += item.costTokens;
    if (item.status === "failed") counts.refundedFailed += refundOf(item);
    if (item.status === "canceled") counts.refundedCanceled += refundOf(item);
  }
  return counts;
}
type BatchCounts = ReturnType<typeof countBatch>;

export function createdCardText(
  t: Translate,
  record: BatchRecord,
  counts: BatchCounts,
  finished: boolean,
): string {
  const { count, modelLabel: model, balanceTokens: balance, cancelRunning } = record;
  const { queued, running, succeeded: done, failed, canceled } = counts;
  const name = formName(t, record);
  const video = record.type === "video";
  const money = { reserved: record.costTokens ?? 0, charged: counts.charged };
  const lines = finished
    ? [t("generation-card-finished", { name, done, count }), t("generation-card-money-final", money)]
    : [
        t(video ? "video-card-title" : "generation-card-title", { name, count, model }),
        t("generation-card-progress", { queued, running, done, failed }),
        t("generation-card-money", money),
        ...(balance === undefined ? [] : [t("generation-card-balance", { balance })]),
      ];
  if (failed > 0) lines.push(t("generation-card-failed", { count: failed, refunded: counts.refundedFailed }));
  if (canceled > 0)
    lines.push(t("generation-card-canceled", { count: canceled, refunded: counts.refundedCanceled }));
  if (!finished) {
    if (cancelRunning) lines.push(t("generation-card-cancel-running", { count: cancelRunning }));
    lines.push(t(video ? "video-pay-for-success" : "generation-card-pay-for-success"));
  }
  return lines.join("\n");
}

/** Cancel while some are queued; Retry of the failed ones once nothing waits or runs. */
export function cardKeyboard(t: Translate, record: BatchRecord, counts: BatchCounts): InlineKeyboardMarkup {
  const { queued, running, failed } = counts;
  const cancel = t("generation-button-cancel-queued", { count: queued });
  const retry = t("batch-button-retry", { count: failed });
  return {
    inline_keyboard: [
      ...(queued > 0 ? [[resultButton(cancel, record.ticket, "cancelQueued")]] : []),
      ...(failed > 0 && queued === 0 && running === 0
        ? [[resultButton(retry, record.ticket, "retryFailed")]]
        : []),
    ],
  };
}

/** An image's caption: its number and prompt, the model, and what it cost. */
export function imageCaption(
  t: Translate,
  record: BatchRecord,
  item: ChunkItem,
  { priced = true }: { priced?: boolean } = {},
): string {
  return t(priced ? "generation-image-caption" : "generation-image-caption-unpriced", {
    number: item.position + 1,
    prompt: hasOwnPrompt(record.request) ? clip(item.prompt, 300) : t("generation-no-prompt"),
    model: record.modelLabel,
    tokens: item.costTokens,
  });
}

/** The message after an album: what the numbers are, and what did not come out; empty when neither. */
export function controlText(t: Translate, record: BatchRecord, chunk: ChunkRecord): string {
  const delivered = chunk.items.filter((item) => item.status === "succeeded");
  const lines: string[] = [];
  if (delivered.length > 0) {
    const first = delivered[0]?.position ?? 0;
    const last = delivered.at(-1)?.position ?? first;
    const video = record.type === "video";
    lines.push(
      t(video ? "video-album-title" : "generation-album-title", {
        from: first + 1,
        to: last + 1,
        model: record.modelLabel,
      }),
    );
    lines.push(t(video ? "video-album-legend" : "generation-album-legend"));
  }
  lines.push(...failureLines(t, chunk));
  return lines.join("\n");
}

/** A line per failed image with its refund; canceled ones the card counts in one line. */
export function failureLines(t: Translate, chunk: ChunkRecord): string[] {
  return chunk.items
    .filter((item) => item.status === "failed")
    .map((item) =>
      t("generation-item-failed", {
        number: item.position + 1,
        reason: item.error ?? t("generation-item-no-reason"),
        tokens: refundOf(item),
      }),
    );
}

/** On one line, cut to `max` characters and marked as cut. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
