/**
 * Update benchmark: this bot beside a bare grammY bot (bench/bare-grammy-bot.js: ctx.reply("ok"), long
 * polling, sessions in memory), each run as a child process against a fresh Telegram emulator, answering
 * the same users, one bot after the other, for several rounds. This bot runs on Redis (and BullMQ) twice a
 * round: as the production image starts it (`node dist/main.js`, the bundle of npm run build) and as
 * `npm start` does (`node scripts/start.js`: the same bundle, once checked to be no older than its sources).
 *
 * Footing: the emulator's send-rate limits are off for every bot (at Telegram's 30 a second per bot and
 * 1 a second per chat all would mostly wait on the limiter, not on their own work). Every user sends
 * /start, waits for the answer, and sends the next, all users at once. One warm-up /start is queued
 * before a bot starts, so its first getUpdates returns at once and the load starts on a polling bot. The
 * task service is a stub: nothing on /start reaches it.
 *
 * Figures per bot, medians of the rounds with min–max, and each bot / bare: peak RSS (VmHWM), RSS a
 * second after start and when idle (`--idle-seconds` after the last update, once V8 has handed back
 * what the start and the load grew); spawn to the first getUpdates the emulator receives and to the
 * warm-up's answer; latency from a user's message entering the emulator to the bot's reply arriving
 * there (p50/p95/p99); answers a second; CPU per answer (/proc/<pid>/stat over the load); the Bot API
 * calls per update (getUpdates aside), by method; and for this bot the Redis commands per update (INFO
 * commandstats over the load, less what the bot sends while idle), and how long it takes to answer an
 * inline query of a user with 1,000 results (typed in a chat without the bot, forty queries one at a
 * time, every other one a search), from the query entering the emulator to the answer arriving there. `--trace` also lists, in order, the
 * Redis commands of one /start of a new user and of a returning one. Linux only (/proc).
 *
 *   npm run bench:updates [-- --rounds 3 --users 100 --messages 5 --idle-seconds 30 --trace]
 *                         [-- --heap-flags="--max-semi-space-size=4"]   (this bot with other heap settings)
 */
import { randomBytes } from "node:crypto";
import { connect } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import { parseArgs } from "node:util";
import { Redis } from "ioredis";
import { z } from "zod";
import {
  type EmulatedUser,
  startTelegramEmulator,
  type TelegramEmulator,
} from "../dev/telegram-emulator/index.js";
import { RESULTS_KEPT_PER_USER, ResultIndex } from "../src/lifecycle/result-index.js";
import { createRedisStorage } from "../src/storage/redis.js";
import { freePort } from "../test/support/delivery-stack.js";
import { startRedisServer } from "../test/support/redis-server.js";
import {
  type BotProcess,
  COMPILED_BOT,
  commandLine,
  type NodeCommand,
  NPM_START_BOT,
  startBotProcess,
  whileAlive,
  withHeapFlags,
} from "./bot-process.js";
import { median, medianWithRange, percentile, table } from "./figures.js";
import { callsBetween, commandCalls, total } from "./redis-commands.js";
import { startTasksServiceStub, type TasksServiceStub } from "./tasks-service-stub.js";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    users: { type: "string", default: "100" },
    messages: { type: "string", default: "5" },
    trace: { type: "boolean", default: false },
    "idle-seconds": { type: "string", default: "30" },
    "heap-flags": { type: "string" },
  },
});
const Count = z.coerce.number().int().positive();
const ROUNDS = Count.parse(values.rounds);
const USERS = Count.parse(values.users);
const MESSAGES = Count.parse(values.messages);
const ANSWERS = USERS * MESSAGES;

/** After the warm-up answer: start-up work still running (command menu, first Redis scripts) settles. */
const SETTLE_MS = 1_000;
/** How long the bot's idle Redis traffic (workers, reconciler) is counted, to subtract it from the load. */
const IDLE_WINDOW_MS = 2_000;
/**
 * Idle RSS is read this long after the last update: V8 gives back the young generation it grew for the
 * start and the load only once allocation has been quiet for several seconds.
 */
