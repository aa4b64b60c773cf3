/**
 * A semi-automatic dubbing's transcribe step waits in its chat for the edited SRT, or for "Render as
 * is". One wait per chat: the newest transcribe step is the one a document sent there answers.
 */
import type { KeyValueStore } from "../storage/ports.js";

/** How long a transcribe step's SRT may come back edited. */
const AWAITING_SRT_TTL_MS = 24 * 60 * 60 * 1000;

const keyOf = (chatId: number) => `awaiting-srt:${chatId}`;

export class AwaitingSrt {
  constructor(private readonly kv: KeyValueStore) {}

  async wait(chatId: number, ticket: string): Promise<void> {
    await this.kv.set(keyOf(chatId), ticket, { ttlMs: AWAITING_SRT_TTL_MS });
  }

  /** The ticket of the step waiting in this chat, if any. */
  ticketIn(chatId: number): Promise<string | undefined> {
    return this.kv.get(keyOf(chatId));
  }

  async clear(chatId: number): Promise<void> {
    await this.kv.delete(keyOf(chatId));
  }
}
