/** Argument checks and orderings both adapters share, so they fail and sort alike. */
import type { RateWindowRule, TokenBucketRule } from "./ports.js";

function check(holds: boolean, rule: string): void {
  if (!holds) throw new RangeError(rule);
}

/** A time-to-live in whole milliseconds (Redis PX takes integers), or undefined for none. */
export function checkTtl(ttlMs: number | undefined): number | undefined {
  if (ttlMs === undefined) return undefined;
  check(Number.isFinite(ttlMs) && ttlMs > 0, "a time-to-live must be a positive number");
  return Math.ceil(ttlMs);
}

export function checkBucketRequest(rule: TokenBucketRule, cost: number): void {
  check(Number.isFinite(rule.capacity) && rule.capacity > 0, "a bucket's capacity must be positive");
  check(Number.isFinite(rule.refillPerMs) && rule.refillPerMs > 0, "a bucket's refill rate must be positive");
  // A cost above the capacity could never be paid: the caller would wait forever.
  check(
    Number.isFinite(cost) && cost > 0 && cost <= rule.capacity,
    "a bucket's cost must be positive and at most its capacity",
  );
}

export function checkWindowRequest(rule: RateWindowRule, cost: number): void {
  check(Number.isInteger(rule.limit) && rule.limit > 0, "a window's limit must be a positive integer");
  check(Number.isFinite(rule.windowMs) && rule.windowMs > 0, "a window's length must be positive");
  // More events than the limit could never fit in one window: the caller would wait forever.
  check(
    Number.isInteger(cost) && cost > 0 && cost <= rule.limit,
    "a window's cost must be a positive integer of at most its limit",
  );
}

/** Redis orders members of equal score bytewise; so does this. */
export function compareMembers(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** Milliseconds until a bucket is full again: how long its state is worth keeping. */
export function bucketLifetimeMs(rule: TokenBucketRule): number {
  return Math.max(1, Math.ceil(rule.capacity / rule.refillPerMs));
}
