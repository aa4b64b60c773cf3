/**
 * @grammyjs/ratelimiter counts hits through a Redis-like `incr`/`pexpire` client. This adapter counts on
 * the storage port instead, so the limit holds across instances and works on the memory adapter too.
 */
import type { KeyValueStore } from "../storage/ports.js";

export function rateLimiterClient(kv: KeyValueStore, windowMs: number) {
  return {
    incr: (key: string) => kv.increment(key, { ttlMs: windowMs }),
    // The window is set when the counter is created (increment's ttl); extending it would let a
    // steady sender stay limited forever.
    pexpire: async (_key: string, _milliseconds: number) => 1,
  };
}
