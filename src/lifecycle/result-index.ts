/**
 * Each user's results by the `file_id` Telegram returned, newest first, for inline mode to offer again in
 * any chat; kept by user, never by chat. The delivery jobs write it, so no update's path gains a command.
 */
import type { Message } from "grammy/types";
import { z } from "zod";
import { parseStored } from "../storage/json.js";
import type { SortedSetStore } from "../storage/ports.js";

/** How many results of one user are kept; the oldest go first. */
export const RESULTS_KEPT_PER_USER = 1_000;

export const ResultEntrySchema = z.object({
  /** Telegram's file_unique_id: the same file sent again is one entry. */
  id: z.string().min(1).max(62),
  kind: z.enum(["video", "photo", "audio", "document"]),
  fileId: z.string().min(1),
  /** The job's name as /tasks and /gallery say it, in the user's language when it was delivered. */
  title: z.string().min(1),
  /** One line under the title: the prompt, the file it was made from, or the clip's title. */
  description: z.string(),
  /** What a typed query is matched against: prompt, file name, task type's name. */
  words: z.string(),
});
export type ResultEntry = z.infer<typeof ResultEntrySchema>;

/** A file a result message carries, as Telegram returned it. */
export type SentFile = Pick<ResultEntry, "id" | "kind" | "fileId">;

/** The file of a message the bot sent (the largest size of a photo); undefined for a message of text. */
export function sentFileOf(message: unknown): SentFile | undefined {
  if (typeof message !== "object" || message === null) return undefined;
  const sent = message as Partial<Pick<Message, "video" | "photo" | "audio" | "document">>;
  for (const kind of ["video", "photo", "audio", "document"] as const) {
    const file = kind === "photo" ? sent.photo?.at(-1) : sent[kind];
    if (file) return { kind, fileId: file.file_id, id: file.file_unique_id };
  }
  return undefined;
}

/** The files of what a send returned: one message, an album's messages, or nothing to keep. */
export function sentFilesOf(result: unknown): SentFile[] {
  const messages = Array.isArray(result) ? result : [result];
  return messages.flatMap((message) => sentFileOf(message) ?? []);
}

const setOf = (userId: number) => `results:inline:${userId}`;

/** The entry as stored: its JSON is the set's member, so the same file written again is one entry. */
function memberOf(entry: ResultEntry): string {
  const { id, kind, fileId, title, description, words } = entry;
  return JSON.stringify({ id, kind, fileId, title, description, words });
}

export interface StoredResult {
  entry: ResultEntry;
  /** The member as stored, to remove exactly it. */
  member: string;
}

export class ResultIndex {
  constructor(private readonly sets: SortedSetStore) {}

  /** Keeps a result the user was sent; the oldest beyond the cap go. */
  async add(userId: number, entry: ResultEntry, atMs: number): Promise<void> {
    const set = setOf(userId);
    await this.sets.add(set, memberOf(entry), atMs);
    const over = (await this.sets.size(set)) - RESULTS_KEPT_PER_USER;
    if (over <= 0) return;
    for (const member of await this.sets.rangeByScore(set, Number.POSITIVE_INFINITY, over)) {
      await this.sets.remove(set, member);
    }
  }

  /** The user's results, newest first; an entry that no longer reads is left out. */
  async list(userId: number): Promise<StoredResult[]> {
    const members = await this.sets.rangeByScore(
      setOf(userId),
      Number.POSITIVE_INFINITY,
      RESULTS_KEPT_PER_USER * 2,
    );
    return members.reverse().flatMap((member) => {
      const entry = parseStored(member, ResultEntrySchema);
      return entry ? [{ entry, member }] : [];
    });
  }

  async remove(userId: number, member: string): Promise<void> {
    await this.sets.remove(setOf(userId), member);
  }
}
