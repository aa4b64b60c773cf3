/**
 * The whole bot as in production (polling, Redis or memory, BullMQ or the in-process queue) against
 * the Telegram emulator and the task sandbox, with helpers that act as a person in the chat.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import type { Message } from "grammy/types";
import {
  startTasksSandbox,
  type TasksSandbox,
  type TasksSandboxOptions,
} from "../../dev/tasks-sandbox/index.js";
import {
  type EmulatedUser,
  startTelegramEmulator,
  type TelegramEmulator,
  type TelegramEmulatorOptions,
} from "../../dev/telegram-emulator/index.js";
import type { ChatMessage } from "../../dev/telegram-emulator/world.js";
import { KeyRegistry } from "../../src/accounts/registry.js";
import { type App, type AppTimings, startApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { createLogger } from "../../src/logger.js";
import { createStorage } from "../../src/storage/index.js";
import type { Storage } from "../../src/storage/ports.js";
import { eventually } from "./settle.js";

export { eventually };

export const FIXTURE = (name: string) => readFileSync(new URL(`../../dev/fixtures/${name}`, import.meta.url));

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

export interface DeliveryStackOptions {
  redisUrl?: string;
  sandbox?: Partial<TasksSandboxOptions>;
  emulator?: TelegramEmulatorOptions;
  messengerSecret?: string;
  /** The app's periodic work, shortened so a test waits no real seconds for it. */
  timings?: AppTimings;
  /** Reuse an emulator and sandbox (a second bot process on the same world). */
  world?: { emulator: TelegramEmulator; sandbox: TasksSandbox; registryStorage: Storage };
  keyVaultSecret?: string;
}

export interface DeliveryStack {
  emulator: TelegramEmulator;
  sandbox: TasksSandbox;
  app: App;
  port: number;
  registryStorage: Storage;
  keyVaultSecret: string;
  close(): Promise<void>;
}

const logger = createLogger({ level: (process.env.STACK_LOG as "warn" | undefined) ?? "silent" });

export async function startDeliveryStack(options: DeliveryStackOptions = {}): Promise<DeliveryStack> {
  const registryStorage =
    options.world?.registryStorage ?? createStorage({ redisUrl: options.redisUrl }, logger);
  const registry = new KeyRegistry(registryStorage);
  const port = await freePort();
  const messengerSecret = options.messengerSecret ?? randomBytes(24).toString("hex");
  const emulator =
    options.world?.emulator ?? (await startTelegramEmulator({ rateLimits: false, ...options.emulator }));
  const sandbox =
    options.world?.sandbox ??
    (await startTasksSandbox({
      verifyKey: (key) => registry.verify(key),
      allowHttpWebhooks: true,
      // Linked media is charged by its real length, as the service does.
      readLinks: true,
      stepMs: 40,
      steps: 2,
      rateLimits: false,
      messengerHook: async (task) => {
        await fetch(`http://127.0.0.1:${port}/hooks/messenger`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-messenger-secret": messengerSecret },
          body: JSON.stringify(task),
        });
      },
      ...options.sandbox,
    }));
  const keyVaultSecret = options.keyVaultSecret ?? randomBytes(32).toString("base64");
  const config = loadConfig({
    BOT_TOKEN: emulator.token,
    BOT_MODE: "polling",
    BOT_API_ROOT: emulator.apiRoot,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HTTP_HOST: "127.0.0.1",
    HTTP_PORT: String(port),
    TASKS_BASE_URL: sandbox.baseUrl,
    MESSENGER_HOOK_SECRET: messengerSecret,
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl, KEY_VAULT_SECRET: keyVaultSecret } : {}),
    LOG_LEVEL: process.env.STACK_LOG ?? "silent",
  });
  const app = await startApp(config, logger, options.timings);
  return {
    emulator,
    sandbox,
    app,
    port,
    registryStorage,
    keyVaultSecret,
    async close() {
      await app.stop(2_000);
      if (!options.world) {
        await sandbox.close();
        await emulator.close();
        await registryStorage.close();
      }
    },
  };
}

export function buttonsOf(message: Message): Array<{ text: string; data: string }> {
  return (message.reply_markup?.inline_keyboard ?? [])
    .flat()
    .flatMap((button) =>
      "callback_data" in button && button.callback_data
        ? [{ text: button.text, data: button.callback_data }]
        : [],
    );
}

/** Presses the newest bot message's button that starts with `label`, once it is there. */
export async function press(person: EmulatedUser, label: string, timeoutMs = 10_000): Promise<ChatMessage> {
  const found = await eventually(() => {
    for (const entry of [...person.chat.botMessages()].reverse()) {
      const button = buttonsOf(entry.message).find((candidate) => candidate.text.startsWith(label));
      if (button && !entry.deleted) return { entry, button };
    }
    return undefined;
  }, timeoutMs).catch(() => {
    const shown = person.chat
      .botMessages()
      .map((entry) => [entry.message.text, buttonsOf(entry.message).map((b) => b.text)]);
    throw new Error(`no button "${label}" appeared; the chat shows ${JSON.stringify(shown)}`);
  });
  const before = JSON.stringify(found.entry.message);
  const count = person.chat.botMessages().length;
  const query = person.pressButton(found.entry.message, found.button.data);
  await person.waitForAnswer(query, timeoutMs);
  // The answer may come before the edit it leads to: wait for the screen to change, briefly.
  await eventually(
    () =>
      JSON.stringify(person.chat.message(found.entry.message.message_id)?.message) !== before ||
      person.chat.botMessages().length > count,
    1_000,
  ).catch(() => undefined);
  return found.entry;
}

export function botMessages(person: EmulatedUser): Message[] {
  return person.chat.botMessages().map((entry) => entry.message);
}

async function awaitMessage(
  person: EmulatedUser,
  predicate: (message: Message) => boolean,
  timeoutMs: number,
  newest: boolean,
): Promise<Message> {
  try {
    return await eventually(() => {
      const messages = botMessages(person);
      return (newest ? [...messages].reverse() : messages).find(predicate);
    }, timeoutMs);
  } catch (error) {
    const seen = botMessages(person).map(
      (message) => message.text ?? message.caption ?? Object.keys(message).join(","),
    );
    // What the chat does show is what a failure needs to be understood.
    throw new Error(`${String(error)}; the chat shows: ${JSON.stringify(seen.slice(-12))}`);
  }
}

/** The bot's first message that matches, once it shows. */
export function shows(
  person: EmulatedUser,
  predicate: (message: Message) => boolean,
  timeoutMs = 20_000,
): Promise<Message> {
  return awaitMessage(person, predicate, timeoutMs, false);
}

/** The bot's newest message that matches, once it shows: for a card edited or sent again as things change. */
export function showsNewest(
  person: EmulatedUser,
  predicate: (message: Message) => boolean,
  timeoutMs = 20_000,
): Promise<Message> {
  return awaitMessage(person, predicate, timeoutMs, true);
}

/**
 * What the bot has left in the person's chat from a message on (by default all of it): its messages not
 * deleted, an album counted once as the chat shows it as one block. A job's messages are this count from
 * its card on.
 */
export function messagesLeft(person: EmulatedUser, fromMessageId = 0): Message[] {
  const albums = new Set<string>();
  return person.chat
    .botMessages()
    .filter((entry) => !entry.deleted && entry.message.message_id >= fromMessageId)
    .map((entry) => entry.message)
    .filter((message) => {
      const album = message.media_group_id;
      if (album === undefined) return true;
      if (albums.has(album)) return false;
      albums.add(album);
      return true;
    });
}
