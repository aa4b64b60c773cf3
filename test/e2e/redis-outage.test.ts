/**
 * A Redis outage under load, with real processes: Redis (with persistence, as production is asked to
 * run it) is stopped for 20 s while users write and a task finishes, then started again. The bot
 * process stays up, says it is not ready within 2 s, takes no updates meanwhile (Telegram keeps them),
 * answers every message once afterwards and delivers the result once.
 */
import type { ChildProcess } from "node:child_process";
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

const redisServer = await startRedisServer({ persistent: true });
const OUTAGE_MS = 20_000;
const USERS = 5;
const MESSAGES_PER_USER = 4;

describe.skipIf(!redisServer)("a Redis outage under load", () => {
  let world: World;
  let bot: ChildProcess;
  let port: number;

  beforeAll(async () => {
    world = await startWorld(redisServer?.url ?? "", { stepMs: 500, steps: 2 });
    port = await freePort();
    bot = spawnBotProcess(botEnvironment(world, port));
    await answering(port);
  }, 60_000);

  afterAll(async () => {
    bot?.kill("SIGKILL");
    await world?.close();
    await redisServer?.stop();
  });

  const readiness = async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status;

  it("loses nothing and doubles nothing", async () => {
    let exited = false;
    bot.once("exit", () => {
      exited = true;
    });
    const people = Array.from({ length: USERS }, (_, index) =>
      world.emulator.users.create({ first_name: `User ${index}`, language_code: "en" }),
    );
    const [owner] = people;
    if (!owner) throw new Error("no users");
    owner.sendCommand("start");
    await press(owner, "Voiceover", 20_000);
    await eventually(
      () => botMessages(owner).find((m) => m.text?.includes("Send it as one message")),
      20_000,
    );
    owner.sendText("Delivered after an outage.");
    await press(owner, "✅ Create");
    await eventually(() => botMessages(owner).find((m) => /created, waiting/.test(m.text ?? "")), 20_000);
    const helpsBefore = (person: (typeof people)[number]) =>
      botMessages(person).filter((m) => m.text?.includes("/help – this list")).length;
    for (const person of people) person.sendCommand("help");
    await eventually(() => people.every((person) => helpsBefore(person) === 1), 20_000);

    await redisServer?.stop();
    const stoppedAt = Date.now();
    const notReady = await eventually(
      async () => ((await readiness()) === 503 ? Date.now() : undefined),
      5_000,
    );
    expect(notReady - stoppedAt).toBeLessThan(2_000);
    // Under load: everyone writes while Redis is away, and the task finishes at the service meanwhile.
    for (let round = 0; round < MESSAGES_PER_USER; round += 1) {
      for (const person of people) person.sendCommand("help");
    }
    await world.sandbox.idle();
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS - (Date.now() - stoppedAt)));
    expect(exited).toBe(false);
    await redisServer?.start();

    const expected = 1 + MESSAGES_PER_USER;
    await eventually(() => people.every((person) => helpsBefore(person) >= expected), 60_000);
    await eventually(() => botMessages(owner).find((m) => m.audio !== undefined), 90_000);
    await eventually(async () => ((await readiness()) === 200 ? true : undefined), 20_000);
    expect(exited).toBe(false);
    for (const person of people) {
      expect(helpsBefore(person)).toBe(expected);
      expect(botMessages(person).some((m) => m.text?.includes("went wrong"))).toBe(false);
    }
    expect(botMessages(owner).filter((m) => m.audio !== undefined)).toHaveLength(1);
  }, 240_000);
});
