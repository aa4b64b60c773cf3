/**
 * Tasks a user created through the API with send_to_messenger (POST /hooks/messenger), taken in as if the
 * bot had created them and handed to delivery. Whose a task is comes from the bot's records and the
 * user's own key (the service answers 404 for another's), checked before the hook accepts and again by
 * the job; a user without a key cannot have made it. The task is read once: it spends the user's budget.
 */
import { z } from "zod";
import type { ExistingApiKeyReader } from "../accounts/ports.js";
import { type JobDefinition, type JobQueue, PermanentJobError } from "../jobs/queue.js";
import { defineJob, newTicket, ticketTag } from "../lifecycle/tickets.js";
import { isTasksServiceError } from "../tasks-service/errors.js";
import type { TaskReader } from "../tasks-service/ports.js";
import { reportedTaskType } from "../tasks-service/responses.js";
import { TASK_TYPES, type TaskType } from "../tasks-service/schemas/index.js";
import { waitOutRateLimit } from "./creation-check.js";
import type { DeliverData } from "./deliver-job.js";
import type { TaskRecords } from "./records.js";

const AdoptDataSchema = z.object({
  taskId: z.number().int().nonnegative(),
  userId: z.number().int().positive(),
  /** The task's type as the hook's check read it with the user's key; read again when absent. */
  type: z.enum(TASK_TYPES).optional(),
});
export type AdoptData = z.infer<typeof AdoptDataSchema>;

/** What the messenger hook answers: queued, or a 404 for a user without a key or a task not theirs. */
export type MessengerOutcome = "queued" | "unknown_user" | "not_theirs";

interface OwnershipDeps {
  records: TaskRecords;
  apiKeys: ExistingApiKeyReader;
  tasksService: TaskReader;
}

export interface AdoptDeps extends OwnershipDeps {
  queue: JobQueue;
  deliverJob: JobDefinition<DeliverData>;
  localeOf(userId: number): Promise<string>;
}

type Ownership =
  | { kind: "unknown_user" }
  | { kind: "not_theirs" }
  /** A task the bot already has a record of, the user's. */
  | { kind: "known"; ticket: string }
  /** A task the bot has no record of, with its type as the user's key reads it. */
  | { kind: "new"; type: TaskType };

/** The task's type when the user's key reads it; undefined when the service says it has no such task of theirs. */
async function typeReadWith(deps: OwnershipDeps, apiKey: string, taskId: number) {
  try {
    const task = await deps.tasksService.getTask(apiKey, taskId);
    return reportedTaskType(task.type) ?? "video";
  } catch (error) {
    if (isTasksServiceError(error) && error.kind === "not_found") return undefined;
    throw error;
  }
}

/** Whose the task is: the bot's records tell first; of a task they do not know, only the user's key can. */
async function ownership(
  deps: OwnershipDeps,
  request: AdoptData,
  readType = typeReadWith,
): Promise<Ownership> {
  const { taskId, userId } = request;
  const apiKey = await deps.apiKeys.keyFor(userId);
  // Without a key the user cannot have created a task through the API.
  if (apiKey === undefined) return { kind: "unknown_user" };
  const ticket = await deps.records.ticketOfTask(taskId);
  const known = ticket === undefined ? undefined : await deps.records.get(ticket);
  if (known)
    return known.userId === userId ? { kind: "known", ticket: known.ticket } : { kind: "not_theirs" };
  const type = request.type ?? (await readType(deps, apiKey, taskId));
  return type === undefined ? { kind: "not_theirs" } : { kind: "new", type };
}

/**
 * The messenger hook's request, checked before anything is queued: the user must have a key, and the
 * task must be theirs. Resolves once the adopt job is durably queued; rejects when the check or the
 * queue could not be done (the hook answers 503, and the service tries again).
 */
export function messengerIntake(
  deps: OwnershipDeps & { queue: JobQueue; adoptJob: JobDefinition<AdoptData> },
): (request: { taskId: number; userId: number }) => Promise<MessengerOutcome> {
  return async (request) => {
    const owner = await ownership(deps, request);
    if (owner.kind === "unknown_user" || owner.kind === "not_theirs") return owner.kind;
    const data = owner.kind === "new" ? { ...request, type: owner.type } : request;
    await deps.queue.enqueue(deps.adoptJob, data, { jobId: `adopt-${request.taskId}` });
    return "queued";
  };
}

export function adoptJob(deps: AdoptDeps): JobDefinition<AdoptData> {
  const readType: typeof typeReadWith = (...read) => typeReadWith(...read).catch(waitOutRateLimit);
  return defineJob(
    "adopt-task",
    AdoptDataSchema,
    { attempts: 6, backoffMs: 5_000, concurrency: 16 },
    async (request) => {
      const { taskId, userId } = request;
      // The key may have been revoked, or the task taken in as another's, since the hook accepted it.
      const owner = await ownership(deps, request, readType);
      if (owner.kind === "unknown_user" || owner.kind === "not_theirs") {
        throw new PermanentJobError(`task ${taskId} is not one of user ${userId}'s`);
      }
      const ticket = owner.kind === "known" ? owner.ticket : newTicket();
      if (owner.kind === "new") {
        await deps.records.put({
          ticket,
          userId,
          chatId: userId,
          locale: await deps.localeOf(userId),
          type: owner.type,
          state: "created",
          origin: "api",
          taskId,
          uploads: {},
          polls: 0,
          retries: 0,
          createdAt: Date.now(),
        });
      }
      const data: DeliverData = { ticket, reason: "messenger" };
      await deps.queue.enqueue(deps.deliverJob, data, { jobId: `messenger-${ticketTag(ticket)}` });
    },
  );
}
