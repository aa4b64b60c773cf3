/**
 * Callbacks are hints, so every created task is also on a watch list with the time of its next poll, and
 * every unconfirmed one on a list of searches; each tick queues the due ones' jobs.
 */
import { type JobDefinition, type JobQueue, type PeriodicWork, periodicWork } from "../jobs/queue.js";
import { ticketTag } from "../lifecycle/tickets.js";
import type { Logger } from "../logger.js";
import type { SearchData } from "./creation-check.js";
import type { DeliverData } from "./deliver-job.js";
import type { TaskRecords } from "./records.js";

export interface TaskPollerOptions {
  records: TaskRecords;
  queue: JobQueue;
  job: JobDefinition<DeliverData>;
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

/**
 * Each tick queues a poll for every due task the queue has room for and a search for every due unconfirmed
 * one. Polls still waiting count against the batch: faster than the key's budget they would only pile up.
 */
export function taskPoller(options: TaskPollerOptions): PeriodicWork {
  const { records, queue, job, searchJob } = options;
  const batch = options.batch ?? 200;
  return periodicWork("task-poller", options.intervalMs, options.logger, async () => {
    const now = (options.now ?? Date.now)();
    const leaseUntil = now + (options.leaseMs ?? 60_000);
    let queued = 0;
    // Polls put off until their key's window has room wait all the same, as delayed jobs.
    const depth = (await queue.depths())[job.name];
    const room = batch - (depth ? depth.waiting + depth.delayed : 0);
    for (const ticket of room > 0 ? await records.polls.due(now, room) : []) {
      await records.polls.add(ticket, leaseUntil);
      // Routine polls let callbacks and deliveries users are waiting for pass them in the queue.
      const routine = { jobId: `poll-${ticketTag(ticket)}-${now}`, priority: "background" } as const;
      await queue.enqueue(job, { ticket, reason: "poll" }, routine);
      queued += 1;
    }
    for (const ticket of await records.searches.due(now, batch)) {
      await records.searches.add(ticket, leaseUntil);
      await queue.enqueue(searchJob, { ticket }, { jobId: `search-${ticketTag(ticket)}-${now}` });
      queued += 1;
    }
    return queued;
  });
}
