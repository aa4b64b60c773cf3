/** A text sent outside any form, kept per chat while the bot's offers for it wait for a choice. */
import { z } from "zod";
import { ChatSlots, slotKey } from "../storage/chat-slots.js";
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

export function pendingTextKey(chatId: number): string {
  return slotKey("pending-text", chatId);
}

/** The chat's waiting text; each text starts exactly one form. */
export class PendingTextStore extends ChatSlots<typeof PendingTextSchema> {
  constructor(kv: KeyValueStore) {
    super(kv, "pending-text", PendingTextSchema, PENDING_TEXT_TTL_MS);
  }
}
