/**
 * A creation whose answer is lost is never sent again: the record becomes unconfirmed, and the user's
 * task list (or the task's callback, in callbacks.test.ts) says whether the service made it.
 */
import { describe, expect, it } from "vitest";
import { MemoryJobQueue } from "../../../src/jobs/memory-queue.js";
import { RetryLaterError } from "../../../src/jobs/queue.js";
import { createLogger } from "../../../src/logger.js";
import { createMemoryStorage } from "../../../src/storage/memory.js";
import { ProgressCards } from "../../../src/tasks/card.js";
import { submitJob } from "../../../src/tasks/create-job.js";
import { CREATION_SEARCH_MS, CreationCheck } from "../../../src/tasks/creation-check.js";
import { type TaskRecord, TaskRecords } from "../../../src/tasks/records.js";
import { TaskSubmissions } from "../../../src/tasks/start.js";
import { type ServiceErrorKind, TasksServiceError } from "../../../src/tasks-service/errors.js";
import type { ReadPriority } from "../../../src/tasks-service/ports.js";
import type { Task } from "../../../src/tasks-service/responses.js";
import { serviceTask } from "../../support/bot-fakes.js";

const logger = createLogger({ level: "silent" });
const context = (attempt = 1) => ({ jobId: "j", attempt, logger });
const TICKET = "Zk3n1c9Qm2RrXw8tYpLs0aBd";
/** 2026-11-20T08:30:00Z, when the creation request was sent. */
const ATTEMPT_AT = Date.UTC(2026, 10, 20, 8, 30, 0);

