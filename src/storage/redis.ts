/**
 * Storage on Redis (ioredis 6), shared by every bot instance. Each port has its own namespace under the
 * optional key prefix, so names never collide across ports:
 *   <keyPrefix>kv:<key>        strings and counters (the API key registry lives here too)
 *   <keyPrefix>zset:<set>      sorted sets
 *   <keyPrefix>lock:<name>     locks (value: the holder's random token)
 *   <keyPrefix>bucket:<name>   token buckets (hash: tokens, at)
 * Read-modify-write steps run as Lua scripts, so they are atomic across instances. Token buckets use
 * the Redis server's clock, so instances with skewed clocks still share one budget.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { z } from "zod";
import { bucketLifetimeMs, checkBucketRequest, checkTtl, checkWindowRequest } from "./checks.js";
import type { CancelSignal, Storage } from "./ports.js";

/** A Lua script run by its SHA-1, loaded on the first NOSCRIPT (after a restart or SCRIPT FLUSH). */
function luaScript(source: string) {
  const sha = createHash("sha1").update(source).digest("hex");
  return async (redis: Redis, keys: string[], args: (string | number)[]): Promise<unknown> => {
    try {
      return await redis.evalsha(sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error && error.message.startsWith("NOSCRIPT"))) throw error;
      return await redis.eval(source, keys.length, ...keys, ...args);
    }
  };
}

/**
 * INCR that sets the expiry only when it creates the counter, which it does at 1 (counters are made
 * only here, so a 1 is a new one). ARGV[1]: ttl ms, 0 for none.
 */
const INCREMENT = luaScript(`
local value = redis.call('INCR', KEYS[1])
local ttl = tonumber(ARGV[1])
if value == 1 and ttl > 0 then redis.call('PEXPIRE', KEYS[1], ttl) end
return value
`);

/** Deletes the lock only while it still holds the caller's token. */
const RELEASE = luaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`);

/** Renews the lock's time-to-live only while it still holds the caller's token. */
const EXTEND = luaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`);

/**
 * Token bucket. ARGV: capacity, refill per ms, cost, lifetime ms (time to full, after which the state
 * is worthless). Returns 0 when the tokens were taken, else the milliseconds to wait.
 */
const TAKE = luaScript(`
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + tonumber(time[2]) / 1000
local capacity = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = capacity
if state[1] and state[2] then
  local elapsed = math.max(0, now - tonumber(state[2]))
  tokens = math.min(capacity, tonumber(state[1]) + elapsed * rate)
end
local wait = 0
if tokens >= cost then
  tokens = tokens - cost
else
  wait = math.ceil((cost - tokens) / rate)
end
redis.call('HSET', KEYS[1], 'tokens', string.format('%.17g', tokens), 'at', string.format('%.17g', now))
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return wait
`);

/**
 * A sliding window: the events inside it are a sorted set scored by time, their members numbered by a
 * counter so that events of the same millisecond stay apart. The wait is until enough of the oldest
 * events leave the window for `cost` new ones.
 */
const WINDOW_TAKE = luaScript(`
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local used = redis.call('ZCARD', KEYS[1])
local excess = used + cost - limit
if excess > 0 then
  local leaving = redis.call('ZRANGE', KEYS[1], excess - 1, excess - 1, 'WITHSCORES')
  return math.max(1, math.ceil(tonumber(leaving[2]) + window - now))
end
for i = 1, cost do
  redis.call('ZADD', KEYS[1], now, redis.call('INCR', KEYS[2]))
end
redis.call('PEXPIRE', KEYS[1], window)
redis.call('PEXPIRE', KEYS[2], window)
return 0
`);

const IntegerReply = z.number().int();
// Redis writes infinite scores as "inf", "+inf" and "-inf".
const ScoreReply = z
  .string()
  .transform((text) => Number(text.replace(/inf$/, "Infinity")))
  .refine((score) => !Number.isNaN(score), "not a score");

function scoreArgument(score: number): string {
  if (Number.isNaN(score)) throw new RangeError("a score must be a number");
  if (score === Number.POSITIVE_INFINITY) return "+inf";
  if (score === Number.NEGATIVE_INFINITY) return "-inf";
  return String(score);
}

