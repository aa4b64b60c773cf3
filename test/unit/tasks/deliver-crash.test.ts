/**
 * A crash repeats no album of smart clips: each album (and the summary after them) is recorded as soon as
 * Telegram answers it, so a delivery run again after the process died between two albums sends only the
 * ones that had not gone. The crash is a send that never returns to the run (it throws), as a killed
 * process would; the delivery job and the one result sender run as in production.
 */
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../../src/logger.js";
import { createMemoryStorage } from "../../../src/storage/memory.js";
import { ProgressCards } from "../../../src/tasks/card.js";
import { deliverJob } from "../../../src/tasks/deliver-job.js";
import { TaskRecords } from "../../../src/tasks/records.js";
import { createTaskResultSender } from "../../../src/tasks/send-result.js";
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

async function setup() {
  const storage = createMemoryStorage();
  const records = new TaskRecords(storage);
  const albums: number[][] = [];
  const texts: string[] = [];
  const crash = { onAlbum: undefined as number | undefined };
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
    async sendVideo() {
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
  const task = serviceTask(601, {
    type: "smart_clip",
    status: "completed",
    result_url: null,
    result_urls: { clips },
  });
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
    type: "smart_clip",
    state: "created",
    origin: "bot",
    taskId: 601,
    cardMessageId: 70,
    form: { values: {}, media: [] },
    request: { type: "smart_clip" },
    uploads: {},
    polls: 0,
    retries: 0,
    createdAt: Date.now(),
  });
  const run = (attempt: number) =>
    job.handler({ ticket: TICKET, reason: "callback" }, { jobId: "deliver", attempt, logger });
  return { albums, texts, crash, run, records };
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
