/**
 * Following generations until they finish. What the service says about one of ours (a signed webhook, a
 * list page, a read) is an observation; `observe` records it in its chunk once (later, older or repeated
 * news changes nothing), and when a chunk's last generation finishes its delivery is queued.
 *
 * Polling is per linked account: each pass pages `GET /v1/generations?status=succeeded` and `…=failed`
 * newest first, down to the user's oldest unfinished generation, so one call covers up to a hundred, and
 * reads `…=running` for the card. A pass runs only when the key's reported budget leaves room for it and
 * for what users start meanwhile. With a signing secret, webhooks bring successes at once and polling is
 * the slow backstop; failures are found by polling alone (the service announces only successes). So when
 * a webhook's result cannot go to the chat because an image ahead of it in the batch's order is missing,
 * the failed list is read within seconds, and again every few seconds while a result is held that way.
 */
import { z } from "zod";
import type { GenerationCredentialsReader } from "../accounts/generation-links.js";
import { type GenerationServiceError, isGenerationServiceError } from "../generation-service/errors.js";
import type { ListGenerationsQuery } from "../generation-service/requests.js";
import {
  type Generation,
  type GenerationPage,
  GenerationSchema,
  type GenerationStatus,
} from "../generation-service/responses.js";
import { type JobContext, type JobDefinition, type JobQueue, RetryLaterError } from "../jobs/queue.js";
import { ticketTag } from "../lifecycle/tickets.js";
import type { Logger } from "../logger.js";
import type { LockStore } from "../storage/ports.js";
import {
  type BatchRecord,
  type ChunkItem,
  chunkOf,
  type GenerationRecords,
  isFinished,
  storedOutput,
} from "./records.js";

/** What the service reported about a generation; a cancel we made reports only its new status. */
export type Observation = Pick<Generation, "id" | "status"> &
  Partial<Pick<Generation, "output" | "error" | "cost_tokens">>;

const RANK: Record<GenerationStatus, number> = {
  queued: 0,
  running: 1,
  succeeded: 2,
  failed: 2,
  canceled: 2,
};

/** The item as the observation leaves it; undefined when the observation is not news. */
function observed(item: ChunkItem, observation: Observation): ChunkItem | undefined {
  // A finished generation stays as it finished; older or repeated news changes nothing.
  if (isFinished(item.status) || RANK[observation.status] <= RANK[item.status]) return undefined;
  const output = observation.output;
  return {
    ...item,
    status: observation.status,
    ...(observation.cost_tokens === undefined ? {} : { costTokens: observation.cost_tokens }),
    ...(output ? { output: storedOutput(output) } : {}),
    ...(observation.error ? { error: observation.error.message } : {}),
  };
}

export interface FollowerDeps {
  records: GenerationRecords;
  queue: JobQueue;
  /** Delivers a chunk whose generations have all finished. */
  deliverJob: JobDefinition<{ ticket: string; chunk: number }>;
  /** Shows the batch's progress on its card (throttled by the caller). */
  refreshCard(ticket: string): Promise<void>;
  logger: Logger;
}

/**
 * The unfinished generations of a batch that hold finished results back: albums go in order, so every
 * unfinished item in an album not yet in the chat, up to the last album holding a finished result, keeps
 * that result waiting.
 */
export async function heldBack(records: GenerationRecords, record: BatchRecord): Promise<string[]> {
  const waiting = (await records.chunks(record)).filter(
    (chunk) => !chunk.delivered && chunk.abandoned !== true,
  );
  const lastWithResult = waiting.findLastIndex((chunk) =>
    chunk.items.some((item) => isFinished(item.status)),
  );
  return waiting
    .slice(0, lastWithResult + 1)
    .flatMap((chunk) => chunk.items.filter((item) => !isFinished(item.status)).map((item) => item.id));
}

export class Follower {
  constructor(private readonly deps: FollowerDeps) {}

