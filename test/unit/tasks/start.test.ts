/**
 * A submission started under a ticket its caller chose (a join of clips, whose job may run again after
 * a crash) is one submission however often it is started: one record, one submit job, one task.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MemoryJobQueue } from "../../../src/jobs/memory-queue.js";
import type { JobDefinition } from "../../../src/jobs/queue.js";
import { createLogger } from "../../../src/logger.js";
import { createMemoryStorage } from "../../../src/storage/memory.js";
import type { SubmitData } from "../../../src/tasks/create-job.js";
import { TaskRecords } from "../../../src/tasks/records.js";
import { TaskSubmissions } from "../../../src/tasks/start.js";

const TICKET = "J".repeat(24);

function setup() {
  const job: JobDefinition<SubmitData> = {
    name: "submit-task",
    schema: z.object({ ticket: z.string() }),
    attempts: 1,
    backoffMs: 1,
    concurrency: 1,
    handler: async () => {},
  };
  // Not started: the queued jobs wait, to be counted.
  const queue = new MemoryJobQueue(createLogger({ level: "silent" }));
  queue.register(job);
  const queued = async () => (await queue.depths())[job.name]?.waiting;
  const records = new TaskRecords(createMemoryStorage());
  const submissions = new TaskSubmissions(records, queue, job);
  const submission = {
    ticket: TICKET,
    userId: 7,
    chatId: 7,
    locale: "en",
    type: "video" as const,
    request: { type: "video", photos: ["https://clips.example/1.mp4", "https://clips.example/2.mp4"] },
  };
  return { queued, records, submissions, submission };
}

describe("a submission under a chosen ticket", () => {
  it("started twice is one record under that ticket, its submit job queued under one id", async () => {
    const { queued, records, submissions, submission } = setup();
    const first = await submissions.start(submission);
    const second = await submissions.start({ ...submission, request: { type: "video", photos: [] } });
    expect(first.ticket).toBe(TICKET);
    expect(second.createdAt).toBe(first.createdAt);
    expect((await records.get(TICKET))?.request).toEqual(submission.request);
    expect(await queued()).toBe(1);
  });

  it("started again once its task is made leaves that task as it is and queues nothing more", async () => {
    const { queued, records, submissions, submission } = setup();
    const first = await submissions.start(submission);
    await records.put({ ...first, state: "created", taskId: 1005 });
    const again = await submissions.start(submission);
    expect(again.taskId).toBe(1005);
    expect((await records.get(TICKET))?.state).toBe("created");
    expect(await queued()).toBe(1);
  });
});
