/** Per-chat session; one of an older release (or damaged) fails zod and is replaced by a fresh one. */
import type { Context, StorageAdapter } from "grammy";
import { z } from "zod";

export const SessionDataSchema = z.object({
  /** Nonce of the newest inline menu; buttons of any other menu are stale. */
  menuNonce: z.string().max(16).optional(),
  /** Who opened that menu; presses by anyone else do nothing. */
  menuOwner: z.number().int().optional(),
  /** /connect is waiting for the generation service's key, then for its optional signing secret. */
  generationLink: z.object({ awaiting: z.enum(["key", "secret"]), since: z.number() }).optional(),
  /** /glossary is waiting for names and terms to add (since, in milliseconds). */
  glossaryAwaiting: z.object({ since: z.number() }).optional(),
  /** The message showing that menu: a newer menu or /cancel removes its keyboard. */
  menuMessageId: z.number().int().optional(),
});
export type SessionData = z.infer<typeof SessionDataSchema>;

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** One key for sessions and for the chat's line of updates: one update at a time has the session. */
export function getSessionKey(ctx: Pick<Context, "chat">): string | undefined {
  return ctx.chat?.id.toString();
}

export const SESSION_STORAGE_PREFIX = "session:";

/** A storage adapter whose unreadable records (by its schema) read as none: a fresh session, no form. */
export function validatedSessionStorage<T>(
  adapter: StorageAdapter<T>,
  onInvalid: (key: string) => void,
): StorageAdapter<T> {
  return {
    ...adapter,
    async read(key) {
      try {
        return await adapter.read(key);
      } catch (error) {
        // Broken JSON or another shape is a bad record; anything else (an outage) must surface.
        if (!(error instanceof SyntaxError || error instanceof z.ZodError)) throw error;
        onInvalid(key);
        return undefined;
      }
    },
  };
}
