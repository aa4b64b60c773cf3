import { setTimeout as sleep } from "node:timers/promises";
import type { Job, Queue, Worker } from "bullmq";
import type { Redis } from "ioredis";
import { z } from "zod";
import type { Logger } from "../logger.js";
import type { EnqueueOptions, JobDefinition, JobQueue, PeriodicWork, QueueDepth } from "./queue.js";
import { Lanes, PermanentJobError, RetryLaterError } from "./queue.js";

const DAY_SECONDS = 24 * 60 * 60;
/** BullMQ takes every job without a priority before any prioritized one: one priority lets the rest pass. */
const BACKGROUND_PRIORITY = 1;

let bullmq: Promise<typeof import("bullmq")> | undefined;
const loadBullMq = () => (bullmq ??= import("bullmq"));

interface Lane {
  definition: JobDefinition<unknown>;
  /** Periodic work: the job's scheduler adds one every this many milliseconds. */
  everyMs?: number;
  queue?: Promise<Queue>;
  worker?: Worker;
  /** The worker's connection: BullMQ leaves a connection it was handed open when the worker closes. */
  workerConnection?: Redis;
}

const STALLED_CHECK_MS = 10_000;

/**
 * BullMQ on Redis (loaded at first use, the heaviest package): a queue per job kind, so kinds do not starve
 * each other; a crashed worker's job is taken over once its lock lapses; periodic work is a job scheduler's.
 */
export class BullJobQueue extends Lanes<Lane> implements JobQueue {
  readonly kind = "bullmq";

  /**
   * `connection` serves the queues; workers need connections with maxRetriesPerRequest null, which
   * `workerConnection` makes (BullMQ duplicates it per worker). The queue owns both: close() ends them.
   */
  constructor(
    private readonly connection: Redis,
    private readonly workerConnection: () => Redis,
    private readonly logger: Logger,
    private readonly prefix = "bull",
  ) {
    super();
  }

  protected newLane(definition: JobDefinition<unknown>): Lane {
    return { definition };
  }

  every(work: PeriodicWork): void {
    this.register({
      name: work.name,
      schema: z.object({}),
      handler: async () => void (await work.tick()),
      attempts: 1,
      backoffMs: work.everyMs,
      concurrency: 1,
    });
    const lane = this.lanes.get(work.name);
    if (lane) lane.everyMs = work.everyMs;
  }

  private queueOf(lane: Lane): Promise<Queue> {
    lane.queue ??= loadBullMq().then(({ Queue }) => {
      const { name } = lane.definition;
      const queue = new Queue(name, { connection: this.connection, prefix: this.prefix });
      queue.on("error", (err) => this.logger.error({ err, queue: name }, "queue error"));
      return queue;
    });
    return lane.queue;
  }

  async enqueue<T>(definition: JobDefinition<T>, data: T, options: EnqueueOptions = {}): Promise<void> {
    const { lane, parsed } = this.accept(definition, data);
    const queue = await this.queueOf(lane);
    await queue.add(definition.name, parsed, {
      jobId: options.jobId,
      delay: options.delayMs,
      priority: options.priority === "background" ? BACKGROUND_PRIORITY : undefined,
      attempts: definition.attempts,
      backoff: { type: "exponential", delay: definition.backoffMs, jitter: 0.5 },
      removeOnComplete: { age: DAY_SECONDS },
      removeOnFail: { age: 7 * DAY_SECONDS },
    });
  }

  async start(): Promise<void> {
    const { DelayedError, UnrecoverableError, Worker } = await loadBullMq();
    for (const lane of this.lanes.values()) {
      if (lane.worker) continue;
      const connection = this.workerConnection();
      const worker = new Worker(lane.definition.name, (job, token) => this.process(lane, job, token), {
        connection,
        prefix: this.prefix,
        concurrency: lane.definition.concurrency,
        // A job a dead process held is handed on once its 30 s lock has lapsed and a check has seen it:
        // checked every 10 s rather than BullMQ's 30, a crash delays its jobs by at most about 40 s.
        stalledInterval: STALLED_CHECK_MS,
      });
      worker.on("error", (err) => this.logger.error({ err, queue: lane.definition.name }, "worker error"));
      worker.on("failed", (job, err) => {
        if (!job || err instanceof DelayedError) return;
        this.logger.warn({ err, queue: lane.definition.name, jobId: job.id }, "job attempt failed");
        const final = err instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
        for (const listener of this.failureListeners) listener(lane.definition.name, final);
      });
      lane.worker = worker;
      lane.workerConnection = connection;
      if (lane.everyMs === undefined) continue;
      // Upserting again (every instance does at start) keeps one scheduler, at the interval given last.
      await (await this.queueOf(lane)).upsertJobScheduler(
        lane.definition.name,
        { every: lane.everyMs },
        {
          name: lane.definition.name,
          data: {},
          opts: { removeOnComplete: true, removeOnFail: { count: 100 } },
        },
      );
    }
  }

  /** The depths of job kinds; periodic work always has its next tick waiting, so it is left out. */
  async depths(): Promise<Record<string, QueueDepth>> {
    const result: Record<string, QueueDepth> = {};
    for (const [name, lane] of this.lanes) {
      if (lane.everyMs !== undefined) continue;
      const queue = await this.queueOf(lane);
      const counts = await queue.getJobCounts("waiting", "prioritized", "active", "delayed", "failed");
      result[name] = {
        // BullMQ keeps waiting background jobs apart, as prioritized; they wait all the same.
        waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
        active: counts.active ?? 0,
        delayed: counts.delayed ?? 0,
        failed: counts.failed ?? 0,
      };
    }
    return result;
  }

  async close(deadlineMs: number): Promise<void> {
    const workers = [...this.lanes.values()].flatMap((lane) => (lane.worker ? [lane.worker] : []));
    const graceful = Promise.all(workers.map((worker) => worker.close()));
    const closed = new AbortController();
    const deadline = sleep(deadlineMs, "late", { signal: closed.signal }).catch(() => undefined);
    if ((await Promise.race([graceful, deadline])) === "late") {
      this.logger.warn("jobs still running at the shutdown deadline; another instance takes them over");
      await Promise.all(workers.map((worker) => worker.close(true)));
    }
    closed.abort();
    await Promise.all([...this.lanes.values()].map(async (lane) => (await lane.queue)?.close()));
    // Nothing is in flight once workers and queues are closed. Left open, the connections would keep
    // the process alive, reconnecting for ever once Redis is gone.
    this.connection.disconnect();
    for (const lane of this.lanes.values()) lane.workerConnection?.disconnect();
  }

  private async process(lane: Lane, job: Job, token: string | undefined): Promise<void> {
    const { DelayedError, UnrecoverableError } = await loadBullMq();
    const attempt = job.attemptsMade + 1;
    const logger = this.logger.child({ job: lane.definition.name, jobId: job.id, attempt });
    try {
      const data = lane.definition.schema.parse(job.data);
      await lane.definition.handler(data, { jobId: String(job.id), attempt, logger });
    } catch (error) {
      if (error instanceof RetryLaterError) {
        await job.moveToDelayed(Date.now() + error.delayMs, token);
        throw new DelayedError();
      }
      if (error instanceof PermanentJobError) throw new UnrecoverableError(error.message);
      throw error;
    }
  }
}
