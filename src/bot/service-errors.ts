import { isTasksServiceError } from "../tasks-service/errors.js";
import type { BotContext } from "./context.js";

/** Tells the user what a task service failure means; false for other errors, left to the error boundary. */
export async function replyServiceError(ctx: BotContext, error: unknown): Promise<boolean> {
  if (!isTasksServiceError(error)) return false;
  ctx.logger.warn({ err: error, kind: error.kind, operation: error.operation }, "task service call failed");
  await ctx.reply(ctx.t(`service-error-${error.kind}`));
  return true;
}
