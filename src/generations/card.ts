/**
 * The one message per batch that says where it stands: sending, created with its reserved cost, then
 * queued, running, done and failed as they change, and the tokens charged. News is shown by a job that
 * reads the batch as it is when it runs; each batch has at most one such job per interval (its id names
 * the interval), so a burst of news makes one edit, and the last news is always shown. A big batch is
 * shown less often, so its card takes little of the chat's rate from its albums.
 */
import { type Api, GrammyError } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import { z } from "zod";
import type { Translate } from "../i18n/translate.js";
import type { JobDefinition, JobQueue } from "../jobs/queue.js";
import { ticketTag } from "../lifecycle/tickets.js";
import { cardKeyboard, countBatch, createdCardText } from "./cards.js";
import type { BatchRecord, GenerationRecords } from "./records.js";

export class BatchCards {
  constructor(
    private readonly api: Pick<Api, "editMessageText" | "sendMessage">,
    private readonly records: GenerationRecords,
    private readonly now: () => number = Date.now,
  ) {}

  /** Shows the text and buttons on the batch's card, unless it shows them already. */
  async show(record: BatchRecord, text: string, replyMarkup?: InlineKeyboardMarkup): Promise<void> {
    const card = (await this.records.card(record.ticket)) ?? {
      ...(record.cardMessageId === undefined ? {} : { messageId: record.cardMessageId }),
    };
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
        // "not modified" is already what we want; a card deleted or too old gets a new message.
        if (!/not modified/i.test(error.description)) {
          messageId = (await this.api.sendMessage(record.chatId, text, markup)).message_id;
        }
      }
    }
    await this.records.putCard(record.ticket, { messageId, shown, shownAt: this.now() });
  }
}

const CardDataSchema = z.object({ ticket: z.string().min(16) });
export type CardData = z.infer<typeof CardDataSchema>;

/** Images per interval between two edits of a batch's card: a batch of 500 is edited every ten intervals. */
const IMAGES_PER_INTERVAL = 50;

export function cardRefreshJob(deps: {
  records: GenerationRecords;
  cards: BatchCards;
  translate(locale: string): Translate;
  queue: JobQueue;
  intervalMs: number;
  now?: () => number;
}): JobDefinition<CardData> {
  const now = deps.now ?? Date.now;
  const job: JobDefinition<CardData> = {
    name: "refresh-generation-card",
    schema: CardDataSchema,
    attempts: 3,
    backoffMs: 2_000,
    concurrency: 16,
    async handler({ ticket }, { jobId }) {
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
    },
  };
  return job;
}

/**
 * Asks for the card to be shown again: within the interval that contains now (so at most once an
 * interval), or at once for the last news of a batch.
 */
export function cardRefresher(
  queue: JobQueue,
  job: JobDefinition<CardData>,
  intervalMs: number,
  now: () => number = Date.now,
): (ticket: string, options?: { final?: boolean }) => Promise<void> {
  return async (ticket, options = {}) => {
    if (options.final) {
      await queue.enqueue(job, { ticket }, { jobId: `generation-card-${ticketTag(ticket)}-final` });
      return;
    }
    const at = now();
    const slot = Math.floor(at / intervalMs);
    await queue.enqueue(
      job,
      { ticket },
      { jobId: `generation-card-${ticketTag(ticket)}-${slot}`, delayMs: (slot + 1) * intervalMs - at },
    );
  };
}
