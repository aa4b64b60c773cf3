/**
 * What both record stores share: a record is JSON under its ticket on the key-value port, parsed with zod
 * on every read, and found from a result button by the ticket's tag, which grants nothing.
 */
import { z } from "zod";
import type { MediaRef } from "../media/media-ref.js";
import { parseStored } from "../storage/json.js";
import type { SortedSetStore, Storage } from "../storage/ports.js";
import { ticketTag } from "./tickets.js";

/** The states both lifecycles pass through; each side adds its own. */
export const SHARED_STATES = [
  "submitting",
  /** Nothing was created; the card says why. */
  "submit_failed",
  "created",
  /** The chat cannot be written to (the user blocked the bot). */
  "undeliverable",
] as const;

/** What went wrong, as a locale key and its variables, for the card. */
export const ProblemSchema = z.object({
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/** What every record knows: its ticket, whose it is, and the chat and language it speaks to. */
export const TicketRecordSchema = z.object({
  ticket: z.string().min(16),
  userId: z.number().int(),
  chatId: z.number().int(),
  locale: z.string().min(2),
});

/** A media reference's identity within a task or a batch, for the uploads made so far. */
export function mediaKey(ref: MediaRef): string {
  return ref.source === "telegram" ? `t:${ref.fileUniqueId}` : `l:${ref.url}`;
}

export abstract class TicketRecords<R extends { ticket: string }> {
  constructor(
    protected readonly storage: Storage,
    private readonly kind: { record: string; button: string; schema: z.ZodType<R> },
    protected readonly ttlMs: number,
  ) {}

  protected key(ticket: string): string {
    return `${this.kind.record}:${ticket}`;
  }

  protected parse(raw: string | undefined): R | undefined {
    return parseStored(raw, this.kind.schema);
  }

  async get(ticket: string): Promise<R | undefined> {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(ticket)) return undefined;
    return this.parse(await this.storage.kv.get(this.key(ticket)));
  }

  /** `value` as JSON under `key` once `schema` has checked it, for as long as records live. */
  protected async putStored<T>(key: string, schema: z.ZodType<T>, value: T): Promise<void> {
    await this.storage.kv.set(key, JSON.stringify(schema.parse(value)), { ttlMs: this.ttlMs });
  }

  async put(record: R): Promise<void> {
    await this.putStored(this.key(record.ticket), this.kind.schema, record);
    const buttonKey = `${this.kind.button}:${ticketTag(record.ticket)}`;
    await this.storage.kv.set(buttonKey, record.ticket, { ttlMs: this.ttlMs });
  }

  async update(ticket: string, change: (record: R) => R): Promise<R | undefined> {
    const record = await this.get(ticket);
    if (!record) return undefined;
    const next = change(record);
    await this.put(next);
    return next;
  }

  /** The record a result button names by the ticket's tag, or by the ticket itself on an older button. */
  async ofButton(id: string): Promise<R | undefined> {
    const ticket = await this.storage.kv.get(`${this.kind.button}:${id}`);
    return this.get(ticket ?? id);
  }
}

/** Tickets due at a time, kept in one sorted set: each is added with its time, removed, or read once due. */
export class DueTickets {
  constructor(
    private readonly sortedSets: SortedSetStore,
    private readonly name: string,
  ) {}

  async add(ticket: string, at: number): Promise<void> {
    await this.sortedSets.add(this.name, ticket, at);
  }

  async remove(ticket: string): Promise<void> {
    await this.sortedSets.remove(this.name, ticket);
  }

  due(now: number, limit: number): Promise<string[]> {
    return this.sortedSets.rangeByScore(this.name, now, limit);
  }
}
