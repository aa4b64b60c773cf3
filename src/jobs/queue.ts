import type { z } from "zod";
import type { Logger } from "../logger.js";

/**
 * The queue port. Jobs carry ids, never secrets: a handler looks up keys and tokens itself. Two adapters:
 * BullMQ on Redis (several instances, crash takeover) and an in-process queue for memory mode.
 */

export interface JobDefinition<T> {
  readonly name: string;
  /** Job data is parsed on the way in and again on the way out (it may come back from Redis). */
  readonly schema: z.ZodType<T>;
  readonly handler: (data: T, context: JobContext) => Promise<void>;
  /** Attempts before the job is given up; a PermanentJobError ends it at once. */
  readonly attempts: number;
  /** First retry delay; later ones double, with jitter. */
  readonly backoffMs: number;
  /** Jobs of this kind running at once in one process. */
  readonly concurrency: number;
}

export interface JobContext {
  readonly jobId: string;
  /** 1 on the first run. */
  readonly attempt: number;
  readonly logger: Logger;
}

export interface EnqueueOptions {
  /** Jobs with the same id are one job: a second enqueue while the first is known is a no-op. */
  jobId?: string;
  delayMs?: number;
  /**
   * A background job (routine upkeep) waits while any other job of its kind is ready, through delays and
   * retries; jobs of the same standing run in the order queued.
   */
  priority?: "background";
}

/** Thrown by a handler when retrying cannot help (the user blocked the bot, the task is gone). */
export class PermanentJobError extends Error {
  override readonly name = "PermanentJobError";
}

/** Thrown by a handler to run again after a pause that is not a failure (a rate limit's retry_after). */
export class RetryLaterError extends Error {
  override readonly name = "RetryLaterError";
  constructor(
    readonly delayMs: number,
    message = `retry in ${delayMs} ms`,
  ) {
    super(message);
  }
}

export interface QueueDepth {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

/**
 * Upkeep done every so often, from start() until close(): each tick runs on one instance, so it needs no
 * lock; it should be short, since on Redis another instance may take the next while a slow one runs.
 */
export interface PeriodicWork {
  readonly name: string;
  readonly everyMs: number;
  /** Returns how much it queued; never rejects (see `periodicWork`). */
  tick(): Promise<number>;
}

/** Periodic work whose pass is logged when it fails, so the next tick simply tries again. */
export function periodicWork(
  name: string,
  everyMs: number,
  logger: Logger,
  pass: () => Promise<number>,
): PeriodicWork {
  return {
    name,
    everyMs,
    async tick() {
      try {
        return await pass();
      } catch (error) {
        logger.warn({ err: error }, `${name} pass failed; the next one retries`);
        return 0;
      }
    },
  };
}

export interface JobQueue {
  readonly kind: "bullmq" | "memory";
  register<T extends unknown[]>(...definitions: { [K in keyof T]: JobDefinition<T[K]> }): void;
  /** Ticks the work every `everyMs` from start() on. */
  every(work: PeriodicWork): void;
  /** Resolves once the job is durably queued (or known already under its id). */
  enqueue<T>(definition: JobDefinition<T>, data: T, options?: EnqueueOptions): Promise<void>;
  start(): Promise<void>;
  depths(): Promise<Record<string, QueueDepth>>;
  /** Tells the listener of every failed run (not of a requested pause); final when no attempt is left. */
  onFailure(listener: (job: string, final: boolean) => void): void;
  /** Stops taking jobs and ticking, lets running ones finish within the deadline, then closes. */
  close(deadlineMs: number): Promise<void>;
}

/** What both adapters keep alike: a lane per registered kind of job, and who hears of failures. */
export abstract class Lanes<Lane extends { definition: JobDefinition<unknown> }> {
  protected readonly lanes = new Map<string, Lane>();
  protected readonly failureListeners: Array<(job: string, final: boolean) => void> = [];

  protected abstract newLane(definition: JobDefinition<unknown>): Lane;

  register<T extends unknown[]>(...definitions: { [K in keyof T]: JobDefinition<T[K]> }): void {
    for (const definition of definitions as JobDefinition<unknown>[]) {
      if (this.lanes.has(definition.name)) throw new Error(`job ${definition.name} is registered twice`);
      this.lanes.set(definition.name, this.newLane(definition));
    }
  }

  onFailure(listener: (job: string, final: boolean) => void): void {
    this.failureListeners.push(listener);
  }

  /** The job's lane and its data as parsed on the way in. */
  protected accept<T>(definition: JobDefinition<T>, data: T): { lane: Lane; parsed: T } {
    const lane = this.lanes.get(definition.name);
    if (!lane) throw new Error(`job ${definition.name} is not registered`);
    return { lane, parsed: definition.schema.parse(data) };
  }
}

/** Exponential backoff with full jitter in [delay/2, delay]. */
export function backoffDelay(baseMs: number, attempt: number): number {
  const delay = baseMs * 2 ** Math.max(0, attempt - 1);
  return Math.round(delay / 2 + (Math.random() * delay) / 2);
}