const IDLE_AFTER_MS = Count.parse(values["idle-seconds"]) * 1000;
/** Inline queries timed per round, one after another: fewer than the bot's flood limit lets through in 10 s. */
const INLINE_QUERIES = 40;

/** Session writes and logs that follow the last answer. */
const TRAILING_MS = 300;
const BARE_BOT: NodeCommand = { script: "bench/bare-grammy-bot.js", nodeFlags: [] };

type BotKind = "bare" | "compiled" | "npm-start";

const BOTS: Record<BotKind, { label: string; command: NodeCommand }> = {
  bare: { label: "bare grammY", command: BARE_BOT },
  compiled: { label: "this bot, compiled", command: withHeapFlags(COMPILED_BOT, values["heap-flags"]) },
  "npm-start": { label: "this bot, npm start", command: withHeapFlags(NPM_START_BOT, values["heap-flags"]) },
};

interface RoundFigures {
  peakRssMb: number;
  /** A second after the warm-up answer. */
  startedRssMb: number;
  idleRssMb: number;
  startMs: number;
  /** Spawn to the warm-up's answer in the chat. */
  firstAnswerMs: number;
  latencies: number[];
  /** Bot API calls of the load per update, by method (getUpdates aside). */
  telegramCalls: Map<string, number>;
  answersPerSecond: number;
  cpuMsPerAnswer: number;
  /** From an inline query entering the emulator to its answer there, for a user with 1,000 results. */
  inlineMs?: number[];
  redis?: {
    /** Commands Redis ran, those inside Lua scripts included. */
    perUpdate: number;
    byCommand: Map<string, number>;
    /** A returning user's /start: commands by the connection that sent them ("lua": inside scripts). */
    byConnection: Map<string, number>;
  };
}

interface Services {
  redis: Redis;
  redisUrl: string;
  stub: TasksServiceStub;
}

/** Resolves each chat's next bot message, timed when the emulator takes it in. */
function replyWatcher(emulator: TelegramEmulator) {
  const waiting = new Map<number, (at: number) => void>();
  emulator.subscribe((event) => {
    if (event.type !== "message" || !event.message.fromBot) return;
    const resolve = waiting.get(event.chatId);
    waiting.delete(event.chatId);
    resolve?.(performance.now());
  });
  return {
    /** Sends /start for `user` and resolves with [sent, answered] in performance.now() time. */
    async start(user: EmulatedUser): Promise<[number, number]> {
      const answered = new Promise<number>((resolve) => waiting.set(user.id, resolve));
      const sent = performance.now();
      user.sendCommand("start");
      return [sent, await answered];
    },
  };
}

function botEnvironment(kind: BotKind, emulator: TelegramEmulator, services: Services, httpPort: number) {
  const telegram = { BOT_TOKEN: emulator.token, BOT_API_ROOT: emulator.apiRoot };
  if (kind === "bare") return telegram;
  return {
    ...telegram,
    PUBLIC_URL: `http://127.0.0.1:${httpPort}`,
    HTTP_HOST: "127.0.0.1",
    HTTP_PORT: String(httpPort),
    TASKS_BASE_URL: services.stub.baseUrl,
    REDIS_URL: services.redisUrl,
    KEY_VAULT_SECRET: randomBytes(32).toString("base64"),
    LOG_LEVEL: "info",
  };
}

/** Calls per update by method, getUpdates aside. */
function callsPerUpdate(calls: readonly { method: string }[], updates: number): Map<string, number> {
  const perUpdate = new Map<string, number>();
  for (const { method } of calls) {
    if (method !== "getUpdates") perUpdate.set(method, (perUpdate.get(method) ?? 0) + 1 / updates);
  }
  return perUpdate;
}

