/**
 * A text the user sent outside any form, kept per chat while the bot's offers for it wait for a choice
 * (a voiceover of it, a motion video, a video). The chosen form takes it from here.
 */
import { z } from "zod";
import { readStored } from "../storage/json.js";
import type { KeyValueStore } from "../storage/ports.js";

/** As long as media wait for their task. */
const PENDING_TEXT_TTL_MS = 2 * 60 * 60 * 1000;

const PendingTextSchema = z.object({
  text: z.string().min(1),
  /** The last part, when the text was a message: a long text's next part may follow (text-parts.ts). */
  part: z.object({ at: z.number(), length: z.number() }).optional(),
  /** The message with the offers, edited as parts arrive and turned into the chosen form. */
  offerMessageId: z.number().int().optional(),
});
export type PendingText = z.infer<typeof PendingTextSchema>;

/** Where a chat's waiting text is stored. */
export function pendingTextKey(chatId: number): string {
  return `pending-text:${chatId}`;
}

export class PendingTextStore {
  constructor(private readonly kv: KeyValueStore) {}

  private key(chatId: number): string {
    return pendingTextKey(chatId);
  }

  async get(chatId: number): Promise<PendingText | undefined> {
    return readStored(this.kv, this.key(chatId), PendingTextSchema);
  }

  async put(chatId: number, pending: PendingText): Promise<void> {
    await this.kv.set(this.key(chatId), JSON.stringify(PendingTextSchema.parse(pending)), {
      ttlMs: PENDING_TEXT_TTL_MS,
    });
  }

  /** The waiting text, removed: each text starts exactly one form. */
  async take(chatId: number): Promise<PendingText | undefined> {
    const pending = await this.get(chatId);
    if (pending !== undefined) await this.kv.delete(this.key(chatId));
    return pending;
  }

  async clear(chatId: number): Promise<void> {
    await this.kv.delete(this.key(chatId));
  }
}
