/**
 * The whole bot as in production (polling, Redis or memory) with GENERATION_BASE_URL set, against the
 * Telegram emulator, the task sandbox (which knows the bot's keys on Redis) and the generation sandbox, with helpers that act as a person in
 * the chat: linking an account of the sandbox with /connect, and reading what the chat shows.
 */
import type { Message } from "grammy/types";
import {
  type GenerationSandbox,
  type GenerationSandboxOptions,
  type IssuedKey,
  type NewAccount,
  type NewKey,
  startGenerationSandbox,
} from "../../dev/generation-sandbox/index.js";
import { startTasksSandbox, type TasksSandbox } from "../../dev/tasks-sandbox/index.js";
import {
  type EmulatedUser,
  startTelegramEmulator,
  type TelegramEmulator,
} from "../../dev/telegram-emulator/index.js";
import { KeyRegistry } from "../../src/accounts/registry.js";
import { type App, startApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { createLogger } from "../../src/logger.js";
import { createStorage } from "../../src/storage/index.js";
import { botMessages, eventually, freePort, press } from "./delivery-stack.js";

export interface GenerationStack {
  emulator: TelegramEmulator;
  tasks: TasksSandbox;
  sandbox: GenerationSandbox;
  app: App;
  port: number;
  close(): Promise<void>;
}

const logger = createLogger({ level: (process.env.STACK_LOG as "warn" | undefined) ?? "silent" });

export async function startGenerationStack(
  options: { redisUrl?: string; keyVaultSecret?: string; sandbox?: Partial<GenerationSandboxOptions> } = {},
): Promise<GenerationStack> {
  const port = await freePort();
  const emulator = await startTelegramEmulator({ rateLimits: false });
  // On Redis the task sandbox knows the keys the bot issues (it reads the same registry), so tasks can be made.
  const registryStorage = options.redisUrl
    ? createStorage({ redisUrl: options.redisUrl }, logger)
    : undefined;
  const registry = registryStorage ? new KeyRegistry(registryStorage) : undefined;
  const tasks = await startTasksSandbox({
    verifyKey: async (apiKey) => registry?.verify(apiKey),
    rateLimits: false,
    allowHttpWebhooks: true,
    // Joined clips are links to the generation sandbox: charged by their real length, as the service does.
    readLinks: true,
    stepMs: 40,
    steps: 2,
  });
  const sandbox = await startGenerationSandbox({
    allowLocalWebhooks: true,
    rateLimits: false,
    durationsMs: { image: 150, video: 300 },
    webhookRetryDelaysMs: [200, 400, 800],
    ...options.sandbox,
  });
  const app = await startApp(
    loadConfig({
      BOT_TOKEN: emulator.token,
      BOT_API_ROOT: emulator.apiRoot,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      HTTP_HOST: "127.0.0.1",
      HTTP_PORT: String(port),
      TASKS_BASE_URL: tasks.baseUrl,
      GENERATION_BASE_URL: sandbox.baseUrl,
      ...(options.redisUrl
        ? {
            REDIS_URL: options.redisUrl,
            KEY_VAULT_SECRET: options.keyVaultSecret ?? Buffer.alloc(32, 9).toString("base64"),
          }
        : {}),
      LOG_LEVEL: process.env.STACK_LOG ?? "silent",
    }),
    logger,
    // Polls and sweeps tick in tenths of a second: the sandbox finishes work that fast, and the polling
    // tests would otherwise wait out production's seconds.
    {
      tasks: { firstPollMs: 500, pollTickMs: 100 },
      generations: {
        pollTickMs: 100,
        firstPollMs: 300,
        pollWithoutWebhooksMs: 300,
        pollWithWebhooksMs: 1_000,
        failureCheckMs: 500,
      },
    },
  );
  return {
    emulator,
    tasks,
    sandbox,
    app,
    port,
    async close() {
      await app.stop(2_000);
      await sandbox.close();
      await tasks.close();
      await emulator.close();
      await registryStorage?.close();
    },
  };
}

/** The person opens an account on the service, makes a key and links it with /connect (and the secret). */
export async function connect(
  stack: Pick<GenerationStack, "sandbox">,
  person: EmulatedUser,
  account: NewAccount & { key?: NewKey; withSecret?: boolean } = {},
): Promise<IssuedKey> {
  const { key: keyOptions, withSecret = true, ...accountOptions } = account;
  const accountId = stack.sandbox.accounts.create({ plan: "Pro", balance: 10_000, ...accountOptions });
  const key = stack.sandbox.accounts.issueKey(accountId, keyOptions);
  person.sendCommand("connect", key.apiKey);
  await eventually(
    () => botMessages(person).find((message) => message.text?.startsWith("✅ Connected")),
    15_000,
  );
  if (withSecret) {
    person.sendText(key.signingSecret);
    await eventually(
      () => botMessages(person).find((message) => message.text?.includes("Signing secret saved")),
      15_000,
    );
  } else {
    await press(person, "Skip");
  }
  return key;
}

/** Every photo the bot sent the person, in order. */
export function photosOf(person: EmulatedUser): Message[] {
  return botMessages(person).filter((message) => message.photo !== undefined);
}

/** Messages whose text starts with `start`. */
export function textsStarting(person: EmulatedUser, start: string): Message[] {
  return botMessages(person).filter((message) => message.text?.startsWith(start) === true);
}
