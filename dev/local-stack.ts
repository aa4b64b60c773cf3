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
