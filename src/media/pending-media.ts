/**
 * Media a user sent without a command, kept per chat until they pick a task for it (or it expires).
 * The form of the chosen task takes it from here.
 */

import { z } from "zod";
import { readStored } from "../storage/json.js";
import type { KeyValueStore } from "../storage/ports.js";
import { type MediaRef, MediaRefSchema } from "./media-ref.js";

/** Long enough to think it over; file ids do not expire, but a forgotten offer should. */
const PENDING_MEDIA_TTL_MS = 2 * 60 * 60 * 1000;

export const PendingMediaSchema = z.object({
  refs: z.array(MediaRefSchema).max(30),
  /** The message offering tasks for these media; edited as album items arrive. */
  offerMessageId: z.number().int().optional(),
  /** The album being collected, if any. */
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

/** Where a chat's waiting media are stored. */
export function pendingMediaKey(chatId: number): string {
  return `intake:${chatId}`;
}

export class PendingMediaStore {
  constructor(
    private readonly kv: KeyValueStore,
    private readonly ttlMs = PENDING_MEDIA_TTL_MS,
  ) {}

  private key(chatId: number): string {
    return pendingMediaKey(chatId);
  }

  async get(chatId: number): Promise<PendingMedia | undefined> {
    return readStored(this.kv, this.key(chatId), PendingMediaSchema);
  }

  async put(chatId: number, pending: PendingMedia): Promise<void> {
    await this.kv.set(this.key(chatId), JSON.stringify(PendingMediaSchema.parse(pending)), {
      ttlMs: this.ttlMs,
    });
  }

  /** The chat's waiting media, removed from the store: each set starts exactly one task form. */
  async take(chatId: number): Promise<PendingMedia | undefined> {
    const pending = await this.get(chatId);
    if (pending === undefined) return undefined;
    await this.kv.delete(this.key(chatId));
    return pending;
  }

  async clear(chatId: number): Promise<void> {
    await this.kv.delete(this.key(chatId));
  }
}

/** The media a chat handed in without a command, taken for the task the user chose. */
export async function takePendingMedia(kv: KeyValueStore, chatId: number): Promise<MediaRef[] | undefined> {
  return (await new PendingMediaStore(kv).take(chatId))?.refs;
}
