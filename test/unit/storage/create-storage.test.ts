import { once } from "node:events";
import { createServer } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger } from "../../../src/logger.js";
import { createStorage } from "../../../src/storage/index.js";
import { startRedisServer } from "../../support/redis-server.js";

function capturingLogger() {
  const lines: string[] = [];
  const logger = createLogger({ level: "info", destination: { write: (line) => void lines.push(line) } });
  return {
    logger,
    entries: () => lines.map((line) => JSON.parse(line) as { level: number; msg: string }),
    text: () => lines.join(""),
  };
}

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  server.close();
  await once(server, "close");
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

describe("createStorage", () => {
  it("falls back to memory without REDIS_URL and warns that nothing persists", async () => {
    const { logger, entries } = capturingLogger();
    const storage = createStorage({ redisUrl: undefined }, logger);
    expect(storage.kind).toBe("memory");
    const warnings = entries().filter((entry) => entry.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toMatch(/REDIS_URL is not set.*nothing survives a restart/);
  });

  it("reports an unreachable Redis once, without its password, and fails commands instead of hanging", async () => {
    const { logger, entries, text } = capturingLogger();
    const port = await closedPort();
    const storage = createStorage({ redisUrl: `redis://:Sup3rSecretRedisPass@127.0.0.1:${port}` }, logger);
    try {
      expect(storage.kind).toBe("redis");
      await expect(storage.ping()).rejects.toThrow();
      const errors = entries().filter((entry) => entry.level === 50);
      expect(errors).toHaveLength(1);
      expect(errors[0]?.msg).toContain("Redis connection error");
      expect(text()).not.toContain("Sup3rSecretRedisPass");
    } finally {
      await storage.close();
    }
  });
});

const redisServer = await startRedisServer();

describe.skipIf(!redisServer)("createStorage with a real redis-server", () => {
  afterAll(async () => {
    await redisServer?.stop();
  });

  it("uses Redis when REDIS_URL is set", async () => {
    const { logger } = capturingLogger();
    const storage = createStorage({ redisUrl: redisServer?.url }, logger);
    try {
      expect(storage.kind).toBe("redis");
      await storage.ping();
      await storage.kv.set("k", "v");
      expect(await storage.kv.get("k")).toBe("v");
    } finally {
      await storage.close();
    }
  });
});
