/**
 * Chaos: for 60 s, users write to the bot and create tasks while Redis (with persistence, as production
 * is asked to run it) is restarted twice and the task service answers 429 or 500 to 10 % of requests at
 * random (and 500 after creating to 10 % of creations). The bot runs as its own process on the Telegram
 * emulator. Then the faults stop and the bot gets time to catch up.
 *
 * Prints process exits, messages unanswered (and answered twice), results lost, results doubled, tasks
 * paid twice (targets: 0 each) and the longest delay from a task's completion to its result in the chat.
 *
 *   npm run bench:chaos [-- --seconds 60 --chat-users 20 --task-users 20]
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { startTasksSandbox } from "../dev/tasks-sandbox/index.js";
import { type EmulatedUser, startTelegramEmulator } from "../dev/telegram-emulator/index.js";
import { KeyRegistry } from "../src/accounts/registry.js";
import { createLogger } from "../src/logger.js";
import { createStorage } from "../src/storage/index.js";
import { answering, spawnBotProcess } from "../test/support/bot-process.js";
import { botMessages, FIXTURE, freePort, press } from "../test/support/delivery-stack.js";
import { startRedisServer } from "../test/support/redis-server.js";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "60" },
    "chat-users": { type: "string", default: "20" },
    "task-users": { type: "string", default: "20" },
  },
});
const RUN_MS = Number(values.seconds) * 1000;
const CHAT_USERS = Number(values["chat-users"]);
const TASK_USERS = Number(values["task-users"]);
const SETTLE_MS = 180_000;
const REDIS_DOWN_MS = 3_000;
const START_BALANCE = 10_000;
/** A pause removal of the 2-second sample at 50 tokens a minute, rounded up. */
const TASK_PRICE = 2;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const redis = await startRedisServer({ persistent: true });
  if (!redis) throw new Error("bench:chaos needs redis-server");
  const silent = createLogger({ level: "silent" });
  const registryStorage = createStorage({ redisUrl: redis.url }, silent);
  const registry = new KeyRegistry(registryStorage);
  const emulator = await startTelegramEmulator({ rateLimits: false });
  const finishedAt = new Map<number, number>();
  const sandbox = await startTasksSandbox({
    verifyKey: (key) => registry.verify(key),
    allowHttpWebhooks: true,
    rateLimits: false,
    stepMs: 300,
    steps: 3,
    defaultBalance: START_BALANCE,
    onTaskFinished: (task) => {
      if (task.status === "completed") finishedAt.set(task.user_id, Date.now());
    },
  });
  const port = await freePort();
  const env = {
    BOT_TOKEN: emulator.token,
    BOT_MODE: "polling",
    BOT_API_ROOT: emulator.apiRoot,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HTTP_HOST: "127.0.0.1",
    HTTP_PORT: String(port),
    TASKS_BASE_URL: sandbox.baseUrl,
    REDIS_URL: redis.url,
    KEY_VAULT_SECRET: randomBytes(32).toString("base64"),
  };
  let exits = 0;
  let stopping = false;
  let bot: ChildProcess | undefined;
  const startBot = () => {
    bot = spawnBotProcess(env);
    bot.once("exit", () => {
      if (stopping) return;
      exits += 1;
      startBot();
    });
  };
  startBot();
  await answering(port);

  const deliveredAt = new Map<number, number[]>();
  emulator.subscribe((event) => {
    if (event.type === "message" && event.message.fromBot && event.message.message.video !== undefined) {
      const list = deliveredAt.get(event.chatId) ?? [];
      list.push(Date.now());
      deliveredAt.set(event.chatId, list);
    }
  });
  const chatters = Array.from({ length: CHAT_USERS }, (_, index) =>
    emulator.users.create({ first_name: `Chatter ${index}`, language_code: "en" }),
  );
  const makers = Array.from({ length: TASK_USERS }, (_, index) =>
    emulator.users.create({ first_name: `Maker ${index}`, language_code: "en" }),
  );
  const sent = new Map<number, number>();

  const started = Date.now();
  sandbox.faults.failAtRandom(0.1);
  const restarts = [RUN_MS / 3, (2 * RUN_MS) / 3].map(async (at) => {
    await sleep(at);
    await redis.stop();
    await sleep(REDIS_DOWN_MS);
    await redis.start();
  });
  const chatting = (async () => {
    while (Date.now() - started < RUN_MS) {
      for (const person of chatters) {
        person.sendCommand("help");
        sent.set(person.id, (sent.get(person.id) ?? 0) + 1);
      }
      await sleep(2_000);
    }
  })();
  let taskAttempts = 0;
  const making = makers.map(async (person, index) => {
    await sleep((index * RUN_MS) / (2 * TASK_USERS));
    await person.sendVideo({ bytes: FIXTURE("sample.mp4"), duration: 20, mimeType: "video/mp4" });
    try {
      await press(person, "Pause removal", 60_000);
      await press(person, "✅ Create", 60_000);
      taskAttempts += 1;
    } catch {
      // A user whose form did not come up in time simply made no task; the counts below say so.
    }
  });
  await Promise.all([chatting, ...restarts, ...making]);
  sandbox.faults.reset();

  const helps = (person: EmulatedUser) =>
    botMessages(person).filter((message) => message.text?.startsWith("What I can do")).length;
  const charged = (person: EmulatedUser) => START_BALANCE - sandbox.accounts.balance(person.id);
  const caughtUp = () =>
    chatters.every((person) => helps(person) >= (sent.get(person.id) ?? 0)) &&
    makers.every((person) => charged(person) === 0 || (deliveredAt.get(person.id)?.length ?? 0) > 0);
  const settleStarted = Date.now();
  while (!caughtUp() && Date.now() - settleStarted < SETTLE_MS) await sleep(500);
  await sandbox.idle();

  let unanswered = 0;
  let answeredTwice = 0;
  for (const person of chatters) {
    const difference = helps(person) - (sent.get(person.id) ?? 0);
    if (difference < 0) unanswered -= difference;
    else answeredTwice += difference;
  }
  let lost = 0;
  let doubled = 0;
  let paidTwice = 0;
  let longestMs = 0;
  for (const person of makers) {
    const results = deliveredAt.get(person.id) ?? [];
    const paid = charged(person) / TASK_PRICE;
    if (paid > 1) paidTwice += 1;
    if (paid >= 1 && results.length === 0) lost += 1;
    if (results.length > 1) doubled += 1;
    const finished = finishedAt.get(person.id);
    const first = results[0];
    if (finished !== undefined && first !== undefined) longestMs = Math.max(longestMs, first - finished);
  }

  const paidTasks = makers.filter((person) => charged(person) > 0).length;
  console.log(
    `chaos: ${RUN_MS / 1000} s, ${CHAT_USERS} users writing, ${TASK_USERS} creating a task each, ` +
      "Redis restarted twice, 10 % of service requests answered 429 or 500",
  );
  console.log(`tasks started ${taskAttempts}, created and paid ${paidTasks}`);
  console.log(`process exits              ${exits}`);
  console.log(`messages unanswered        ${unanswered}`);
  console.log(`messages answered twice    ${answeredTwice}`);
  console.log(`results lost               ${lost}`);
  console.log(`results doubled            ${doubled}`);
  console.log(`tasks paid twice           ${paidTwice}`);
  console.log(`longest completion→delivery ${(longestMs / 1000).toFixed(1)} s`);

  stopping = true;
  const last = bot;
  if (last && last.exitCode === null) {
    const exited = new Promise((resolve) => last.once("exit", resolve));
    last.kill("SIGTERM");
    await exited;
  }
  await sandbox.close();
  await emulator.close();
  await registryStorage.close();
  await redis.stop();
}

await main();