  /**
   * The batch whose finished generation waits on one of its batch not yet known to be finished (in its own
   * album or an earlier one); undefined when the generation's result can go as soon as it is its turn.
   */
  async waitsOnMissing(generationId: string): Promise<string | undefined> {
    const { records } = this.deps;
    const place = await records.locate(generationId);
    if (!place) return undefined;
    // Albums reach the chat in order: below the newest one delivered, none is still waiting.
    for (let index = chunkOf(place.position); index >= 0; index--) {
      const chunk = await records.chunk(place.ticket, index);
      if (chunk?.delivered) return undefined;
      if (!chunk || chunk.abandoned === true) continue;
      if (chunk.items.some((item) => !isFinished(item.status))) return place.ticket;
    }
    return undefined;
  }

  /** Records what the service said; true when it was news. */
  async observe(observation: Observation): Promise<boolean> {
    const { records, queue, deliverJob } = this.deps;
    const place = await records.locate(observation.id);
    if (!place) return false;
    const index = chunkOf(place.position);
    let news = false;
    const chunk = await records.changeChunk(place.ticket, index, (current) => {
      const items = current.items.map((item) => {
        if (item.id !== observation.id) return item;
        const next = observed(item, observation);
        if (next) news = true;
        return next ?? item;
      });
      return news ? { ...current, items } : undefined;
    });
    if (!chunk) return false;
    if (isFinished(observation.status)) {
      const batch = await records.get(place.ticket);
      if (batch) await records.unfollow(batch.userId, observation.id);
    }
    if (!chunk.delivered && chunk.items.every((item) => isFinished(item.status))) {
      await queue.enqueue(
        deliverJob,
        { ticket: place.ticket, chunk: index },
        { jobId: `generation-deliver-${ticketTag(place.ticket)}-${index}` },
      );
    }
    await this.deps.refreshCard(place.ticket);
    return true;
  }
}

const PollDataSchema = z.object({ userId: z.number().int() });
export type PollData = z.infer<typeof PollDataSchema>;

export interface PollDeps {
  records: GenerationRecords;
  follower: Follower;
  locks: LockStore;
  credentials: GenerationCredentialsReader;
  service: {
    listGenerations(apiKey: string, query: ListGenerationsQuery): Promise<GenerationPage>;
    getGeneration(apiKey: string, id: string): Promise<Generation>;
  };
  /** The key's remaining requests as last reported, and when its window resets (epoch ms). */
  budget(apiKey: string): Promise<{ remaining: number; resetAt: number } | undefined>;
  /** The wait before the next pass: short when polling is the only way, long beside webhooks. */
  intervalMs(withWebhooks: boolean): number;
  /** Requests of a window a pass leaves for creations and users' buttons. */
  reserve?: number;
  /** An unfinished generation this old is read on its own: it may have been canceled elsewhere. */
  staleAfterMs?: number;
  now?: () => number;
}

const PAGE_SIZE = 100;
/**
 * The user's poll lock, held by a pass or a failure check while it reads the user's lists: short, so a
 * crashed holder frees the user soon, and renewed while a long pass goes on.
 */
const POLL_LOCK_TTL_MS = 15_000;
const POLL_LOCK_RENEW_MS = 5_000;
/** A pass that finds the user's lock taken looks again this soon: the holder may have died. */
const POLL_LOCK_BUSY_RETRY_MS = 5_000;
/** A pass reads at most this many pages per status; the next pass goes on where it stopped. */
const MAX_PAGES = 6;
/** List calls a pass makes at least: succeeded, failed and running. */
const CALLS_PER_PASS = 3;

function stopsFollowing(error: GenerationServiceError): boolean {
  return ["invalid_api_key", "key_expired", "email_not_verified"].includes(error.code);
}

/**
 * Pages the user's generations in a finished status newest first, recording those still followed, until
 * none of `pending` is left or a page reaches past the oldest of them. Found ones leave `pending`.
 */
async function readFinished(
  deps: Pick<PollDeps, "follower" | "records"> & { service: Pick<PollDeps["service"], "listGenerations"> },
  userId: number,
  apiKey: string,
  status: "succeeded" | "failed",
  pending: Set<string>,
  oldestMs: number,
): Promise<void> {
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES && pending.size > 0; page++) {
    const list = await deps.service.listGenerations(apiKey, {
      status,
      limit: PAGE_SIZE,
      ...(cursor ? { starting_after: cursor } : {}),
    });
    for (const generation of list.data) {
      if (!pending.has(generation.id)) continue;
      pending.delete(generation.id);
      await deps.follower.observe(generation);
      // Finished, whether or not its batch is still known: it is followed no more.
      await deps.records.unfollow(userId, generation.id);
    }
    const last = list.data.at(-1);
    // Newest first: once a page reaches past the oldest we follow, the next holds none of ours.
    if (!list.has_more || !list.next_cursor || !last || last.created * 1000 < oldestMs - 1000) return;
    cursor = list.next_cursor;
  }
}