/** SCAN MATCH treats these as glob syntax; a prefix must match them literally. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, "\\$&");
}

function createKeyValueStore(redis: Redis, namespace: string): Storage["kv"] {
  const at = (key: string) => namespace + key;
  return {
    get: async (key) => (await redis.get(at(key))) ?? undefined,
    async getMany(keys) {
      if (keys.length === 0) return [];
      return (await redis.mget(keys.map(at))).map((value) => value ?? undefined);
    },
    async set(key, value, options) {
      const ttlMs = checkTtl(options?.ttlMs);
      if (ttlMs === undefined) await redis.set(at(key), value);
      else await redis.set(at(key), value, "PX", ttlMs);
    },
    async setIfAbsent(key, value, options) {
      const ttlMs = checkTtl(options?.ttlMs);
      const reply =
        ttlMs === undefined
          ? await redis.set(at(key), value, "NX")
          : await redis.set(at(key), value, "PX", ttlMs, "NX");
      return reply === "OK";
    },
    delete: async (key) => (await redis.del(at(key))) > 0,
    async increment(key, options) {
      const ttlMs = checkTtl(options?.ttlMs) ?? 0;
      return IntegerReply.parse(await INCREMENT(redis, [at(key)], [ttlMs]));
    },
    async keys(prefix) {
      const pattern = `${escapeGlob(at(prefix))}*`;
      const found = new Set<string>();
      let cursor = "0";
      do {
        const [next, batch] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 500);
        for (const key of batch) found.add(key.slice(namespace.length));
        cursor = next;
      } while (cursor !== "0");
      return [...found].sort();
    },
  };
}

function createSortedSetStore(redis: Redis, namespace: string): Storage["sortedSets"] {
  const at = (set: string) => namespace + set;
  return {
    async add(set, member, score) {
      await redis.zadd(at(set), scoreArgument(score), member);
    },
    remove: async (set, member) => (await redis.zrem(at(set), member)) > 0,
    async score(set, member) {
      const reply = await redis.zscore(at(set), member);
      return reply === null ? undefined : ScoreReply.parse(reply);
    },
    async rangeByScore(set, maxScore, limit) {
      if (limit <= 0) return [];
      return await redis.zrangebyscore(at(set), "-inf", scoreArgument(maxScore), "LIMIT", 0, limit);
    },
    size: (set) => redis.zcard(at(set)),
  };
}

function createLockStore(redis: Redis, namespace: string): Storage["locks"] {
  return {
    async acquire(name, ttlMs) {
      const token = randomBytes(16).toString("hex");
      const reply = await redis.set(namespace + name, token, "PX", checkTtl(ttlMs), "NX");
      return reply === "OK" ? token : undefined;
    },
    release: async (name, token) => IntegerReply.parse(await RELEASE(redis, [namespace + name], [token])) > 0,
    async extend(name, token, ttlMs) {
      const ttl = String(checkTtl(ttlMs));
      return IntegerReply.parse(await EXTEND(redis, [namespace + name], [token, ttl])) > 0;
    },
  };
}

function createTokenBucketStore(redis: Redis, namespace: string): Storage["buckets"] {
  return {
    async take(bucket, rule, cost = 1) {
      checkBucketRequest(rule, cost);
      const reply = await TAKE(
        redis,
        [namespace + bucket],
        [rule.capacity, rule.refillPerMs, cost, bucketLifetimeMs(rule)],
      );
      return { waitMs: IntegerReply.nonnegative().parse(reply) };
    },
  };
}

function createRateWindowStore(redis: Redis, namespace: string): Storage["windows"] {
  return {
    async take(name, rule, cost = 1) {
      checkWindowRequest(rule, cost);
      const key = namespace + name;
      const reply = await WINDOW_TAKE(redis, [key, `${key}:seq`], [rule.limit, rule.windowMs, cost]);
      return { waitMs: IntegerReply.nonnegative().parse(reply) };
    },
  };
}

const CONNECTION_ERROR_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH"]);

/** ioredis's ways of saying a command never reached the server. */
function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === "MaxRetriesPerRequestError" || /connection is closed/i.test(error.message)) return true;
  return "code" in error && CONNECTION_ERROR_CODES.has(String(error.code));
}

function whenReady(redis: Redis, signal: CancelSignal | undefined): Promise<void> {
  if (redis.status === "ready") return Promise.resolve();
  return new Promise((resolve, reject) => {
    const ready = () => {
      signal?.removeEventListener("abort", aborted);
      resolve();
    };
    const aborted = () => {
      redis.off("ready", ready);
      reject(new Error("stopped waiting for Redis"));
    };
    if (signal?.aborted) return aborted();
    redis.once("ready", ready);
    signal?.addEventListener("abort", aborted, { once: true });
  });
}

/**
 * Storage over an ioredis client, which it then owns: `close()` quits it. Namespace several deployments
 * in one Redis with `keyPrefix` here, not with the client's own keyPrefix option (SCAN ignores that one).
 */
export function createRedisStorage(redis: Redis, options: { keyPrefix?: string } = {}): Storage {
  if (redis.options.keyPrefix) {
    throw new Error("pass the key prefix to createRedisStorage, not to the Redis client");
  }
  const prefix = options.keyPrefix ?? "";
  return {
    kind: "redis",
    kv: createKeyValueStore(redis, `${prefix}kv:`),
    sortedSets: createSortedSetStore(redis, `${prefix}zset:`),
    locks: createLockStore(redis, `${prefix}lock:`),
    buckets: createTokenBucketStore(redis, `${prefix}bucket:`),
    windows: createRateWindowStore(redis, `${prefix}window:`),
    async ping() {
      const reply = await redis.ping();
      if (reply !== "PONG") throw new Error("Redis did not answer PONG");
    },
    isUp: () => redis.status === "ready",
    isOutage: (error) => redis.status !== "ready" || isConnectionError(error),
    whenUp: (signal) => whenReady(redis, signal),
    async close() {
      if (redis.status === "end") return;
      try {
        await redis.quit();
      } catch {
        redis.disconnect();
      }
    },
  };
}
