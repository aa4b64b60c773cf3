import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiKeys, userKey } from "../../../src/accounts/api-keys.js";
import { KeyVault } from "../../../src/accounts/vault.js";
import { createRedisStorage } from "../../../src/storage/redis.js";
import { BotHarness, lastCall } from "../../support/bot-harness.js";
import { type RedisServer, startRedisServer } from "../../support/redis-server.js";

/** Every string value in the database, whatever the key's type. */
async function everythingStored(redis: Redis): Promise<string> {
  const parts: string[] = [];
  for (const key of await redis.keys("*")) {
    const type = await redis.type(key);
    parts.push(key);
    if (type === "string") parts.push((await redis.get(key)) ?? "");
    if (type === "hash") parts.push(JSON.stringify(await redis.hgetall(key)));
    if (type === "zset") parts.push(JSON.stringify(await redis.zrange(key, "0", "-1")));
    if (type === "set") parts.push(JSON.stringify(await redis.smembers(key)));
    if (type === "list") parts.push(JSON.stringify(await redis.lrange(key, 0, -1)));
  }
  return parts.join("\n");
}

describe("an issued key's plaintext", () => {
  let server: RedisServer | undefined;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("is nowhere in Redis (only the vault's ciphertext) and nowhere in the logs", async (context) => {
    if (!server) return context.skip();
    const redis = new Redis(server.url);
    try {
      const storage = createRedisStorage(redis);
      const apiKeys = new ApiKeys({ storage, vault: new KeyVault(randomBytes(32)), prefix: "cmp" });
      const harness = new BotHarness({ storage, apiKeys });
      const user = harness.user();
      const offer = lastCall(await harness.send(user, "/apikey"), "sendMessage");
      await harness.press(user, BotHarness.button(offer, "Issue a key"));
      const overview = lastCall(await harness.send(user, "/apikey"), "sendMessage");
      const confirm = lastCall(
        await harness.press(user, BotHarness.button(overview, "Replace the key")),
        "editMessageText",
      );
      await harness.press(user, BotHarness.button(confirm, "Yes, go ahead"));
      await harness.send(user, "/balance");

      const key = (await harness.apiKeys.ensure(user.id)).apiKey;
      const secret = key.split("_").at(-1) ?? key;
      const stored = await everythingStored(redis);
      expect(stored).toContain("session:");
      expect(stored).not.toContain(secret);
      // The key is kept, sealed, so the bot can act for the user: it opens back to the same key.
      expect(await apiKeys.keyFor(user.id)).toBe(key);
      const record = z
        .object({ sealedKey: z.string().min(1) })
        .parse(JSON.parse((await storage.kv.get(userKey(user.id))) ?? "{}"));
      expect(record.sealedKey).not.toContain(secret);
      expect(stored).toContain(record.sealedKey);
      const logs = harness.logLines.join("");
      expect(logs).toContain("api key shown");
      expect(logs).not.toContain(secret);
    } finally {
      redis.disconnect();
    }
  });
});
