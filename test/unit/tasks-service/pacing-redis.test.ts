import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import type { Storage } from "../../../src/storage/ports.js";
import { createRedisStorage } from "../../../src/storage/redis.js";
import { KeyPacing } from "../../../src/tasks-service/pacing.js";
import { startRedisServer } from "../../support/redis-server.js";

const KEY = "cmp_AbCd1234_0123456789abcdefghijABCDEFGHIJ";
const redisServer = await startRedisServer();

describe.skipIf(!redisServer)("KeyPacing on a real redis-server", () => {
  const storages: Storage[] = [];
  afterAll(async () => {
    await Promise.all(storages.map((storage) => storage.close()));
    await redisServer?.stop();
  });

  /** One bot instance: its own Redis connection, the shared key prefix. */
  function instance(prefix: string): KeyPacing {
    const storage = createRedisStorage(new Redis(redisServer?.url ?? ""), { keyPrefix: prefix });
    storages.push(storage);
    // No waiting: a call that would need to wait fails at once, which the test can see.
    return new KeyPacing(storage.windows, { maxWaitMs: 0 });
  }

  it("makes two instances share one key's 30 requests a minute", async () => {
    const prefix = `p${randomBytes(6).toString("hex")}:`;
    const first = instance(prefix);
    const second = instance(prefix);
    for (let i = 0; i < 15; i += 1) {
      await first.acquire(KEY, "create");
      await second.acquire(KEY, "read");
    }
    await expect(second.acquire(KEY, "create")).rejects.toMatchObject({ kind: "rate_limited" });
    await expect(first.acquire(KEY, "read")).rejects.toMatchObject({ kind: "rate_limited" });
  });

  it("leaves the reserve to task creation when another instance polls", async () => {
    const prefix = `p${randomBytes(6).toString("hex")}:`;
    const reconciler = instance(prefix);
    const submitter = instance(prefix);
    for (let i = 0; i < 20; i += 1) await reconciler.acquire(KEY, "poll");
    await expect(reconciler.acquire(KEY, "poll")).rejects.toMatchObject({ kind: "rate_limited" });
    for (let i = 0; i < 10; i += 1) await submitter.acquire(KEY, "create");
  });
});
