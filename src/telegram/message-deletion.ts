import { type Api, GrammyError } from "grammy";
import { z } from "zod";
import type { JobDefinition, JobQueue } from "../jobs/queue.js";

const MessageDeletionSchema = z.object({
  chatId: z.number().int(),
  messageId: z.number().int().positive(),
});
export type MessageDeletion = z.infer<typeof MessageDeletionSchema>;

/** Deletes a message at a given time; production backs it with the durable job below. */
export type ScheduleDeletion = (chatId: number, messageId: number, at: Date) => Promise<void>;

/** Telegram's answers that mean there is nothing left to delete: retrying cannot change them. */
function nothingToDelete(error: unknown): boolean {
  if (!(error instanceof GrammyError)) return false;
  const gone = /message to delete not found|message can't be deleted/i;
  return error.error_code === 403 || (error.error_code === 400 && gone.test(error.description));
}

/**
 * Deletes a message at a set time, durably: a restart between showing an API key and its deletion
 * still deletes it (BullMQ keeps delayed jobs in Redis).
 */
export function messageDeletionJob(api: Pick<Api, "deleteMessage">): JobDefinition<MessageDeletion> {
  return {
    name: "delete-message",
    schema: MessageDeletionSchema,
    attempts: 8,
    backoffMs: 5_000,
    concurrency: 4,
    async handler({ chatId, messageId }, { logger }) {
      try {
        await api.deleteMessage(chatId, messageId);
      } catch (error) {
        if (!nothingToDelete(error)) throw error;
        logger.info({ chatId, messageId, err: error }, "message already gone; nothing to delete");
      }
    },
  };
}

export function scheduleDeletionWith(queue: JobQueue, job: JobDefinition<MessageDeletion>): ScheduleDeletion {
  return (chatId, messageId, at) =>
    queue.enqueue(
      job,
      { chatId, messageId },
      { jobId: `delete-${chatId}-${messageId}`, delayMs: Math.max(0, at.getTime() - Date.now()) },
    );
}
