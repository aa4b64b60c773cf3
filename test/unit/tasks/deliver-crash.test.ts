/**
 * A crash repeats no result already recorded as sent. No album of smart clips: each album (and the summary after them) is recorded as soon as
 * Telegram answers it, so a delivery run again after the process died between two albums sends only the
 * ones that had not gone. The crash is a send that never returns to the run (it throws), as a killed
 * process would; the delivery job and the one result sender run as in production.
 */
import { Readable } from "node:stream";
import { GrammyError } from "grammy";
import { describe, expect, it } from "vitest";
import { RetryLaterError } from "../../../src/jobs/queue.js";
import { createLogger } from "../../../src/logger.js";
import { createMemoryStorage } from "../../../src/storage/memory.js";
import { ProgressCards } from "../../../src/tasks/card.js";
import { deliverJob } from "../../../src/tasks/deliver-job.js";
import { TaskRecords } from "../../../src/tasks/records.js";
import { createTaskResultSender } from "../../../src/tasks/send-result.js";
import type { TaskType } from "../../../src/tasks-service/schemas/index.js";
import { serviceTask } from "../../support/bot-fakes.js";

const logger = createLogger({ level: "silent" });
const TICKET = "TICKET-clips-0123456789";

class Killed extends Error {}

const clips = Array.from({ length: 14 }, (_, offset) => ({
  index: offset + 1,
  title: `Moment ${offset + 1}`,
  hook: "a hook",
  start: offset * 30,
  end: offset * 30 + 20,
  duration: 20,
  score: 80,
  result_url: `https://cdn.example.com/clip-${offset + 1}.mp4`,
}));

const clipsTask = serviceTask(601, {
  type: "smart_clip",
  status: "completed",
  result_url: null,
  result_urls: { clips },
});

async function setup(task = clipsTask, type: TaskType = "smart_clip") {
  const storage = createMemoryStorage();
  const records = new TaskRecords(storage);
  const albums: number[][] = [];
  const texts: string[] = [];
  const videos: string[] = [];
  const deleted: number[] = [];
  const crash = {
    onAlbum: undefined as number | undefined,
    afterRecording: undefined as string | undefined,
    deleteRefusals: [] as Error[],
  };
  const message = () => ({ message_id: 90, date: 0, chat: { id: 7, type: "private" as const } });
  const api = {
    async sendMediaGroup(_chatId: number, media: ReadonlyArray<{ caption?: string }>) {
      const numbers = media.map((entry) => Number(/^(\d+)/.exec(entry.caption ?? "")?.[1] ?? 0));
      if (crash.onAlbum !== undefined && albums.length === crash.onAlbum) {
        crash.onAlbum = undefined;
        throw new Killed("the process died before this album went out");
      }
      albums.push(numbers);
      return media.map(message);
    },
    async sendVideo(_chatId: number, _file: unknown, other: { caption?: string }) {
      videos.push(other.caption ?? "");
      return message();
    },
    async sendMessage(_chatId: number, text: string) {
      texts.push(text);
      return message();
    },
  };
  const sender = createTaskResultSender({
    uploadLimitBytes: 50 * 1024 * 1024,
    fetcher: {
      size: async () => 1_000,
      open: async () => Readable.from([Buffer.alloc(16)]),
      text: async () => "",
      head: async () => Buffer.alloc(16),
    },
  });
  const cards = new ProgressCards(
    {
      editMessageText: async () => true as never,
      sendMessage: async () => ({ message_id: 77 }) as never,
    } as never,
    records,
  );
  // A process killed right after Telegram's answer was recorded: the record is there, nothing after it ran.
  const markPartSent = records.markPartSent.bind(records);
  records.markPartSent = async (ticket, part) => {
    await markPartSent(ticket, part);
    if (crash.afterRecording === part) {
      crash.afterRecording = undefined;
      throw new Killed("the process died after recording the part");
    }
  };
  const job = deliverJob({
    records,
    cards,
    locks: storage.locks,
    apiKeys: { ensure: async () => ({ apiKey: "cmp_aaaaaaaa_secret" }) },
    tasksService: { getTask: async () => task },
    creation: { canAdopt: () => false, adoptNamed: async () => undefined },
    sendResult: (request) => sender.send(api as never, request),
    sendMessage: async (_chatId, text) => {
      texts.push(text);
    },
    async deleteMessage(_chatId, messageId) {
      const refusal = crash.deleteRefusals.shift();
      if (refusal) throw refusal;
      deleted.push(messageId);
      return true;
    },
    startReview: async () => undefined,
    reserveChatSend: async () => 0,
    withReservedSend: (_chatId, work) => work(),
    translate: () => (key, variables) => {
      if (key === "result-clip-caption") return `${String(variables?.index)}. ${String(variables?.title)}`;
      return variables ? `${key} ${JSON.stringify(variables)}` : key;
    },
    pollDelayMs: () => 1_000,
    giveUpAfterMs: 60 * 60 * 1000,
  });
  await records.put({
    ticket: TICKET,
    userId: 7,
    chatId: 7,
    locale: "en",
    type,
    state: "created",
    origin: "bot",
    taskId: 601,
    cardMessageId: 70,
    form: { values: {}, media: [] },
    request: { type },
    uploads: {},
    polls: 0,
    retries: 0,
    createdAt: Date.now(),
  });
  const run = (attempt: number) =>
    job.handler({ ticket: TICKET, reason: "callback" }, { jobId: "deliver", attempt, logger });
  return { albums, texts, videos, deleted, crash, run, records };
}

