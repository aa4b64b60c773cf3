/**
 * POST /hooks/tasks/:ticket when a task finishes (unsigned, so only a hint the delivery job checks), and
 * POST /hooks/messenger for send_to_messenger tasks (with a shared secret, docs/messenger-hook.md).
 */
import type { Hono } from "hono";
import { z } from "zod";
import type { JobDefinition, JobQueue } from "../jobs/queue.js";
import { ticketTag } from "../lifecycle/tickets.js";
import type { Logger } from "../logger.js";
import type { MessengerOutcome } from "../tasks/adopt-job.js";
import type { DeliverData } from "../tasks/deliver-job.js";
import type { TaskRecords } from "../tasks/records.js";
import { bodyAs, sameSecret } from "./request.js";

const CallbackBodySchema = z.object({
  task_id: z.number().int().nonnegative(),
  status: z.string().min(1).max(64),
  result_url: z.string().max(4096).nullish(),
});

const MessengerBodySchema = z.strictObject({
  task_id: z.number().int().nonnegative(),
  user_id: z.number().int().positive(),
});

export interface TaskHookDeps {
  records: TaskRecords;
  queue: JobQueue;
  deliverJob: JobDefinition<DeliverData>;
  logger: Logger;
  messenger?: {
    secret: string;
    /** Checks the task is the user's and queues its delivery; resolves once that is durable. */
    accept(request: { taskId: number; userId: number }): Promise<MessengerOutcome>;
  };
}

export function taskHookRoutes(deps: TaskHookDeps): (app: Hono) => void {
  const { records, queue, deliverJob, logger } = deps;
  return (app) => {
    app.post("/hooks/tasks/:ticket", async (c) => {
      const ticket = c.req.param("ticket");
      const tag = ticketTag(ticket);
      try {
        const record = await records.get(ticket);
        if (!record) return c.json({ detail: "unknown ticket" }, 404);
        const body = await bodyAs(c, CallbackBodySchema);
        if (!body) return c.json({ detail: "invalid body" }, 400);
        if (record.taskId !== undefined && record.taskId !== body.task_id) {
          logger.warn(
            { ticket: tag, task_id: body.task_id, expected: record.taskId },
            "callback names another task; ignored",
          );
          return c.json({ status: "ignored" }, 200);
        }
        // The creation answer may still be on its way: look a little later, when the task id is recorded.
        const delayMs = record.state === "submitting" ? 3_000 : 0;
        // A record that does not know its task id yet (its creation unconfirmed) takes the one named.
        const data: DeliverData = {
          ticket,
          reason: "callback",
          ...(record.taskId === undefined ? { taskId: body.task_id } : {}),
        };
        // The status word says nothing we trust, so it is not part of the id: one waiting job per epoch.
        const epoch = await records.hookEpoch(ticket);
        await queue.enqueue(deliverJob, data, { jobId: `hook-${tag}-${epoch}`, delayMs });
      } catch (error) {
        logger.error({ err: error, ticket: tag }, "callback could not be queued");
        return c.json({ detail: "not queued; try again" }, 503);
      }
      return c.json({ status: "queued" }, 200);
    });

    app.post("/hooks/messenger", async (c) => {
      const messenger = deps.messenger;
      if (!messenger) return c.json({ detail: "not enabled" }, 404);
      if (!sameSecret(c.req.header("x-messenger-secret"), messenger.secret)) {
        return c.json({ detail: "bad secret" }, 401);
      }
      const body = await bodyAs(c, MessengerBodySchema);
      if (!body) return c.json({ detail: "invalid body" }, 400);
      const { task_id: taskId, user_id: userId } = body;
      let outcome: MessengerOutcome;
      try {
        outcome = await messenger.accept({ taskId, userId });
      } catch (error) {
        logger.error({ err: error, task_id: taskId }, "messenger delivery could not be queued");
        return c.json({ detail: "not queued; try again" }, 503);
      }
      if (outcome === "unknown_user") return c.json({ detail: "unknown user" }, 404);
      if (outcome === "not_theirs") return c.json({ detail: "no such task of this user" }, 404);
      return c.json({ status: "queued" }, 200);
    });
  };
}