async function runRound(kind: BotKind, services: Services, trace: boolean): Promise<RoundFigures> {
  const emulator = await startTelegramEmulator({ rateLimits: false });
  const users = Array.from({ length: USERS }, (_, index) =>
    emulator.users.create({ first_name: `User ${index + 1}`, language_code: "en" }),
  );
  const warmUp = emulator.users.create({ first_name: "Warm-up", language_code: "en" });
  const replies = replyWatcher(emulator);
  const onRedis = kind !== "bare";
  if (onRedis) await services.redis.flushall();
  const warmUpAnswer = replies.start(warmUp);
  const bot = startBotProcess(BOTS[kind].command, botEnvironment(kind, emulator, services, await freePort()));
  try {
    const [, answeredAt] = await whileAlive(bot, warmUpAnswer, `${kind}: the warm-up answer`, 120_000);
    const firstAnswerMs = performance.timeOrigin + answeredAt - bot.spawnedAt;
    const firstPoll = emulator.calls.find((call) => call.method === "getUpdates");
    if (!firstPoll) throw new Error(`${kind}: answered without a getUpdates`);
    const startMs = firstPoll.receivedAt - bot.spawnedAt;
    await delay(SETTLE_MS);
    const startedRssMb = bot.memory().rssMb;
    const idleStart = await commandCalls(services.redis);
    await delay(IDLE_WINDOW_MS);
    const idleCalls = callsBetween(idleStart, await commandCalls(services.redis));

    const callsBefore = await commandCalls(services.redis);
    const telegramBefore = emulator.calls.length;
    const cpuBefore = bot.cpuMs();
    const loadStarted = performance.now();
    const latencies: number[] = [];
    let lastAnswer = loadStarted;
    const load = Promise.all(
      users.map(async (user) => {
        for (let message = 0; message < MESSAGES; message++) {
          const [sent, answered] = await replies.start(user);
          latencies.push(answered - sent);
          lastAnswer = Math.max(lastAnswer, answered);
        }
      }),
    );
    await whileAlive(bot, load, `${kind}: ${ANSWERS} answers`);
    await delay(TRAILING_MS);
    const cpuMs = bot.cpuMs() - cpuBefore;
    const telegramCalls = callsPerUpdate(emulator.calls.slice(telegramBefore), ANSWERS);
    const loadCalls = callsBetween(callsBefore, await commandCalls(services.redis));
    const loadMs = performance.now() - loadStarted;
    const peakRssMb = bot.memory().peakRssMb;
    const byConnection = onRedis
      ? await commandsByConnection(services.redis, replies, users, bot)
      : new Map<string, number>();
    const inlineMs = onRedis ? await inlineAnswerTimes(emulator, services, bot) : undefined;
    if (trace && kind === "compiled") await traceStart(services.redis, replies, emulator, bot);
    await delay(IDLE_AFTER_MS);
    const idleRssMb = bot.memory().rssMb;

    const figures: RoundFigures = {
      peakRssMb,
      startedRssMb,
      idleRssMb,
      startMs,
      firstAnswerMs,
      latencies,
      telegramCalls,
      answersPerSecond: ANSWERS / ((lastAnswer - loadStarted) / 1000),
      cpuMsPerAnswer: cpuMs / ANSWERS,
      ...(inlineMs ? { inlineMs } : {}),
    };
    if (onRedis) {
      // The idle traffic (blocking worker reads, reconciler passes) goes on during the load as well.
      const idleShare = loadMs / IDLE_WINDOW_MS;
      const byCommand = new Map<string, number>();
      for (const [command, count] of loadCalls) {
        const net = (count - (idleCalls.get(command) ?? 0) * idleShare) / ANSWERS;
        if (net > 0.005) byCommand.set(command, net);
      }
      figures.redis = { perUpdate: total(byCommand), byCommand, byConnection };
    }
    return figures;
  } finally {
    await bot.stop();
    await emulator.close();
  }
}

/**
 * A user with as many results as the bot keeps, each a video the emulator holds (sent in a chat between
 * two people, so the bot hears nothing of it), asks the bot inline again and again: the answer times.
 */
