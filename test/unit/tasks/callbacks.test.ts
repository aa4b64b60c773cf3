/**
 * The service's callbacks through the real route, queue and delivery job: callbacks are hints, so an
 * early or forged one cannot take the place of the real one, a flood of them makes a handful of jobs,
 * and no log line carries a ticket.
 */
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { taskHookRoutes } from "../../../src/http/task-hooks.js";
import { MemoryJobQueue } from "../../../src/jobs/memory-queue.js";
import type { JobDefinition } from "../../../src/jobs/queue.js";
import { ticketTag } from "../../../src/lifecycle/tickets.js";
import { createLogger } from "../../../src/logger.js";
import { createMemoryStorage } from "../../../src/storage/memory.js";
import { ProgressCards } from "../../../src/tasks/card.js";
import { CreationCheck } from "../../../src/tasks/creation-check.js";
import { type DeliverData, deliverJob } from "../../../src/tasks/deliver-job.js";
import { type TaskRecord, TaskRecords } from "../../../src/tasks/records.js";
import type { ResultSendRequest } from "../../../src/tasks/send-result.js";
import { TasksServiceError } from "../../../src/tasks-service/errors.js";
import type { Task } from "../../../src/tasks-service/responses.js";
import { serviceTask } from "../../support/bot-fakes.js";
import { eventually } from "../../support/settle.js";

const TICKET = "Zk3n1c9Qm2RrXw8tYpLs0aBd";

let queue: MemoryJobQueue | undefined;
afterEach(async () => {
  await queue?.close(1_000);
  queue = undefined;
});

