/** Batches by ticket, their generations in chunks of an album each, changed under a lock: news counts once. */
import { z } from "zod";
import {
  GENERATION_STATUSES,
  GENERATION_TYPES,
  type GenerationStatus,
  type Output,
} from "../generation-service/responses.js";
import { ALBUM_SIZE } from "../lifecycle/chat-delivery.js";
import {
  DueTickets,
  ProblemSchema,
  SHARED_STATES,
  TicketRecordSchema,
  TicketRecords,
} from "../lifecycle/records.js";
import { ticketTag } from "../lifecycle/tickets.js";
import { MediaRefSchema } from "../media/media-ref.js";
import { readStored } from "../storage/json.js";
import { underLock } from "../storage/lock-wait.js";
import type { Storage } from "../storage/ports.js";

/** Batches stay reachable from their buttons (Original, Again, Delete) for the longest retention, 30 days. */
const RECORD_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const POLL_SET = "generations:poll";
const RECORD_LOCK = { ttlMs: 10_000, waitMs: 15_000, pauseMs: () => 10 + Math.floor(Math.random() * 20) };

export function isFinished(status: GenerationStatus): boolean {
  return status === "succeeded" || status === "failed" || status === "canceled";
}

/** `finished`: every chunk reached the chat. */
const BATCH_STATES = [...SHARED_STATES, "finished"] as const;

const OutputSchema = z.object({
  url: z.string(),
  expiresAt: z.number(),
  mime: z.string(),
  /** Its thumbnail in the chat. */
  posterUrl: z.string().optional(),
});
export type StoredOutput = z.infer<typeof OutputSchema>;

/** A result's links as the batch keeps them. */
export function storedOutput(output: Output): StoredOutput {
  return {
    url: output.url,
    expiresAt: output.expires_at,
    mime: output.mime,
    ...(output.poster_url ? { posterUrl: output.poster_url } : {}),
  };
}

export const BatchRecordSchema = TicketRecordSchema.extend({
  type: z.enum(GENERATION_TYPES),
  /** The form as submitted: Again and Use as reference reopen it. */
  form: z.object({
    type: z.string().min(1),
    values: z.record(z.string(), z.unknown()),
    media: z.array(MediaRefSchema).max(30),
  }),
  /** Every POST of this batch derives its Idempotency-Key from it, so a repeat never pays twice. */
  formInstance: z.string().min(8),
  /** The request body; reference photos stay Telegram references until the create job uploads them. */
  request: z.record(z.string(), z.unknown()),
  /** The model's label and the quote shown before Create (tokens for the whole batch). */
  modelLabel: z.string(),
  quote: z.object({ min: z.number().int(), max: z.number().int() }),
  count: z.number().int().positive(),
  state: z.enum(BATCH_STATES),
  /** The form's message, which becomes the batch card. */
  cardMessageId: z.number().int().optional(),
  /** The inline message whose placeholder the batch's one image replaces: its card and result at once. */
  inlineMessageId: z.string().min(1).optional(),
  /** The card gave way to the results, which carry its last words: it is never shown again. */
  cardGaveWay: z.boolean().optional(),
  batchId: z.string().optional(),
  costTokens: z.number().int().optional(),
  balanceTokens: z.number().int().optional(),
  /** Uploads of the reference photos made so far, by media key, so a retried job does not upload twice. */
  uploads: z.record(z.string(), z.string()).default({}),
  problem: ProblemSchema.optional(),
  /** Generations Cancel found already running: they cannot be stopped and are paid only if they succeed. */
  cancelRunning: z.number().int().optional(),
  /** When the service first answered busy to this batch's creation (epoch ms), and how often since. */
  busySince: z.number().optional(),
  busyWaits: z.number().int().nonnegative().optional(),
  createdAt: z.number(),
});
export type BatchRecord = z.infer<typeof BatchRecordSchema>;

/** Whether the user wrote the prompt: without one the service's own (English) default is no prompt to show. */
export function hasOwnPrompt(request: BatchRecord["request"]): boolean {
  const { prompt, prompts } = request;
  return (
    (typeof prompt === "string" && prompt.trim() !== "") || (Array.isArray(prompts) && prompts.length > 0)
  );
}

