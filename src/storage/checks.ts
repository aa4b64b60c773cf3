/** Argument checks and orderings both adapters share, so they fail and sort alike. */
import type { RateWindowRule, TokenBucketRule } from "./ports.js";

/** A time-to-live in whole milliseconds (Redis PX takes integers), or undefined for none. */
export function checkTtl(ttlMs: number | undefined): number | undefined {
  if (ttlMs === undefined) return undefined;
  if (!Number.isFinite(ttlMs) || ttlMs <= 0) throw new RangeError("a time-to-live must be a positive number");
  return Math.ceil(ttlMs);
}

export function checkBucketRequest(rule: TokenBucketRule, cost: number): void {
  if (!(Number.isFinite(rule.capacity) && rule.capacity > 0)) {
    throw new RangeError("a bucket's capacity must be positive");
  }
  if (!(Number.isFinite(rule.refillPerMs) && rule.refillPerMs > 0)) {
    throw new RangeError("a bucket's refill rate must be positive");
  }
  // A cost above the capacity could never be paid: the caller would wait forever.
  if (!(Number.isFinite(cost) && cost > 0 && cost <= rule.capacity)) {
    throw new RangeError("a bucket's cost must be positive and at most its capacity");
  }
}

export function checkWindowRequest(rule: RateWindowRule, cost: number): void {
  if (!(Number.isInteger(rule.limit) && rule.limit > 0))
    throw new RangeError("a window's limit must be a positive integer");
  if (!(Number.isFinite(rule.windowMs) && rule.windowMs > 0)) {
    throw new RangeError("a window's length must be positive");
  }
  // More events than the limit could never fit in one window: the caller would wait forever.
  if (!(Number.isInteger(cost) && cost > 0 && cost <= rule.limit)) {
    throw new RangeError("a window's cost must be a positive integer of at most its limit");
  }
}

/** Redis orders members of equal score bytewise; so does this. */
export function compareMembers(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** Milliseconds until a bucket is full again: how long its state is worth keeping. */
export function bucketLifetimeMs(rule: TokenBucketRule): number {
  return Math.max(1, Math.ceil(rule.capacity / rule.refillPerMs));
}
