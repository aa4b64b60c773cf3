/**
 * Generation benchmark: one user asks for 500 images in one batch (125 prompts, 4 of each) from the
 * generation sandbox (a Pro account: 8 slots, a few seconds an image, its per-key limit of 60 requests a
 * minute on) and the bot (polling, Redis when there is one, webhooks signed) delivers them into the
 * emulator, which enforces Telegram's rates (one message a second in a chat, an album taking up to three).
 *
 * The bound is the longer of the two: the sandbox's (ceil(500 / 8) rounds of one image's time) and
 * Telegram's (per album of ten, three of the chat's messages and one for its control message). Prints
 * the time from Create to the last image against it, whether any image was lost or doubled, and the most
 * requests the bot made with the key in any minute. Signed result links need no key; the sandbox's limit
 * for requests without one (its reading of the spec's per-address limit on the catalog) is raised here,
 * so only the key's own limit applies.
 *
 *   npm run bench:generations [-- --images 500 --seconds 4 --no-webhooks]
 */
import { parseArgs } from "node:util";
import type { Message } from "grammy/types";
import { Redis } from "ioredis";
import { startGenerationSandbox } from "../dev/generation-sandbox/index.js";
import { startTasksSandbox } from "../dev/tasks-sandbox/index.js";
import { startTelegramEmulator } from "../dev/telegram-emulator/index.js";
import { startApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { createLogger } from "../src/logger.js";
import { botMessages, eventually, freePort, press } from "../test/support/delivery-stack.js";
import { connect } from "../test/support/generation-stack.js";
import { startRecordingProxy } from "../test/support/recording-proxy.js";
import { startRedisServer } from "../test/support/redis-server.js";

const { values } = parseArgs({
  options: {
    images: { type: "string", default: "500" },
    seconds: { type: "string", default: "4" },
    "no-webhooks": { type: "boolean", default: false },
  },
});
const VARIANTS = 4;
const IMAGES = Number(values.images);
const PROMPTS = Math.ceil(IMAGES / VARIANTS);
const TOTAL = PROMPTS * VARIANTS;
const SECONDS = Number(values.seconds);
const SLOTS = 8;
const WEBHOOKS = !values["no-webhooks"];
const TARGET_RATIO = 1.15;
const KEY_LIMIT = 60;
/** The emulator's (and Telegram's) per-chat rate: a message a second, a burst of three; an album takes up to three. */
const CHAT_PER_SECOND = 1;
const CHAT_BURST = 3;
const ALBUM = 10;

const serviceBoundS = Math.ceil(TOTAL / SLOTS) * SECONDS;
const albums = Math.ceil(TOTAL / ALBUM);
const telegramBoundS = (albums * (Math.min(ALBUM, CHAT_BURST) + 1) - CHAT_BURST) / CHAT_PER_SECOND;
const BOUND_S = Math.max(serviceBoundS, telegramBoundS);
const logger = createLogger({ level: "silent" });

/** The most requests with one key inside any 60-second window. */
function busiestMinute(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] ?? 0) - (sorted[start] ?? 0) >= 60_000) start += 1;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

async function main(): Promise<number> {
  const redisServer = await startRedisServer();
  if (redisServer) {
    const redis = new Redis(redisServer.url);
    await redis.flushall();
    redis.disconnect();
  }
  const port = await freePort();
  const emulator = await startTelegramEmulator({ rateLimits: true });
  const tasks = await startTasksSandbox({ verifyKey: async () => undefined, rateLimits: false });
  // The proxy counts the key's requests; the sandbox's links name it too, so the bot reads results from
  // the service's own address, as it would in production.
  const sandboxPort = await freePort();
  const proxy = await startRecordingProxy(`http://127.0.0.1:${sandboxPort}`);
  const sandbox = await startGenerationSandbox({
    port: sandboxPort,
    publicBaseUrl: proxy.baseUrl,
    allowLocalWebhooks: true,
    rateLimits: { perKey: KEY_LIMIT, perIp: 100_000 },
    durationsMs: { image: SECONDS * 1000 },
  });
  const app = await startApp(
    loadConfig({
      BOT_TOKEN: emulator.token,
      BOT_API_ROOT: emulator.apiRoot,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      HTTP_HOST: "127.0.0.1",
      HTTP_PORT: String(port),
      TASKS_BASE_URL: tasks.baseUrl,
      GENERATION_BASE_URL: proxy.baseUrl,
      ...(redisServer
        ? { REDIS_URL: redisServer.url, KEY_VAULT_SECRET: Buffer.alloc(32, 5).toString("base64") }
        : {}),
      LOG_LEVEL: "silent",
    }),
    logger,
  );
  try {
    const user = emulator.users.create({ first_name: "Bench", language_code: "en" });
    const key = await connect({ sandbox }, user, { balance: 1_000_000, withSecret: WEBHOOKS });
    const prompts = Array.from({ length: PROMPTS }, (_, index) => `scene ${index + 1}`);
    user.sendCommand("image", prompts.join("\n"));
    await eventually(() => botMessages(user).find((message) => message.text?.includes("Price:")), 15_000);
    await press(user, "✏️ Prompt and count");
    await press(user, "Images per prompt:");
    await press(user, String(VARIANTS));
    await press(user, "« Back");
    const started = performance.now();
    await press(user, "✅ Create");
    const photos = () => botMessages(user).filter((message: Message) => message.photo !== undefined);
    const deadline = Date.now() + 3 * BOUND_S * 1000;
    while (photos().length < TOTAL && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const seconds = (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const captions = photos().map((message) => message.caption?.split("\n")[0] ?? "");
    const unique = new Set(captions);
    const lost = TOTAL - unique.size;
    const doubled = captions.length - unique.size;
    const keyed = proxy.requests.filter((entry) => entry.headers.authorization === `Bearer ${key.apiKey}`);
    const most = busiestMinute(keyed.map((entry) => entry.at));
    const ratio = seconds / BOUND_S;
    const telegram429 = emulator.calls.filter((call) => call.errorCode === 429).length;
    process.stdout.write(
      `${TOTAL} images (${PROMPTS} prompts x ${VARIANTS}), ${SLOTS} slots, ${SECONDS} s each, webhooks ${WEBHOOKS ? "on" : "off"}, storage ${redisServer ? "Redis" : "memory"}\n` +
        `bound: sandbox ${serviceBoundS.toFixed(1)} s (ceil(${TOTAL}/${SLOTS}) x ${SECONDS} s), Telegram ${telegramBoundS.toFixed(1)} s (${albums} albums and their control messages in one chat); the longer: ${BOUND_S.toFixed(1)} s\n` +
        `delivered ${unique.size} in ${seconds.toFixed(1)} s: x${ratio.toFixed(2)} of the bound (target <= ${TARGET_RATIO}); lost ${lost}, doubled ${doubled}; Telegram 429s answered ${telegram429}\n` +
        `requests with the key: ${keyed.length} in all; the most in any minute ${most} (target <= ${KEY_LIMIT})\n`,
    );
    return ratio <= TARGET_RATIO && lost === 0 && doubled === 0 && most <= KEY_LIMIT ? 0 : 1;
  } finally {
    await app.stop(5_000);
    await proxy.close();
    await sandbox.close();
    await tasks.close();
    await emulator.close();
    await redisServer?.stop();
  }
}

process.exitCode = await main();