export const ChunkItemSchema = z.object({
  id: z.string(),
  /** Place in the batch, from 0: the number the user sees is one more. */
  position: z.number().int().nonnegative(),
  prompt: z.string(),
  status: z.enum(GENERATION_STATUSES),
  /** What the service last reported: the reservation, the charge once it succeeded, maybe 0 once refunded. */
  costTokens: z.number().int().nonnegative(),
  /** What was reserved for it when the batch was created: the refund when it fails or is canceled. */
  reservedTokens: z.number().int().nonnegative().optional(),
  output: OutputSchema.optional(),
  /** The shape and size it was made in: a video's width and height in the chat. */
  aspect: z.string().optional(),
  resolution: z.string().optional(),
  error: z.string().optional(),
  /** The photo as sent to the chat, and the original as a document once asked for. */
  photoFileId: z.string().optional(),
  photoFileUniqueId: z.string().optional(),
  documentFileId: z.string().optional(),
  deleted: z.boolean().optional(),
});
export type ChunkItem = z.infer<typeof ChunkItemSchema>;

/** A failed or canceled generation's refund: what was reserved, as the service may report 0 once refunded. */
export function refundOf(item: Pick<ChunkItem, "costTokens" | "reservedTokens">): number {
  return item.reservedTokens ?? item.costTokens;
}

export const ChunkRecordSchema = z.object({
  ticket: z.string(),
  index: z.number().int().nonnegative(),
  items: z.array(ChunkItemSchema).min(1).max(ALBUM_SIZE),
  delivered: z.boolean(),
  /** Messages in the chat (`media`, `link:<n>`, `control`): a run after a crash sends only the rest. */
  sent: z.array(z.string()).optional(),
  /** Its delivery failed for good: the albums after it no longer wait for it. */
  abandoned: z.boolean().optional(),
});
export type ChunkRecord = z.infer<typeof ChunkRecordSchema>;

const CardStateSchema = z.object({
  messageId: z.number().int().optional(),
  /** The text and buttons last shown, so an edit that would change nothing is not sent. */
  shown: z.string().optional(),
  shownAt: z.number().optional(),
});
type CardState = z.infer<typeof CardStateSchema>;

export function chunkOf(position: number): number {
  return Math.floor(position / ALBUM_SIZE);
}

function placeOf(raw: string | undefined): { ticket: string; position: number } | undefined {
  const match = raw === undefined ? undefined : /^([A-Za-z0-9_-]{16,64}) (\d+)$/.exec(raw);
  return match ? { ticket: match[1] ?? "", position: Number(match[2]) } : undefined;
}

class RecordBusyError extends Error {
  override readonly name = "RecordBusyError";
}

const chunkKey = (ticket: string, index: number) => `generation-chunk:${ticket}:${index}`;
const pendingSet = (userId: number) => `generations:pending:${userId}`;

export class GenerationRecords extends TicketRecords<BatchRecord> {
  /** Batches the service has whose albums are not all in the chat, by creation: what a start resumes. */
  readonly open: DueTickets;

  constructor(
    storage: Storage,
    private readonly now: () => number = Date.now,
  ) {
    super(
      storage,
      { record: "generation-batch", button: "generation-button", schema: BatchRecordSchema },
      RECORD_TTL_MS,
    );
    this.open = new DueTickets(storage.sortedSets, "generation-batches:open");
  }

  /** Changes a batch under its lock, so jobs that change different parts of it lose none. */
  override async update(
    ticket: string,
    change: (record: BatchRecord) => BatchRecord,
  ): Promise<BatchRecord | undefined> {
    return this.locked(this.key(ticket), `batch ${ticketTag(ticket)}`, () => super.update(ticket, change));
  }

  /** Where the batch's card is and what it shows (kept apart: it changes far more often). */
  card(ticket: string): Promise<CardState | undefined> {
    return readStored(this.storage.kv, `generation-card:${ticket}`, CardStateSchema);
  }

  async putCard(ticket: string, card: CardState): Promise<void> {
    await this.putStored(`generation-card:${ticket}`, CardStateSchema, card);
  }

  /** Ties a form instance to its batch: true for the first ticket only (a form sent twice: one batch). */
  claimForm(formInstance: string, ticket: string): Promise<boolean> {
    return this.storage.kv.setIfAbsent(`generation-form:${formInstance}`, ticket, { ttlMs: RECORD_TTL_MS });
  }

  chunk(ticket: string, index: number): Promise<ChunkRecord | undefined> {
    return readStored(this.storage.kv, chunkKey(ticket, index), ChunkRecordSchema);
  }

