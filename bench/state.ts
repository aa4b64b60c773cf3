/**
 * State benchmark: what 10,000 users with an open form and 10,000 unfinished tasks cost the compiled bot
 * (`node dist/main.js`, Redis) and Redis, and how hard the reconciler polls the service for them.
 *
 * First one real form and one real task are made through the bot, the emulator and the task sandbox (a
 * photo, whose video form opens at once, then Create, with the sandbox holding the task unfinished); their
 * stored values are the templates. Redis is then emptied and filled with a copy of the form per user
 * (`form:<chat>`, the user's ids put in) and a copy of the task record per task, written through
 * TaskRecords and watched with their first poll due at once, as after an outage. Tasks belong to
 * `--task-owners` users (100 tasks each by default), who each have an API key. The bot is started on
 * that Redis, with a stub of the service that answers every task as still processing (progress 0, so
 * the card needs no edit) and counts requests per key, for `--minutes`.
 *
 * Prints the bot's RSS, Redis memory per form and per task (INFO memory before and after, and MEMORY
 * USAGE of sampled keys), the service requests a minute per key (any 60 s window), how many tasks were
 * polled, how many poll jobs were queued per polled task, and how many deliver workers were busy.
 * Targets: RSS under 150 MB; per key at most the reconciler's share of the spec's 30 a minute (the
 * bot keeps 10 a minute for creation and uploads, so at most 20). Linux only (/proc).
 *
 *   npm run bench:state [-- --users 10000 --tasks 10000 --task-owners 100 --minutes 2]
 *                       [-- --heap-flags="--max-semi-space-size=4"]   (the bot with other heap settings)
 */
import { randomBytes } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { parseArgs } from "node:util";
import { Redis } from "ioredis";
import { z } from "zod";
import { startTasksSandbox } from "../dev/tasks-sandbox/index.js";
import { startTelegramEmulator, type TelegramEmulator } from "../dev/telegram-emulator/index.js";
import { ApiKeys } from "../src/accounts/api-keys.js";
import { KeyRegistry } from "../src/accounts/registry.js";
import { KeyVault } from "../src/accounts/vault.js";
import { createI18n } from "../src/bot/i18n.js";
import { newTicket } from "../src/lifecycle/tickets.js";
import { createLogger } from "../src/logger.js";
import { createStorage, type Storage } from "../src/storage/index.js";
import { cardText } from "../src/tasks/card.js";
import { type TaskRecord, TaskRecordSchema, TaskRecords } from "../src/tasks/records.js";
import { eventually, FIXTURE, freePort, press } from "../test/support/delivery-stack.js";
import { startRedisServer } from "../test/support/redis-server.js";
import {
  type BotProcess,
  COMPILED_BOT,
  commandLine,
  startBotProcess,
  whileAlive,
  withHeapFlags,
} from "./bot-process.js";
import { median, table } from "./figures.js";
import { callsBetween, commandCalls, total } from "./redis-commands.js";
import { type StubRequest, startTasksServiceStub, type TasksServiceStub } from "./tasks-service-stub.js";

const { values } = parseArgs({
  options: {
    users: { type: "string", default: "10000" },
    tasks: { type: "string", default: "10000" },
    "task-owners": { type: "string", default: "100" },
    minutes: { type: "string", default: "2" },
    "heap-flags": { type: "string" },
  },
});
const Count = z.coerce.number().int().positive();
const USERS = Count.parse(values.users);
const TASKS = Count.parse(values.tasks);
const OWNERS = Math.min(Count.parse(values["task-owners"]), USERS);
const WINDOW_MS = z.coerce.number().positive().parse(values.minutes) * 60_000;

const RSS_TARGET_MB = 150;
/** The spec's 30 requests a minute per key, less the 10 the bot's pacing keeps for creation and uploads. */
const POLLS_PER_KEY_TARGET = 20;
/** Stored forms live a day (the form storage's own time-to-live). */
const FORM_TTL_MS = 24 * 60 * 60 * 1000;
/** Ids no emulator user has, so the template's id can be replaced in its stored JSON without ambiguity. */
const FIRST_USER_ID = 7_000_000_001;
const FIRST_TASK_ID = 500_000_001;
const WRITE_BATCH = 500;
const SAMPLE_KEYS = 200;
const SAMPLE_EVERY_MS = 1_000;
const DELIVER_QUEUE = "deliver-task";
const logger = createLogger({ level: "silent" });
/** The bot as the image starts it, or with the heap settings `--heap-flags` names. */
const BOT = withHeapFlags(COMPILED_BOT, values["heap-flags"]);

