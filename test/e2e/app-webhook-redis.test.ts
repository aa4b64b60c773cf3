import { randomBytes } from "node:crypto";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTasksSandbox, type TasksSandbox } from "../../dev/tasks-sandbox/index.js";
import { startTelegramEmulator, type TelegramEmulator } from "../../dev/telegram-emulator/index.js";
import { KeyRegistry } from "../../src/accounts/registry.js";
import { type App, startApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { createLogger } from "../../src/logger.js";
import { createStorage } from "../../src/storage/index.js";
import type { Storage } from "../../src/storage/ports.js";
import { freePort } from "../support/delivery-stack.js";
import { startRedisServer } from "../support/redis-server.js";
import { settleJobs } from "../support/settle.js";

const redisServer = await startRedisServer();

/** Production settings (webhook mode, Redis, BullMQ) against the emulator and the sandbox. */
describe.skipIf(!redisServer)("webhook mode on Redis", () => {
  const secret = "webhook-secret-for-tests";
  const logger = createLogger({ level: "silent" });
  let emulator: TelegramEmulator;
  let sandbox: TasksSandbox;
  let registryStorage: Storage;
  let app: App;

  beforeAll(async () => {
    const redisUrl = redisServer?.url ?? "";
    registryStorage = createStorage({ redisUrl }, logger);
    const registry = new KeyRegistry(registryStorage);
    emulator = await startTelegramEmulator({ rateLimits: false, webhook: { retryDelayMs: 100 } });
    sandbox = await startTasksSandbox({ verifyKey: (key) => registry.verify(key), allowHttpWebhooks: true });
    const port = await freePort();
    const config = loadConfig({
      BOT_TOKEN: emulator.token,
      BOT_MODE: "webhook",
      BOT_API_ROOT: emulator.apiRoot,
      BOT_WEBHOOK_SECRET: secret,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      HTTP_HOST: "127.0.0.1",
      HTTP_PORT: String(port),
      TASKS_BASE_URL: sandbox.baseUrl,
      REDIS_URL: redisUrl,
      KEY_VAULT_SECRET: randomBytes(32).toString("base64"),
      LOG_LEVEL: "silent",
    });
    app = await startApp(config, logger);
  });
  afterAll(async () => {
    await app?.stop(2_000);
    await sandbox?.close();
    await emulator?.close();
    await registryStorage?.close();
    await redisServer?.stop();
  });

  it("registers its webhook with the secret and answers updates Telegram posts to it", async () => {
    const person = emulator.users.create({ first_name: "Ivan", language_code: "ru" });
    person.sendCommand("help");
    const reply = await person.chat.waitForMessage((m) => m.fromBot, { timeoutMs: 10_000 });
    expect(reply.message.text).toMatch(/[а-я]/i);
  });

  it("refuses a post to /telegram without the secret and handles nothing", async () => {
    const before = emulator.calls.length;
    const update = {
      update_id: 999_001,
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: 4242, type: "private", first_name: "Mallory" },
        from: { id: 4242, is_bot: false, first_name: "Mallory" },
        text: "/start",
        entities: [{ type: "bot_command", offset: 0, length: 6 }],
      },
    };
    const forged = await request(`${app.httpUrl}/telegram`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(update),
    });
    expect(forged.statusCode).toBe(401);
    await forged.body.dump();
    const wrong = await request(`${app.httpUrl}/telegram`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": "guess" },
      body: JSON.stringify(update),
    });
    expect(wrong.statusCode).toBe(401);
    await wrong.body.dump();
    await settleJobs(app.httpUrl);
    const sentToMallory = emulator.calls
      .slice(before)
      .filter((call) => (call.params as { chat_id?: unknown }).chat_id === 4242);
    expect(sentToMallory).toEqual([]);
  });
});
