/** Redis when REDIS_URL is set, else memory (one instance, nothing survives a restart; said at start-up). */
import { Redis } from "ioredis";
import { type Config, urlPasswords } from "../config.js";
import { type Logger, redactText } from "../logger.js";
import { createMemoryStorage } from "./memory.js";
import type { Storage } from "./ports.js";
import { createRedisStorage } from "./redis.js";

export type { Storage } from "./ports.js";

const MAX_RECONNECT_DELAY_MS = 5_000;

/**
 * An ioredis client that reconnects with capped exponential backoff forever and logs an outage once
 * (then at debug level until the connection is back), never the URL's password. `name` is shown in
 * CLIENT LIST and logs. `maxRetriesPerRequest` null (BullMQ workers, which must wait out outages) retries a
 * command forever; by default it fails after a few reconnections, so its handler or job is retried later.
 */
export function createRedisClient(
  url: string,
  logger: Logger,
  options: { name: string; maxRetriesPerRequest?: number | null },
): Redis {
  const secrets = urlPasswords(url);
  const log = logger.child({ component: "redis", connection: options.name });
  const redis = new Redis(url, {
    connectionName: options.name,
    maxRetriesPerRequest: options.maxRetriesPerRequest === undefined ? 3 : options.maxRetriesPerRequest,
    connectTimeout: 10_000,
    retryStrategy: (attempt) =>
      Math.min(MAX_RECONNECT_DELAY_MS, 100 * 2 ** Math.min(attempt, 10)) + Math.floor(Math.random() * 200),
  });
  let healthy = true;
  redis.on("error", (error: Error) => {
    const code = "code" in error ? String(error.code) : undefined;
    const detail = { error: redactText(error.message, secrets), code };
    if (healthy) log.error(detail, "Redis connection error; reconnecting");
    else log.debug(detail, "Redis still unavailable");
    healthy = false;
  });
  redis.on("ready", () => {
    if (!healthy) log.info("Redis connection restored");
    healthy = true;
  });
  return redis;
}

export function createStorage(config: Pick<Config, "redisUrl">, logger: Logger): Storage {
  if (config.redisUrl === undefined) {
    logger.warn(
      "REDIS_URL is not set: storage is in this process's memory, for one instance only; nothing survives a restart",
    );
    return createMemoryStorage();
  }
  return createRedisStorage(createRedisClient(config.redisUrl, logger, { name: "storage" }));
}
