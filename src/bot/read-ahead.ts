/**
 * One round trip for what every update reads: once the chat's turn has come, its session, the sender's
 * preferences and the chat's open form are fetched together, and the stores answer from that read for
 * the rest of the update. Writes go through to storage and are kept in step with what was read, so a
 * value read again in the same update is the one just written; a write of exactly what the update read
 * is left out, as nothing changed (a time-to-live then runs from the value's last change).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Context, Middleware } from "grammy";
import type { KeyValueStore } from "../storage/ports.js";

const readAhead = new AsyncLocalStorage<Map<string, string | undefined>>();

/** The key-value store, answering from the update's read-ahead where it has the key. */
export function readAheadKv(kv: KeyValueStore): KeyValueStore {
  const current = () => readAhead.getStore();
  return {
    async get(key) {
      const known = current();
      return known?.has(key) ? known.get(key) : kv.get(key);
    },
    async getMany(keys) {
      const known = current();
      if (!known || !keys.every((key) => known.has(key))) return kv.getMany(keys);
      return keys.map((key) => known.get(key));
    },
    async set(key, value, options) {
      const known = current();
      if (known?.has(key) && known.get(key) === value) return;
      await kv.set(key, value, options);
      known?.set(key, value);
    },
    async setIfAbsent(key, value, options) {
      const wrote = await kv.setIfAbsent(key, value, options);
      if (wrote) current()?.set(key, value);
      else current()?.delete(key);
      return wrote;
    },
    async delete(key) {
      const deleted = await kv.delete(key);
      current()?.set(key, undefined);
      return deleted;
    },
    async increment(key, options) {
      current()?.delete(key);
      return kv.increment(key, options);
    },
    keys: (prefix) => kv.keys(prefix),
  };
}

/** Reads the update's keys in one round trip and runs the rest of the update with them at hand. */
export function readAheadFor<C extends Context>(
  kv: KeyValueStore,
  keysOf: (ctx: C) => string[],
): Middleware<C> {
  return async (ctx, next) => {
    const keys = keysOf(ctx);
    if (keys.length === 0) return next();
    const values = await kv.getMany(keys);
    await readAhead.run(new Map(keys.map((key, index) => [key, values[index]])), next);
  };
}
