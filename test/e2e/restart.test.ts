/**
 * Restart safety on Redis with real processes: the bot is killed (SIGKILL) after the task's callback
 * was queued and before its result went out; a second process on the same Redis delivers it, once.
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  answering,
  botEnvironment,
  spawnBotProcess,
  startWorld,
  type World,
} from "../support/bot-process.js";
import { botMessages, eventually, freePort, press } from "../support/delivery-stack.js";
import { startRedisServer } from "../support/redis-server.js";

const redisServer = await startRedisServer();

describe.skipIf(!redisServer)("a bot process killed between queuing and delivering", () => {
  let world: World;
  let redis: Redis;
  const children: ChildProcess[] = [];
  const keyVaultSecret = randomBytes(32).toString("base64");

  beforeAll(async () => {
    world = await startWorld(redisServer?.url ?? "", { stepMs: 100, steps: 2 });
    redis = new Redis(world.redisUrl);
  });
  afterAll(async () => {
    for (const child of children) child.kill("SIGKILL");
    await world?.close();
    redis?.disconnect();
    await redisServer?.stop();
  });

  async function startBot(): Promise<{ child: ChildProcess; port: number }> {
    const port = await freePort();
    // Both processes share the vault secret: the second opens the keys the first sealed.
    const child = spawnBotProcess(botEnvironment(world, port, { KEY_VAULT_SECRET: keyVaultSecret }));
    children.push(child);
    await answering(port);
    return { child, port };
  }

  it("the second process delivers the result exactly once", async () => {
    const first = await startBot();
    const user = world.emulator.users.create({ first_name: "Nadia", language_code: "en" });
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
    world.sandbox.faults.failRequests(100_000, 503, 1);
    const queued = await eventually(async () => {
      const keys = await redis.keys("bull:deliver-task:hook-*");
      return keys.length > 0 ? keys : undefined;
    }, 20_000);
    expect(queued.length).toBeGreaterThan(0);
    first.child.kill("SIGKILL");
    await new Promise((resolve) => first.child.once("exit", resolve));
    expect(botMessages(user).some((message) => message.audio !== undefined)).toBe(false);

    world.sandbox.faults.failRequests(0, 503, 1);
    await startBot();
    await eventually(() => botMessages(user).find((message) => message.audio !== undefined), 90_000);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(botMessages(user).filter((message) => message.audio !== undefined)).toHaveLength(1);
  }, 150_000);
});
