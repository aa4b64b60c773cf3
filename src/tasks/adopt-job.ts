/**
 * Tasks a user created through the API with send_to_messenger: the service tells the bot (POST
 * /hooks/messenger) and this job takes the task in as if the bot had created it, after reading it
 * with the user's own key (a task of someone else's is not found), then hands it to delivery.
 */
import { z } from "zod";
import type { ApiKeyReader } from "../accounts/ports.js";
import { type JobDefinition, type JobQueue, PermanentJobError, RetryLaterError } from "../jobs/queue.js";
import { isTasksServiceError } from "../tasks-service/errors.js";
import type { TaskReader } from "../tasks-service/ports.js";
import { reportedTaskType, type Task } from "../tasks-service/responses.js";
import type { DeliverData } from "./deliver-job.js";
import { newTicket, type TaskRecord, type TaskRecords, ticketTag } from "./task-records.js";

const AdoptDataSchema = z.object({
  taskId: z.number().int().nonnegative(),
  userId: z.number().int().positive(),
});
export type AdoptData = z.infer<typeof AdoptDataSchema>;

export interface AdoptDeps {
  records: TaskRecords;
  queue: JobQueue;
  deliverJob: JobDefinition<DeliverData>;
  apiKeys: ApiKeyReader;
  tasksService: TaskReader;
  /** The user's interface language for messages outside any update. */
  localeOf(userId: number): Promise<string>;
  now?: () => number;
}

export function adoptJob(deps: AdoptDeps): JobDefinition<AdoptData> {
  return {
    name: "adopt-task",
    schema: AdoptDataSchema,
    attempts: 6,
    backoffMs: 5_000,
    concurrency: 16,
    async handler({ taskId, userId }) {
      let ticket = await deps.records.ticketOfTask(taskId);
      if (ticket === undefined) {
        const { apiKey } = await deps.apiKeys.ensure(userId);
        let task: Task;
        try {
          task = await deps.tasksService.getTask(apiKey, taskId);
        } catch (error) {
          if (isTasksServiceError(error) && error.kind === "not_found") {
            throw new PermanentJobError(`task ${taskId} is not one of user ${userId}'s`);
          }
          if (isTasksServiceError(error) && error.kind === "rate_limited") {
            throw new RetryLaterError(error.retryAfterMs ?? 10_000);
          }
          throw error;
        }
        const record: TaskRecord = {
          ticket: newTicket(),
          userId,
          chatId: userId,
          locale: await deps.localeOf(userId),
          type: reportedTaskType(task.type) ?? "video",
          state: "created",
          origin: "api",
          taskId,
          uploads: {},
          polls: 0,
          retries: 0,
          createdAt: (deps.now ?? Date.now)(),
        };
        await deps.records.put(record);
        ticket = record.ticket;
      }
      const data: DeliverData = { ticket, reason: "messenger" };
      await deps.queue.enqueue(deps.deliverJob, data, { jobId: `messenger-${ticketTag(ticket)}` });
    },
  };
}
