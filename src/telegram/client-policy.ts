/**
 * How every Bot API call is made: over the shared transport, flood waits and 5xx retried a capped number
 * of times (auto-retry's default retries forever), sends paced per chat and per bot.
 */
import { autoRetry } from "@grammyjs/auto-retry";
import { Api, type ApiClientOptions, type Transformer } from "grammy";
import type { TokenBucketStore } from "../storage/ports.js";
import { telegramPacing } from "./pacing.js";
import { botApiTransport } from "./transport.js";

/** For the bot's Api and calls in forms: while a person waits, a long flood wait is reported, not sat out. */
export function interactiveRetry(): Transformer {
  return autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 30, rethrowHttpErrors: false });
}

/** grammY client options for every Api of the process: its Bot API root and the shared transport. */
export function botApiClient(apiRoot: string | undefined): ApiClientOptions {
  return { ...(apiRoot === undefined ? {} : { apiRoot }), fetch: botApiTransport() };
}

/**
 * The Api the jobs send through. A network error is rethrown rather than retried: an upload that broke
 * half-way may have reached Telegram, and the delivery job falls back to the link instead of doubling it.
 */
export function createJobsApi(options: { token: string; apiRoot: string; buckets: TokenBucketStore }): Api {
  const api = new Api(options.token, botApiClient(options.apiRoot));
  // Jobs have no one waiting on the line and can sit out a longer flood wait.
  api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 60, rethrowHttpErrors: true }));
  api.config.use(telegramPacing(options.buckets));
  return api;
}

/**
 * The bot's Api making each call once, for a call whose failure the user must hear of at once while a
 * durable job retries it; `transformers` are the others it still needs.
 */
export function singleAttempt(api: Api, ...transformers: Transformer[]): Api {
  const once = new Api(api.token, api.options);
  for (const transformer of transformers) once.config.use(transformer);
  return once;
}
