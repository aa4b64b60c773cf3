/**
 * Reads the failed list for a batch whose results wait on unfinished ones (the service announces only
 * successes), at most once an interval, and only while held so and the key's rate leaves room.
 */
import { z } from "zod";
import { isGenerationServiceError } from "../generation-service/errors.js";
import type { JobQueue } from "../jobs/queue.js";
import { defineJob, TicketDataSchema } from "../lifecycle/tickets.js";
import { heldBack } from "./follower.js";
import {
  POLL_LOCK_TTL_MS,
  type PollDeps,
  pollLockName,
  RESERVED_REQUESTS,
  readFinished,
  stopsFollowing,
} from "./poller.js";

const FailureCheckDataSchema = TicketDataSchema.extend({
  /** The interval it was queued for: the next check goes into a later one. */
  slot: z.number().int().nonnegative(),
});

/** The job, and `checkSoon`, which asks for a check of the batch within the current interval. */
export function failureCheckJob(
  deps: Pick<PollDeps, "records" | "follower" | "locks" | "credentials" | "budget" | "now"> & {
    service: Pick<PollDeps["service"], "listGenerations">;
    queue: Pick<JobQueue, "enqueue">;
    /** At most one check of a batch per interval, while results wait. */
    intervalMs: number;
  },
) {
  const now = deps.now ?? Date.now;

  async function schedule(ticket: string, after: number | undefined): Promise<void> {
    const at = now();
    const slot = Math.max(Math.floor(at / deps.intervalMs), after === undefined ? 0 : after + 1);
    await deps.queue.enqueue(
      job,
      { ticket, slot },
      {
        jobId: `generation-failures-${ticket}-${slot}`,
        delayMs: Math.max(0, (slot + 1) * deps.intervalMs - at),
      },
    );
  }

  const tuning = { attempts: 3, backoffMs: 2_000, concurrency: 8 };
  const job = defineJob(
    "check-generation-failures",
    FailureCheckDataSchema,
    tuning,
    async (data, context) => {
      const { ticket, slot } = data;
      const record = await deps.records.get(ticket);
      if (record?.state !== "created") return;
      const held = await heldBack(deps.records, record);
      if (held.length === 0) return;
      const credentials = await deps.credentials.credentials(record.userId);
      if (!credentials) return;
      const budget = await deps.budget(credentials.apiKey);
      // The poll pass shares the user's lock: the two never read at once.
      const lockName = pollLockName(record.userId);
      const lock =
        budget && budget.remaining < 1 + RESERVED_REQUESTS
          ? undefined
          : await deps.locks.acquire(lockName, POLL_LOCK_TTL_MS);
      if (lock === undefined) {
        await schedule(ticket, slot);
        return;
      }
      const pending = new Set(held);
      try {
        const { oldestMs } = await deps.records.followed(record.userId);
        if (oldestMs === undefined) return;
        await readFinished(deps, record.userId, credentials.apiKey, "failed", pending, oldestMs);
      } catch (error) {
        if (!isGenerationServiceError(error)) throw error;
        // A key that no longer works is the poll pass's to report; the check just stops.
        if (stopsFollowing(error)) return;
        context.logger.warn({ err: error, ticket }, "failed list not read; the next check tries again");
      } finally {
        await deps.locks.release(lockName, lock);
      }
      if (pending.size > 0) await schedule(ticket, slot);
    },
  );
  return { job, checkSoon: (ticket: string) => schedule(ticket, undefined) };
}
