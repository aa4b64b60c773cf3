/**
 * The wait before another attempt: jittered exponential backoff, at least what Retry-After asks, within caps
 * on attempts and on the total wait. A busy service is not asked again within the same second.
 */
import { headerText } from "./transport.js";

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** The shortest first wait; each later wait starts from twice the one before. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Longest Retry-After honoured; a longer one ends the retries (the caller sees the 429 or 503). */
  maxRetryAfterMs: number;
  /** Sum of all waits of one call; a wait that would pass it ends the retries. */
  maxTotalWaitMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 1_000,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
  maxTotalWaitMs: 90_000,
};

/** Parses Retry-After: delay seconds or an HTTP date. Undefined when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now: number): number | undefined {
  const text = headerText(value);
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * The wait before attempt `attempt + 1` (attempt counts from 1), or undefined when the policy says stop.
 * The n-th wait lies between `baseDelayMs · 2^(n-1)` and twice that (both capped at `maxDelayMs`), and is
 * never shorter than Retry-After. `random` returns [0, 1).
 */
export function nextDelay(
  policy: RetryPolicy,
  attempt: number,
  waitedMs: number,
  retryAfterMs: number | undefined,
  random: () => number,
): number | undefined {
  if (attempt >= policy.maxAttempts) return undefined;
  if (retryAfterMs !== undefined && retryAfterMs > policy.maxRetryAfterMs) return undefined;
  const floor = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  const backoff = Math.min(policy.maxDelayMs, floor + Math.floor(random() * floor));
  // After a Retry-After, a little jitter keeps many waiting callers from arriving in the same instant.
  const delay =
    retryAfterMs === undefined
      ? backoff
      : Math.max(backoff, retryAfterMs + Math.floor(random() * Math.min(floor, 1_000)));
  if (waitedMs + delay > policy.maxTotalWaitMs) return undefined;
  return delay;
}

/** A call made of attempts, each of which gives a value or an error that may say how long to wait. */
export interface RetriedCall<T, E extends { readonly retryAfterMs?: number | undefined }> {
  policy: RetryPolicy;
  random: () => number;
  sleep: (ms: number) => Promise<void>;
  attempt: (attempt: number) => Promise<{ value: T } | { error: E }>;
  /** Whether the error's call may be sent again. */
  retryable: (error: E) => boolean;
  /** Told of each wait before it starts. */
  beforeWait: (error: E, attempt: number, waitMs: number) => Promise<void> | void;
}

/** Runs attempts until one gives a value; throws the last error when the policy or the error says stop. */
export async function withRetries<T, E extends { readonly retryAfterMs?: number | undefined }>(
  call: RetriedCall<T, E>,
): Promise<T> {
  let waitedMs = 0;
  for (let attempt = 1; ; attempt += 1) {
    const outcome = await call.attempt(attempt);
    if (!("error" in outcome)) return outcome.value;
    const { error } = outcome;
    const wait = call.retryable(error)
      ? nextDelay(call.policy, attempt, waitedMs, error.retryAfterMs, call.random)
      : undefined;
    if (wait === undefined) throw error;
    waitedMs += wait;
    await call.beforeWait(error, attempt, wait);
    await call.sleep(wait);
  }
}
