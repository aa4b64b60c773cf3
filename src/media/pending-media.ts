/** Media a user sent without a command, kept per chat until the form of the task they pick takes it. */

import { z } from "zod";
import { ChatSlots, slotKey } from "../storage/chat-slots.js";
import type { KeyValueStore } from "../storage/ports.js";
import { MediaRefSchema } from "./media-ref.js";

/** Long enough to think it over; file ids do not expire, but a forgotten offer should. */
const PENDING_MEDIA_TTL_MS = 2 * 60 * 60 * 1000;

export const PendingMediaSchema = z.object({
  refs: z.array(MediaRefSchema).max(30),
  /** The message offering tasks for these media; edited as album items arrive. */
  offerMessageId: z.number().int().optional(),
  mediaGroupId: z.string().optional(),
  /** Problems already reported for this set, so an album's items do not repeat them. */
  reported: z.array(z.string()).default([]),
  /** Words sent with the media (a caption, or a text typed while the question waited). */
  text: z.string().optional(),
  /** The last part of that text, when it was a message: a long text's next part may follow. */
  textPart: z.object({ at: z.number(), length: z.number() }).optional(),
  /** Epoch milliseconds of the last item. */
  updatedAt: z.number(),
});
export type PendingMedia = z.infer<typeof PendingMediaSchema>;

export function pendingMediaKey(chatId: number): string {
  return slotKey("intake", chatId);
}

/** The chat's waiting media; each set starts exactly one task form. */
export class PendingMediaStore extends ChatSlots<typeof PendingMediaSchema> {
  constructor(kv: KeyValueStore) {
    super(kv, "intake", PendingMediaSchema, PENDING_MEDIA_TTL_MS);
  }
}