async function inlineAnswerTimes(
  emulator: TelegramEmulator,
  services: Services,
  bot: BotProcess,
): Promise<number[]> {
  const owner = emulator.users.create({ first_name: "Inline", language_code: "en" });
  const friend = emulator.users.create({ first_name: "Friend", language_code: "en" });
  const chat = emulator.users.createChatBetween(owner, friend);
  const storage = createRedisStorage(services.redis);
  const index = new ResultIndex(storage.sortedSets);
  for (let number = 1; number <= RESULTS_KEPT_PER_USER; number++) {
    const sent = await owner.sendVideo({ size: 1024, fileName: `clip-${number}.mp4` }, { chat });
    if (!sent.video) throw new Error("the emulator kept no video");
    await index.add(
      owner.id,
      {
        id: sent.video.file_unique_id,
        kind: "video",
        fileId: sent.video.file_id,
        title: "Smart clips",
        description: `clip ${number}`,
        words: `Smart clips clip-${number}.mp4 clip ${number}`,
      },
      number,
    );
  }
  const times: number[] = [];
  for (let query = 0; query < INLINE_QUERIES; query++) {
    const started = performance.now();
    const asked = owner.typeInline(query % 2 === 0 ? "" : `clip ${query}`, { chat });
    await whileAlive(bot, owner.waitForInlineAnswer(asked, 30_000), "an inline answer");
    times.push(performance.now() - started);
  }
  return times;
}

const ClientLine = /\baddr=(\S+)\b.*\bname=(\S*)/;

interface MonitoredCommand {
  /** The connection's name (CLIENT SETNAME), or "lua" for a command run inside a script. */
  connection: string;
  args: string[];
}

/** A line of MONITOR: the time, the database and the sender's address (or "lua"), then the quoted arguments. */
const MonitorLine = /^\+\d+\.\d+ \[\d+ ([^\]]+)\] (.*)$/;
const QuotedArgument = /"((?:[^"\\]|\\.)*)"/g;

/**
 * Records every command Redis runs until `stop`, with the name of the connection that sent it. MONITOR is
 * read off a socket of its own, line by line: ioredis takes the lines arriving around MONITOR's OK for
 * replies nothing asked for and reports them as errors, which can come before a listener is attached.
 */
async function monitorCommands(redis: Redis): Promise<{ seen: MonitoredCommand[]; stop(): void }> {
  const names = new Map<string, string>();
  for (const line of String(await redis.client("LIST")).split("\n")) {
    const match = ClientLine.exec(line);
    if (match?.[1]) names.set(match[1], match[2] || "unnamed");
  }
  const socket = connect({ host: redis.options.host, port: redis.options.port ?? 6379 });
  socket.setEncoding("utf8");
  const seen: MonitoredCommand[] = [];
  let partial = "";
  const monitoring = new Promise<void>((resolve, reject) => {
    socket.once("error", reject);
    socket.on("data", (chunk: string) => {
      const lines = (partial + chunk).split("\r\n");
      partial = lines.pop() ?? "";
      for (const line of lines) {
        if (line === "+OK") resolve();
        const match = MonitorLine.exec(line);
        if (!match?.[1] || match[2] === undefined) continue;
        const args = [...match[2].matchAll(QuotedArgument)].map(([, quoted]) =>
          (quoted ?? "").replace(/\\(.)/g, "$1"),
        );
        seen.push({ connection: names.get(match[1]) ?? match[1], args });
      }
    });
  });
  socket.write("MONITOR\r\n");
  await monitoring;
  return { seen, stop: () => socket.destroy() };
}

/** Sends one more /start from every user under MONITOR: the commands per update, by connection. */
async function commandsByConnection(
  redis: Redis,
  replies: ReturnType<typeof replyWatcher>,
  users: readonly EmulatedUser[],
  bot: BotProcess,
): Promise<Map<string, number>> {
  const monitor = await monitorCommands(redis);
  try {
    await whileAlive(bot, Promise.all(users.map((user) => replies.start(user))), "the monitored /start");
    await delay(TRAILING_MS);
  } finally {
    monitor.stop();
  }
  const perUpdate = new Map<string, number>();
  for (const { connection } of monitor.seen) {
    perUpdate.set(connection, (perUpdate.get(connection) ?? 0) + 1 / users.length);
  }
  return perUpdate;
}

