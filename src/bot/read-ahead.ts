/**
 * One round trip for what every update reads (session, preferences, open form). A write of exactly what
 * was read is left out, as nothing changed (a time-to-live then runs from the value's last change).
 */
import type { Context, Middleware } from "grammy";
import type { KeyValueStore } from "../storage/ports.js";

/** A key two updates share (a sender's preferences in two chats) is one entry: neither reads stale data. */
const held = new Map<string, { holders: number; known: boolean; value: string | undefined }>();

function known(key: string): { value: string | undefined } | undefined {
  const entry = held.get(key);
  return entry?.known ? entry : undefined;
}

function remember(key: string, value: string | undefined): void {
  const entry = held.get(key);
  if (entry) Object.assign(entry, { known: true, value });
}

function forget(key: string): void {
  const entry = held.get(key);
  if (entry) entry.known = false;
}

export function readAheadKv(kv: KeyValueStore): KeyValueStore {
  return {
    async get(key) {
      const entry = known(key);
      return entry ? entry.value : kv.get(key);
    },
    async getMany(keys) {
      const entries = keys.map(known);
      if (entries.some((entry) => entry === undefined)) return kv.getMany(keys);
      return entries.map((entry) => entry?.value);
    },
    async set(key, value, options) {
      if (known(key)?.value === value) return;
      await kv.set(key, value, options);
      remember(key, value);
    },
    async setIfAbsent(key, value, options) {
      const wrote = await kv.setIfAbsent(key, value, options);
      if (wrote) remember(key, value);
      else forget(key);
      return wrote;
    },
    async delete(key) {
      const deleted = await kv.delete(key);
      remember(key, undefined);
      return deleted;
    },
    async increment(key, options) {
      forget(key);
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
    const keys = [...new Set(keysOf(ctx))];
    if (keys.length === 0) return next();
    const values = await kv.getMany(keys);
    keys.forEach((key, index) => {
      const entry = held.get(key) ?? { holders: 0, known: false, value: undefined };
      held.set(key, entry);
      entry.holders += 1;
      if (!entry.known) Object.assign(entry, { known: true, value: values[index] });
    });
    try {
      await next();
    } finally {
      for (const key of keys) {
        const entry = held.get(key);
        if (entry && --entry.holders === 0) held.delete(key);
      }
    }
  };
}