function at(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

function setup() {
  const storage = createMemoryStorage();
  const records = new TaskRecords(storage);
  let clock = ATTEMPT_AT;
  const now = () => clock;
  const cardsShown: Array<{ text: string; buttons: string[] }> = [];
  const show = (
    text: string,
    markup?: { reply_markup?: { inline_keyboard: Array<Array<{ text: string }>> } },
  ) =>
    cardsShown.push({
      text,
      buttons: (markup?.reply_markup?.inline_keyboard ?? []).flat().map((button) => button.text),
    });
  const cards = new ProgressCards(
    {
      editMessageText: async (_chat: number | string, _id: number, text: string, markup?: never) => {
        show(text, markup);
        return true as never;
      },
      sendMessage: async (_chat: number | string, text: string, markup?: never) => {
        show(text, markup);
        return { message_id: 70 } as never;
      },
    } as never,
    records,
    now,
  );
  let listed: Task[] = [];
  const listReads: Array<ReadPriority | undefined> = [];
  const creation = new CreationCheck({
    records,
    cards,
    locks: storage.locks,
    apiKeys: { ensure: async () => ({ apiKey: "cmp_aaaaaaaa_secret" }) },
    tasksService: {
      getTask: async () => {
        throw new Error("no task read expected");
      },
      async listTasks(_apiKey, page, options) {
        listReads.push(options?.priority);
        return listed.slice(page.offset, page.offset + page.limit);
      },
    },
    translate: () => (key) => key,
    firstPollDelayMs: 15_000,
    now,
  });
  const createCalls: unknown[] = [];
  let createOutcome: () => Promise<{ task_id: number }> = async () => ({ task_id: 900 });
  const submit = submitJob({
    records,
    cards,
    apiKeys: { ensure: async () => ({ apiKey: "cmp_aaaaaaaa_secret" }) },
    transfer: async () => ({ uploadId: "00000000-0000-4000-8000-000000000001" }),
    reuploadResult: async () => "00000000-0000-4000-8000-000000000002",
    tasksService: {
      createTask: (_apiKey, request) => {
        createCalls.push(request);
        return createOutcome();
      },
    },
    translate: () => (key) => key,
    webhookUrl: (ticket) => `https://bot.example.com/hooks/tasks/${ticket}`,
    firstPollDelayMs: 15_000,
    creation,
    now,
  });
  const queue = new MemoryJobQueue(logger);
  queue.register(submit);
  const submissions = new TaskSubmissions(records, queue, submit, now);
  const record: TaskRecord = {
    ticket: TICKET,
    userId: 7,
    chatId: 7,
    locale: "en",
    type: "video",
    state: "submitting",
    origin: "bot",
    cardMessageId: 70,
    form: { values: {}, media: [] },
    request: { type: "video", photos: ["https://example.com/a.jpg"] },
    uploads: {},
    polls: 0,
    retries: 0,
    createdAt: ATTEMPT_AT - 30_000,
  };
  return {
    storage,
    records,
    record,
    creation,
    submit,
    submissions,
    cardsShown,
    createCalls,
    listReads,
    setList(tasks: Task[]) {
      listed = tasks;
    },
    failCreation(error: Error) {
      createOutcome = () => Promise.reject(error);
    },
    succeedCreation(taskId: number) {
      createOutcome = async () => ({ task_id: taskId });
    },
    advance(ms: number) {
      clock += ms;
    },
    now,
    /** Runs every search that is due, the way the reconciler would queue them. */
    async searchDue() {
      for (const ticket of await records.searches.due(clock, 10)) await creation.search(ticket, logger);
    },
  };
}

function lostAnswer(kind: ServiceErrorKind): TasksServiceError {
  return new TasksServiceError({
    kind,
    operation: "createTask",
    ...(kind === "server" ? { status: 500 } : {}),
  });
}

describe("a creation whose answer is lost", () => {
  for (const kind of ["server", "timeout", "network", "invalid_response"] as const) {
    it(`${kind}: sent once, the record unconfirmed with the attempt's time, the card says we are checking`, async () => {
      const rig = setup();
      await rig.records.put(rig.record);
      rig.failCreation(lostAnswer(kind));
      await rig.submit.handler({ ticket: TICKET }, context());
      expect(rig.createCalls).toHaveLength(1);
      const stored = await rig.records.get(TICKET);
      expect(stored?.state).toBe("unconfirmed");
      expect(stored?.attemptAt).toBe(ATTEMPT_AT);
      expect(rig.cardsShown.at(-1)?.text).toBe("card-unconfirmed");
      expect(await rig.records.searches.due(Number.MAX_SAFE_INTEGER, 10)).toEqual([TICKET]);
      // Another run of the job (a retry, a second worker) sends nothing.
      await rig.submit.handler({ ticket: TICKET }, context(2));
      expect(rig.createCalls).toHaveLength(1);
    });
  }

  it("a connection that was never made created nothing: the job tries again", async () => {
    const rig = setup();
    await rig.records.put(rig.record);
    rig.failCreation(new TasksServiceError({ kind: "network", operation: "createTask", notSent: true }));
    await expect(rig.submit.handler({ ticket: TICKET }, context())).rejects.toBeInstanceOf(TasksServiceError);
    expect((await rig.records.get(TICKET))?.state).toBe("submitting");
    rig.succeedCreation(900);
    await rig.submit.handler({ ticket: TICKET }, context(2));
    expect(rig.createCalls).toHaveLength(2);
    expect((await rig.records.get(TICKET))?.taskId).toBe(900);
  });

  it("a 429 created nothing: it is waited out and sent again, once", async () => {
    const rig = setup();
    await rig.records.put(rig.record);
    rig.failCreation(
      new TasksServiceError({
        kind: "rate_limited",
        operation: "createTask",
        status: 429,
        retryAfterMs: 7_000,
      }),
    );
    const waited = await rig.submit.handler({ ticket: TICKET }, context()).catch((error: unknown) => error);
    expect(waited).toBeInstanceOf(RetryLaterError);
    expect((waited as RetryLaterError).delayMs).toBe(7_000);
    expect((await rig.records.get(TICKET))?.creating).toBe(false);
    rig.succeedCreation(901);
    await rig.submit.handler({ ticket: TICKET }, context());
    expect(rig.createCalls).toHaveLength(2);
    expect(await rig.records.get(TICKET)).toMatchObject({ state: "created", taskId: 901 });
  });

  it("a worker that died while creating: the next run checks instead of sending it again", async () => {
    const rig = setup();
    await rig.records.put({ ...rig.record, creating: true, attemptAt: ATTEMPT_AT - 5_000 });
    await rig.submit.handler({ ticket: TICKET }, context(2));
    expect(rig.createCalls).toEqual([]);
    expect(await rig.records.get(TICKET)).toMatchObject({
      state: "unconfirmed",
      attemptAt: ATTEMPT_AT - 5_000,
    });
    expect(rig.cardsShown.at(-1)?.text).toBe("card-unconfirmed");
  });
});

describe("the search of the user's task list", () => {
  async function unconfirmedRig() {
    const rig = setup();
    await rig.records.put({ ...rig.record, creating: true, attemptAt: ATTEMPT_AT });
    await rig.creation.unconfirmed((await rig.records.get(TICKET)) as TaskRecord);
    await rig.records.put({
      ...rig.record,
      ticket: "OTHERTICKET0000000000000",
      state: "created",
      taskId: 1004,
    });
    rig.advance(5_000);
    return rig;
  }

  it("adopts the one task of the type created after the attempt, and has it polled at once", async () => {
    const rig = await unconfirmedRig();
    rig.setList([
      serviceTask(1005, { type: "voiceover", created_at: at(ATTEMPT_AT + 1_000) }),
      serviceTask(1004, { type: "video", created_at: at(ATTEMPT_AT + 500) }),
      serviceTask(1003, { type: "video", status: "processing", created_at: at(ATTEMPT_AT + 400) }),
      serviceTask(1002, { type: "video", created_at: at(ATTEMPT_AT - 10 * 60_000) }),
    ]);
    await rig.searchDue();
    expect(await rig.records.get(TICKET)).toMatchObject({ state: "created", taskId: 1003 });
    expect(await rig.records.polls.due(rig.now(), 10)).toEqual([TICKET]);
    expect(await rig.records.searches.due(Number.MAX_SAFE_INTEGER, 10)).toEqual([]);
    expect(rig.cardsShown.at(-1)?.text).toBe("card-created");
    expect(rig.listReads).toEqual(["background"]);
  });

  it("two that could be it are not guessed: it keeps looking, then asks the user to look in /tasks", async () => {
    const rig = await unconfirmedRig();
    rig.setList([
      serviceTask(1008, { type: "video", created_at: at(ATTEMPT_AT + 2_000) }),
      serviceTask(1007, { type: "video", created_at: at(ATTEMPT_AT + 1_000) }),
    ]);
    await rig.searchDue();
    expect((await rig.records.get(TICKET))?.state).toBe("unconfirmed");
    expect(await rig.records.searches.due(Number.MAX_SAFE_INTEGER, 10)).toEqual([TICKET]);
    while (rig.now() - ATTEMPT_AT <= CREATION_SEARCH_MS) {
      rig.advance(60_000);
      await rig.searchDue();
    }
    expect((await rig.records.get(TICKET))?.state).toBe("unresolved");
    expect((await rig.records.get(TICKET))?.taskId).toBeUndefined();
    expect(rig.cardsShown.at(-1)).toEqual({ text: "card-unresolved", buttons: [] });
    expect(await rig.records.searches.due(Number.MAX_SAFE_INTEGER, 10)).toEqual([]);
  });

  it("none within the bound: not created, with a Retry that starts a new ticket on the same card, once", async () => {
    const rig = await unconfirmedRig();
    rig.setList([serviceTask(1002, { type: "video", created_at: at(ATTEMPT_AT - 10 * 60_000) })]);
    await rig.searchDue();
    expect((await rig.records.get(TICKET))?.state).toBe("unconfirmed");
    while (rig.now() - ATTEMPT_AT <= CREATION_SEARCH_MS) {
      rig.advance(60_000);
      await rig.searchDue();
    }
    const notCreated = await rig.records.get(TICKET);
    expect(notCreated?.state).toBe("not_created");
    expect(rig.cardsShown.at(-1)).toEqual({
      text: "card-not-created",
      buttons: ["outcome-button-retrySubmit", "outcome-button-repeat"],
    });

    expect(await rig.submissions.retry(notCreated as TaskRecord)).toBe(true);
    expect(await rig.submissions.retry(notCreated as TaskRecord)).toBe(false);
    const tickets = (await rig.storage.kv.keys("task:")).map((key) => key.slice("task:".length));
    const retried = await Promise.all(tickets.map((ticket) => rig.records.get(ticket)));
    const fresh = retried.filter((record) => record?.state === "submitting");
    expect(fresh).toHaveLength(1);
    expect(fresh[0]?.ticket).not.toBe(TICKET);
    expect(fresh[0]?.cardMessageId).toBe(70);
    expect(fresh[0]?.request).toEqual(rig.record.request);
    expect((await rig.records.get(TICKET))?.cardMessageId).toBeUndefined();
  });
});