interface Templates {
  form: string;
  task: TaskRecord;
}

function botSettings(
  emulator: TelegramEmulator,
  tasksBaseUrl: string,
  redisUrl: string,
  vault: Buffer,
  port: number,
) {
  return {
    BOT_TOKEN: emulator.token,
    BOT_API_ROOT: emulator.apiRoot,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HTTP_HOST: "127.0.0.1",
    HTTP_PORT: String(port),
    TASKS_BASE_URL: tasksBaseUrl,
    REDIS_URL: redisUrl,
    KEY_VAULT_SECRET: vault.toString("base64"),
    LOG_LEVEL: "warn",
  };
}

/** One form and one task, made through the bot for real, as Redis stores them. */
async function makeTemplates(
  redisUrl: string,
  redis: Redis,
  storage: Storage,
  vault: Buffer,
): Promise<Templates> {
  const registry = new KeyRegistry(storage);
  const emulator = await startTelegramEmulator({ rateLimits: false });
  const sandbox = await startTasksSandbox({
    verifyKey: (key) => registry.verify(key),
    allowHttpWebhooks: true,
    autoStep: false,
    rateLimits: false,
  });
  const bot = startBotProcess(BOT, botSettings(emulator, sandbox.baseUrl, redisUrl, vault, await freePort()));
  try {
    const person = emulator.users.create({ id: FIRST_USER_ID, first_name: "Ann", language_code: "en" });
    await person.sendPhoto({ bytes: FIXTURE("sample.jpg"), width: 1280, height: 720 });
    const form = await whileAlive(
      bot,
      eventually(async () => (await redis.get(`kv:form:${person.id}`)) ?? undefined),
      "the stored form",
    );
    await whileAlive(bot, press(person, "✅ Create"), "the Create button");
    const task = await whileAlive(
      bot,
      eventually(async () => {
        for (const key of await redis.keys("kv:task:*")) {
          const record = TaskRecordSchema.safeParse(JSON.parse((await redis.get(key)) ?? "null"));
          if (record.success && record.data.state === "created") return record.data;
        }
        return undefined;
      }, 30_000),
      "the created task",
    );
    return { form, task };
  } finally {
    await bot.stop();
    await sandbox.close();
    await emulator.close();
  }
}

async function usedMemory(redis: Redis): Promise<number> {
  const match = /^used_memory:(\d+)\r?$/m.exec(await redis.info("memory"));
  if (!match?.[1]) throw new Error("INFO memory has no used_memory");
  return Number(match[1]);
}

async function memoryUsage(redis: Redis, key: string): Promise<number> {
  return z
    .number()
    .int()
    .parse(await redis.memory("USAGE", key, "SAMPLES", "0"));
}

async function inBatches(count: number, write: (index: number) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < count; start += WRITE_BATCH) {
    const batch = Array.from({ length: Math.min(WRITE_BATCH, count - start) }, (_, offset) =>
      write(start + offset),
    );
    await Promise.all(batch);
  }
}

function userId(index: number): number {
  return FIRST_USER_ID + index;
}

interface Population {
  formBytes: { infoPerForm: number; sampledMedian: number };
  taskBytes: { infoPerTask: number; sampledMedian: number; watchSetPerTask: number };
  /** The last task, for the callback probe. */
  probe: { ticket: string; taskId: number; owner: number };
}

