/** Tickets: each job's secret, its callback address on the service; everything else names it by its tag. */
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import type { JobContext, JobDefinition } from "../jobs/queue.js";

export function newTicket(): string {
  return randomBytes(18).toString("base64url");
}

/**
 * A ticket as everything but its callback address names it: log lines, job ids and the data of result
 * buttons. 72 bits of its SHA-256, enough to tell tickets apart and to find one in the logs, useless for
 * sending a callback (the ticket itself is that capability).
 */
export function ticketTag(ticket: string): string {
  return createHash("sha256").update(ticket).digest("base64url").slice(0, 12);
}

export const TicketDataSchema = z.object({ ticket: z.string().min(16) });
export type TicketData = z.infer<typeof TicketDataSchema>;

/** A job by its name, the schema of its data, how it retries and how many run at once, and its handler. */
export function defineJob<T>(
  name: string,
  schema: z.ZodType<T>,
  tuning: Pick<JobDefinition<T>, "attempts" | "backoffMs" | "concurrency">,
  handler: JobDefinition<T>["handler"],
): JobDefinition<T> {
  return { name, schema, ...tuning, handler };
}

/** A job on one ticket's record: its data is the ticket alone. */
export function ticketJob(
  name: string,
  tuning: Pick<JobDefinition<TicketData>, "attempts" | "backoffMs" | "concurrency">,
  handler: (ticket: string, context: JobContext) => Promise<void>,
): JobDefinition<TicketData> {
  return defineJob(name, TicketDataSchema, tuning, ({ ticket }, context) => handler(ticket, context));
}
