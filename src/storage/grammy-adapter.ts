/**
 * grammY's StorageAdapter (sessions, conversations) over the key-value port: values as JSON under a
 * prefix, with an optional time-to-live renewed by every write, so abandoned sessions and forms vanish.
 */
import type { StorageAdapter } from "grammy";
import type { z } from "zod";
import { OwnWrites } from "./own-writes.js";
import type { KeyValueStore } from "./ports.js";

export interface GrammyStorageOptions<T> {
  /** Namespace of this adapter's keys, e.g. "session:" or "conversation:". */
  prefix: string;
  /** Forget a value this long after its last write. */
  ttlMs?: number;
  /**
   * Checks what is read back (a ZodError for what does not fit), but for a value this process wrote
   * itself (own-writes.ts); without it the adapter trusts every earlier write.
   */
  schema?: z.ZodType<T>;
}

export function grammyStorage<T>(kv: KeyValueStore, options: GrammyStorageOptions<T>): StorageAdapter<T> {
  const { prefix, ttlMs, schema } = options;
  const own = new OwnWrites<T>();
  return {
    async read(key) {
      const stored = await kv.get(prefix + key);
      if (stored === undefined) return undefined;
      if (!schema) return JSON.parse(stored) as T;
      const parsed = own.parse(key, stored, schema);
      if (!parsed.success) throw parsed.error;
      return parsed.data;
    },
    async write(key, value) {
      await kv.set(prefix + key, own.stringify(key, value), { ttlMs });
    },
    async delete(key) {
      own.forget(key);
      await kv.delete(prefix + key);
    },
    async has(key) {
      return (await kv.get(prefix + key)) !== undefined;
    },
    async *readAllKeys() {
      for (const key of await kv.keys(prefix)) yield key.slice(prefix.length);
    },
  };
}
