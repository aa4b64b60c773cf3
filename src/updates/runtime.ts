/** Starting the bot on long polling: the runner fetches updates, and each goes through `handle`. */
import { run } from "@grammyjs/runner";
import type { Bot, Context } from "grammy";
import type { Update } from "grammy/types";
import type { Storage } from "../storage/ports.js";
import { HANDLED_UPDATES, pollOnlyWhileStorageIsUp } from "./updates.js";

export interface PollingHandle {
  /** Stops fetching updates and resolves once the updates being handled are done. */
  stop(): Promise<void>;
}

export async function startPolling<C extends Context>(
  bot: Bot<C>,
  options: {
    /** How each update is handled; the bot's own handleUpdate by default. */
    handle?: (update: Update) => Promise<void>;
    /** Fetching waits while storage is away, so Telegram keeps the updates meanwhile. */
    storage?: Pick<Storage, "whenUp">;
    /** An update whose handling failed past every boundary (each one is a bug). */
    onError?: (error: unknown) => void;
  } = {},
): Promise<PollingHandle> {
  // A webhook left by another deployment would make getUpdates fail. Neither call waits for the other.
  await Promise.all([bot.init(), bot.api.deleteWebhook()]);
  if (options.storage) bot.api.config.use(pollOnlyWhileStorageIsUp(options.storage));
  const handle = options.handle ?? ((update: Update) => bot.handleUpdate(update));
  const handleRun = run(
    {
      api: bot.api,
      init: () => bot.init(),
      handleUpdate: handle,
      errorHandler: async (error) => options.onError?.(error),
    },
    { runner: { fetch: { allowed_updates: HANDLED_UPDATES } } },
  );
  return {
    stop: async () => {
      if (handleRun.isRunning()) await handleRun.stop();
    },
  };
}
