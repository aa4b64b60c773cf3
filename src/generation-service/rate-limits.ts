/**
 * The per-key request budget as the service reports it (X-RateLimit-* on every response), shared by all
 * instances under a hash of the key (the store never holds the key). A call the last report says would
 * get a 429 waits for the reset, as the spec says to after a 429, one round trip earlier; only a wait
 * longer than allowed fails as rate_limit_exceeded. The last report wins: two instances spending the
 * last request of a window get the service's 429, whose Retry-After is recorded too.
 */
import { createHash } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { z } from "zod";
import { headerText } from "../http-client/transport.js";
import { readStored } from "../storage/json.js";
import type { KeyValueStore } from "../storage/ports.js";
import { type GenerationOperation, GenerationServiceError, type RateSnapshot } from "./errors.js";

export interface KeyRateLimitsOptions {
  /** Longest a call waits for the window to reset; past it the call fails. Default: one window. */
  maxWaitMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** Most that is added to a wait so the callers held by one reset do not all leave at once. */
const SPREAD_MS = 1_000;

type Headers = Record<string, string | string[] | undefined>;

const RateSnapshotSchema = z.object({
  limit: z.number().int().nonnegative(),
  remaining: z.number().int().nonnegative(),
  resetAt: z.number().int(),
});

/** The budget a response reports, or undefined when its headers are absent or unreadable. */
export function readRateHeaders(headers: Headers, now: number): RateSnapshot | undefined {
  const limit = headerText(headers["x-ratelimit-limit"]);
  const remaining = headerText(headers["x-ratelimit-remaining"]);
  const reset = headerText(headers["x-ratelimit-reset"]);
  if (limit === undefined || remaining === undefined || reset === undefined) return undefined;
  if (!/^\d+$/.test(limit) || !/^\d+$/.test(remaining) || !/^\d+(\.\d+)?$/.test(reset)) return undefined;
  // Reset is "seconds until the window resets", not a point in time.
  return {
    limit: Number(limit),
    remaining: Number(remaining),
    resetAt: now + Math.ceil(Number(reset) * 1000),
  };
}

export class KeyRateLimits {
  private readonly maxWaitMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;

  constructor(
    private readonly kv: KeyValueStore,
    options: KeyRateLimitsOptions = {},
  ) {
    this.maxWaitMs = options.maxWaitMs ?? 60_000;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => delay(ms));
    this.random = options.random ?? Math.random;
  }

  /** Where a key's budget is stored: derived from the key, never the key itself. */
  storageKey(apiKey: string): string {
    return `generation-rate:${createHash("sha256").update(apiKey).digest("hex").slice(0, 32)}`;
  }

  /** The last budget reported for the key while its window lasts. */
  async current(apiKey: string): Promise<RateSnapshot | undefined> {
    const stored = await readStored(this.kv, this.storageKey(apiKey), RateSnapshotSchema);
    return stored && stored.resetAt > this.now() ? stored : undefined;
  }

  /** Keeps a response's report until its window resets. */
  async record(apiKey: string, snapshot: RateSnapshot): Promise<void> {
    const ttlMs = snapshot.resetAt - this.now();
    if (ttlMs <= 0) return;
    await this.kv.set(this.storageKey(apiKey), JSON.stringify(snapshot), { ttlMs });
  }

  /** A 429 for the key's rate: nothing remains until Retry-After has passed, for every instance. */
  async recordRefusal(
    apiKey: string,
    retryAfterMs: number,
    reported: RateSnapshot | undefined,
  ): Promise<void> {
    const resetAt = Math.max(reported?.resetAt ?? 0, this.now() + retryAfterMs);
    await this.record(apiKey, { limit: reported?.limit ?? 0, remaining: 0, resetAt });
  }

  /** Resolves when the key may send; waits for the reset when the last report left nothing. */
  async awaitTurn(apiKey: string, operation: GenerationOperation): Promise<void> {
    let waitedMs = 0;
    while (true) {
      const state = await this.current(apiKey);
      if (state === undefined || state.remaining > 0) return;
      const untilReset = state.resetAt - this.now();
      if (untilReset <= 0) return;
      if (waitedMs + untilReset > this.maxWaitMs) {
        throw new GenerationServiceError("rate_limit_exceeded", {
          operation,
          detail: "the key's requests of this minute are spent",
          retryAfterMs: untilReset,
          rate: state,
        });
      }
      const waitMs = untilReset + Math.floor(this.random() * SPREAD_MS);
      waitedMs += waitMs;
      await this.sleep(waitMs);
    }
  }
}
