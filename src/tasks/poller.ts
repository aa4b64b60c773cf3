/**
 * The reconciler: callbacks are hints, so every created task is also on a watch list with the time of
 * its next poll, and every task whose creation was not confirmed on a list of searches. Each tick takes
 * the due ones (one instance at a time, under a lock) and queues their job: delivery, which re-reads
 * the task and books the next poll, later as the task ages; or the search of the user's task list.
 */

import type { JobDefinition, JobQueue } from "../jobs/queue.js";
import { ticketTag } from "../lifecycle/tickets.js";
import type { Logger } from "../logger.js";
import type { LockStore } from "../storage/ports.js";
import type { SearchData } from "./creation-check.js";
import type { DeliverData } from "./deliver-job.js";
import type { TaskRecords } from "./records.js";

export interface ReconcilerOptions {
  records: TaskRecords;
  locks: LockStore;
  queue: JobQueue;
  job: JobDefinition<DeliverData>;
  /** Looks for a task whose creation was not confirmed. */
  searchJob: JobDefinition<SearchData>;
  logger: Logger;
  intervalMs: number;
  /** Most polls (and, apart, searches) waiting in the queue after a tick: a tick queues only up to this. */
  batch?: number;
  /** A queued poll or search holds its task this long, so the next ticks do not queue it again. */
  leaseMs?: number;
  now?: () => number;
}

/** The first poll after `firstMs` (15 s), then 1.5 times longer each poll, at most 10 minutes apart. */
export function pollDelayMs(polls: number, firstMs = 15_000): number {
  return Math.min(firstMs * 1.5 ** Math.max(0, polls - 1), 10 * 60_000);
}

export class Reconciler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(private readonly options: ReconcilerOptions) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      // A pass that throws is already logged by tick(); this keeps the interval alive whatever happens.
      this.running = this.tick()
        .catch((error: unknown) => {
          this.options.logger.error({ err: error }, "reconciler pass failed unexpectedly");
          return 0;
        })
        .finally(() => (this.running = undefined));
    }, this.options.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /**
   * One pass: queues a poll for every due task the queue has room for, and a search for every due
   * unconfirmed one. Returns how many were queued. Polls still waiting from earlier passes count
   * against the batch: queued faster than the service's per-key budget lets them run, they would only
   * pile up, and once their lease lapsed the same tasks would be queued again. Never rejects: storage
   * that is down (the lock included) is logged and the next pass tries again.
   */
  async tick(): Promise<number> {
    const progress = { queued: 0 };
    try {
      await this.pass((this.options.now ?? Date.now)(), progress);
    } catch (error) {
      this.options.logger.warn({ err: error }, "reconciler pass failed; the next one retries");
    }
    return progress.queued;
  }

  private async pass(now: number, progress: { queued: number }): Promise<void> {
    const { records, locks, queue, job, searchJob } = this.options;
    const batch = this.options.batch ?? 200;
    const leaseUntil = now + (this.options.leaseMs ?? 60_000);
    const lock = await locks.acquire("reconciler", Math.max(this.options.intervalMs * 5, 10_000));
    if (lock === undefined) return;
    try {
      // Polls put off until their key's window has room wait all the same, as delayed jobs.
      const depth = (await queue.depths())[job.name];
      const room = batch - (depth ? depth.waiting + depth.delayed : 0);
      for (const ticket of room > 0 ? await records.due(now, room) : []) {
        await records.watch(ticket, leaseUntil);
        const data: DeliverData = { ticket, reason: "poll" };
        // Routine polls let callbacks and deliveries users are waiting for pass them in the queue.
        await queue.enqueue(job, data, { jobId: `poll-${ticketTag(ticket)}-${now}`, priority: "background" });
        progress.queued += 1;
      }
      for (const ticket of await records.searchesDue(now, batch)) {
        await records.searchAt(ticket, leaseUntil);
        const data: SearchData = { ticket };
        await queue.enqueue(searchJob, data, { jobId: `search-${ticketTag(ticket)}-${now}` });
        progress.queued += 1;
      }
    } finally {
      await locks.release("reconciler", lock);
    }
  }
}