describe("smart clips delivered in several albums", () => {
  it("a run after a crash between the albums sends only the album that had not gone, then the summary", async () => {
    const rig = await setup();
    rig.crash.onAlbum = 1;
    await expect(rig.run(1)).rejects.toBeInstanceOf(Killed);
    expect(rig.albums).toEqual([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]]);

    await rig.run(2);
    expect(rig.albums).toEqual([
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      [11, 12, 13, 14],
    ]);
    expect(rig.texts.filter((text) => text.startsWith("result-clips-summary"))).toHaveLength(1);
    expect(await rig.records.isDelivered(TICKET)).toBe(true);
  });
});

describe("a single-file result in its card's place", () => {
  const videoTask = serviceTask(602, {
    type: "video",
    status: "completed",
    result_url: "https://cdn.example.com/result.mp4",
  });

  it("a crash after the video was recorded, before its card was deleted: the run after only deletes the card", async () => {
    const rig = await setup(videoTask, "video");
    rig.crash.afterRecording = "result";
    await expect(rig.run(1)).rejects.toBeInstanceOf(Killed);
    expect(rig.videos).toHaveLength(1);
    expect(rig.deleted).toEqual([]);

    await rig.run(2);
    expect(rig.videos).toHaveLength(1);
    expect(rig.deleted).toEqual([70]);
    expect(await rig.records.isDelivered(TICKET)).toBe(true);
  });

  it("Telegram's flood limit on the delete is waited out, and the retry sends nothing again", async () => {
    const rig = await setup(videoTask, "video");
    rig.crash.deleteRefusals.push(
      new GrammyError(
        "Too Many Requests",
        {
          ok: false,
          error_code: 429,
          description: "Too Many Requests: retry after 3",
          parameters: { retry_after: 3 },
        },
        "deleteMessage",
        {},
      ),
    );
    await expect(rig.run(1)).rejects.toBeInstanceOf(RetryLaterError);
    await rig.run(2);
    expect(rig.videos).toHaveLength(1);
    expect(rig.deleted).toEqual([70]);
  });

  it("a delete Telegram refuses leaves the card above the result, and the delivery ends as usual", async () => {
    const rig = await setup(videoTask, "video");
    rig.crash.deleteRefusals.push(
      new GrammyError(
        "Bad Request",
        { ok: false, error_code: 400, description: "Bad Request: message can't be deleted" },
        "deleteMessage",
        {},
      ),
    );
    await rig.run(1);
    expect(rig.videos).toHaveLength(1);
    expect(rig.deleted).toEqual([]);
    expect(await rig.records.isDelivered(TICKET)).toBe(true);
    expect((await rig.records.get(TICKET))?.cardMessageId).toBeUndefined();
  });
});
