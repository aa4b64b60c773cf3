/** Starting the bot: long polling through the runner, or a webhook handler for the HTTP server. */
import { run } from "@grammyjs/runner";
import { type Bot, type Context, webhookCallback } from "grammy";

export interface PollingHandle {
  /** Stops fetching updates and resolves once the updates being handled are done. */
  stop(): Promise<void>;
  /** Settles when polling ends (stopped or crashed). */
  readonly done: Promise<void>;
}

export async function startPolling<C extends Context>(
  bot: Bot<C>,
  options: {
    allowedUpdates?: ReadonlyArray<"message" | "callback_query" | "my_chat_member" | "edited_message">;
  } = {},
): Promise<PollingHandle> {
  await bot.init();
  // A webhook left by another deployment would make getUpdates fail.
  await bot.api.deleteWebhook();
  const handle = run(bot, {
    runner: {
      fetch: { allowed_updates: options.allowedUpdates ?? ["message", "callback_query"] },
    },
  });
  return {
    stop: async () => {
      if (handle.isRunning()) await handle.stop();
    },
    done: handle.task() ?? Promise.resolve(),
  };
}

/**
 * The Telegram webhook endpoint for Hono. Telegram's secret_token header is checked (in constant time
 * by grammY); a wrong or missing one gets 401 and the update is not handled.
 */
export function webhookHandler<C extends Context>(bot: Bot<C>, secretToken: string) {
  return webhookCallback(bot, "hono", { secretToken, onTimeout: "throw", timeoutMilliseconds: 9_000 });
}
