/**
 * The playground's world in one process: a Telegram Bot API emulator, a Media Task Service sandbox and
 * the web chat page on the bot's own HTTP server. Nothing here is persisted.
 */
import type { Hono } from "hono";
import type { Logger } from "../src/logger.js";
import { mountChatPage } from "./chat-page/routes.js";
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
  /** The user side (tests act as people through it) and the service's switches. */
  readonly emulator: TelegramEmulator;
  readonly sandbox: TasksSandbox;
  /** Adds the chat page to the bot's HTTP server. */
  mount(app: Hono): void;
  close(): Promise<void>;
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const emulator = await startTelegramEmulator({
    bot: { username: "companion_playground_bot", first_name: "Companion (playground)" },
    logger: options.logger.child({ component: "telegram-emulator" }),
  });
  const sandbox = await startTasksSandbox({
    verifyKey: options.verifyKey,
    // The bot's callbacks arrive over plain http on this machine.
    allowHttpWebhooks: true,
    ...(options.messengerHook ? { messengerHook: postMessengerHook(options.messengerHook) } : {}),
    logger: options.logger.child({ component: "tasks-sandbox" }),
  });
  return {
    botToken: emulator.token,
    botApiRoot: emulator.apiRoot,
    tasksBaseUrl: sandbox.baseUrl,
    emulator,
    sandbox,
    mount: (app) => mountChatPage(app, emulator),
    async close() {
      await sandbox.close();
      await emulator.close();
    },
  };
}

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
