import type { Job, Queue, Worker } from "bullmq";
import type { Redis } from "ioredis";
import type { Logger } from "../logger.js";
import {
  type EnqueueOptions,
  type JobDefinition,
  type JobQueue,
  PermanentJobError,
  type QueueDepth,
  RetryLaterError,
} from "./queue.js";

const DAY_SECONDS = 24 * 60 * 60;
/**
 * BullMQ takes every job without a priority before any prioritized one, so one numeric priority for
 * background jobs is enough to let the rest pass them; among themselves they stay in order.
 */
const BACKGROUND_PRIORITY = 1;

let bullmq: Promise<typeof import("bullmq")> | undefined;
const loadBullMq = () => {
  bullmq ??= import("bullmq");
  return bullmq;
};

interface Lane {
  definition: JobDefinition<unknown>;
  queue?: Promise<Queue>;
  worker?: Worker;
  /** The worker's connection: BullMQ leaves a connection it was handed open when the worker closes. */
  workerConnection?: Redis;
}

/**
 * BullMQ on Redis: each job kind is a queue, so kinds do not starve each other. A crashed worker's job
 * is taken over by another instance once its lock lapses (BullMQ's stalled-job check). BullMQ is
 * loaded when a queue is first used or the workers start, not with this module: it is the heaviest
 * package the bot has, and a process on the in-process queue never needs it.
 */
export class BullJobQueue implements JobQueue {
  readonly kind = "bullmq";
  private readonly lanes = new Map<string, Lane>();
  private readonly failureListeners: Array<(job: string, final: boolean) => void> = [];

  /**
   * `connection` serves the queues; workers need connections with maxRetriesPerRequest null, which
   * `workerConnection` makes (BullMQ duplicates it per worker). The queue owns both: close() ends them.
   */
  constructor(
    private readonly connection: Redis,
    private readonly workerConnection: () => Redis,
    private readonly logger: Logger,
    private readonly prefix = "bull",
  ) {}

  register<T>(definition: JobDefinition<T>): void {
    if (this.lanes.has(definition.name)) throw new Error(`job ${definition.name} is registered twice`);
    this.lanes.set(definition.name, { definition: definition as JobDefinition<unknown> });
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
    const lane = this.lanes.get(definition.name);
    if (!lane) throw new Error(`job ${definition.name} is not registered`);
    const parsed = definition.schema.parse(data);
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
    }
  }

  onFailure(listener: (job: string, final: boolean) => void): void {
    this.failureListeners.push(listener);
  }

  async depths(): Promise<Record<string, QueueDepth>> {
    const result: Record<string, QueueDepth> = {};
    for (const [name, lane] of this.lanes) {
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
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<"late">((resolve) => {
      timer = setTimeout(() => resolve("late"), deadlineMs);
    });
    if ((await Promise.race([graceful, deadline])) === "late") {
      this.logger.warn("jobs still running at the shutdown deadline; another instance takes them over");
      await Promise.all(workers.map((worker) => worker.close(true)));
    }
    clearTimeout(timer);
    await Promise.all([...this.lanes.values()].map(async (lane) => (await lane.queue)?.close()));
    // Nothing is in flight once workers and queues are closed. Left open, the connections would keep
    // the process alive, reconnecting for ever once Redis is gone.
    this.connection.disconnect();
    for (const lane of this.lanes.values()) lane.workerConnection?.disconnect();
  }

  private async process(lane: Lane, job: Job, token: string | undefined): Promise<void> {
    const { DelayedError, UnrecoverableError } = await loadBullMq();
    const logger = this.logger.child({
      job: lane.definition.name,
      jobId: job.id,
      attempt: job.attemptsMade + 1,
    });
    try {
      const data = lane.definition.schema.parse(job.data);
      await lane.definition.handler(data, { jobId: String(job.id), attempt: job.attemptsMade + 1, logger });
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
