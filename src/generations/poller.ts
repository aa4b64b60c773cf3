/**
 * Polling per linked account: a pass pages the succeeded and failed lists newest first down to the oldest
 * followed generation, and reads the running one, within the key's budget. Beside webhooks it is the
 * backstop, and the only way failures are found.
 */
import { z } from "zod";
import type { GenerationServiceClient } from "../generation-service/client.js";
import { type GenerationServiceError, isGenerationServiceError } from "../generation-service/errors.js";
import {
  type JobDefinition,
  type JobQueue,
  type PeriodicWork,
  periodicWork,
  RetryLaterError,
} from "../jobs/queue.js";
import { defineJob } from "../lifecycle/tickets.js";
import type { Logger } from "../logger.js";
import type { LockStore } from "../storage/ports.js";
import type { Follower } from "./follower.js";
import { listAll, pages } from "./queue-card.js";
import type { GenerationRecords } from "./records.js";
import type { BatchJobDeps } from "./result-links.js";

const PollDataSchema = z.object({ userId: z.number().int() });

export interface PollDeps extends Pick<BatchJobDeps, "credentials"> {
  records: GenerationRecords;
  follower: Follower;
  locks: LockStore;
  service: Pick<GenerationServiceClient, "listGenerations" | "getGeneration">;
  /** As last reported; `resetAt` in epoch ms. */
  budget(apiKey: string): Promise<{ remaining: number; resetAt: number } | undefined>;
  /** The wait before the next pass: short when polling is the only way, long beside webhooks. */
  intervalMs(withWebhooks: boolean): number;
  now?: () => number;
}

/** Requests of a window a pass or a failure check leaves for creations and users' buttons. */
export const RESERVED_REQUESTS = 10;
/** An unfinished generation this old is read on its own: it may have been canceled elsewhere. */
const STALE_AFTER_MS = 30 * 60_000;
/** A queued pass holds its user this long, so the next ticks do not queue it again. */
const POLL_LEASE_MS = 60_000;
/** The user's poll lock: short, so a crashed holder frees the user soon; renewed during a long pass. */
export const POLL_LOCK_TTL_MS = 15_000;
const POLL_LOCK_RENEW_MS = 5_000;
/** A pass that finds the user's lock taken looks again this soon: the holder may have died. */
const POLL_LOCK_BUSY_RETRY_MS = 5_000;
/** A pass reads at most this many pages per status; the next pass goes on where it stopped. */
const MAX_PAGES = 6;
/** List calls a pass makes at least: succeeded, failed and running. */
const CALLS_PER_PASS = 3;

/** The user's poll lock: a pass and a failure check of the user never read at once. */
export const pollLockName = (userId: number) => `generation-poll:${userId}`;

export function stopsFollowing(error: GenerationServiceError): boolean {
  return ["invalid_api_key", "key_expired", "email_not_verified"].includes(error.code);
}

/** Records followed generations of a finished status, newest first, until `pending` is empty or passed. */
export async function readFinished(
  deps: Pick<PollDeps, "follower" | "records"> & { service: Pick<PollDeps["service"], "listGenerations"> },
  userId: number,
  apiKey: string,
  status: "succeeded" | "failed",
  pending: Set<string>,
  oldestMs: number,
): Promise<void> {
  if (pending.size === 0) return;
  for await (const data of pages(deps.service, apiKey, status, MAX_PAGES)) {
    for (const generation of data) {
      if (!pending.has(generation.id)) continue;
      pending.delete(generation.id);
      await deps.follower.observe(generation);
      // Finished, whether or not its batch is still known: it is followed no more.
      await deps.records.unfollow(userId, generation.id);
    }
    const last = data.at(-1);
    // Newest first: once a page reaches past the oldest we follow, the next holds none of ours.
    if (pending.size === 0 || !last || last.created * 1000 < oldestMs - 1000) return;
  }
}

