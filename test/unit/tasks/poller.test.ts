import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MemoryJobQueue } from "../../../src/jobs/memory-queue.js";
import type { JobDefinition, JobQueue } from "../../../src/jobs/queue.js";
import { createLogger } from "../../../src/logger.js";
import { createMemoryStorage } from "../../../src/storage/memory.js";
import type { LockStore } from "../../../src/storage/ports.js";
import type { SearchData } from "../../../src/tasks/creation-check.js";
import type { DeliverData } from "../../../src/tasks/deliver-job.js";
import { Reconciler } from "../../../src/tasks/poller.js";
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

/** A lock store whose Redis is down for the first `outages` calls. */
function flakyLocks(healthy: LockStore, outages: number): LockStore {
  let left = outages;
  const down = () => {
    if (left <= 0) return false;
    left -= 1;
    return true;
  };
  return {
    acquire: (name, ttlMs) =>
      down()
        ? Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:6379"))
        : healthy.acquire(name, ttlMs),
    release: (name, token) => healthy.release(name, token),
    extend: (name, token, ttlMs) => healthy.extend(name, token, ttlMs),
  };
}

function rig(outages: number) {
  const storage = createMemoryStorage();
  const records = new TaskRecords(storage);
  const lines: string[] = [];
  const logger = createLogger({ level: "warn", destination: { write: (line: string) => lines.push(line) } });
  const queued: unknown[] = [];
  const queue = {
    kind: "memory",
    register() {},
    async enqueue(_definition: unknown, data: unknown) {
      queued.push(data);
    },
    async start() {},
    async depths() {
      return {};
    },
    async close() {},
  } as unknown as JobQueue;
  return { storage, records, lines, logger, queued, queue, locks: flakyLocks(storage.locks, outages) };
}

describe("the reconciler in a Redis outage", () => {
  it("a pass whose lock cannot be taken is logged and ends; the next pass queues the due polls", async () => {
    const { records, lines, logger, queued, queue, locks } = rig(1);
    await records.watch("DUETICKET000000000000000", 1);
    const reconciler = new Reconciler({
      records,
      locks,
      queue,
      job: deliver,
      searchJob: search,
      logger,
      intervalMs: 1000,
    });
    await expect(reconciler.tick()).resolves.toBe(0);
    expect(lines.join("")).toContain("reconciler pass failed; the next one retries");
    await expect(reconciler.tick()).resolves.toBe(1);
    expect(queued).toEqual([{ ticket: "DUETICKET000000000000000", reason: "poll" }]);
  });

  it("the running reconciler outlives the outage: each failed pass is logged and polling resumes", async () => {
    const { records, lines, logger, queued, queue, locks } = rig(3);
    await records.watch("DUETICKET000000000000000", 1);
    const reconciler = new Reconciler({
      records,
      locks,
      queue,
      job: deliver,
      searchJob: search,
      logger,
      intervalMs: 5,
    });
    reconciler.start();
    try {
      await eventually(() => queued.length > 0);
    } finally {
      await reconciler.stop();
    }
    expect(lines.filter((line) => line.includes("reconciler pass failed"))).toHaveLength(3);
  });
});

describe("the reconciler's searches", () => {
  it("queues the search for an unconfirmed creation when it is due, once per lease", async () => {
    const { records, logger, queued, queue, storage } = rig(0);
    let now = 10_000;
    await records.searchAt("UNCONFIRMED0000000000000", 9_000);
    await records.searchAt("NOTDUEYET000000000000000", 50_000);
    const reconciler = new Reconciler({
      records,
      locks: storage.locks,
      queue,
      job: deliver,
      searchJob: search,
      logger,
      intervalMs: 1000,
      leaseMs: 60_000,
      now: () => now,
    });
    expect(await reconciler.tick()).toBe(1);
    now += 1000;
    expect(await reconciler.tick()).toBe(0);
    expect(queued).toEqual([{ ticket: "UNCONFIRMED0000000000000" }]);
  });
});

describe("the reconciler's polls in the queue", () => {
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
    await records.watch("POLLEDFIRST0000000000000", 1);
    await records.watch("POLLEDSECOND000000000000", 1);
    const reconciler = new Reconciler({
      records,
      locks: storage.locks,
      queue,
      job,
      searchJob: search,
      logger,
      intervalMs: 1000,
    });
    try {
      expect(await reconciler.tick()).toBe(2);
      await queue.enqueue(job, { ticket: "FINISHED0000000000000000", reason: "callback" });
      await queue.start();
      await eventually(() => ran.length === 3);
      expect(ran.map((data) => data.reason)).toEqual(["callback", "poll", "poll"]);
    } finally {
      await queue.close(1_000);
    }
  });
});

describe("the reconciler's batch", () => {
  it("counts polls put off until their key has room as still queued, and queues none over the batch", async () => {
    const { records, logger, queued, queue, storage } = rig(0);
    await records.watch("DUETICKET000000000000000", 1);
    const putOff: JobQueue = {
      ...queue,
      enqueue: queue.enqueue,
      depths: async () => ({ [deliver.name]: { waiting: 1, active: 0, delayed: 1, failed: 0 } }),
    };
    const reconciler = new Reconciler({
      records,
      locks: storage.locks,
      queue: putOff,
      job: deliver,
      searchJob: search,
      logger,
      intervalMs: 1000,
      batch: 2,
    });
    expect(await reconciler.tick()).toBe(0);
    expect(queued).toEqual([]);
  });
});