export function pollJob(deps: PollDeps): JobDefinition<PollData> {
  const now = deps.now ?? Date.now;
  const reserve = deps.reserve ?? 10;

  async function pass(userId: number, apiKey: string, logger: Logger): Promise<boolean> {
    const { ids, oldestMs } = await deps.records.followed(userId);
    if (ids.length === 0 || oldestMs === undefined) return false;
    const pending = new Set(ids);
    await readFinished(deps, userId, apiKey, "succeeded", pending, oldestMs);
    await readFinished(deps, userId, apiKey, "failed", pending, oldestMs);
    if (pending.size > 0) {
      const running = await deps.service.listGenerations(apiKey, { status: "running", limit: PAGE_SIZE });
      for (const generation of running.data) {
        if (pending.delete(generation.id)) await deps.follower.observe(generation);
      }
    }
    // Neither finished nor running for long: queued still, or canceled or deleted where we cannot see.
    const staleBefore = now() - (deps.staleAfterMs ?? 30 * 60_000);
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

  return {
    name: "poll-generations",
    schema: PollDataSchema,
    attempts: 3,
    backoffMs: 5_000,
    concurrency: 8,
    async handler({ userId }, context: JobContext) {
      const logger = context.logger.child({ user_id: userId });
      const lockName = `generation-poll:${userId}`;
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
        const credentials = await deps.credentials.credentials(userId);
        if (!credentials) {
          await deps.records.unschedulePoll(userId);
          return;
        }
        const budget = await deps.budget(credentials.apiKey);
        if (budget && budget.remaining < CALLS_PER_PASS + reserve) {
          await deps.records.schedulePoll(userId, Math.max(budget.resetAt, now() + 1_000));
          return;
        }
        let more: boolean;
        try {
          more = await pass(userId, credentials.apiKey, logger);
        } catch (error) {
          if (!isGenerationServiceError(error)) throw error;
          if (error.code === "rate_limit_exceeded") {
            await deps.records.schedulePoll(userId, now() + (error.retryAfterMs ?? 10_000));
            return;
          }
          if (stopsFollowing(error)) {
            logger.warn(
              { code: error.code },
              "the linked key no longer works; following stops until /connect",
            );
            await deps.records.unschedulePoll(userId);
            return;
          }
          throw new RetryLaterError(10_000, error.message);
        }
        if (more)
          await deps.records.schedulePoll(
            userId,
            now() + deps.intervalMs(credentials.signingSecret !== undefined),
          );
        else await deps.records.unschedulePoll(userId);
      } finally {
        clearInterval(renewal);
        await deps.locks.release(lockName, lock);
      }
    },
  };
}

export interface PollerOptions {
  records: GenerationRecords;
  locks: LockStore;
  queue: JobQueue;
  job: JobDefinition<PollData>;
  logger: Logger;
  intervalMs: number;
  /** A queued pass holds its user this long, so the next ticks do not queue it again. */
  leaseMs?: number;
  now?: () => number;
}

/** Queues a poll pass for every user whose time has come, one instance at a time. */
export class Poller {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(private readonly options: PollerOptions) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (!this.running) this.running = this.tick().finally(() => (this.running = undefined));
    }, this.options.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  async tick(): Promise<number> {
    const { records, locks, queue, job, logger } = this.options;
    const now = (this.options.now ?? Date.now)();
    const lock = await locks.acquire("generation-poller", Math.max(this.options.intervalMs * 5, 10_000));
    if (lock === undefined) return 0;
    let queued = 0;
    try {
      for (const userId of await records.pollsDue(now, 500)) {
        await records.schedulePoll(userId, now + (this.options.leaseMs ?? 60_000));
        await queue.enqueue(job, { userId }, { jobId: `generation-poll-${userId}-${now}` });
        queued += 1;
      }
    } catch (error) {
      logger.warn({ err: error }, "generation poller pass failed; the next one retries");
    } finally {
      await locks.release("generation-poller", lock);
    }
    return queued;
  }
}

