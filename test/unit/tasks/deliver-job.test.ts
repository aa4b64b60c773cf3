import { GrammyError, HttpError } from "grammy";
import { describe, expect, it } from "vitest";
import { PermanentJobError, RetryLaterError } from "../../../src/jobs/queue.js";
import { createLogger } from "../../../src/logger.js";
import { createMetrics, type Metrics } from "../../../src/metrics.js";
import { createMemoryStorage } from "../../../src/storage/memory.js";
import { ProgressCards } from "../../../src/tasks/card.js";
import { type DeliverDeps, deliverJob } from "../../../src/tasks/deliver-job.js";
import { type TaskRecord, TaskRecords } from "../../../src/tasks/records.js";
import type { ResultSendRequest, ResultSent } from "../../../src/tasks/send-result.js";
import { TasksServiceError } from "../../../src/tasks-service/errors.js";
import type { Task } from "../../../src/tasks-service/responses.js";
import { serviceTask } from "../../support/bot-fakes.js";

const logger = createLogger({ level: "silent" });
const context = { jobId: "j", attempt: 1, logger };
/** Every record here knows its task id: nothing to adopt. */
const noCreationCheck = { canAdopt: () => false, adoptNamed: async () => undefined };

function setup(
  options: {
    now?: () => number;
    task?: Task;
    metrics?: Metrics;
    sendResult?: (request: ResultSendRequest) => Promise<ResultSent>;
  } = {},
) {
  const storage = createMemoryStorage();
  const records = new TaskRecords(storage);
  const edits: string[] = [];
  const messages: Array<{ chatId: number; text: string; buttons: string[] }> = [];
  const results: ResultSendRequest[] = [];
  const srtWaits: Array<[number, string]> = [];
  const deleted: number[] = [];
  let clock = 1_000_000;
  const now = options.now ?? (() => clock);
  let task: Task =
    options.task ?? serviceTask(501, { type: "video", status: "processing", progress: 40, result_url: null });
  const cards = new ProgressCards(
    {
      editMessageText: async (_chat: number | string, _id: number, text: string) => {
        edits.push(text);
        return true as never;
      },
      sendMessage: async () => ({ message_id: 77 }) as never,
    } as never,
    records,
    now,
  );
  const deps: DeliverDeps = {
    records,
    cards,
    locks: storage.locks,
    apiKeys: { ensure: async () => ({ apiKey: "cmp_aaaaaaaa_secret" }) },
    tasksService: { getTask: async () => task },
    creation: noCreationCheck,
    sendResult:
      options.sendResult ??
      (async (request) => {
        results.push(request);
        return { buttonsShown: request.kind !== "transcription" };
      }),
    async sendMessage(chatId, text, replyMarkup) {
      messages.push({
        chatId,
        text,
        buttons: (replyMarkup?.inline_keyboard ?? []).flat().map((button) => button.text),
      });
    },
    async deleteMessage(_chatId, messageId) {
      deleted.push(messageId);
    },
    async startReview(record) {
      srtWaits.push([record.chatId, record.ticket]);
    },
    reserveChatSend: async () => 0,
    withReservedSend: (_chatId, work) => work(),
    translate: () => (key, variables) => (variables ? `${key} ${JSON.stringify(variables)}` : key),
    pollDelayMs: (polls) => polls * 1000,
    giveUpAfterMs: 60 * 60 * 1000,
    now,
    ...(options.metrics ? { metrics: options.metrics } : {}),
  };
  const record: TaskRecord = {
    ticket: "TICKET-0123456789abcdef",
    userId: 7,
    chatId: 7,
    locale: "en",
    type: "video",
    state: "created",
    origin: "bot",
    taskId: 501,
    cardMessageId: 70,
    form: { values: {}, media: [] },
    request: { type: "video" },
    uploads: {},
    polls: 0,
    retries: 0,
    createdAt: clock,
  };
  return {
    storage,
    records,
    record,
    job: deliverJob(deps),
    edits,
    messages,
    results,
    srtWaits,
    deleted,
    setTask: (next: Task) => {
      task = next;
    },
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe("the delivery job", () => {
  it("an unfinished task shows its percent, books the next poll, and never edits the same text twice", async () => {
    const rig = setup();
    await rig.records.put(rig.record);
    await rig.job.handler({ ticket: rig.record.ticket, reason: "poll" }, context);
    expect(rig.edits).toEqual(['card-progress {"task":"task-video-name","id":"501","percent":40}']);
    expect(await rig.storage.sortedSets.score("tasks:watch", rig.record.ticket)).toBe(1_000_000 + 1000);
    rig.advance(10_000);
    await rig.job.handler({ ticket: rig.record.ticket, reason: "poll" }, context);
    expect(rig.edits).toHaveLength(1);
    rig.setTask(serviceTask(501, { type: "video", status: "processing", progress: 60 }));
    await rig.job.handler({ ticket: rig.record.ticket, reason: "poll" }, context);
    expect(rig.edits.at(-1)).toContain('"percent":60');
    rig.setTask(serviceTask(501, { type: "video", status: "processing", progress: 70 }));
    rig.advance(1_000);
    await rig.job.handler({ ticket: rig.record.ticket, reason: "poll" }, context);
    expect(rig.edits).toHaveLength(2);
    expect((await rig.records.get(rig.record.ticket))?.polls).toBe(4);
  });

  it("a completed task is sent once, marked, unwatched, and takes its card's place", async () => {
    const rig = setup({
      task: serviceTask(501, {
        type: "video",
        status: "completed",
        result_url: "https://cdn.example.com/r.mp4",
      }),
    });
    await rig.records.put(rig.record);
    await rig.records.polls.add(rig.record.ticket, 5);
    await rig.job.handler({ ticket: rig.record.ticket, reason: "callback" }, context);
    await rig.job.handler({ ticket: rig.record.ticket, reason: "poll" }, context);
    expect(rig.results).toHaveLength(1);
    expect(rig.results[0]?.kind).toBe("video");
    expect(rig.results[0]?.replyMarkup?.inline_keyboard.flat().map((button) => button.text)).toEqual([
      "then-subtitles",
      "then-dubbing",
      "then-smart_clip",
      "then-pause_removal",
      "outcome-button-repeat",
      "outcome-button-newTask",
    ]);
    expect(await rig.storage.sortedSets.size("tasks:watch")).toBe(0);
    expect((await rig.records.get(rig.record.ticket))?.state).toBe("delivered");
    expect(rig.deleted).toEqual([70]);
    expect(rig.edits).toEqual([]);
  });

  it("keeps how long the result and each clip play with their links, for the next task's estimate", async () => {
    const video = setup({
      task: serviceTask(501, {
        type: "video",
        status: "completed",
        result_url: "https://cdn.example.com/r.mp4",
      }),
      sendResult: async () => ({ buttonsShown: true, seconds: 2.4 }),
    });
    await video.records.put(video.record);
    await video.job.handler({ ticket: video.record.ticket, reason: "callback" }, context);
    expect((await video.records.get(video.record.ticket))?.result).toEqual({
      url: "https://cdn.example.com/r.mp4",
      seconds: 2.4,
    });

    const clip = (index: number, duration: number) => ({
      index,
      title: `Moment ${index}`,
      hook: "Why",
      start: 0,
      end: duration,
      duration,
      score: 90,
      result_url: `https://cdn.example.com/c${index}.mp4`,
    });
    const clips = setup({
      task: serviceTask(501, {
        type: "smart_clip",
        status: "completed",
        result_url: "https://cdn.example.com/c1.mp4",
        result_urls: { clips: [clip(1, 31.5), clip(2, 15)] },
      }),
    });
    await clips.records.put({ ...clips.record, type: "smart_clip" });
    await clips.job.handler({ ticket: clips.record.ticket, reason: "callback" }, context);
    expect((await clips.records.get(clips.record.ticket))?.result?.clips).toEqual([
      { index: 1, url: "https://cdn.example.com/c1.mp4", seconds: 31.5 },
      { index: 2, url: "https://cdn.example.com/c2.mp4", seconds: 15 },
    ]);
  });

  it("tells the operator how long a result waited between its completion and the chat", async () => {
    const metrics = createMetrics();
    const rig = setup({
      metrics,
      now: () => Date.parse("2026-11-23T10:00:30Z"),
      task: serviceTask(501, {
        type: "video",
        status: "completed",
        result_url: "https://cdn.example.com/r.mp4",
        updated_at: "2026-11-23T10:00:00",
      }),
    });
    await rig.records.put(rig.record);
    await rig.job.handler({ ticket: rig.record.ticket, reason: "callback" }, context);
    const exported = await metrics.registry.getSingleMetricAsString("bot_completion_to_delivery_seconds");
    expect(exported).toContain("bot_completion_to_delivery_seconds_count 1");
    expect(exported).toContain("bot_completion_to_delivery_seconds_sum 30");
  });

  it("fifty concurrent runs for one finished task deliver it once", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let sent = 0;
    const rig = setup({
      task: serviceTask(501, {
        type: "video",
        status: "completed",
        result_url: "https://cdn.example.com/r.mp4",
      }),
      sendResult: async () => {
        sent += 1;
        await gate;
        return { buttonsShown: true };
      },
    });
    await rig.records.put(rig.record);
    let stepAside = 0;
    let everyOtherRunSteppedAside: () => void = () => undefined;
    const othersDone = new Promise<void>((resolve) => {
      everyOtherRunSteppedAside = resolve;
    });
    const runs = Array.from({ length: 50 }, () =>
      rig.job.handler({ ticket: rig.record.ticket, reason: "callback" }, context).catch((error: unknown) => {
        stepAside += 1;
        if (stepAside === 49) everyOtherRunSteppedAside();
        return error;
      }),
    );
    // The one run holding the lock is inside the send; the other 49 must give way while it is.
    await othersDone;
    release();
    const outcomes = await Promise.all(runs);
    expect(sent).toBe(1);
    expect(outcomes.filter((outcome) => outcome instanceof RetryLaterError)).toHaveLength(49);
    for (let retry = 0; retry < 49; retry++)
      await rig.job.handler({ ticket: rig.record.ticket, reason: "callback" }, context);
    expect(sent).toBe(1);
  });

  it("a failed task gets the service's reason with Try again and Repeat, in its card's place", async () => {
    const rig = setup({
      task: serviceTask(501, { type: "video", status: "failed", error_message: "No speech found" }),
    });
    await rig.records.put(rig.record);
    await rig.job.handler({ ticket: rig.record.ticket, reason: "callback" }, context);
    expect(rig.messages).toEqual([
      {
        chatId: 7,
        text: 'outcome-failed {"task":"task-video-name","id":"501","error":"No speech found"}',
        buttons: ["outcome-button-tryAgain", "outcome-button-repeat"],
      },
    ]);
    expect(rig.deleted).toEqual([70]);
    expect(rig.edits).toEqual([]);
  });

  it("a user who blocked the bot ends the job for good", async () => {
    const rig = setup({
      task: serviceTask(501, {
        type: "video",
        status: "completed",
        result_url: "https://cdn.example.com/r.mp4",
      }),
      sendResult: async () => {
        throw new GrammyError(
          "Forbidden: bot was blocked by the user",
          { ok: false, error_code: 403, description: "Forbidden: bot was blocked by the user" },
          "sendVideo",
          {},
        );
      },
    });
    await rig.records.put(rig.record);
    await expect(
      rig.job.handler({ ticket: rig.record.ticket, reason: "callback" }, context),
    ).rejects.toBeInstanceOf(PermanentJobError);
    expect((await rig.records.get(rig.record.ticket))?.state).toBe("undeliverable");
  });

  it("Telegram's 429 waits its retry_after", async () => {
    const rig = setup({
      task: serviceTask(501, {
        type: "video",
        status: "completed",
        result_url: "https://cdn.example.com/r.mp4",
      }),
      sendResult: async () => {
        throw new GrammyError(
          "Too Many Requests",
          {
            ok: false,
            error_code: 429,
            description: "Too Many Requests: retry after 7",
            parameters: { retry_after: 7 },
          },
          "sendVideo",
          {},
        );
      },
    });
    await rig.records.put(rig.record);
    const error = await rig.job
      .handler({ ticket: rig.record.ticket, reason: "callback" }, context)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RetryLaterError);
    expect((error as RetryLaterError).delayMs).toBe(7000);
    expect(await rig.records.isDelivered(rig.record.ticket)).toBe(false);
  });

  it("an upload cut off by the network is not repeated: the link goes instead", async () => {
    const rig = setup({
      task: serviceTask(501, {
        type: "video",
        status: "completed",
        result_url: "https://cdn.example.com/r.mp4",
      }),
      sendResult: async () => {
        throw new HttpError("Network request for 'sendVideo' failed!", new Error("socket hang up"));
      },
    });
    await rig.records.put(rig.record);
    await rig.job.handler({ ticket: rig.record.ticket, reason: "callback" }, context);
    expect(rig.messages[0]?.text).toBe(
      'outcome-link-fallback {"id":"501","url":"https://cdn.example.com/r.mp4"}',
    );
    expect(await rig.records.isDelivered(rig.record.ticket)).toBe(true);
  });

  it("the transcribe step of a semi-automatic dubbing is shown for the user's check, and the card says it waits", async () => {
    const rig = setup({
      task: serviceTask(501, {
        type: "dubbing",
        status: "completed",
        result_url: "https://cdn.example.com/t.srt",
      }),
    });
    await rig.records.put({
      ...rig.record,
      type: "dubbing",
      request: { type: "dubbing", mode: "semi_auto", step: "transcribe" },
    });
    await rig.job.handler({ ticket: rig.record.ticket, reason: "callback" }, context);
    expect(rig.results).toEqual([]);
    expect(rig.srtWaits).toEqual([[7, rig.record.ticket]]);
    expect(rig.edits.at(-1)).toBe('card-awaiting-check {"task":"task-dubbing-name","id":"501"}');
  });

  it("a task unfinished past the limit is reported and no longer polled", async () => {
    const rig = setup();
    await rig.records.put(rig.record);
    rig.advance(2 * 60 * 60 * 1000);
    await rig.job.handler({ ticket: rig.record.ticket, reason: "poll" }, context);
    expect(rig.edits).toEqual(['card-gave-up {"task":"task-video-name","id":"501"}']);
    expect((await rig.records.get(rig.record.ticket))?.state).toBe("gave_up");
  });

  it("the service's 429 on reading the task is waited out", async () => {
    const limited = setup();
    await limited.records.put(limited.record);
    const error = new TasksServiceError({
      kind: "rate_limited",
      operation: "getTask",
      status: 429,
      retryAfterMs: 12_000,
    });
    const failing = deliverJob({
      records: limited.records,
      cards: new ProgressCards(
        { editMessageText: async () => true, sendMessage: async () => ({ message_id: 1 }) } as never,
        limited.records,
      ),
      locks: limited.storage.locks,
      apiKeys: { ensure: async () => ({ apiKey: "k" }) },
      tasksService: {
        getTask: async () => {
          throw error;
        },
      },
      creation: noCreationCheck,
      sendResult: async () => ({ buttonsShown: true }),
      sendMessage: async () => {},
      deleteMessage: async () => true,
      startReview: async () => {},
      reserveChatSend: async () => 0,
      withReservedSend: (_chatId, work) => work(),
      translate: () => (key) => key,
      pollDelayMs: () => 1000,
      giveUpAfterMs: 1e9,
    });
    const thrown = await failing
      .handler({ ticket: limited.record.ticket, reason: "poll" }, context)
      .catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(RetryLaterError);
    expect((thrown as RetryLaterError).delayMs).toBe(12_000);
  });
});
