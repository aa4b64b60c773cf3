/**
 * A batch's albums reach the chat in the batch's order: an album whose images finished before those of
 * the one ahead of it waits for its turn, each delivery hands the turn to the next (a run repeated after a
 * crash as well), and an album given up for good (its file gone) hands it on too, so the albums after it
 * still arrive.
 */
import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { deliverJob } from "../../../src/generations/deliver-job.js";
import { type BatchRecord, type ChunkItem, GenerationRecords } from "../../../src/generations/records.js";
import { ResultUnavailableError } from "../../../src/generations/result-files.js";
import { ticketTag } from "../../../src/lifecycle/tickets.js";
import { createLogger } from "../../../src/logger.js";
import { createMemoryStorage } from "../../../src/storage/memory.js";
import { localeMessages } from "../../support/locale-source.js";

const JPEG = readFileSync(new URL("../../../dev/fixtures/sample.jpg", import.meta.url));
const TICKET = "ticket-of-the-batch-0001";
const GONE = "https://results.example.com/gone.jpg";
const i18n = localeMessages("en");
const logger = createLogger({ level: "silent" });

function item(position: number, url = `https://results.example.com/${position}.jpg`): ChunkItem {
  return {
    id: `gen_${position}`,
    position,
    prompt: `a pier, take ${position + 1}`,
    status: "succeeded",
    costTokens: 40,
    output: { url, expiresAt: Math.floor(Date.now() / 1000) + 86_400, mime: "image/jpeg" },
  };
}

async function setup(firstChunk: ChunkItem[]) {
  const storage = createMemoryStorage();
  const records = new GenerationRecords(storage);
  const record: BatchRecord = {
    ticket: TICKET,
    userId: 7,
    chatId: 7,
    locale: "en",
    type: "image",
    form: { type: "text_to_image", values: {}, media: [] },
    formInstance: "form-instance-1",
    request: {},
    modelLabel: "Lumen Image 2",
    quote: { min: 480, max: 480 },
    count: 12,
    state: "created",
    uploads: {},
    createdAt: Date.now(),
  };
  await records.put(record);
  await records.putChunk({ ticket: TICKET, index: 0, items: firstChunk, delivered: false });
  await records.putChunk({ ticket: TICKET, index: 1, items: [item(10), item(11)], delivered: false });
  const albums: number[][] = [];
  const queued: Array<{ chunk: number; jobId: string | undefined }> = [];
  let messageId = 100;
  const message = () => ({ message_id: messageId++, date: 0, chat: { id: 7, type: "private" as const } });
  const job = deliverJob({
    records,
    locks: storage.locks,
    queue: {
      enqueue: async (_definition, data, options) => {
        queued.push({ chunk: (data as { chunk: number }).chunk, jobId: options?.jobId });
      },
    },
    credentials: { credentials: async () => ({ apiKey: "gsk_live_key_secret" }) },
    service: {
      getGeneration: () => Promise.reject(new Error("no link needs renewing here")),
    },
    results: {
      open: async (url) => {
        if (url === GONE) throw new ResultUnavailableError("result answered HTTP 404", 404);
        return Readable.from([JPEG]);
      },
    },
    api: {
      sendMediaGroup: async (_chatId: number, media: ReadonlyArray<{ caption?: string }>) => {
        albums.push(media.map((entry) => Number(entry.caption?.split(".")[0])));
        return media.map(message);
      },
      sendMessage: async () => message(),
      sendPhoto: async () => message(),
      sendVideo: async () => message(),
      sendDocument: async () => message(),
    } as never,
    reserveChatSend: async () => 0,
    withReservedSend: (_chatId, work) => work(),
    translate: (locale) => (key, variables) => i18n.t(locale, key, variables),
    refreshCard: async () => undefined,
    uploadLimitBytes: 50 * 1024 * 1024,
  });
  const run = (chunk: number, attempt = 1) =>
    job.handler({ ticket: TICKET, chunk }, { jobId: `job-${chunk}-${attempt}`, attempt, logger });
  return { records, albums, queued, run, attempts: job.attempts };
}

const firstTen = () => Array.from({ length: 10 }, (_, position) => item(position));

describe("albums in the batch's order", () => {
  it("the second album waits for the first, which hands it the turn once it is in the chat", async () => {
    const { records, albums, queued, run } = await setup(firstTen());
    await run(1);
    expect(albums).toEqual([]);
    expect((await records.chunk(TICKET, 1))?.delivered).toBe(false);

    await run(0);
    expect(albums).toEqual([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]]);
    expect(queued).toEqual([{ chunk: 1, jobId: `generation-deliver-${ticketTag(TICKET)}-1-in-turn` }]);

    await run(1);
    expect(albums).toEqual([
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      [11, 12],
    ]);
    expect((await records.chunk(TICKET, 1))?.delivered).toBe(true);
  });

  it("a run that finds its album recorded as delivered still hands the turn on", async () => {
    const { records, albums, queued, run } = await setup(firstTen());
    await run(1);
    // As after a crash between recording the first album's delivery and handing the turn on.
    await records.changeChunk(TICKET, 0, (chunk) => ({ ...chunk, delivered: true }));

    await run(0);
    expect(albums).toEqual([]);
    expect(queued).toEqual([{ chunk: 1, jobId: `generation-deliver-${ticketTag(TICKET)}-1-in-turn` }]);
    await run(1);
    expect(albums).toEqual([[11, 12]]);
  });

  it("an album given up for good lets the ones after it through", async () => {
    const broken = firstTen();
    broken[3] = item(3, GONE);
    const { records, albums, queued, run, attempts } = await setup(broken);
    await expect(run(0)).rejects.toThrow(ResultUnavailableError);
    expect(queued).toEqual([]);
    await run(1);
    expect(albums).toEqual([]);

    await expect(run(0, attempts)).rejects.toThrow(ResultUnavailableError);
    expect((await records.chunk(TICKET, 0))?.abandoned).toBe(true);
    expect(queued).toEqual([{ chunk: 1, jobId: `generation-deliver-${ticketTag(TICKET)}-1-in-turn` }]);
    await run(1);
    expect(albums).toEqual([[11, 12]]);
  });
});
