import { randomBytes } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createRedisStorage } from "../../../src/storage/redis.js";
import { startRedisServer } from "../../support/redis-server.js";
import { defineStorageContract } from "./contract.js";

const redisServer = await startRedisServer();

describe.skipIf(!redisServer)("Redis storage on a real redis-server", () => {
  const url = redisServer?.url ?? "";
  afterAll(async () => {
    await redisServer?.stop();
  });

  // Each storage gets its own key prefix: the suites share one server.
  defineStorageContract("redis", async () => ({
    storage: createRedisStorage(new Redis(url), { keyPrefix: `t${randomBytes(6).toString("hex")}:` }),
    // Redis keeps time by its own clock; a few extra milliseconds cover timer rounding.
    advance: (ms) => delay(ms + 5),
  }));

  it("keeps deployments with different key prefixes apart", async () => {
    const blue = createRedisStorage(new Redis(url), { keyPrefix: "blue:" });
    const green = createRedisStorage(new Redis(url), { keyPrefix: "green:" });
    try {
      await blue.kv.set("user:1", "blue");
      await green.kv.set("user:1", "green");
      expect(await blue.kv.get("user:1")).toBe("blue");
      expect(await green.kv.keys("user:")).toEqual(["user:1"]);
      expect(await blue.locks.acquire("job", 60_000)).toBeDefined();
      expect(await green.locks.acquire("job", 60_000)).toBeDefined();
    } finally {
      await Promise.all([blue.close(), green.close()]);
    }
  });

  it("lays keys out as documented, for operators reading Redis directly", async () => {
    const redis = new Redis(url);
    const storage = createRedisStorage(new Redis(url), { keyPrefix: "layout:" });
    try {
      await storage.kv.set("apikey:abc", "{}");
      await storage.sortedSets.add("pending", "42", 1);
      await storage.locks.acquire("reconcile", 60_000);
      await storage.buckets.take("pace:1", { capacity: 1, refillPerMs: 0.001 });
      expect((await redis.keys("layout:*")).sort()).toEqual([
        "layout:bucket:pace:1",
        "layout:kv:apikey:abc",
        "layout:lock:reconcile",
        "layout:zset:pending",
      ]);
      expect(await redis.pttl("layout:bucket:pace:1")).toBeGreaterThan(0);
    } finally {
      await storage.close();
      redis.disconnect();
    }
  });

  it("runs its scripts again after Redis forgot them", async () => {
    const redis = new Redis(url);
    const storage = createRedisStorage(new Redis(url), { keyPrefix: "flush:" });
    try {
      expect(await storage.kv.increment("n")).toBe(1);
      await redis.script("FLUSH");
      expect(await storage.kv.increment("n")).toBe(2);
    } finally {
      await storage.close();
      redis.disconnect();
    }
  });

  it("refuses a client that carries its own key prefix", () => {
    const client = new Redis(url, { keyPrefix: "x:", lazyConnect: true });
    expect(() => createRedisStorage(client)).toThrow(/key prefix/);
    client.disconnect();
  });
});