const ObserveDataSchema = z.object({ generation: GenerationSchema });
export type ObserveData = z.infer<typeof ObserveDataSchema>;

/**
 * A signed webhook's news, recorded off the request that brought it. A success that has to wait for a
 * generation ahead of it asks for the failed list to be read soon: the service announces no failures.
 */
export function observeJob(
  follower: Follower,
  checkFailures: (ticket: string) => Promise<void>,
): JobDefinition<ObserveData> {
  return {
    name: "observe-generation",
    schema: ObserveDataSchema,
    attempts: 5,
    backoffMs: 2_000,
    concurrency: 16,
    async handler({ generation }) {
      const news = await follower.observe(generation);
      if (!news || generation.status !== "succeeded") return;
      const ticket = await follower.waitsOnMissing(generation.id);
      if (ticket) await checkFailures(ticket);
    },
  };
}

const FailureCheckDataSchema = z.object({
  ticket: z.string().min(16),
  /** The interval it was queued for: the next check goes into a later one. */
  slot: z.number().int().nonnegative(),
});
export type FailureCheckData = z.infer<typeof FailureCheckDataSchema>;

export interface FailureCheckDeps {
  records: GenerationRecords;
  follower: Follower;
  locks: LockStore;
  credentials: GenerationCredentialsReader;
  service: Pick<PollDeps["service"], "listGenerations">;
  budget: PollDeps["budget"];
  queue: Pick<JobQueue, "enqueue">;
  /** At most one check of a batch per interval, while results wait. */
  intervalMs: number;
  /** Requests of a window a check leaves for creations and users' buttons. */
  reserve?: number;
  now?: () => number;
}

/**
 * Reads the failed list for a batch whose finished results wait on generations not yet known to be
 * finished, so a failure ahead of them holds them a few seconds, not until the next poll. One list call
 * per interval at most, and only while results are held that way and the key's rate leaves room.
 */
export function failureCheckJob(deps: FailureCheckDeps): {
  job: JobDefinition<FailureCheckData>;
  /** Asks for a check of the batch within the current interval. */
  checkSoon(ticket: string): Promise<void>;
} {
  const now = deps.now ?? Date.now;
  const reserve = deps.reserve ?? 10;

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

  const job: JobDefinition<FailureCheckData> = {
    name: "check-generation-failures",
    schema: FailureCheckDataSchema,
    attempts: 3,
    backoffMs: 2_000,
    concurrency: 8,
    async handler({ ticket, slot }, context: JobContext) {
      const record = await deps.records.get(ticket);
      if (record?.state !== "created") return;
      const held = await heldBack(deps.records, record);
      if (held.length === 0) return;
      const credentials = await deps.credentials.credentials(record.userId);
      if (!credentials) return;
      const budget = await deps.budget(credentials.apiKey);
      // The poll pass shares the user's lock: the two never read at once.
      const lockName = `generation-poll:${record.userId}`;
      const lock =
        budget && budget.remaining < 1 + reserve
          ? undefined
          : await deps.locks.acquire(lockName, POLL_LOCK_TTL_MS);
      if (lock === undefined) {
        await schedule(ticket, slot);
        return;
      }
      let pending: Set<string>;
      try {
        const { oldestMs } = await deps.records.followed(record.userId);
        if (oldestMs === undefined) return;
        pending = new Set(held);
        await readFinished(deps, record.userId, credentials.apiKey, "failed", pending, oldestMs);
      } catch (error) {
        if (!isGenerationServiceError(error)) throw error;
        // A key that no longer works is the poll pass's to report; the check just stops.
        if (stopsFollowing(error)) return;
        context.logger.warn({ err: error, ticket }, "failed list not read; the next check tries again");
        pending = new Set(held);
      } finally {
        await deps.locks.release(lockName, lock);
      }
      if (pending.size > 0) await schedule(ticket, slot);
    },
  };
  return { job, checkSoon: (ticket) => schedule(ticket, undefined) };
}
