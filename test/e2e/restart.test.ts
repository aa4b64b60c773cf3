/**
 * Restart safety on Redis with real processes: the bot is killed (SIGKILL) after the task's callback
 * was queued and before its result went out; a second process on the same Redis delivers it, once. And
 * killed between a batch's album and its message of buttons: the second process sends the rest of the
 * batch without that album again.
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type GenerationSandbox, startGenerationSandbox } from "../../dev/generation-sandbox/index.js";
import {
  answering,
  botEnvironment,
  spawnBotProcess,
  startWorld,
  type World,
} from "../support/bot-process.js";
import { botMessages, eventually, freePort, press, showsNewest } from "../support/delivery-stack.js";
import { connect, photosOf } from "../support/generation-stack.js";
import { startRedisServer } from "../support/redis-server.js";
import { settleJobs } from "../support/settle.js";

const redisServer = await startRedisServer();

describe.skipIf(!redisServer)("a bot process killed between queuing and delivering", () => {
  let world: World;
  let generations: GenerationSandbox;
  let redis: Redis;
  const children: ChildProcess[] = [];
  const keyVaultSecret = randomBytes(32).toString("base64");

  beforeAll(async () => {
    world = await startWorld(redisServer?.url ?? "", { stepMs: 100, steps: 2 });
    generations = await startGenerationSandbox({
      allowLocalWebhooks: true,
      rateLimits: false,
      autoStep: false,
      webhookRetryDelaysMs: [200, 400, 800],
    });
    redis = new Redis(world.redisUrl);
  });
  // One bot process at a time polls the emulator: each scenario ends with its processes.
  afterEach(async () => {
    await Promise.all(children.splice(0).map((child) => stop(child)));
  });
  afterAll(async () => {
    await generations?.close();
    await world?.close();
    redis?.disconnect();
    await redisServer?.stop();
  });

  async function stop(child: ChildProcess): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  }

  async function startBot(): Promise<{ child: ChildProcess; port: number }> {
    const port = await freePort();
    // Both processes share the vault secret: the second opens the keys the first sealed.
    const child = spawnBotProcess(
      botEnvironment(world, port, {
        KEY_VAULT_SECRET: keyVaultSecret,
        GENERATION_BASE_URL: generations.baseUrl,
      }),
    );
    children.push(child);
    await answering(port);
    return { child, port };
  }

  /** Jobs of the queue still to run, in BullMQ's lists on Redis. */
  async function unfinishedJobs(queue: string): Promise<number> {
    const prefix = `bull:${queue}`;
    const [wait, active, delayed, prioritized] = await Promise.all([
      redis.llen(`${prefix}:wait`),
      redis.llen(`${prefix}:active`),
      redis.zcard(`${prefix}:delayed`),
      redis.zcard(`${prefix}:prioritized`),
    ]);
    return wait + active + delayed + prioritized;
  }

  it("the second process delivers the result exactly once", async () => {
    const first = await startBot();
    const user = world.emulator.users.create({ first_name: "Nadia", language_code: "en" });
    user.sendCommand("start");
    // With the generation service beside it, /start's first four offers leave the voiceover under More….
    await press(user, "More…", 20_000);
    await press(user, "Voiceover");
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
    const second = await startBot();
    await eventually(() => botMessages(user).find((message) => message.audio !== undefined), 90_000);
    // The hook's delivery job died active with the first process: BullMQ hands it to the second only once
    // its stalled-job check finds the lock lapsed (a 30 s lock, checked every 10 s). It must run, and send
    // nothing, before "exactly once" means anything.
    await settleJobs(`http://127.0.0.1:${second.port}`, { timeoutMs: 60_000 });
    expect(botMessages(user).filter((message) => message.audio !== undefined)).toHaveLength(1);
  }, 150_000);

  it("a process killed between a batch's album and its message of buttons: the next one sends that album no more", async () => {
    const first = await startBot();
    const user = world.emulator.users.create({ first_name: "Ivo", language_code: "en" });
    await connect({ sandbox: generations }, user, { balance: 5_000 });
    const prompts = Array.from({ length: 20 }, (_, index) => `a lighthouse in fog, take ${index + 1}`);
    await user.sendDocument({ bytes: prompts.join("\n"), fileName: "fog.txt", mimeType: "text/plain" });
    await press(user, "🖼 Images, one per line", 20_000);
    await press(user, "✅ Create 20 images", 20_000);
    await showsNewest(user, (message) => message.text?.includes("Reserved 800 tokens") === true);

    // The first message of buttons hangs at Telegram and is never taken: the process dies meanwhile.
    const hang = world.emulator.faults.inject({ kind: "delay", ms: 30_000, method: "sendMessage" });
    world.emulator.faults.inject({ kind: "drop_connection", method: "sendMessage" });
    generations.step(3);
    await eventually(() => photosOf(user).length === 10 || undefined, 60_000);
    // The message of buttons has reached Telegram: the album's answer came back to the bot before it.
    await eventually(() => hang.remaining === 0 || undefined, 20_000);
    await stop(first.child);
    expect(botMessages(user).some((message) => message.text?.startsWith("Images 1–10") === true)).toBe(false);

    await startBot();
    await showsNewest(user, (message) => message.text?.startsWith("Images 11–20") === true, 90_000);
    // Everything queued is done, the job the dead process was running among it, before the count.
    await eventually(async () => (await unfinishedJobs("deliver-generations")) === 0 || undefined, 90_000);
    const photos = photosOf(user).map((photo) => Number(photo.caption?.split(".")[0]));
    expect(photos).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    const controls = botMessages(user)
      .filter((message) => message.text?.startsWith("Images ") === true)
      .map((message) => message.text?.split(" ·")[0]);
    expect(controls).toEqual(["Images 1–10", "Images 11–20"]);
  }, 240_000);
});
