/** How a job that sends to a chat reads Telegram's refusals. */
import { GrammyError } from "grammy";

/** Telegram's flood limit: how long it asks to wait, in milliseconds; undefined for any other error. */
export function telegramRetryAfter(error: unknown): number | undefined {
  if (error instanceof GrammyError && error.error_code === 429) {
    return (error.parameters.retry_after ?? 5) * 1000;
  }
  return undefined;
}

/** The chat will take nothing more (blocked, deleted, deactivated): retrying cannot help. */
export function chatClosed(error: unknown): boolean {
  return (
    error instanceof GrammyError &&
    (error.error_code === 403 || /chat not found|user is deactivated/i.test(error.description))
  );
}
