/**
 * Restart safety on Redis with real processes: the bot is killed (SIGKILL) after the task's callback
 * was queued and before its result went out; a second process on the same Redis delivers it, once.
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTasksSandbox, type TasksSandbox } from "../../dev/tasks-sandbox/index.js";
import { startTelegramEmulator, type TelegramEmulator } from "../../dev/telegram-emulator/index.js";
import { KeyRegistry } from "../../src/accounts/registry.js";
import { createLogger } from "../../src/logger.js";
import { createStorage } from "../../src/storage/index.js";
import type { Storage } from "../../src/storage/ports.js";
import { answering, spawnBotProcess } from "../support/bot-process.js";
import { botMessages, eventually, freePort, press } from "../support/delivery-stack.js";
import { startRedisServer } from "../support/redis-server.js";

const redisServer = await startRedisServer();

describe.skipIf(!redisServer)("a bot process killed between queuing and delivering", () => {
  let emulator: TelegramEmulator;
  let sandbox: TasksSandbox;
  let registryStorage: Storage;
  let redis: Redis;
  const children: ChildProcess[] = [];
  const keyVaultSecret = randomBytes(32).toString("base64");

  beforeAll(async () => {
    const redisUrl = redisServer?.url ?? "";
    registryStorage = createStorage({ redisUrl }, createLogger({ level: "silent" }));
    redis = new Redis(redisUrl);
    const registry = new KeyRegistry(registryStorage);
    emulator = await startTelegramEmulator({ rateLimits: false });
    sandbox = await startTasksSandbox({
      verifyKey: (key) => registry.verify(key),
      allowHttpWebhooks: true,
      rateLimits: false,
      stepMs: 100,
      steps: 2,
    });
  });
  afterAll(async () => {
    for (const child of children) child.kill("SIGKILL");
    await sandbox?.close();
    await emulator?.close();
    redis?.disconnect();
    await registryStorage?.close();
    await redisServer?.stop();
  });

  async function startBot(): Promise<{ child: ChildProcess; port: number }> {
    const port = await freePort();
    const child = spawnBotProcess({
      BOT_TOKEN: emulator.token,
      BOT_MODE: "polling",
      BOT_API_ROOT: emulator.apiRoot,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      HTTP_HOST: "127.0.0.1",
      HTTP_PORT: String(port),
      TASKS_BASE_URL: sandbox.baseUrl,
      REDIS_URL: redisServer?.url ?? "",
      KEY_VAULT_SECRET: keyVaultSecret,
    });
    children.push(child);
    await answering(port);
    return { child, port };
  }

  it("the second process delivers the result exactly once", async () => {
    const first = await startBot();
    const user = emulator.users.create({ first_name: "Nadia", language_code: "en" });
    user.sendCommand("start");
    await press(user, "Voiceover", 20_000);
    await eventually(
      () => botMessages(user).find((message) => message.text?.includes("Send it as one message")),
      20_000,
    );
    user.sendText("Delivered after a crash.");
    // The service stops answering reads: the first process can queue the callback but not deliver.
    await press(user, "✅ Create");
    await eventually(
      () => botMessages(user).find((message) => /created, waiting/.test(message.text ?? "")),
      20_000,
    );
    sandbox.faults.failRequests(100_000, 503, 1);
    const queued = await eventually(async () => {
      const keys = await redis.keys("bull:deliver-task:hook-*");
      return keys.length > 0 ? keys : undefined;
    }, 20_000);
    expect(queued.length).toBeGreaterThan(0);
    first.child.kill("SIGKILL");
    await new Promise((resolve) => first.child.once("exit", resolve));
    expect(botMessages(user).some((message) => message.audio !== undefined)).toBe(false);

    sandbox.faults.failRequests(0, 503, 1);
    await startBot();
    await eventually(() => botMessages(user).find((message) => message.audio !== undefined), 90_000);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(botMessages(user).filter((message) => message.audio !== undefined)).toHaveLength(1);
  }, 150_000);
});