export function pollJob(deps: PollDeps) {
  const now = deps.now ?? Date.now;

  async function pass(userId: number, apiKey: string, logger: Logger): Promise<boolean> {
    const { ids, oldestMs } = await deps.records.followed(userId);
    if (ids.length === 0 || oldestMs === undefined) return false;
    const pending = new Set(ids);
    await readFinished(deps, userId, apiKey, "succeeded", pending, oldestMs);
    await readFinished(deps, userId, apiKey, "failed", pending, oldestMs);
    if (pending.size > 0) {
      for (const generation of await listAll(deps.service, apiKey, "running", 1)) {
        if (pending.delete(generation.id)) await deps.follower.observe(generation);
      }
    }
    // Neither finished nor running for long: queued still, or canceled or deleted where we cannot see.
    const staleBefore = now() - STALE_AFTER_MS;
    if (pending.size > 0 && oldestMs < staleBefore) {
      for (const id of [...pending].slice(0, 2)) {
        try {
          await deps.follower.observe(await deps.service.getGeneration(apiKey, id));
        } catch (error) {
          if (!isGenerationServiceError(error) || error.code !== "not_found") throw error;
          logger.info({ generation_id: id }, "a followed generation is gone from the service");
          await deps.follower.observe({ id, status: "canceled" });
          await deps.records.unfollow(userId, id);
        }
      }
    }
    return (await deps.records.followed(userId, 1)).ids.length > 0;
  }

  /** A pass if the key's budget has room; when the next is due, undefined when nothing is left to follow. */
  async function passThenNext(userId: number, logger: Logger): Promise<number | undefined> {
    const credentials = await deps.credentials.credentials(userId);
    if (!credentials) return undefined;
    const budget = await deps.budget(credentials.apiKey);
    if (budget && budget.remaining < CALLS_PER_PASS + RESERVED_REQUESTS) {
      return Math.max(budget.resetAt, now() + 1_000);
    }
    try {
      const more = await pass(userId, credentials.apiKey, logger);
      return more ? now() + deps.intervalMs(credentials.signingSecret !== undefined) : undefined;
    } catch (error) {
      if (!isGenerationServiceError(error)) throw error;
      if (error.code === "rate_limit_exceeded") return now() + (error.retryAfterMs ?? 10_000);
      if (stopsFollowing(error)) {
        logger.warn({ code: error.code }, "the linked key no longer works; following stops until /connect");
        return undefined;
      }
      throw new RetryLaterError(10_000, error.message);
    }
  }

  const tuning = { attempts: 3, backoffMs: 5_000, concurrency: 8 };
  return defineJob("poll-generations", PollDataSchema, tuning, async ({ userId }, context) => {
    const logger = context.logger.child({ user_id: userId });
    const lockName = pollLockName(userId);
    const lock = await deps.locks.acquire(lockName, POLL_LOCK_TTL_MS);
    if (lock === undefined) {
      // A live holder books the next pass when it ends, after this; a dead one's lock lapses by then.
      await deps.records.schedulePoll(userId, now() + POLL_LOCK_BUSY_RETRY_MS);
      return;
    }
    const renewal = setInterval(() => {
      deps.locks.extend(lockName, lock, POLL_LOCK_TTL_MS).catch((error: unknown) => {
        logger.warn({ err: error }, "poll lock not renewed");
      });
    }, POLL_LOCK_RENEW_MS);
    try {
      const next = await passThenNext(userId, logger);
      if (next === undefined) await deps.records.unschedulePoll(userId);
      else await deps.records.schedulePoll(userId, next);
    } finally {
      clearInterval(renewal);
      await deps.locks.release(lockName, lock);
    }
  });
}

/** Each tick queues a poll pass for every user whose time has come. */
export function generationPoller(options: {
  records: GenerationRecords;
  queue: JobQueue;
  job: JobDefinition<z.infer<typeof PollDataSchema>>;
  logger: Logger;
  intervalMs: number;
}): PeriodicWork {
  const { records, queue, job } = options;
  return periodicWork("generation-poller", options.intervalMs, options.logger, async () => {
    const now = Date.now();
    const due = await records.pollsDue(now, 500);
    for (const userId of due) {
      await records.schedulePoll(userId, now + POLL_LEASE_MS);
      await queue.enqueue(job, { userId }, { jobId: `generation-poll-${userId}-${now}` });
    }
    return due.length;
  });
}
