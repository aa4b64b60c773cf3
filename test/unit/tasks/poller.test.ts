import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MemoryJobQueue } from "../../../src/jobs/memory-queue.js";
import type { JobDefinition, JobQueue } from "../../../src/jobs/queue.js";
import { createLogger } from "../../../src/logger.js";
import { createMemoryStorage } from "../../../src/storage/memory.js";
import type { SearchData } from "../../../src/tasks/creation-check.js";
import type { DeliverData } from "../../../src/tasks/deliver-job.js";
import { taskPoller } from "../../../src/tasks/poller.js";
import { TaskRecords } from "../../../src/tasks/records.js";
import { eventually } from "../../support/settle.js";

const deliver: JobDefinition<DeliverData> = {
  name: "deliver-task",
  schema: z.object({ ticket: z.string(), reason: z.enum(["callback", "poll", "messenger"]) }),
  handler: async () => {},
  attempts: 1,
  backoffMs: 1,
  concurrency: 1,
};

const search: JobDefinition<SearchData> = {
  name: "search-created-task",
  schema: z.object({ ticket: z.string() }),
  handler: async () => {},
  attempts: 1,
  backoffMs: 1,
  concurrency: 1,
};

function rig(outages: number) {
  const records = new TaskRecords(createMemoryStorage());
  const lines: string[] = [];
  const logger = createLogger({ level: "warn", destination: { write: (line: string) => lines.push(line) } });
  const queued: unknown[] = [];
  let left = outages;
  // Reading the queue's depths is the tick's first call to Redis: down for the first `outages` ticks.
  const queue = {
    kind: "memory",
    register() {},
    async enqueue(_definition: unknown, data: unknown) {
      queued.push(data);
    },
    async start() {},
    async depths() {
      if (left <= 0) return {};
      left -= 1;
      throw new Error("connect ECONNREFUSED 127.0.0.1:6379");
    },
    async close() {},
  } as unknown as JobQueue;
  return { records, lines, logger, queued, queue };
}

describe("the task poller in a Redis outage", () => {
  it("a tick that cannot reach Redis is logged and ends; the next tick queues the due polls", async () => {
    const { records, lines, logger, queued, queue } = rig(1);
    await records.polls.add("DUETICKET000000000000000", 1);
    const poller = taskPoller({ records, queue, job: deliver, searchJob: search, logger, intervalMs: 1000 });
    await expect(poller.tick()).resolves.toBe(0);
    expect(lines.join("")).toContain("task-poller pass failed; the next one retries");
    await expect(poller.tick()).resolves.toBe(1);
    expect(queued).toEqual([{ ticket: "DUETICKET000000000000000", reason: "poll" }]);
  });

  it("the poller ticked by the queue outlives the outage: each failed tick is logged and polling resumes", async () => {
    const { records, lines, logger, queued, queue } = rig(3);
    await records.polls.add("DUETICKET000000000000000", 1);
    const ticking = new MemoryJobQueue(logger);
    ticking.every(taskPoller({ records, queue, job: deliver, searchJob: search, logger, intervalMs: 5 }));
    await ticking.start();
    try {
      await eventually(() => queued.length > 0);
    } finally {
      await ticking.close(1_000);
    }
    expect(lines.filter((line) => line.includes("task-poller pass failed"))).toHaveLength(3);
  });
});

describe("the task poller's searches", () => {
  it("queues the search for an unconfirmed creation when it is due, once per lease", async () => {
    const { records, logger, queued, queue } = rig(0);
    let now = 10_000;
    await records.searches.add("UNCONFIRMED0000000000000", 9_000);
    await records.searches.add("NOTDUEYET000000000000000", 50_000);
    const poller = taskPoller({
      records,
      queue,
      job: deliver,
      searchJob: search,
      logger,
      intervalMs: 1000,
      leaseMs: 60_000,
      now: () => now,
    });
    expect(await poller.tick()).toBe(1);
    now += 1000;
    expect(await poller.tick()).toBe(0);
    expect(queued).toEqual([{ ticket: "UNCONFIRMED0000000000000" }]);
  });
});

describe("the task poller's polls in the queue", () => {
  it("let a callback queued after them reach its task first", async () => {
    const storage = createMemoryStorage();
    const records = new TaskRecords(storage);
    const logger = createLogger({ level: "silent" });
    const ran: DeliverData[] = [];
    const job: JobDefinition<DeliverData> = {
      ...deliver,
      handler: async (data) => {
        ran.push(data);
      },
    };
    const queue = new MemoryJobQueue(logger);
    queue.register(job);
    queue.register(search);
    await records.polls.add("POLLEDFIRST0000000000000", 1);
    await records.polls.add("POLLEDSECOND000000000000", 1);
    const poller = taskPoller({
      records,
      queue,
      job,
      searchJob: search,
      logger,
      intervalMs: 1000,
    });
    try {
      expect(await poller.tick()).toBe(2);
      await queue.enqueue(job, { ticket: "FINISHED0000000000000000", reason: "callback" });
      await queue.start();
      await eventually(() => ran.length === 3);
      expect(ran.map((data) => data.reason)).toEqual(["callback", "poll", "poll"]);
    } finally {
      await queue.close(1_000);
    }
  });
});

describe("the task poller's batch", () => {
  it("counts polls put off until their key has room as still queued, and queues none over the batch", async () => {
    const { records, logger, queued, queue } = rig(0);
    await records.polls.add("DUETICKET000000000000000", 1);
    const putOff: JobQueue = {
      ...queue,
      enqueue: queue.enqueue,
      depths: async () => ({ [deliver.name]: { waiting: 1, active: 0, delayed: 1, failed: 0 } }),
    };
    const poller = taskPoller({
      records,
      queue: putOff,
      job: deliver,
      searchJob: search,
      logger,
      intervalMs: 1000,
      batch: 2,
    });
    expect(await poller.tick()).toBe(0);
    expect(queued).toEqual([]);
  });
});
