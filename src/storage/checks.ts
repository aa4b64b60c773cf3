/** Argument checks and orderings both adapters share, so they fail and sort alike. */
import type { RateWindowRule, TokenBucketRule } from "./ports.js";

function check(holds: boolean, rule: string): void {
  if (!holds) throw new RangeError(rule);
}

const positive = (value: number) => Number.isFinite(value) && value > 0;
const positiveInteger = (value: number) => Number.isInteger(value) && value > 0;

/** A time-to-live in whole milliseconds (Redis PX takes integers), or undefined for none. */
export function checkTtl(ttlMs: number): number;
export function checkTtl(ttlMs: number | undefined): number | undefined;
export function checkTtl(ttlMs: number | undefined): number | undefined {
  if (ttlMs === undefined) return undefined;
  check(positive(ttlMs), "a time-to-live must be a positive number");
  return Math.ceil(ttlMs);
}

// A cost above what a bucket holds or a window lets in could never be paid: the caller would wait forever.
export function checkBucketRequest(rule: TokenBucketRule, cost: number): void {
  check(positive(rule.capacity), "a bucket's capacity must be positive");
  check(positive(rule.refillPerMs), "a bucket's refill rate must be positive");
  check(positive(cost) && cost <= rule.capacity, "a bucket's cost must be positive and at most its capacity");
}

export function checkWindowRequest(rule: RateWindowRule, cost: number): void {
  check(positiveInteger(rule.limit), "a window's limit must be a positive integer");
  check(positive(rule.windowMs), "a window's length must be positive");
  check(
    positiveInteger(cost) && cost <= rule.limit,
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
