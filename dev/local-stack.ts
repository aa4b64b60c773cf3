/**
 * The playground's world in one process: a Telegram Bot API emulator, a Media Task Service sandbox, an Image
 * and Video Generation Service sandbox and the web chat page on the bot's own HTTP server. Nothing here is
 * persisted.
 */
import type { Hono } from "hono";
import type { Logger } from "../src/logger.js";
import { mountChatPage } from "./chat-page/routes.js";
import {
  type GenerationSandbox,
  type IssuedKey,
  type Plan,
  startGenerationSandbox,
} from "./generation-sandbox/index.js";
import { startTasksSandbox, type TasksSandbox, type VerifyKey } from "./tasks-sandbox/index.js";
import { startTelegramEmulator, type TelegramEmulator } from "./telegram-emulator/index.js";

export interface LocalStackOptions {
  /** The bot's key registry: keys the bot issues work on the sandbox. */
  verifyKey: VerifyKey;
  logger: Logger;
  /** Where the sandbox reports finished send_to_messenger tasks (the bot's POST /hooks/messenger). */
  messengerHook?: { url: () => string | undefined; secret: string };
}

export interface LocalStack {
  readonly botToken: string;
  readonly botApiRoot: string;
  readonly tasksBaseUrl: string;
  /** GENERATION_BASE_URL of the playground. */
  readonly generationBaseUrl: string;
  /** The user side (tests act as people through it) and the services' switches. */
  readonly emulator: TelegramEmulator;
  readonly sandbox: TasksSandbox;
  readonly generationSandbox: GenerationSandbox;
  /**
   * The generation service key of a playground user, as if they had made it in the service's account area:
   * an account with a healthy balance is opened on the first call (Pro unless told otherwise) and the same key
   * is returned after; a `plan` given later switches the account to it.
   */
  generationKeyFor(userId: number, options?: { plan?: Plan }): IssuedKey;
  /** Adds the chat page to the bot's HTTP server. */
  mount(app: Hono): void;
  close(): Promise<void>;
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const emulator = await startTelegramEmulator({
    bot: { username: "companion_playground_bot", first_name: "Companion (playground)" },
    // As an operator sets it with BotFather (/setinline, /setinlinefeedback).
    inline: { enabled: true, feedback: true },
    logger: options.logger.child({ component: "telegram-emulator" }),
  });
  const sandbox = await startTasksSandbox({
    verifyKey: options.verifyKey,
    // The bot's callbacks arrive over plain http on this machine.
    allowHttpWebhooks: true,
    // Linked media (joined clips among them) is charged by its real length, as the service charges it.
    readLinks: true,
    ...(options.messengerHook ? { messengerHook: postMessengerHook(options.messengerHook) } : {}),
    logger: options.logger.child({ component: "tasks-sandbox" }),
  });
  const generationSandbox = await startGenerationSandbox({
    // The bot's signed callbacks arrive over plain http on this machine.
    allowLocalWebhooks: true,
    logger: options.logger.child({ component: "generation-sandbox" }),
  });
  const linkedKeys = new Map<number, IssuedKey>();
  return {
    botToken: emulator.token,
    botApiRoot: emulator.apiRoot,
    tasksBaseUrl: sandbox.baseUrl,
    generationBaseUrl: generationSandbox.baseUrl,
    emulator,
    sandbox,
    generationSandbox,
    generationKeyFor(userId, keyOptions = {}) {
      let key = linkedKeys.get(userId);
      if (!key) {
        const accountId = generationSandbox.accounts.create({
          plan: keyOptions.plan ?? "Pro",
          balance: PLAYGROUND_GENERATION_BALANCE,
        });
        key = generationSandbox.accounts.issueKey(accountId, { env: "test" });
        linkedKeys.set(userId, key);
      } else if (keyOptions.plan) {
        generationSandbox.accounts.setPlan(key.accountId, keyOptions.plan);
      }
      return key;
    },
    mount: (app) => mountChatPage(app, emulator),
    async close() {
      await generationSandbox.close();
      await sandbox.close();
      await emulator.close();
    },
  };
}

/** 50 USD of tokens: room for many images and a few long clips. */
const PLAYGROUND_GENERATION_BALANCE = 50_000;

/** The service's side of the messenger hook: what an operator configures the real service to do. */
function postMessengerHook(hook: { url: () => string | undefined; secret: string }) {
  return async (task: { task_id: number; user_id: number }): Promise<void> => {
    const url = hook.url();
    if (!url) throw new Error("the bot's HTTP server is not up yet");
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-messenger-secret": hook.secret },
      body: JSON.stringify(task),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`messenger hook answered ${response.status}`);
  };
}