/** Prints the Redis commands of a new user's first /start and of their second, in order. */
async function traceStart(
  redis: Redis,
  replies: ReturnType<typeof replyWatcher>,
  emulator: TelegramEmulator,
  bot: BotProcess,
): Promise<void> {
  const newcomer = emulator.users.create({ first_name: "Traced", language_code: "en" });
  for (const label of ["a new user's first /start", "the same user's next /start"]) {
    const monitor = await monitorCommands(redis);
    try {
      await whileAlive(bot, replies.start(newcomer), "the traced /start");
      await delay(TRAILING_MS);
    } finally {
      monitor.stop();
    }
    const lines = monitor.seen.map(({ connection, args: [name = "", ...rest] }) => {
      const shown = rest.map((arg) => (arg.length > 48 ? `${arg.slice(0, 45)}...` : arg)).join(" ");
      return `  ${connection}: ${name.toLowerCase()} ${shown}`;
    });
    process.stdout.write(
      `\nRedis commands of ${label} (connection: command), in order:\n${lines.join("\n")}\n`,
    );
  }
}

async function main(): Promise<void> {
  const redisServer = await startRedisServer();
  if (!redisServer) {
    process.stderr.write("bench:updates needs redis-server (apt-get install redis-server)\n");
    process.exitCode = 2;
    return;
  }
  const redis = new Redis(redisServer.url, { connectionName: "bench" });
  const stub = await startTasksServiceStub();
  const services: Services = { redis, redisUrl: redisServer.url, stub };
  try {
    process.stdout.write(
      `${USERS} users x ${MESSAGES} /start, each user waiting for the answer before the next; ` +
        `rate limits off; ${ROUNDS} rounds of ${KINDS.map((kind) => commandLine(BOTS[kind].command)).join(", ")} ` +
        "(run npm run build first)\n",
    );
    const rounds: Record<BotKind, RoundFigures[]> = { bare: [], compiled: [], "npm-start": [] };
    for (let round = 1; round <= ROUNDS; round++) {
      const line: string[] = [];
      for (const kind of KINDS) {
        const figures = await runRound(kind, services, values.trace && round === ROUNDS);
        rounds[kind].push(figures);
        line.push(
          `${kind} peak ${figures.peakRssMb.toFixed(0)} MB, start ${figures.startMs} ms, ` +
            `p50 ${percentile(figures.latencies, 50).toFixed(1)} ms, ${figures.answersPerSecond.toFixed(0)}/s, ` +
            `${figures.cpuMsPerAnswer.toFixed(2)} ms CPU/answer`,
        );
      }
      process.stdout.write(`round ${round}: ${line.join(" | ")}\n`);
    }
    printTable(rounds);
  } finally {
    redis.disconnect();
    await stub.close();
    await redisServer.stop();
  }
}

const KINDS: readonly BotKind[] = ["bare", "compiled", "npm-start"];

interface Row {
  label: string;
  pick: (figures: RoundFigures) => number;
  digits: number;
  /** Each bot's target: a ratio to bare grammY ("x1.2") or a bound of its own. */
  target: { compiled: string; "npm-start": string };
}

const SAME = (target: string) => ({ compiled: target, "npm-start": target });

