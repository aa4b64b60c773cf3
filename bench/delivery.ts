/**
 * Delivery benchmark: 1,000 tasks of 100 users finish at once in the sandbox (its per-key rate limits
 * on) and the bot (polling, Redis, BullMQ) delivers them into the emulator, which enforces Telegram's
 * rates (30 messages a second per bot, 1 a second per chat). The tasks are created through the API
 * with send_to_messenger, so each result is one video message and nothing else is sent meanwhile.
 *
 * Prints, per run and as the median, the time from "all finished" to "all delivered" beside the bound
 * of 1,000 / 30 per second, and checks that none was lost, none doubled and no 429 went unhandled.
 *
 * With --instances N the bot runs as N instances on the one Redis, in webhook mode as behind a load
 * balancer, and the service's messenger calls go to them in turn: the delivery jobs are shared through
 * BullMQ, so the figures show the instances working as one.
 *
 *   npm run bench:delivery [-- --runs 3 --users 100 --tasks-per-user 10 --instances 3]
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { Redis } from "ioredis";
import { startTasksSandbox } from "../dev/tasks-sandbox/index.js";
import { startTelegramEmulator } from "../dev/telegram-emulator/index.js";
import { ApiKeys } from "../src/accounts/api-keys.js";
import { KeyRegistry } from "../src/accounts/registry.js";
import { KeyVault } from "../src/accounts/vault.js";
import { startApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { createLogger } from "../src/logger.js";
import { createStorage } from "../src/storage/index.js";
import { freePort } from "../test/support/delivery-stack.js";
import { startRedisServer } from "../test/support/redis-server.js";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    users: { type: "string", default: "100" },
    "tasks-per-user": { type: "string", default: "10" },
    instances: { type: "string", default: "1" },
  },
});
const RUNS = Number(values.runs);
const USERS = Number(values.users);
const PER_USER = Number(values["tasks-per-user"]);
const TOTAL = USERS * PER_USER;
const INSTANCES = Number(values.instances);
const TELEGRAM_PER_SECOND = 30;
const BOUND_S = TOTAL / TELEGRAM_PER_SECOND;
const TARGET_RATIO = 1.15;
const logger = createLogger({ level: "silent" });

interface RunResult {
  seconds: number;
  delivered: number;
  doubled: number;
  lost: number;
  telegram429: number;
  service429: number;
}

async function run(redisUrl: string): Promise<RunResult> {
  const redis = new Redis(redisUrl);
  await redis.flushall();
  redis.disconnect();
  const storage = createStorage({ redisUrl }, logger);
  const registry = new KeyRegistry(storage);
  const vaultSecret = randomBytes(32);
  const apiKeys = new ApiKeys({ storage, vault: new KeyVault(vaultSecret), prefix: "cmp" });
  const messengerSecret = randomBytes(24).toString("hex");
  const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
  let nextInstance = 0;
  const emulator = await startTelegramEmulator({ rateLimits: true });
  let service429 = 0;
  const sandbox = await startTasksSandbox({
    verifyKey: (key) => registry.verify(key),
    allowHttpWebhooks: true,
    autoStep: false,
    steps: 1,
    rateLimits: true,
    messengerHook: async (task) => {
      const port = ports[nextInstance++ % ports.length];
      await fetch(`http://127.0.0.1:${port}/hooks/messenger`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-messenger-secret": messengerSecret },
        body: JSON.stringify(task),
      });
    },
  });
  const apps = await Promise.all(
    ports.map((port) =>
      startApp(
        loadConfig({
          BOT_TOKEN: emulator.token,
          BOT_API_ROOT: emulator.apiRoot,
          ...(INSTANCES > 1 ? { BOT_MODE: "webhook", BOT_WEBHOOK_SECRET: messengerSecret } : {}),
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          HTTP_HOST: "127.0.0.1",
          HTTP_PORT: String(port),
          TASKS_BASE_URL: sandbox.baseUrl,
          REDIS_URL: redisUrl,
          KEY_VAULT_SECRET: vaultSecret.toString("base64"),
          MESSENGER_HOOK_SECRET: messengerSecret,
          LOG_LEVEL: "silent",
        }),
        logger,
      ),
    ),
  );
  try {
    const users = Array.from({ length: USERS }, (_, index) =>
      emulator.users.create({ first_name: `User ${index + 1}`, language_code: "en" }),
    );
    await Promise.all(
      users.map(async (user) => {
        const { apiKey } = await apiKeys.issue(user.id);
        for (let index = 0; index < PER_USER; index++) {
          const response = await fetch(`${sandbox.baseUrl}/v1/tasks`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-api-key": apiKey },
            body: JSON.stringify({
              type: "pause_removal",
              file: `https://media.example.com/${user.id}/talk-${index}.mp4`,
              send_to_messenger: true,
            }),
          });
          if (response.status === 429) service429 += 1;
          if (!response.ok) throw new Error(`task creation answered ${response.status}`);
        }
      }),
    );
    const started = performance.now();
    sandbox.step(3);
    const videos = () =>
      users.flatMap((user) => user.chat.botMessages().filter((entry) => entry.message.video));
    const deadline = Date.now() + 10 * BOUND_S * 1000;
    while (videos().length < TOTAL && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const seconds = (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const captions = videos().map((entry) => `${entry.message.chat.id}:${entry.message.caption ?? ""}`);
    const unique = new Set(captions);
    return {
      seconds,
      delivered: unique.size,
      doubled: captions.length - unique.size,
      lost: TOTAL - unique.size,
      telegram429: emulator.calls.filter((call) => call.errorCode === 429).length,
      service429,
    };
  } finally {
    await Promise.all(apps.map((app) => app.stop(5_000)));
    await sandbox.close();
    await emulator.close();
    await storage.close();
  }
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const redisServer = await startRedisServer();
if (!redisServer) {
  process.stderr.write("bench:delivery needs redis-server (apt-get install redis-server)\n");
  process.exit(2);
}
try {
  process.stdout.write(
    `${TOTAL} tasks of ${USERS} users, ${INSTANCES} bot instance(s); Telegram bound ${TOTAL} / ${TELEGRAM_PER_SECOND} per second = ${BOUND_S.toFixed(1)} s\n`,
  );
  const results: RunResult[] = [];
  for (let index = 0; index < RUNS; index++) {
    const result = await run(redisServer.url);
    results.push(result);
    process.stdout.write(
      `run ${index + 1}: ${result.seconds.toFixed(1)} s (x${(result.seconds / BOUND_S).toFixed(2)} of the bound); ` +
        `delivered ${result.delivered}, lost ${result.lost}, doubled ${result.doubled}, ` +
        `Telegram 429s answered ${result.telegram429}, service 429s ${result.service429}\n`,
    );
  }
  const seconds = median(results.map((result) => result.seconds));
  const ratio = seconds / BOUND_S;
  const clean = results.every((result) => result.lost === 0 && result.doubled === 0);
  process.stdout.write(
    `median ${seconds.toFixed(1)} s vs bound ${BOUND_S.toFixed(1)} s: ratio ${ratio.toFixed(2)} (target <= ${TARGET_RATIO}); ` +
      `${clean ? "none lost, none doubled" : "LOST OR DOUBLED RESULTS"}\n`,
  );
  process.exitCode = ratio <= TARGET_RATIO && clean ? 0 : 1;
} finally {
  await redisServer.stop();
}
