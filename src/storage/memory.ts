/**
 * Storage in this process's memory, with the Redis adapter's semantics (one contract suite runs against
 * both). Expiry is lazy, without timers; writes sweep expired keys now and then so unread ones do not pile up.
 */
import { randomBytes } from "node:crypto";
import {
  bucketLifetimeMs,
  checkBucketRequest,
  checkTtl,
  checkWindowRequest,
  compareMembers,
} from "./checks.js";
import type { Storage } from "./ports.js";

interface Entry<V> {
  value: V;
  /** Epoch milliseconds; undefined: no expiry. */
  expiresAt: number | undefined;
}

/** Keys with lazy expiry on an injectable clock. */
class ExpiringMap<V = string> {
  private readonly entries = new Map<string, Entry<V>>();
  private writesSinceSweep = 0;

  constructor(private readonly now: () => number) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (this.expired(entry)) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, ttlMs: number | undefined): void {
    this.entries.set(key, { value, expiresAt: ttlMs === undefined ? undefined : this.now() + ttlMs });
    this.afterWrite();
  }

  /** Replaces the value of a live key and keeps its expiry. */
  replaceValue(key: string, value: V): void {
    const entry = this.entries.get(key);
    if (entry !== undefined) entry.value = value;
  }

  delete(key: string): boolean {
    const present = this.get(key) !== undefined;
    this.entries.delete(key);
    return present;
  }

  keys(): string[] {
    this.sweep();
    return [...this.entries.keys()];
  }

  private expired(entry: Entry<V>): boolean {
    return entry.expiresAt !== undefined && entry.expiresAt <= this.now();
  }

  /** Amortised: a full sweep once per as many writes as there are entries. */
  private afterWrite(): void {
    this.writesSinceSweep += 1;
    if (this.writesSinceSweep >= Math.max(64, this.entries.size)) this.sweep();
  }

  private sweep(): void {
    this.writesSinceSweep = 0;
    for (const [key, entry] of this.entries) if (this.expired(entry)) this.entries.delete(key);
  }
}

function createKeyValueStore(map: ExpiringMap): Storage["kv"] {
  return {
    get: async (key) => map.get(key),
    getMany: async (keys) => keys.map((key) => map.get(key)),
    set: async (key, value, options) => map.set(key, value, checkTtl(options?.ttlMs)),
    async setIfAbsent(key, value, options) {
      const ttlMs = checkTtl(options?.ttlMs);
      if (map.get(key) !== undefined) return false;
      map.set(key, value, ttlMs);
      return true;
    },
    delete: async (key) => map.delete(key),
    async increment(key, options) {
      const ttlMs = checkTtl(options?.ttlMs);
      const current = map.get(key);
      if (current === undefined) {
        map.set(key, "1", ttlMs);
        return 1;
      }
      if (!/^-?\d+$/.test(current)) throw new TypeError(`the value at ${key} is not an integer`);
      const next = Number(current) + 1;
      // Keep the expiry the counter was created with.
      map.replaceValue(key, String(next));
      return next;
    },
    keys: async (prefix) =>
      map
        .keys()
        .filter((key) => key.startsWith(prefix))
        .sort(),
  };
}

function createSortedSetStore(): Storage["sortedSets"] {
  const sets = new Map<string, Map<string, number>>();
  return {
    async add(set, member, score) {
      if (Number.isNaN(score)) throw new RangeError("a score must be a number");
      sets.set(set, (sets.get(set) ?? new Map<string, number>()).set(member, score));
    },
    async remove(set, member) {
      const members = sets.get(set);
      const removed = members?.delete(member) ?? false;
      if (members?.size === 0) sets.delete(set);
      return removed;
    },
    score: async (set, member) => sets.get(set)?.get(member),
    async rangeByScore(set, maxScore, limit) {
      if (limit <= 0) return [];
      return [...(sets.get(set) ?? [])]
        .filter(([, score]) => score <= maxScore)
        .sort(([memberA, scoreA], [memberB, scoreB]) => scoreA - scoreB || compareMembers(memberA, memberB))
        .slice(0, limit)
        .map(([member]) => member);
    },
    size: async (set) => sets.get(set)?.size ?? 0,
  };
}

function createLockStore(map: ExpiringMap): Storage["locks"] {
  return {
    async acquire(name, ttlMs) {
      const ttl = checkTtl(ttlMs);
      if (map.get(name) !== undefined) return undefined;
      const token = randomBytes(16).toString("hex");
      map.set(name, token, ttl);
      return token;
    },
    release: async (name, token) => map.get(name) === token && map.delete(name),
    async extend(name, token, ttlMs) {
      const ttl = checkTtl(ttlMs);
      if (map.get(name) !== token) return false;
      map.set(name, token, ttl);
      return true;
    },
  };
}

/** Bucket states expire once the bucket would be full again, as in Redis. */
function createTokenBucketStore(
  map: ExpiringMap<{ tokens: number; at: number }>,
  now: () => number,
): Storage["buckets"] {
  return {
    async take(bucket, rule, cost = 1) {
      checkBucketRequest(rule, cost);
      const at = now();
      const previous = map.get(bucket);
      const tokens =
        previous === undefined
          ? rule.capacity
          : Math.min(rule.capacity, previous.tokens + Math.max(0, at - previous.at) * rule.refillPerMs);
      const paid = tokens >= cost;
      const left = paid ? tokens - cost : tokens;
      map.set(bucket, { tokens: left, at }, bucketLifetimeMs(rule));
      return { waitMs: paid ? 0 : Math.ceil((cost - tokens) / rule.refillPerMs) };
    },
  };
}

/** A window keeps the times of the events still inside it, and is forgotten a window after the last. */
function createRateWindowStore(map: ExpiringMap<number[]>, now: () => number): Storage["windows"] {
  return {
    async take(name, rule, cost = 1) {
      checkWindowRequest(rule, cost);
      const at = now();
      const events = (map.get(name) ?? []).filter((time) => time > at - rule.windowMs);
      const excess = events.length + cost - rule.limit;
      if (excess > 0) {
        const leaving = events[excess - 1] ?? at;
        return { waitMs: Math.max(1, Math.ceil(leaving + rule.windowMs - at)) };
      }
      for (let i = 0; i < cost; i += 1) events.push(at);
      map.set(name, events, rule.windowMs);
      return { waitMs: 0 };
    },
  };
}

export function createMemoryStorage(options: { now?: () => number } = {}): Storage {
  const now = options.now ?? Date.now;
  return {
    kind: "memory",
    kv: createKeyValueStore(new ExpiringMap(now)),
    sortedSets: createSortedSetStore(),
    locks: createLockStore(new ExpiringMap(now)),
    buckets: createTokenBucketStore(new ExpiringMap(now), now),
    windows: createRateWindowStore(new ExpiringMap(now), now),
    async ping() {},
    isUp: () => true,
    isOutage: () => false,
    async whenUp() {},
    async close() {},
  };
}