const ROWS: readonly Row[] = [
  { label: "answers a second", pick: (f) => f.answersPerSecond, digits: 0, target: SAME(">= x0.8") },
  { label: "latency p50, ms", pick: (f) => percentile(f.latencies, 50), digits: 1, target: SAME("<= x1.2") },
  { label: "latency p95, ms", pick: (f) => percentile(f.latencies, 95), digits: 1, target: SAME("<= x1.3") },
  { label: "latency p99, ms", pick: (f) => percentile(f.latencies, 99), digits: 1, target: SAME("") },
  { label: "CPU per answer, ms", pick: (f) => f.cpuMsPerAnswer, digits: 2, target: SAME("<= x1.5") },
  { label: "peak RSS, MB", pick: (f) => f.peakRssMb, digits: 0, target: SAME("<= x1.5") },
  { label: "RSS a second after start, MB", pick: (f) => f.startedRssMb, digits: 0, target: SAME("") },
  {
    label: `idle RSS ${IDLE_AFTER_MS / 1000} s after the last update, MB`,
    pick: (f) => f.idleRssMb,
    digits: 0,
    target: SAME("<= 90"),
  },
  {
    label: "spawn to first getUpdates, ms",
    pick: (f) => f.startMs,
    digits: 0,
    target: { compiled: "< 300", "npm-start": "< 600" },
  },
  { label: "spawn to the first answer, ms", pick: (f) => f.firstAnswerMs, digits: 0, target: SAME("") },
  {
    label: "Bot API calls per update",
    pick: (f) => total(f.telegramCalls),
    digits: 2,
    target: SAME("1 before the answer"),
  },
  {
    label: "inline query answer, 1,000 results, p50 ms",
    pick: (f) => (f.inlineMs ? percentile(f.inlineMs, 50) : Number.NaN),
    digits: 1,
    target: SAME(""),
  },
  {
    label: "inline query answer, 1,000 results, p95 ms",
    pick: (f) => (f.inlineMs ? percentile(f.inlineMs, 95) : Number.NaN),
    digits: 1,
    target: SAME(""),
  },
  {
    label: "Redis commands run per update",
    pick: (f) => f.redis?.perUpdate ?? Number.NaN,
    digits: 1,
    target: SAME(""),
  },
];

function printTable(rounds: Record<BotKind, RoundFigures[]>): void {
  const { bare, compiled } = rounds;
  const npmStart = rounds["npm-start"];
  const rows: string[][] = [
    [
      "figure (median of rounds, min–max)",
      BOTS.bare.label,
      BOTS.compiled.label,
      "/ bare",
      BOTS["npm-start"].label,
      "/ bare",
      "target (compiled; npm start)",
    ],
  ];
  for (const { label, pick, digits, target } of ROWS) {
    const bareValues = bare.map(pick);
    const ratio = (values: number[]) =>
      Number.isNaN(median(bareValues)) ? "" : `x${(median(values) / median(bareValues)).toFixed(2)}`;
    const targets =
      target.compiled === target["npm-start"]
        ? target.compiled
        : `${target.compiled}; ${target["npm-start"]}`;
    rows.push([
      label,
      medianWithRange(bareValues, digits),
      medianWithRange(compiled.map(pick), digits),
      ratio(compiled.map(pick)),
      medianWithRange(npmStart.map(pick), digits),
      ratio(npmStart.map(pick)),
      targets,
    ]);
  }
  process.stdout.write(`\n${table(rows)}\n`);
  const medians = (
    figures: RoundFigures[],
    pick: (figures: RoundFigures) => Map<string, number> | undefined,
  ) => {
    const names = new Set(figures.flatMap((round) => [...(pick(round)?.keys() ?? [])]));
    // A connection seen in one round only (a worker's idle poll) is no part of an update.
    return [...names]
      .map((name) => [name, median(figures.map((round) => pick(round)?.get(name) ?? 0))] as const)
      .sort((a, b) => b[1] - a[1])
      .filter(([, count]) => count >= 0.005)
      .map(([name, count]) => `${name} ${count.toFixed(2)}`)
      .join(", ");
  };
  for (const kind of KINDS) {
    process.stdout.write(
      `Bot API calls per update, ${BOTS[kind].label}: ${medians(rounds[kind], (round) => round.telegramCalls)}\n`,
    );
  }
  process.stdout.write(
    `Redis commands run per update, compiled, by command (inside scripts too): ${medians(compiled, (round) => round.redis?.byCommand)}\n` +
      `Redis commands of a returning user's /start, compiled, by connection (lua: inside scripts): ${medians(compiled, (round) => round.redis?.byConnection)}\n`,
  );
}

await main();
