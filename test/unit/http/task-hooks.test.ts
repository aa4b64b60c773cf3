import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiKeys } from "../../../src/accounts/api-keys.js";
import { KeyVault } from "../../../src/accounts/vault.js";
import { taskHookRoutes } from "../../../src/http/task-hooks.js";
import type { JobDefinition, JobQueue } from "../../../src/jobs/queue.js";
import { ticketTag } from "../../../src/lifecycle/tickets.js";
import { createLogger } from "../../../src/logger.js";
import { createMemoryStorage } from "../../../src/storage/memory.js";
import { type AdoptData, messengerIntake } from "../../../src/tasks/adopt-job.js";
import type { SearchData } from "../../../src/tasks/creation-check.js";
import type { DeliverData } from "../../../src/tasks/deliver-job.js";
import { taskPoller } from "../../../src/tasks/poller.js";
import { type TaskRecord, TaskRecords } from "../../../src/tasks/records.js";
import { TasksServiceError } from "../../../src/tasks-service/errors.js";
import { serviceTask } from "../../support/bot-fakes.js";

const logger = createLogger({ level: "silent" });
const SECRET = "s".repeat(40);

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

/** A queue that records what it is given, deduplicating by job id as both real adapters do. */
class RecordingQueue {
  readonly jobs = new Map<string, unknown>();
  failing = false;
  /** Jobs of the deliver queue that are waiting for a worker. */
  waiting = 0;
  readonly kind = "memory" as const;
  register() {}
  async enqueue(_definition: unknown, data: unknown, options: { jobId?: string } = {}) {
    if (this.failing) throw new Error("redis is down");
    const id = options.jobId ?? String(this.jobs.size);
    if (!this.jobs.has(id)) this.jobs.set(id, data);
  }
  async start() {}
  async depths() {
    return { [deliver.name]: { waiting: this.waiting, active: 0, delayed: 0, failed: 0 } };
  }
  async close() {}
}

const adopt: JobDefinition<AdoptData> = {
  name: "adopt-task",
  schema: z.object({ taskId: z.number(), userId: z.number() }),
  handler: async () => {},
  attempts: 1,
  backoffMs: 1,
  concurrency: 1,
};

async function setup(withMessenger = true) {
  const storage = createMemoryStorage();
  const records = new TaskRecords(storage);
  const queue = new RecordingQueue();
  const apiKeys = new ApiKeys({ storage, vault: new KeyVault(randomBytes(32)), prefix: "cmp" });
  /** Tasks on the service and whose they are: a key reads only its owner's tasks. */
  const serviceTasks = new Map<number, number>();
  const service = {
    failure: undefined as TasksServiceError | undefined,
    async getTask(apiKey: string, taskId: number) {
      if (service.failure) throw service.failure;
      const owner = serviceTasks.get(taskId);
      if (owner === undefined || (await apiKeys.keyFor(owner)) !== apiKey) {
        throw new TasksServiceError({ kind: "not_found", operation: "getTask", status: 404 });
      }
      return serviceTask(taskId, { type: "voiceover" });
    },
  };
  const app = new Hono();
  taskHookRoutes({
    records,
    queue: queue as unknown as JobQueue,
    deliverJob: deliver,
    logger,
    ...(withMessenger
      ? {
          messenger: {
            secret: SECRET,
            accept: messengerIntake({
              records,
              apiKeys,
              tasksService: service,
              queue: queue as unknown as JobQueue,
              adoptJob: adopt,
            }),
          },
        }
      : {}),
  })(app);
  const record: TaskRecord = {
    ticket: "Zk3n1c9Qm2RrXw8tYpLs0aBd",
    userId: 5,
    chatId: 5,
    locale: "en",
    type: "video",
    state: "created",
    origin: "bot",
    taskId: 77,
    uploads: {},
    polls: 0,
    retries: 0,
    createdAt: 1,
  };
  await records.put(record);
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(path, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", ...headers },
    });
  return { storage, records, queue, apiKeys, serviceTasks, service, record, post };
}

describe("task callbacks", () => {
  it("an unknown ticket gets 404 and nothing is queued", async () => {
    const { post, queue } = await setup();
    const response = await post("/hooks/tasks/AAAAAAAAAAAAAAAAAAAAAAAA", {
      task_id: 77,
      status: "completed",
      result_url: "https://x",
    });
    expect(response.status).toBe(404);
    expect(queue.jobs.size).toBe(0);
  });

  it("a known ticket naming another task is ignored", async () => {
    const { post, queue, record } = await setup();
    const response = await post(`/hooks/tasks/${record.ticket}`, {
      task_id: 78,
      status: "completed",
      result_url: null,
    });
    expect(response.status).toBe(200);
    expect(queue.jobs.size).toBe(0);
  });

  it("a body that is not the callback's shape is refused", async () => {
    const { post, queue, record } = await setup();
    expect((await post(`/hooks/tasks/${record.ticket}`, { task_id: "77" })).status).toBe(400);
    expect(queue.jobs.size).toBe(0);
  });

  it("the same callback fifty times at once is one delivery job; 200 only once it is queued", async () => {
    const { post, queue, record } = await setup();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(`/hooks/tasks/${record.ticket}`, { task_id: 77, status: "completed", result_url: "https://x" }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(200));
    expect([...queue.jobs.entries()]).toEqual([
      [`hook-${ticketTag(record.ticket)}-0`, { ticket: record.ticket, reason: "callback" }],
    ]);
  });

  it("503 when the job cannot be queued", async () => {
    const { post, queue, record } = await setup();
    queue.failing = true;
    const response = await post(`/hooks/tasks/${record.ticket}`, {
      task_id: 77,
      status: "completed",
      result_url: "https://x",
    });
    expect(response.status).toBe(503);
  });
});

