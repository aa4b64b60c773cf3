/**
 * The storage the bot needs, as small ports, with two adapters: Redis for production and several instances,
 * memory for one. Values are strings callers parse with zod; every time-to-live is in milliseconds.
 */

export interface TtlOption {
  /** Expire the key this many milliseconds after the write; absent means no expiry. */
  ttlMs?: number;
}

export interface KeyValueStore {
  get(key: string): Promise<string | undefined>;
  /** Several keys in one round trip, in the order asked. */
  getMany(keys: readonly string[]): Promise<Array<string | undefined>>;
  set(key: string, value: string, options?: TtlOption): Promise<void>;
  /** Atomic: writes only when the key does not exist; true when it wrote. */
  setIfAbsent(key: string, value: string, options?: TtlOption): Promise<boolean>;
  /** True when a key was removed. */
  delete(key: string): Promise<boolean>;
  /** Atomic increment of an integer counter; the expiry is set when the counter is created. */
  increment(key: string, options?: TtlOption): Promise<number>;
  /** Every key that starts with the prefix (tests and audits; not for hot paths). */
  keys(prefix: string): Promise<string[]>;
}

/** Members ordered by a numeric score: the pending-task index ("poll this task at time T"). */
export interface SortedSetStore {
  add(set: string, member: string, score: number): Promise<void>;
  remove(set: string, member: string): Promise<boolean>;
  score(set: string, member: string): Promise<number | undefined>;
  /** Members with score <= maxScore, lowest first, at most `limit`. */
  rangeByScore(set: string, maxScore: number, limit: number): Promise<string[]>;
  size(set: string): Promise<number>;
}

/** Mutual exclusion across instances. A lock expires by itself so a crashed holder cannot keep it. */
export interface LockStore {
  /** Returns a token when acquired, undefined when someone else holds the lock. */
  acquire(name: string, ttlMs: number): Promise<string | undefined>;
  /** Releases only when the token still holds the lock; true when released. */
  release(name: string, token: string): Promise<boolean>;
  /** Gives a held lock a new time-to-live; false when the token no longer holds it. */
  extend(name: string, token: string, ttlMs: number): Promise<boolean>;
}

export interface TokenBucketRule {
  /** The largest burst. */
  capacity: number;
  refillPerMs: number;
}

/** Shared rate budgets (the service's per-key limits), so several instances pace as one. */
export interface TokenBucketStore {
  /** Atomic: takes `cost` tokens when available (0) or says how long to wait before trying again. */
  take(bucket: string, rule: TokenBucketRule, cost?: number): Promise<{ waitMs: number }>;
}

/** At most `limit` events in any window of `windowMs`: how the services count their per-key budgets. */
export interface RateWindowRule {
  limit: number;
  windowMs: number;
}

/**
 * Shared sliding-window budgets. A token bucket with a full burst lets through twice its rate in the
 * first minute; a window never lets more than its limit into any minute, bursts included.
 */
export interface RateWindowStore {
  /** Atomic: records `cost` events when the window has room (0) or says how long until it will. */
  take(name: string, rule: RateWindowRule, cost?: number): Promise<{ waitMs: number }>;
}

/** What waiting needs of an AbortSignal (grammY hands over a polyfilled one). */
export interface CancelSignal {
  readonly aborted: boolean;
  addEventListener(type: "abort", listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

export interface Storage {
  readonly kind: "redis" | "memory";
  readonly kv: KeyValueStore;
  readonly sortedSets: SortedSetStore;
  readonly locks: LockStore;
  readonly buckets: TokenBucketStore;
  readonly windows: RateWindowStore;
  /** Resolves when the backend answers; rejects otherwise (readiness checks). */
  ping(): Promise<void>;
  /** Whether the backend is reachable now, without asking it (memory always is). */
  isUp(): boolean;
  /** Resolves once the backend is reachable (at once when it is); rejects when the signal aborts. */
  whenUp(signal?: CancelSignal): Promise<void>;
  /** True when an error means the backend could not be reached, rather than a refused command. */
  isOutage(error: unknown): boolean;
  close(): Promise<void>;
}
