import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiKeys } from "../../../src/accounts/api-keys.js";
import { KeyVault } from "../../../src/accounts/vault.js";
import { type JobDefinition, type JobQueue, PermanentJobError } from "../../../src/jobs/queue.js";
import { createLogger } from "../../../src/logger.js";
import { createMemoryStorage } from "../../../src/storage/memory.js";
import { adoptJob } from "../../../src/tasks/adopt-job.js";
import type { DeliverData } from "../../../src/tasks/deliver-job.js";
import { TaskRecords } from "../../../src/tasks/records.js";
import { TasksServiceError } from "../../../src/tasks-service/errors.js";
import { serviceTask } from "../../support/bot-fakes.js";

const context = { jobId: "j", attempt: 1, logger: createLogger({ level: "silent" }) };

const deliver: JobDefinition<DeliverData> = {
  name: "deliver-task",
  schema: z.object({ ticket: z.string(), reason: z.enum(["callback", "poll", "messenger"]) }),
  handler: async () => {},
  attempts: 1,
  backoffMs: 1,
  concurrency: 1,
};

function setup() {
  const storage = createMemoryStorage();
  const records = new TaskRecords(storage);
  const apiKeys = new ApiKeys({ storage, vault: new KeyVault(randomBytes(32)), prefix: "cmp" });
  /** Tasks on the service and whose they are: a key reads only its owner's tasks. */
  const owners = new Map<number, number>();
  const queued: DeliverData[] = [];
  const reads: number[] = [];
  const queue = {
    async enqueue(_definition: unknown, data: DeliverData) {
      queued.push(data);
    },
  } as unknown as JobQueue;
  const job = adoptJob({
    records,
    queue,
    deliverJob: deliver,
    apiKeys,
    tasksService: {
      async getTask(apiKey, taskId) {
        reads.push(taskId);
        const owner = owners.get(taskId);
        if (owner === undefined || (await apiKeys.keyFor(owner)) !== apiKey) {
          throw new TasksServiceError({ kind: "not_found", operation: "getTask", status: 404 });
        }
        return serviceTask(taskId, { type: "voiceover" });
      },
    },
    localeOf: async () => "uk",
  });
  return { records, apiKeys, owners, queued, reads, job };
}

describe("the adopt job", () => {
  it("takes in a task the user's key reads as an API task and queues its delivery", async () => {
    const rig = setup();
    await rig.apiKeys.issue(5);
    rig.owners.set(10, 5);
    await rig.job.handler({ taskId: 10, userId: 5 }, context);
    expect(rig.reads).toEqual([10]);
    const ticket = (await rig.records.ticketOfTask(10)) ?? "";
    expect(await rig.records.get(ticket)).toMatchObject({
      userId: 5,
      type: "audio",
      origin: "api",
      state: "created",
      locale: "uk",
    });
    expect(rig.queued).toEqual([{ ticket, reason: "messenger" }]);
  });

  it("trusts the type the hook's check read, spending none of the user's budget on a second read", async () => {
    const rig = setup();
    await rig.apiKeys.issue(5);
    rig.owners.set(10, 5);
    await rig.job.handler({ taskId: 10, userId: 5, type: "audio" }, context);
    expect(rig.reads).toEqual([]);
    expect(rig.queued).toHaveLength(1);
  });

  it("a user without a key ends the job for good, and gets no key", async () => {
    const rig = setup();
    rig.owners.set(11, 6);
    await expect(rig.job.handler({ taskId: 11, userId: 6 }, context)).rejects.toBeInstanceOf(
      PermanentJobError,
    );
    expect(await rig.apiKeys.describe(6)).toBeUndefined();
    expect(rig.queued).toEqual([]);
  });

  it("a task the bot knows as another user's ends the job for good", async () => {
    const rig = setup();
    await rig.apiKeys.issue(5);
    await rig.apiKeys.issue(9);
    await rig.records.put({
      ticket: "Zk3n1c9Qm2RrXw8tYpLs0aBd",
      userId: 5,
      chatId: 5,
      locale: "en",
      type: "video",
      state: "created",
      origin: "bot",
      taskId: 12,
      uploads: {},
      polls: 0,
      retries: 0,
      createdAt: 1,
    });
    await expect(rig.job.handler({ taskId: 12, userId: 9 }, context)).rejects.toBeInstanceOf(
      PermanentJobError,
    );
    expect(rig.queued).toEqual([]);
  });
});
