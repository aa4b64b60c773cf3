/**
 * Token buckets in memory on a clock the test moves, for pacing tests (the storage room's memory adapter
 * gives the same semantics; this one also lists the bucket names it has seen).
 */
import type { TokenBucketRule, TokenBucketStore } from "../../src/storage/ports.js";

export interface FakeClock {
  now: number;
}

export function createFakeBuckets(clock: FakeClock): TokenBucketStore & { names(): string[] } {
  const state = new Map<string, { tokens: number; at: number }>();
  return {
    async take(bucket: string, rule: TokenBucketRule, cost = 1) {
      const previous = state.get(bucket) ?? { tokens: rule.capacity, at: clock.now };
      const tokens = Math.min(rule.capacity, previous.tokens + (clock.now - previous.at) * rule.refillPerMs);
      if (tokens >= cost) {
        state.set(bucket, { tokens: tokens - cost, at: clock.now });
        return { waitMs: 0 };
      }
      state.set(bucket, { tokens, at: clock.now });
      return { waitMs: Math.ceil((cost - tokens) / rule.refillPerMs) };
    },
    names: () => [...state.keys()],
  };
}
