/**
 * The reconciler: callbacks are hints, so every created task is also on a watch list with the time of
 * its next poll. Each tick takes the due ones (one instance at a time, under a lock) and queues their
 * delivery job, which re-reads the task and books the next poll, later as the task ages.
 */

import type { JobDefinition, JobQueue } from "../jobs/queue.js";
import type { Logger } from "../logger.js";
import type { LockStore } from "../storage/ports.js";
import type { DeliverData } from "./deliver-job.js";
import type { TaskRecords } from "./task-records.js";

export interface ReconcilerOptions {
  records: TaskRecords;
  locks: LockStore;
  queue: JobQueue;
  job: JobDefinition<DeliverData>;
  logger: Logger;
  intervalMs: number;
  /** Most polls waiting in the queue after a tick: a tick queues only up to this. */
  batch?: number;
  /** A queued poll holds its task this long, so the next ticks do not queue it again. */
  leaseMs?: number;
  now?: () => number;
}

/** 15 s, then 1.5 times longer each poll, at most 10 minutes apart. */
export function pollDelayMs(polls: number): number {
  return Math.min(15_000 * 1.5 ** Math.max(0, polls - 1), 10 * 60_000);
}

export class Reconciler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(private readonly options: ReconcilerOptions) {}

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

  /**
   * One pass: queues a poll for every due task the queue has room for. Returns how many were queued.
   * Polls still waiting from earlier passes count against the batch: queued faster than the service's
   * per-key budget lets them run, they would only pile up, and once their lease lapsed the same tasks
   * would be queued again.
   */
  async tick(): Promise<number> {
    const { records, locks, queue, job, logger } = this.options;
    const now = (this.options.now ?? Date.now)();
    const lock = await locks.acquire("reconciler", Math.max(this.options.intervalMs * 5, 10_000));
    if (lock === undefined) return 0;
    let queued = 0;
    try {
      const waiting = (await queue.depths())[job.name]?.waiting ?? 0;
      const room = (this.options.batch ?? 200) - waiting;
      if (room <= 0) return 0;
      const due = await records.due(now, room);
      for (const ticket of due) {
        await records.watch(ticket, now + (this.options.leaseMs ?? 60_000));
        const data: DeliverData = { ticket, reason: "poll" };
        await queue.enqueue(job, data, { jobId: `poll-${ticket}-${now}` });
        queued += 1;
      }
    } catch (error) {
      logger.warn({ err: error }, "reconciler pass failed; the next one retries");
    } finally {
      await locks.release("reconciler", lock);
    }
    return queued;
  }
}