/** Writes the forms, the owners' keys and the tasks; measures what each costs in Redis. */
async function populate(
  redis: Redis,
  storage: Storage,
  vault: Buffer,
  templates: Templates,
): Promise<Population> {
  await redis.flushall();
  const templateId = String(FIRST_USER_ID);
  const beforeForms = await usedMemory(redis);
  await inBatches(USERS, (index) =>
    storage.kv.set(`form:${userId(index)}`, templates.form.replaceAll(templateId, String(userId(index))), {
      ttlMs: FORM_TTL_MS,
    }),
  );
  const afterForms = await usedMemory(redis);
  const sampledForms = await Promise.all(
    Array.from({ length: Math.min(SAMPLE_KEYS, USERS) }, (_, index) =>
      memoryUsage(redis, `kv:form:${userId(Math.floor((index * USERS) / Math.min(SAMPLE_KEYS, USERS)))}`),
    ),
  );

  const apiKeys = new ApiKeys({ storage, vault: new KeyVault(vault), prefix: "cmp" });
  await inBatches(OWNERS, (index) => apiKeys.issue(userId(index)));

  const i18n = createI18n("en");
  const records = new TaskRecords(storage);
  const due = Date.now();
  const tickets: string[] = [];
  const beforeTasks = await usedMemory(redis);
  await inBatches(TASKS, async (index) => {
    const owner = userId(index % OWNERS);
    const record: TaskRecord = {
      ...templates.task,
      ticket: newTicket(),
      taskId: FIRST_TASK_ID + index,
      userId: owner,
      chatId: owner,
      polls: 0,
    };
    const t = (key: string, variables?: Record<string, string | number>) =>
      i18n.t(record.locale, key, variables);
    tickets[index] = record.ticket;
    await records.put({ ...record, cardText: cardText.created(t, record) });
    await records.polls.add(record.ticket, due);
  });
  const afterTasks = await usedMemory(redis);
  const step = Math.max(1, Math.floor(TASKS / SAMPLE_KEYS));
  const sampledTasks = await Promise.all(
    Array.from({ length: Math.ceil(TASKS / step) }, async (_, sample) => {
      const index = sample * step;
      const record = await memoryUsage(redis, `kv:task:${tickets[index]}`);
      return record + (await memoryUsage(redis, `kv:task-id:${FIRST_TASK_ID + index}`));
    }),
  );
  const watchSet = await memoryUsage(redis, "zset:tasks:watch");
  const last = TASKS - 1;
  return {
    probe: { ticket: tickets[last] ?? "", taskId: FIRST_TASK_ID + last, owner: userId(last % OWNERS) },
    formBytes: { infoPerForm: (afterForms - beforeForms) / USERS, sampledMedian: median(sampledForms) },
    taskBytes: {
      infoPerTask: (afterTasks - beforeTasks) / TASKS,
      sampledMedian: median(sampledTasks),
      watchSetPerTask: watchSet / TASKS,
    },
  };
}

interface Watch {
  startMs: number;
  /** From a finished task's callback to its message in the chat, halfway through the window. */
  callbackDeliveryMs: number | undefined;
  /** Bot API calls after start-up other than getUpdates: polls of unchanged tasks should make none. */
  telegramCalls: string[];
  /** Commands Redis ran in the window (inside scripts too), the benchmark's own left out. */
  redisCommands: Map<string, number>;
  rssMb: number[];
  peakRssMb: number;
  activeDeliveries: number[];
  pollJobs: number;
  polledTickets: number;
  watchedAtEnd: number;
}

/**
 * Halfway through the window one task finishes: the stub reports it failed and its callback arrives.
 * Resolves with the time until the failure reaches the chat, or undefined if it did not by the end.
 */
