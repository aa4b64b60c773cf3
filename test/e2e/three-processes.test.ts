/**
 * Three bot processes in webhook mode on one Redis, behind a round-robin proxy made for this test, as
 * a deployment behind a load balancer runs them: 300 users write at once, and a few create tasks whose
 * callbacks land on any process. Every message is answered once and in order per chat; every result is
 * delivered once.
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { botEnvironment, spawnBotProcess, startWorld, type World } from "../support/bot-process.js";
import { botMessages, eventually, freePort, press } from "../support/delivery-stack.js";
import { startRedisServer } from "../support/redis-server.js";

const redisServer = await startRedisServer();
const PROCESSES = 3;
const USERS = 300;
const TASK_OWNERS = 6;
const SECRET = "three-processes-secret";

/** Forwards each request to the next backend in turn, as a plain round-robin load balancer does. */
async function startRoundRobinProxy(
  backends: number[],
): Promise<{ server: Server; url: string; served: number[] }> {
  const served = backends.map(() => 0);
  let next = 0;
  const server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    const index = next;
    next = (next + 1) % backends.length;
    served[index] = (served[index] ?? 0) + 1;
    const forwarded = request(
      {
        host: "127.0.0.1",
        port: backends[index],
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on("error", () => {
      outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forwarded);
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, served };
}

describe.skipIf(!redisServer)("three bot processes behind a round-robin proxy", () => {
  let world: World;
  let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    world = await startWorld(redisServer?.url ?? "", { stepMs: 200, steps: 2 });
    const ports = await Promise.all(Array.from({ length: PROCESSES }, () => freePort()));
    proxy = await startRoundRobinProxy(ports);
    // One vault secret for all: they read each other's sealed keys.
    const keyVaultSecret = randomBytes(32).toString("base64");
    for (const port of ports) {
      const settings = { BOT_MODE: "webhook", BOT_WEBHOOK_SECRET: SECRET, PUBLIC_URL: proxy.url };
      children.push(
        spawnBotProcess(botEnvironment(world, port, { ...settings, KEY_VAULT_SECRET: keyVaultSecret })),
      );
    }
    for (const port of ports) {
      await eventually(
        async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined))?.ok,
        60_000,
      );
    }
  }, 120_000);

  afterAll(async () => {
    for (const child of children) child.kill("SIGKILL");
    proxy?.server.close();
    await world?.close();
    await redisServer?.stop();
  });

  it("answers every message once and in order per chat, and delivers every result once", async () => {
    const people = Array.from({ length: USERS }, (_, index) =>
      world.emulator.users.create({ first_name: `User ${index}`, language_code: "en" }),
    );
    const owners = people.slice(0, TASK_OWNERS);
    for (const owner of owners) owner.sendCommand("start");
    for (const owner of owners) await press(owner, "Voiceover", 30_000);
    for (const owner of owners) {
      await eventually(
        () => botMessages(owner).find((m) => m.text?.includes("Send it as one message")),
        30_000,
      );
      owner.sendText("Three processes, one result.");
    }
    for (const owner of owners) await press(owner, "✅ Create", 30_000);

    const expected = ["help", "start", "help"];
    for (const person of people.slice(TASK_OWNERS))
      for (const command of expected) person.sendCommand(command);
    const kindOf = (text: string | undefined) =>
      text?.includes("/help – this list") ? "help" : text?.startsWith("Hello,") ? "start" : undefined;
    const answers = (person: (typeof people)[number]) =>
      botMessages(person)
        .map((message) => kindOf(message.text))
        .filter((kind) => kind !== undefined);
    await eventually(
      () => people.slice(TASK_OWNERS).every((person) => answers(person).length >= expected.length),
      120_000,
    );
    await eventually(
      () => owners.every((owner) => botMessages(owner).some((m) => m.audio !== undefined)),
      120_000,
    );
    await world.sandbox.idle();

    for (const person of people.slice(TASK_OWNERS)) expect(answers(person)).toEqual(expected);
    for (const owner of owners)
      expect(botMessages(owner).filter((m) => m.audio !== undefined)).toHaveLength(1);
    // The proxy spread the work over every process.
    for (const count of proxy.served) expect(count).toBeGreaterThan(USERS / PROCESSES / 2);
  }, 300_000);
});