/** A rig around one task record: created with task 501 unless `initial` changes it. */
async function setup(initial: (record: TaskRecord) => TaskRecord = (record) => record) {
  const storage = createMemoryStorage();
  const records = new TaskRecords(storage);
  const lines: string[] = [];
  const logger = createLogger({ level: "debug", destination: { write: (line: string) => lines.push(line) } });
  const results: ResultSendRequest[] = [];
  /** The user's tasks on the service, by id. */
  const tasks = new Map<number, Task>([
    [501, serviceTask(501, { type: "video", status: "processing", progress: 10, result_url: null })],
  ]);
  let readGate: Promise<void> | undefined;
  const runs: string[] = [];
  const cards = new ProgressCards(
    {
      editMessageText: async () => true as never,
      sendMessage: async () => ({ message_id: 70 }) as never,
    } as never,
    records,
  );
  const apiKeys = { ensure: async () => ({ apiKey: "cmp_aaaaaaaa_secret" }) };
  const tasksService = {
    async getTask(_apiKey: string, id: number) {
      await readGate;
      const task = tasks.get(id);
      if (!task) throw new TasksServiceError({ kind: "not_found", operation: "getTask", status: 404 });
      return task;
    },
    listTasks: async () => [...tasks.values()].reverse(),
  };
  const creation = new CreationCheck({
    records,
    cards,
    locks: storage.locks,
    apiKeys,
    tasksService,
    translate: () => (key) => key,
    firstPollDelayMs: 60_000,
  });
  const deliver = deliverJob({
    records,
    cards,
    locks: storage.locks,
    apiKeys,
    tasksService,
    creation,
    async sendResult(request) {
      results.push(request);
      return { buttonsShown: true };
    },
    sendMessage: async () => {},
    deleteMessage: async () => true,
    startReview: async () => {},
    reserveChatSend: async () => 0,
    withReservedSend: (_chatId, work) => work(),
    translate: () => (key) => key,
    pollDelayMs: () => 60_000,
    giveUpAfterMs: 60 * 60 * 1000,
  });
  const counted: JobDefinition<DeliverData> = {
    ...deliver,
    handler: (data, context) => {
      runs.push(context.jobId);
      return deliver.handler(data, context);
    },
  };
  queue = new MemoryJobQueue(logger.child({ component: "jobs" }));
  queue.register(counted);
  await queue.start();
  const app = new Hono();
  taskHookRoutes({ records, queue, deliverJob: counted, logger: logger.child({ component: "task-hooks" }) })(
    app,
  );
  const record: TaskRecord = {
    ticket: TICKET,
    userId: 7,
    chatId: 7,
    locale: "en",
    type: "video",
    state: "created",
    origin: "bot",
    taskId: 501,
    cardMessageId: 70,
    uploads: {},
    polls: 0,
    retries: 0,
    createdAt: Date.now(),
  };
  await records.put(initial(record));
  const activeQueue = queue;
  return {
    records,
    record,
    lines,
    results,
    runs,
    callback: (status: string, taskId = 501) =>
      app.request(`/hooks/tasks/${TICKET}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ task_id: taskId, status, result_url: "https://cdn.example.com/forged.mp4" }),
      }),
    setTask(next: Task) {
      tasks.set(next.task_id, next);
    },
    holdReads() {
      let release = () => {};
      readGate = new Promise((resolve) => {
        release = resolve;
      });
      return () => {
        readGate = undefined;
        release();
      };
    },
    /** Every queued, delayed and running job has finished. */
    settled: () =>
      eventually(async () => {
        const depth = (await activeQueue.depths())["deliver-task"];
        return depth !== undefined && depth.waiting + depth.active + depth.delayed === 0;
      }),
    deliveredLines: () =>
      lines.map((line) => JSON.parse(line)).filter((line) => line.msg === "task delivered"),
  };
}

/** The record of a creation whose answer was lost. */
function unconfirmed(record: TaskRecord): TaskRecord {
  const { taskId: _taskId, ...rest } = record;
  return { ...rest, state: "unconfirmed", attemptAt: Date.now() - 1_000 };
}

describe("task callbacks", () => {
  it("twelve early callbacks while the task runs leave room for the real one, which delivers at once", async () => {
    const rig = await setup();
    for (const status of ["completed", "completed", "done", "failed", "completed", "finished"]) {
      expect((await rig.callback(status)).status).toBe(200);
    }
    await rig.settled();
    for (const status of ["completed", "completed", "success", "completed", "ok", "completed"]) {
      expect((await rig.callback(status)).status).toBe(200);
    }
    await rig.settled();
    expect(rig.results).toEqual([]);

    rig.setTask(
      serviceTask(501, { type: "video", status: "completed", result_url: "https://cdn.example.com/r.mp4" }),
    );
    expect((await rig.callback("completed")).status).toBe(200);
    await rig.settled();
    // No reconciler runs here: the only way the result can have come is the real callback's job.
    expect(rig.results).toHaveLength(1);
    expect(rig.results[0]?.task.result_url).toBe("https://cdn.example.com/r.mp4");
    expect(rig.deliveredLines()).toEqual([
      expect.objectContaining({ reason: "callback", status: "completed" }),
    ]);
  });

  it("three hundred callbacks with three hundred status words make a handful of jobs", async () => {
    const rig = await setup();
    const release = rig.holdReads();
    const responses = await Promise.all(
      Array.from({ length: 300 }, (_, index) => rig.callback(`status_${index}`)),
    );
    expect(new Set(responses.map((response) => response.status))).toEqual(new Set([200]));
    release();
    await rig.settled();
    expect(new Set(rig.runs).size).toBeLessThanOrEqual(3);
  });

  it("a callback for an unconfirmed creation adopts the task it names, read with the user's key, and delivers it", async () => {
    const rig = await setup(unconfirmed);
    await rig.records.searches.add(TICKET, Date.now() + 5_000);
    rig.setTask(
      serviceTask(501, { type: "video", status: "completed", result_url: "https://cdn.example.com/r.mp4" }),
    );
    expect((await rig.callback("completed")).status).toBe(200);
    await rig.settled();
    const adopted = await rig.records.get(TICKET);
    expect(adopted?.taskId).toBe(501);
    expect(await rig.records.ticketOfTask(501)).toBe(TICKET);
    expect(rig.results).toHaveLength(1);
    expect(adopted?.state).toBe("delivered");
    expect(await rig.records.searches.due(Number.MAX_SAFE_INTEGER, 10)).toEqual([]);
  });

  it("a callback naming a task the user does not have, one of another type, or another ticket's is not adopted", async () => {
    const rig = await setup(unconfirmed);
    rig.setTask(
      serviceTask(502, { type: "audio", status: "completed", result_url: "https://cdn.example.com/a.mp3" }),
    );
    rig.setTask(
      serviceTask(503, { type: "video", status: "completed", result_url: "https://cdn.example.com/o.mp4" }),
    );
    await rig.records.put({ ...rig.record, ticket: "OTHERTICKET0000000000000", taskId: 503 });
    for (const taskId of [777, 502, 503]) {
      expect((await rig.callback("completed", taskId)).status).toBe(200);
      await rig.settled();
    }
    expect((await rig.records.get(TICKET))?.state).toBe("unconfirmed");
    expect((await rig.records.get(TICKET))?.taskId).toBeUndefined();
    expect(rig.results).toEqual([]);
  });

  it("no log line carries a ticket, only its tag", async () => {
    const rig = await setup();
    await rig.callback("processing");
    await rig.callback("completed", 999);
    await rig.settled();
    rig.setTask(
      serviceTask(501, { type: "video", status: "completed", result_url: "https://cdn.example.com/r.mp4" }),
    );
    await rig.callback("completed");
    await rig.settled();
    expect(rig.lines.join("\n")).not.toContain(TICKET);
    expect(rig.lines.join("\n")).toContain(ticketTag(TICKET));
    expect(rig.lines.some((line) => line.includes("callback names another task"))).toBe(true);
    expect(rig.deliveredLines()).toHaveLength(1);
  });
});
