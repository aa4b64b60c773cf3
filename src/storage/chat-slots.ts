/**
 * One JSON value per chat under a key prefix, read back through its schema: a value an older release
 * wrote in another shape, or a broken one, reads as absent.
 */
import type { z } from "zod";
import { readStored } from "./json.js";
import type { KeyValueStore } from "./ports.js";

/** Where a chat's value under `prefix` is kept, for readers that fetch it with other keys at once. */
export function slotKey(prefix: string, chatId: number): string {
  return `${prefix}:${chatId}`;
}

export class ChatSlots<Schema extends z.ZodType> {
  constructor(
    private readonly kv: KeyValueStore,
    private readonly prefix: string,
    private readonly schema: Schema,
    private readonly ttlMs: number,
  ) {}

  get(chatId: number): Promise<z.output<Schema> | undefined> {
    return readStored(this.kv, slotKey(this.prefix, chatId), this.schema);
  }

  async put(chatId: number, value: z.input<Schema>): Promise<void> {
    await this.kv.set(slotKey(this.prefix, chatId), JSON.stringify(this.schema.parse(value)), {
      ttlMs: this.ttlMs,
    });
  }

  /** The chat's value, removed: whatever takes it is the only one that does. */
  async take(chatId: number): Promise<z.output<Schema> | undefined> {
    const value = await this.get(chatId);
    if (value !== undefined) await this.clear(chatId);
    return value;
  }

  async clear(chatId: number): Promise<void> {
    await this.kv.delete(slotKey(this.prefix, chatId));
  }
}