  async item(ticket: string, position: number): Promise<ChunkItem | undefined> {
    return (await this.chunk(ticket, chunkOf(position)))?.items.find((item) => item.position === position);
  }

  async chunks(record: Pick<BatchRecord, "ticket" | "count">): Promise<ChunkRecord[]> {
    const all = await Promise.all(
      Array.from({ length: Math.ceil(record.count / ALBUM_SIZE) }, (_, index) =>
        this.chunk(record.ticket, index),
      ),
    );
    return all.filter((chunk): chunk is ChunkRecord => chunk !== undefined);
  }

  async putChunk(chunk: ChunkRecord): Promise<void> {
    await this.putStored(chunkKey(chunk.ticket, chunk.index), ChunkRecordSchema, chunk);
  }

  /** Changes a chunk under its lock; `change` gives undefined for no change, and so does the result then. */
  async changeChunk(
    ticket: string,
    index: number,
    change: (chunk: ChunkRecord) => ChunkRecord | undefined,
  ): Promise<ChunkRecord | undefined> {
    return this.locked(chunkKey(ticket, index), `chunk ${index} of ${ticketTag(ticket)}`, async () => {
      const chunk = await this.chunk(ticket, index);
      const next = chunk && change(chunk);
      if (next) await this.putChunk(next);
      return next;
    });
  }

  /** `shown` names the lock in an error, by the ticket's tag. */
  private locked<T>(name: string, shown: string, work: () => Promise<T>): Promise<T> {
    const busy = () => new RecordBusyError(`${shown} stayed locked`);
    return underLock(this.storage.locks, name, { ...RECORD_LOCK, busy, now: this.now }, work);
  }

  async place(generationId: string, place: { ticket: string; position: number }): Promise<void> {
    await this.storage.kv.set(`generation-of:${generationId}`, `${place.ticket} ${place.position}`, {
      ttlMs: RECORD_TTL_MS,
    });
  }

  async locate(generationId: string): Promise<{ ticket: string; position: number } | undefined> {
    return placeOf(await this.storage.kv.get(`generation-of:${generationId}`));
  }

  /** Which of these generations the bot made without a prompt of the user's: two reads for a page. */
  async withoutOwnPrompt(generationIds: readonly string[]): Promise<Set<string>> {
    const places = (await this.storage.kv.getMany(generationIds.map((id) => `generation-of:${id}`))).map(
      placeOf,
    );
    const tickets = [...new Set(places.flatMap((place) => (place ? [place.ticket] : [])))];
    const batches = await this.storage.kv.getMany(tickets.map((ticket) => this.key(ticket)));
    const promptless = new Set(
      batches.flatMap((raw, index) => {
        const record = this.parse(raw);
        return record && !hasOwnPrompt(record.request) ? [tickets[index]] : [];
      }),
    );
    return new Set(generationIds.filter((_id, index) => promptless.has(places[index]?.ticket)));
  }

  /** A user's generation to follow until it finishes; `createdMs` orders the poller's paging. */
  async follow(userId: number, generationId: string, createdMs: number): Promise<void> {
    await this.storage.sortedSets.add(pendingSet(userId), generationId, createdMs);
  }

  async unfollow(userId: number, generationId: string): Promise<void> {
    await this.storage.sortedSets.remove(pendingSet(userId), generationId);
  }

  /** The user's unfinished generations, and when the oldest of them was created. */
  async followed(userId: number, limit = 5_000): Promise<{ ids: string[]; oldestMs: number | undefined }> {
    const set = pendingSet(userId);
    const ids = await this.storage.sortedSets.rangeByScore(set, Number.MAX_SAFE_INTEGER, limit);
    const first = ids[0];
    return {
      ids,
      oldestMs: first === undefined ? undefined : await this.storage.sortedSets.score(set, first),
    };
  }

  async schedulePoll(userId: number, at: number): Promise<void> {
    await this.storage.sortedSets.add(POLL_SET, String(userId), at);
  }

  async unschedulePoll(userId: number): Promise<void> {
    await this.storage.sortedSets.remove(POLL_SET, String(userId));
  }

  async pollsDue(now: number, limit: number): Promise<number[]> {
    return (await this.storage.sortedSets.rangeByScore(POLL_SET, now, limit)).map(Number);
  }
}