async function probeCallback(
  stub: TasksServiceStub,
  emulator: TelegramEmulator,
  task: { ticket: string; taskId: number; owner: number },
  port: number,
  until: number,
): Promise<number | undefined> {
  const owner = emulator.users.create({ id: task.owner, first_name: "Owner", language_code: "en" });
  await delay(WINDOW_MS / 2);
  stub.fail(task.taskId);
  const sent = Date.now();
  const answer = await fetch(`http://127.0.0.1:${port}/hooks/tasks/${task.ticket}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ task_id: task.taskId, status: "failed" }),
  });
  if (!answer.ok) throw new Error(`the callback was answered ${answer.status}`);
  const delivered = await owner.chat
    .waitForMessage(
      (message) => message.fromBot && /stopped by the benchmark/.test(message.message.text ?? ""),
      {
        timeoutMs: Math.max(1, until - Date.now()),
        includeExisting: false,
      },
    )
    .then(() => Date.now() - sent)
    .catch(() => undefined);
  return delivered;
}

/** Runs the bot on the filled Redis for the window; samples its RSS and the busy deliver workers. */
async function watchBot(
  redis: Redis,
  redisUrl: string,
  vault: Buffer,
  stub: TasksServiceStub,
  probe: { ticket: string; taskId: number; owner: number },
): Promise<Watch> {
  const emulator = await startTelegramEmulator({ rateLimits: true });
  const warmUp = emulator.users.create({ first_name: "Warm-up", language_code: "en" });
  warmUp.sendCommand("start");
  const port = await freePort();
  const bot: BotProcess = startBotProcess(BOT, botSettings(emulator, stub.baseUrl, redisUrl, vault, port));
  try {
    await whileAlive(
      bot,
      warmUp.chat.waitForMessage((message) => message.fromBot, { timeoutMs: 30_000 }),
      "the warm-up answer",
    );
    const firstPoll = emulator.calls.find((call) => call.method === "getUpdates");
    const startUpCalls = emulator.calls.length;
    const commandsBefore = await commandCalls(redis);
    const rssMb: number[] = [];
    const activeDeliveries: number[] = [];
    const until = bot.spawnedAt + WINDOW_MS;
    const callbackDelivery = probeCallback(stub, emulator, probe, port, until);
    while (Date.now() < until) {
      rssMb.push(bot.memory().rssMb);
      activeDeliveries.push(await redis.llen(`bull:${DELIVER_QUEUE}:active`));
      await whileAlive(bot, delay(SAMPLE_EVERY_MS), "the watch");
    }
    const redisCommands = callsBetween(commandsBefore, await commandCalls(redis));
    // The samples of busy workers above are the benchmark's own LLENs.
    redisCommands.set("llen", (redisCommands.get("llen") ?? 0) - activeDeliveries.length);
    const peakRssMb = bot.memory().peakRssMb;
    const callbackDeliveryMs = await callbackDelivery;
    const telegramCalls = emulator.calls
      .slice(startUpCalls)
      .filter((call) => call.method !== "getUpdates")
      .map((call) => `${call.method}${call.ok ? "" : ` ${call.errorCode}`}`);
    const jobIds = await redis.keys(`bull:${DELIVER_QUEUE}:poll-*`);
    // Job ids are poll-<ticket>-<time>; a ticket is 24 base64url characters.
    const tickets = new Set(
      jobIds.map((key) => key.slice(`bull:${DELIVER_QUEUE}:poll-`.length).slice(0, 24)),
    );
    return {
      startMs: firstPoll ? firstPoll.receivedAt - bot.spawnedAt : Number.NaN,
      callbackDeliveryMs,
      telegramCalls,
      redisCommands,
      rssMb,
      peakRssMb,
      activeDeliveries,
      pollJobs: jobIds.length,
      polledTickets: tickets.size,
      watchedAtEnd: await redis.zcard("zset:tasks:watch"),
    };
  } finally {
    await bot.stop();
    await emulator.close();
  }
}

/** "sendMessage 3, editMessageText 400 2", most frequent first; "none" when empty. */
function summarizeCalls(calls: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const call of calls) counts.set(call, (counts.get(call) ?? 0) + 1);
  const parts = [...counts].sort((a, b) => b[1] - a[1]).map(([call, count]) => `${call} ${count}`);
  return parts.length > 0 ? parts.join(", ") : "none";
}

/** The most requests each key made in any 60 s, and its average a minute over the window. */
function perKey(requests: readonly StubRequest[]): { maxInAMinute: number[]; perMinute: number[] } {
  const byKey = new Map<string, number[]>();
  for (const request of requests) {
    if (request.apiKey === undefined) continue;
    const times = byKey.get(request.apiKey) ?? [];
    times.push(request.at);
    byKey.set(request.apiKey, times);
  }
  const maxInAMinute: number[] = [];
  const perMinute: number[] = [];
  for (const times of byKey.values()) {
    times.sort((a, b) => a - b);
    let most = 0;
    for (let first = 0, last = 0; last < times.length; last++) {
      while ((times[last] ?? 0) - (times[first] ?? 0) >= 60_000) first++;
      most = Math.max(most, last - first + 1);
    }
    maxInAMinute.push(most);
    perMinute.push(times.length / (WINDOW_MS / 60_000));
  }
  return { maxInAMinute, perMinute };
}

async function main(): Promise<void> {
  const redisServer = await startRedisServer();
  if (!redisServer) {
    process.stderr.write("bench:state needs redis-server (apt-get install redis-server)\n");
    process.exitCode = 2;
    return;
  }
  const redis = new Redis(redisServer.url, { connectionName: "bench" });
  const storage = createStorage({ redisUrl: redisServer.url }, logger);
  const stub = await startTasksServiceStub();
  const vault = randomBytes(32);
  try {
    process.stdout.write(
      `${USERS} users with an open form, ${TASKS} unfinished tasks of ${OWNERS} users, all due for a poll; ` +
        `the bot (${commandLine(BOT)}, run npm run build first) watched for ${WINDOW_MS / 60_000} min\n`,
    );
    const templates = await makeTemplates(redisServer.url, redis, storage, vault);
    const population = await populate(redis, storage, vault, templates);
    const watch = await watchBot(redis, redisServer.url, vault, stub, population.probe);
    const polls = stub.requests.filter((request) => /^\/v1\/tasks\/\d+$/.test(request.path));
    const other = stub.requests.length - polls.length;
    // The probe's owner also reads the probe task when its callback arrives: a foreground read, held to
    // the spec's whole 30 a minute rather than to the reconciler's share.
    const probeKey = polls.find((request) => request.path === `/v1/tasks/${population.probe.taskId}`)?.apiKey;
    const keys = perKey(polls.filter((request) => request.apiKey !== probeKey));
    const probeKeyMost = Math.max(
      0,
      ...perKey(polls.filter((request) => request.apiKey === probeKey)).maxInAMinute,
    );
    const polledTasks = new Set(polls.map((request) => request.path)).size;
    const worstKey = Math.max(0, ...keys.maxInAMinute);
    const rows = [
      ["figure", "value", "target"],
      ["start to first getUpdates, ms", watch.startMs.toFixed(0), ""],
      ["bot RSS, median of the window, MB", median(watch.rssMb).toFixed(0), ""],
      ["bot RSS, peak, MB", watch.peakRssMb.toFixed(0), `< ${RSS_TARGET_MB}`],
      [
        "Redis per form, bytes (INFO; sampled MEMORY USAGE)",
        `${population.formBytes.infoPerForm.toFixed(0)}; ${population.formBytes.sampledMedian.toFixed(0)}`,
        "",
      ],
      [
        "Redis per task, bytes (INFO; sampled record + task id; watch set share)",
        `${population.taskBytes.infoPerTask.toFixed(0)}; ${population.taskBytes.sampledMedian.toFixed(0)}; ${population.taskBytes.watchSetPerTask.toFixed(0)}`,
        "",
      ],
      ["service polls, all keys, a minute", (polls.length / (WINDOW_MS / 60_000)).toFixed(0), ""],
      ["other service requests", String(other), ""],
      ["keys polled, besides the probe's", `${keys.maxInAMinute.length} of ${OWNERS - 1}`, ""],
      ["polls per key in any 60 s, worst key", String(worstKey), `<= ${POLLS_PER_KEY_TARGET}`],
      ["the probe's key: polls and its callback's read in any 60 s", String(probeKeyMost), "<= 30"],
      ["polls per key in any 60 s, median key", median(keys.maxInAMinute).toFixed(0), ""],
      ["polls per key a minute, median key, whole window", median(keys.perMinute).toFixed(1), ""],
      [
        "Redis commands per service poll",
        (total(watch.redisCommands) / Math.max(1, polls.length)).toFixed(1),
        "",
      ],
      ["tasks polled at least once", `${polledTasks} of ${TASKS}`, ""],
      ["poll jobs queued; tickets they name", `${watch.pollJobs}; ${watch.polledTickets}`, ""],
      [
        "deliver jobs active (of 64 slots), median; max",
        `${median(watch.activeDeliveries)}; ${Math.max(...watch.activeDeliveries)}`,
        "",
      ],
      ["tasks still watched at the end", String(watch.watchedAtEnd), ""],
      ["Bot API calls in the window, besides getUpdates", summarizeCalls(watch.telegramCalls), ""],
      [
        "a finished task's callback to its message in the chat, ms",
        watch.callbackDeliveryMs === undefined
          ? "not delivered in the window"
          : watch.callbackDeliveryMs.toFixed(0),
        "",
      ],
    ];
    process.stdout.write(`\n${table(rows)}\n`);
    const perPoll = [...watch.redisCommands]
      .sort((a, b) => b[1] - a[1])
      .filter(([, count]) => count / Math.max(1, polls.length) >= 0.05)
      .map(([command, count]) => `${command} ${(count / Math.max(1, polls.length)).toFixed(2)}`);
    process.stdout.write(
      `Redis commands per service poll, by command (inside scripts too): ${perPoll.join(", ")}\n`,
    );
    process.exitCode = watch.peakRssMb < RSS_TARGET_MB && worstKey <= POLLS_PER_KEY_TARGET ? 0 : 1;
  } finally {
    redis.disconnect();
    await storage.close();
    await stub.close();
    await redisServer.stop();
  }
}

await main();
