import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  type JobContext,
  type JobDefinition,
  type JobQueue,
  PermanentJobError,
  RetryLaterError,
} from "../../../src/jobs/queue.js";

/** Behaviour both queue adapters promise; each adapter's test file runs it with its own factory. */
export function queueContract(
  name: string,
  makeQueue: () => Promise<{ queue: JobQueue; cleanup(): Promise<void> }>,
) {
  describe(`job queue contract: ${name}`, () => {
    let queue: JobQueue;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      ({ queue, cleanup } = await makeQueue());
    });
    afterEach(async () => {
      await queue.close(2_000);
      await cleanup();
    });

    function definition(
      jobName: string,
      handler: (data: { n: number }, context: JobContext) => Promise<void>,
      overrides: Partial<JobDefinition<{ n: number }>> = {},
    ): JobDefinition<{ n: number }> {
      return {
        name: jobName,
        schema: z.object({ n: z.number().int() }),
        handler,
        attempts: 3,
        backoffMs: 20,
        concurrency: 2,
        ...overrides,
      };
    }

    async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
      const started = Date.now();
      while (!(await check())) {
        if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }

    /** Nothing of the job is waiting, running or due for a retry. */
    async function idle(name: string): Promise<boolean> {
      const depths = (await queue.depths())[name];
      return depths === undefined || (depths.waiting === 0 && depths.active === 0 && depths.delayed === 0);
    }

    it("runs a job with its data", async () => {
      const seen: number[] = [];
      const job = definition("runs", async (data) => {
        seen.push(data.n);
      });
      queue.register(job);
      await queue.start();
      await queue.enqueue(job, { n: 7 });
      await waitUntil(() => seen.length === 1);
      expect(seen).toEqual([7]);
    });

    it("treats a second job with the same id as the same job", async () => {
      let runs = 0;
      const job = definition("dedupe", async () => {
        runs += 1;
      });
      queue.register(job);
      await Promise.all(Array.from({ length: 20 }, () => queue.enqueue(job, { n: 1 }, { jobId: "task-1" })));
      await queue.start();
      await waitUntil(() => runs >= 1);
      await queue.enqueue(job, { n: 1 }, { jobId: "task-1" });
      // A duplicate taken in would be waiting or running now, and would have run once idle.
      await waitUntil(() => idle("dedupe"));
      expect(runs).toBe(1);
    });

    it("refuses data that does not match the job's schema", async () => {
      const job = definition("schema", async () => {});
      queue.register(job);
      await expect(queue.enqueue(job, { n: 1.5 })).rejects.toThrow();
    });

    it("retries a failing job with backoff until it succeeds", async () => {
      const attempts: number[] = [];
      const job = definition("retries", async (_data, context) => {
        attempts.push(context.attempt);
        if (context.attempt < 3) throw new Error("transient");
      });
      queue.register(job);
      await queue.start();
      await queue.enqueue(job, { n: 1 });
      await waitUntil(() => attempts.length === 3);
      expect(attempts).toEqual([1, 2, 3]);
    });

    it("gives up at once on a permanent error", async () => {
      let runs = 0;
      const job = definition("permanent", async () => {
        runs += 1;
        throw new PermanentJobError("user blocked the bot");
      });
      queue.register(job);
      await queue.start();
      await queue.enqueue(job, { n: 1 });
      // Failed counts only when no attempt is left: retried, it would have run three times first.
      await waitUntil(async () => (await queue.depths()).permanent?.failed === 1);
      expect(runs).toBe(1);
    });

    it("runs again after a requested pause without using up attempts", async () => {
      const attempts: number[] = [];
      const job = definition(
        "later",
        async (_data, context) => {
          attempts.push(context.attempt);
          if (attempts.length < 4) throw new RetryLaterError(30);
        },
        { attempts: 1 },
      );
      queue.register(job);
      await queue.start();
      await queue.enqueue(job, { n: 1 });
      await waitUntil(() => attempts.length === 4);
      expect(attempts.every((attempt) => attempt === 1)).toBe(true);
    });

    /** A job of one worker that holds the worker until released, then records the order of the rest. */
    async function busyWorker(jobName: string) {
      const order: number[] = [];
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const job = definition(
        jobName,
        async (data) => {
          if (data.n === 0) await held;
          else order.push(data.n);
        },
        { concurrency: 1 },
      );
      queue.register(job);
      await queue.start();
      await queue.enqueue(job, { n: 0 });
      await waitUntil(async () => (await queue.depths())[jobName]?.active === 1);
      return { job, order, release };
    }

    it("runs a job queued later before a background job that waits for the same worker", async () => {
      const { job, order, release } = await busyWorker("standing");
      await queue.enqueue(job, { n: 1 }, { priority: "background" });
      await queue.enqueue(job, { n: 2 }, { priority: "background" });
      await queue.enqueue(job, { n: 3 });
      expect((await queue.depths()).standing?.waiting).toBe(3);
      release();
      await waitUntil(() => order.length === 3);
      expect(order).toEqual([3, 1, 2]);
    });

    it("keeps a delayed background job behind a normal one that became due after it", async () => {
      const { job, order, release } = await busyWorker("delayed-standing");
      await queue.enqueue(job, { n: 1 }, { priority: "background", delayMs: 20 });
      await queue.enqueue(job, { n: 2 }, { delayMs: 60 });
      // Both delays run out while the worker is still busy; without its standing, 1 would go first.
      await new Promise((resolve) => setTimeout(resolve, 250));
      release();
      await waitUntil(() => order.length === 2);
      expect(order).toEqual([2, 1]);
    });

    it("ticks periodic work over and over once started, apart from the jobs' depths", async () => {
      let ticks = 0;
      queue.every({ name: "sweep", everyMs: 20, tick: async () => ++ticks });
      await queue.start();
      await waitUntil(() => ticks >= 3);
      expect(Object.keys(await queue.depths())).not.toContain("sweep");
    });

    it("lets a running tick finish when closing, queueing what it found", async () => {
      const job = definition("queued-by-tick", async () => undefined);
      queue.register(job);
      let started = false;
      let queued = false;
      queue.every({
        name: "slow-sweep",
        everyMs: 20,
        async tick() {
          if (started) return 0;
          started = true;
          await new Promise((resolve) => setTimeout(resolve, 200));
          await queue.enqueue(job, { n: 1 });
          queued = true;
          return 1;
        },
      });
      await queue.start();
      await waitUntil(() => started);
      await queue.close(5_000);
      expect(queued).toBe(true);
    });

    it("lets a running job finish when closing within the deadline", async () => {
      let finished = false;
      let started = false;
      const job = definition("drain", async () => {
        started = true;
        await new Promise((resolve) => setTimeout(resolve, 200));
        finished = true;
      });
      queue.register(job);
      await queue.start();
      await queue.enqueue(job, { n: 1 });
      await waitUntil(() => started);
      await queue.close(5_000);
      expect(finished).toBe(true);
    });
  });
}
