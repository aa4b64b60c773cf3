import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { ApiKeys } from "../../../src/accounts/api-keys.js";
import { KeyRegistry } from "../../../src/accounts/registry.js";
import { KeyVault } from "../../../src/accounts/vault.js";
import { createRedisStorage } from "../../../src/storage/redis.js";
import { startRedisServer } from "../../support/redis-server.js";

const redisServer = await startRedisServer();

/** Every key and value in the Redis database, whatever its type. */
async function dumpRedis(redis: Redis): Promise<string> {
  const parts: string[] = [];
  for (const key of await redis.keys("*")) {
    parts.push(key);
    const type = await redis.type(key);
    if (type === "string") parts.push((await redis.get(key)) ?? "");
    else if (type === "hash") parts.push(JSON.stringify(await redis.hgetall(key)));
    else if (type === "zset") parts.push(JSON.stringify(await redis.zrange(key, "0", "-1")));
    else parts.push(`<${type}>`);
  }
  return parts.join("\n");
}

/** The check docs/key-registry.md tells the service's operators to make, written against raw Redis. */
async function verifyAsDocumented(redis: Redis, apiKey: string): Promise<number | undefined> {
  const match = /^[a-z0-9]{2,16}_([A-Za-z0-9]{8})_[A-Za-z0-9]{32}$/.exec(apiKey);
  if (!match) return undefined;
  const raw = await redis.get(`kv:apikey:${match[1]}`);
  if (raw === null) return undefined;
  const entry = JSON.parse(raw) as { v: number; sha256: string; userId: number; revokedAt: string | null };
  const presented = createHash("sha256").update(apiKey).digest();
  if (entry.v !== 1 || !timingSafeEqual(presented, Buffer.from(entry.sha256, "hex"))) return undefined;
  return entry.revokedAt === null ? entry.userId : undefined;
}

describe.skipIf(!redisServer)("API keys on a real redis-server", () => {
  const url = redisServer?.url ?? "";
  const clients: Redis[] = [];
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await redisServer?.stop();
  });

  function connect(database: number): Redis {
    const client = new Redis(`${url}/${database}`);
    clients.push(client);
    return client;
  }

  it("follows the documented layout, and an independent check verifies as the registry does", async () => {
    const storage = createRedisStorage(connect(1));
    const raw = connect(1);
    const apiKeys = new ApiKeys({ storage, vault: new KeyVault(randomBytes(32)), prefix: "cmp" });
    const registry = new KeyRegistry(storage);
    const old = await apiKeys.issue(101);
    const current = await apiKeys.issue(101);
    const revoked = await apiKeys.issue(102);
    await apiKeys.revoke(102);

    const entry = JSON.parse((await raw.get(`kv:apikey:${current.keyId}`)) ?? "null");
    expect(entry).toEqual({
      v: 1,
      keyId: current.keyId,
      userId: 101,
      sha256: createHash("sha256").update(current.apiKey).digest("hex"),
      createdAt: current.createdAt.toISOString(),
      revokedAt: null,
    });
    expect(await raw.exists(`kv:apikey-user:101`)).toBe(1);
    expect(await raw.exists(`kv:apikey-user:102`)).toBe(0);

    for (const apiKey of [old.apiKey, current.apiKey, revoked.apiKey, `${current.apiKey.slice(0, -1)}x`]) {
      expect(await verifyAsDocumented(raw, apiKey)).toBe((await registry.verify(apiKey))?.userId);
    }
    expect(await verifyAsDocumented(raw, current.apiKey)).toBe(101);

    const everything = await dumpRedis(raw);
    for (const { apiKey } of [old, current, revoked]) {
      expect(everything).not.toContain(apiKey);
      expect(everything).not.toContain(apiKey.slice(-32));
    }
  });

  it("leaves one live personal key when two instances issue for one user at once", async () => {
    const vault = new KeyVault(randomBytes(32));
    const one = new ApiKeys({ storage: createRedisStorage(connect(2)), vault, prefix: "cmp" });
    const two = new ApiKeys({ storage: createRedisStorage(connect(2)), vault, prefix: "cmp" });
    const issued = await Promise.all([one.issue(7), two.issue(7), one.issue(7), two.issue(7)]);
    const raw = connect(2);
    const live: string[] = [];
    for (const name of await raw.keys("kv:apikey:*")) {
      const entry = JSON.parse((await raw.get(name)) ?? "null") as {
        keyId: string;
        revokedAt: string | null;
      };
      if (entry.revokedAt === null) live.push(entry.keyId);
    }
    expect(live).toHaveLength(1);
    expect((await two.describe(7))?.keyId).toBe(live[0]);
    expect(issued.filter((result) => result.keyId === live[0])).toHaveLength(1);
  });
});