describe("the messenger hook", () => {
  const hook = (task_id: number, user_id: number) => ({ task_id, user_id });
  const withSecret = { "x-messenger-secret": SECRET };

  it("needs the shared secret", async () => {
    const { post, queue, apiKeys, serviceTasks } = await setup();
    await apiKeys.issue(5);
    serviceTasks.set(1, 5);
    expect((await post("/hooks/messenger", hook(1, 5))).status).toBe(401);
    expect((await post("/hooks/messenger", hook(1, 5), { "x-messenger-secret": "wrong" })).status).toBe(401);
    expect(queue.jobs.size).toBe(0);
    const ok = await post("/hooks/messenger", hook(1, 5), withSecret);
    expect(ok.status).toBe(200);
    expect([...queue.jobs.entries()]).toEqual([["adopt-1", { taskId: 1, userId: 5, type: "audio" }]]);
  });

  it("a user the bot never issued a key to gets 404, and no key", async () => {
    const { post, queue, apiKeys, serviceTasks } = await setup();
    serviceTasks.set(1, 6);
    const response = await post("/hooks/messenger", hook(1, 6), withSecret);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: "unknown user" });
    expect(await apiKeys.describe(6)).toBeUndefined();
    expect(queue.jobs.size).toBe(0);
  });

  it("a task the user's key cannot read is not theirs: 404", async () => {
    const { post, queue, apiKeys, serviceTasks } = await setup();
    await apiKeys.issue(5);
    await apiKeys.issue(8);
    serviceTasks.set(2, 8);
    const response = await post("/hooks/messenger", hook(2, 5), withSecret);
    expect(response.status).toBe(404);
    expect(queue.jobs.size).toBe(0);
  });

  it("a task the bot knows as another user's is not theirs: 404; its owner is accepted", async () => {
    const { post, queue, apiKeys, record } = await setup();
    await apiKeys.issue(5);
    await apiKeys.issue(9);
    expect((await post("/hooks/messenger", hook(77, 9), withSecret)).status).toBe(404);
    expect(queue.jobs.size).toBe(0);
    expect((await post("/hooks/messenger", hook(77, record.userId), withSecret)).status).toBe(200);
    expect([...queue.jobs.keys()]).toEqual(["adopt-77"]);
  });

  it("503 when the service cannot tell whose the task is", async () => {
    const { post, queue, apiKeys, service } = await setup();
    await apiKeys.issue(5);
    service.failure = new TasksServiceError({ kind: "server", operation: "getTask", status: 500 });
    expect((await post("/hooks/messenger", hook(3, 5), withSecret)).status).toBe(503);
    expect(queue.jobs.size).toBe(0);
  });

  it("is off without a secret configured", async () => {
    const { post } = await setup(false);
    expect((await post("/hooks/messenger", hook(1, 5), withSecret)).status).toBe(404);
  });
});

describe("the task poller", () => {
  it("queues a poll for each due task once, and leases it against the next ticks", async () => {
    const { records, queue, record } = await setup();
    let now = 10_000;
    await records.polls.add(record.ticket, 9_000);
    await records.polls.add("NOTDUEYET0000000000000000", 50_000);
    const poller = taskPoller({
      records,
      queue: queue as unknown as JobQueue,
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
    expect([...queue.jobs.values()]).toEqual([{ ticket: record.ticket, reason: "poll" }]);
  });

  it("queues no more polls than the batch leaves room for beside those still waiting", async () => {
    const { records, queue } = await setup();
    const tickets = Array.from({ length: 5 }, (_, index) => `DUETICKET${index}`.padEnd(24, "0"));
    for (const ticket of tickets) await records.polls.add(ticket, 1_000);
    const poller = taskPoller({
      records,
      queue: queue as unknown as JobQueue,
      job: deliver,
      searchJob: search,
      logger,
      intervalMs: 1000,
      batch: 4,
      now: () => 10_000,
    });
    queue.waiting = 4;
    expect(await poller.tick()).toBe(0);
    queue.waiting = 2;
    expect(await poller.tick()).toBe(2);
    expect([...queue.jobs.values()]).toEqual(
      tickets.slice(0, 2).map((ticket) => ({ ticket, reason: "poll" })),
    );
  });
});
