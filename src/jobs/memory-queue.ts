import { randomUUID } from "node:crypto";
import type { Logger } from "../logger.js";
import type { EnqueueOptions, JobDefinition, JobQueue, PeriodicWork, QueueDepth } from "./queue.js";
import { backoffDelay, Lanes, PermanentJobError, RetryLaterError } from "./queue.js";

interface QueuedJob {
  id: string;
  data: unknown;
  attempt: number;
  background: boolean;
}

interface Lane {
  definition: JobDefinition<unknown>;
  ready: QueuedJob[];
  /** Ready background jobs: taken only when `ready` is empty. */
  readyBackground: QueuedJob[];
  delayed: Set<NodeJS.Timeout>;
  active: number;
  failed: number;
}

/** How long a finished job's id keeps deduplicating, as BullMQ does with removeOnComplete by age. */
const FINISHED_ID_RETENTION_MS = 24 * 60 * 60 * 1000;

interface Ticker {
  work: PeriodicWork;
  timer?: NodeJS.Timeout;
  running?: Promise<number>;
}

/** The in-process queue of memory mode: one instance, nothing survives a restart. */
export class MemoryJobQueue extends Lanes<Lane> implements JobQueue {
  readonly kind = "memory";
  private readonly knownIds = new Map<string, number | "live">();
  private readonly idle = new Set<() => void>();
  private readonly tickers: Ticker[] = [];
  private running = false;
  private closing = false;

  constructor(private readonly logger: Logger) {
    super();
  }

  protected newLane(definition: JobDefinition<unknown>): Lane {
    return { definition, ready: [], readyBackground: [], delayed: new Set(), active: 0, failed: 0 };
  }

  every(work: PeriodicWork): void {
    this.tickers.push({ work });
  }

  async enqueue<T>(definition: JobDefinition<T>, data: T, options: EnqueueOptions = {}): Promise<void> {
    if (this.closing) throw new Error("the queue is closing");
    const { lane, parsed } = this.accept(definition, data);
    const id = options.jobId ?? randomUUID();
    this.forgetFinishedIds();
    if (this.knownIds.has(id)) return;
    this.knownIds.set(id, "live");
    const job = { id, data: parsed, attempt: 1, background: options.priority === "background" };
    this.schedule(lane, job, options.delayMs ?? 0);
  }

  async start(): Promise<void> {
    this.running = true;
    for (const lane of this.lanes.values()) this.pump(lane);
    for (const ticker of this.tickers) {
      ticker.timer ??= setInterval(() => {
        ticker.running ??= ticker.work.tick().finally(() => (ticker.running = undefined));
      }, ticker.work.everyMs);
      ticker.timer.unref();
    }
  }

  async depths(): Promise<Record<string, QueueDepth>> {
    return Object.fromEntries(
      [...this.lanes].map(([name, { ready, readyBackground, active, delayed, failed }]) => [
        name,
        { waiting: ready.length + readyBackground.length, active, delayed: delayed.size, failed },
      ]),
    );
  }

  async close(deadlineMs: number): Promise<void> {
    for (const ticker of this.tickers) clearInterval(ticker.timer);
    // A tick queues its work before the queue stops taking jobs.
    await Promise.all(this.tickers.map((ticker) => ticker.running));
    this.closing = true;
    this.running = false;
    for (const lane of this.lanes.values()) {
      for (const timer of lane.delayed) clearTimeout(timer);
      lane.delayed.clear();
    }
    if (this.activeCount() === 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, deadlineMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.idle.add(done);
    });
  }

  private activeCount(): number {
    return [...this.lanes.values()].reduce((active, lane) => active + lane.active, 0);
  }

  private schedule(lane: Lane, job: QueuedJob, delayMs: number): void {
    if (delayMs <= 0) {
      this.makeReady(lane, job);
      return;
    }
    const timer = setTimeout(() => {
      lane.delayed.delete(timer);
      this.makeReady(lane, job);
    }, delayMs);
    lane.delayed.add(timer);
  }

  private makeReady(lane: Lane, job: QueuedJob): void {
    (job.background ? lane.readyBackground : lane.ready).push(job);
    this.pump(lane);
  }

  private pump(lane: Lane): void {
    while (this.running && lane.active < lane.definition.concurrency) {
      const job = lane.ready.shift() ?? lane.readyBackground.shift();
      if (!job) return;
      void this.run(lane, job);
    }
  }

  private async run(lane: Lane, job: QueuedJob): Promise<void> {
    lane.active += 1;
    const logger = this.logger.child({ job: lane.definition.name, jobId: job.id, attempt: job.attempt });
    try {
      const data = lane.definition.schema.parse(job.data);
      await lane.definition.handler(data, { jobId: job.id, attempt: job.attempt, logger });
      this.finish(job.id);
    } catch (error) {
      this.handleFailure(lane, job, error, logger);
    } finally {
      lane.active -= 1;
      if (this.activeCount() === 0) for (const notify of this.idle) notify();
      this.pump(lane);
    }
  }

  private handleFailure(lane: Lane, job: QueuedJob, error: unknown, logger: Logger): void {
    if (this.closing) {
      this.finish(job.id);
      return;
    }
    if (error instanceof RetryLaterError) {
      this.schedule(lane, job, error.delayMs);
      return;
    }
    const permanent = error instanceof PermanentJobError;
    const final = permanent || job.attempt >= lane.definition.attempts;
    for (const listener of this.failureListeners) listener(lane.definition.name, final);
    if (final) {
      lane.failed += 1;
      logger.error({ err: error, permanent }, "job failed for good");
      this.finish(job.id);
      return;
    }
    const delayMs = backoffDelay(lane.definition.backoffMs, job.attempt);
    logger.warn({ err: error, retryInMs: delayMs }, "job failed; retrying");
    this.schedule(lane, { ...job, attempt: job.attempt + 1 }, delayMs);
  }

  private finish(id: string): void {
    this.knownIds.set(id, Date.now() + FINISHED_ID_RETENTION_MS);
  }

  private forgetFinishedIds(): void {
    const now = Date.now();
    for (const [id, until] of this.knownIds) {
      if (until !== "live" && until <= now) this.knownIds.delete(id);
    }
  }
}
