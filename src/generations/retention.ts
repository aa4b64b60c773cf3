/**
 * Two days before a batch's results leave the service (7 days on Free, 30 on Pro), the user hears which
 * unsaved ones would go. Batches wait in a sorted set by that date on Free; on Pro the job moves them on.
 */
import { z } from "zod";
import { formatDate } from "../i18n/format.js";
import { type JobDefinition, type JobQueue, periodicWork } from "../jobs/queue.js";
import { type TicketData, ticketTag } from "../lifecycle/tickets.js";
import type { Logger } from "../logger.js";
import type { KeyValueStore, SortedSetStore } from "../storage/ports.js";
import { entryButton } from "./account-buttons.js";
import { ownerAccountJob } from "./key-guardian.js";
import { type BatchRecord, chunkOf, type GenerationRecords } from "./records.js";
import type { BatchJobDeps } from "./result-links.js";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Tickets scored by when their retention notice is due. */
export const RETENTION_SET = "generations:retention";
/** The notice comes this long before the results go. */
export const NOTICE_AHEAD_MS = 2 * DAY_MS;

/** The spec's retention: 30 days on Pro, 7 on Free (and on any plan it does not name). */
export function retentionDays(plan: string): number {
  return plan === "Pro" ? 30 : 7;
}

/** What the user removed, so a notice never names a result that is gone already. */
export class DeletionMarks {
  constructor(
    private readonly records: GenerationRecords,
    private readonly kv: KeyValueStore,
  ) {}

  /** Marks the generations of this bot's batches as deleted; others are not ours to mark. */
  async deleted(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      const place = await this.records.locate(id);
      if (!place) continue;
      await this.records.changeChunk(place.ticket, chunkOf(place.position), (chunk) => ({
        ...chunk,
        items: chunk.items.map((item) => (item.id === id ? { ...item, deleted: true } : item)),
      }));
    }
  }

  /** Everything of the user's made before this moment was deleted by age. */
  async deletedBefore(userId: number, cutoffMs: number): Promise<void> {
    const earlier = await this.cutoff(userId);
    if (earlier !== undefined && earlier >= cutoffMs) return;
    await this.kv.set(`generations-deleted-before:${userId}`, String(cutoffMs), { ttlMs: 31 * DAY_MS });
  }

  async cutoff(userId: number): Promise<number | undefined> {
    const raw = await this.kv.get(`generations-deleted-before:${userId}`);
    return z.coerce.number().int().safeParse(raw).data;
  }
}

/** Each tick hands the batches whose notice is due to the job; `schedule` puts a new batch in the set. */
export function retentionWatch(options: {
  sortedSets: SortedSetStore;
  queue: JobQueue;
  job: JobDefinition<TicketData>;
  logger: Logger;
  intervalMs: number;
}) {
  const { sortedSets, queue, job } = options;
  const schedule = async (record: Pick<BatchRecord, "ticket" | "createdAt" | "inlineMessageId">) => {
    // An inline image is Telegram's once it took its placeholder's place: nothing of it leaves with the service.
    if (record.inlineMessageId !== undefined) return;
    await sortedSets.add(
      RETENTION_SET,
      record.ticket,
      record.createdAt + retentionDays("Free") * DAY_MS - NOTICE_AHEAD_MS,
    );
  };
  const work = periodicWork("generation-retention", options.intervalMs, options.logger, async () => {
    const now = Date.now();
    const due = await sortedSets.rangeByScore(RETENTION_SET, now, 500);
    for (const ticket of due) {
      await sortedSets.remove(RETENTION_SET, ticket);
      await queue.enqueue(job, { ticket }, { jobId: `generation-retention-${ticketTag(ticket)}-${now}` });
    }
    return due.length;
  });
  return { ...work, schedule };
}

/** `reschedule` puts the batch back for a later notice (its date on Pro). */
export function retentionNoticeJob(
  deps: BatchJobDeps & { marks: DeletionMarks; reschedule(ticket: string, dueAt: number): Promise<void> },
): JobDefinition<TicketData> {
  const tuning = { attempts: 4, backoffMs: 60_000, concurrency: 2 };
  // A key that no longer works cannot read the results either: there is nothing to offer.
  const options = {
    retryAfterMs: 60_000,
    takes: (record: BatchRecord) => record.state === "created" || record.state === "finished",
  };
  return ownerAccountJob("generation-retention-notice", tuning, deps, options, async (record, account, t) => {
    const { ticket } = record;
    const days = retentionDays(account.plan);
    const leavesAt = record.createdAt + days * DAY_MS;
    const dueAt = leavesAt - NOTICE_AHEAD_MS;
    if (Date.now() < dueAt) {
      await deps.reschedule(ticket, dueAt);
      return;
    }
    if (Date.now() >= leavesAt) return;
    const cutoff = await deps.marks.cutoff(record.userId);
    if (cutoff !== undefined && record.createdAt < cutoff) return;
    const unsaved = (await deps.records.chunks(record))
      .flatMap((chunk) => chunk.items)
      .filter((item) => item.status === "succeeded" && !item.deleted && !item.documentFileId);
    if (unsaved.length === 0) return;
    await deps.api.sendMessage(
      record.chatId,
      t("retention-notice", {
        count: unsaved.length,
        made: formatDate(new Date(record.createdAt), record.locale),
        leaves: formatDate(new Date(leavesAt), record.locale),
        days,
      }),
      { reply_markup: { inline_keyboard: [[entryButton(t, "gallery")]] } },
    );
  });
}
