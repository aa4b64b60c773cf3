/**
 * A crash repeats no album: each message of an album's delivery is recorded as soon as Telegram answers
 * it, so a run after the process died between the album and its message of buttons sends only that
 * message. The crash is a send that never returns to the run (it throws), as a killed process would.
 */
import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { deliverJob } from "../../../src/generations/deliver-job.js";
import { type ChunkItem, GenerationRecords } from "../../../src/generations/records.js";
import { createLogger } from "../../../src/logger.js";
import { createMemoryStorage } from "../../../src/storage/memory.js";
import { sampleBatch } from "../../support/batch-record.js";
import { localeMessages } from "../../support/locale-source.js";

const JPEG = readFileSync(new URL("../../../dev/fixtures/sample.jpg", import.meta.url));
const TICKET = "crashed-batch-ticket-0001";
const i18n = localeMessages("en");
const logger = createLogger({ level: "silent" });

class Killed extends Error {}

/** What a delivery needs besides Telegram: the stores, a service with nothing to renew, the sample JPEG. */
function offlineDeps(storage: ReturnType<typeof createMemoryStorage>, records: GenerationRecords) {
  return {
    records,
    locks: storage.locks,
    queue: { enqueue: async () => undefined },
    credentials: { credentials: async () => ({ apiKey: "gsk_live_key_secret" }) },
    service: { getGeneration: () => Promise.reject(new Error("no link needs renewing here")) },
    results: { open: async () => Readable.from([JPEG]) },
    reserveChatSend: async () => 0,
    withReservedSend: <T>(_chatId: number, work: () => Promise<T>) => work(),
    translate: (locale: string) => (key: string, variables?: Record<string, string | number>) =>
      i18n.t(locale, key, variables),
    refreshCard: async () => undefined,
    uploadLimitBytes: 50 * 1024 * 1024,
  };
}

function item(position: number): ChunkItem {
  return {
    id: `gen_${position.toString(16)}0`,
    position,
    prompt: `a pier, take ${position + 1}`,
    status: "succeeded",
    costTokens: 40,
    reservedTokens: 40,
    output: {
      url: `https://results.example.com/${position}.jpg`,
      expiresAt: Math.floor(Date.now() / 1000) + 86_400,
      mime: "image/jpeg",
    },
  };
}

async function setup(type: "image" | "video") {
  const storage = createMemoryStorage();
  const records = new GenerationRecords(storage);
  await records.put({ ...sampleBatch(TICKET, 7, Date.now()), type, count: 20 });
  for (const index of [0, 1]) {
    await records.putChunk({
      ticket: TICKET,
      index,
      items: Array.from({ length: 10 }, (_, offset) => item(index * 10 + offset)),
      delivered: false,
    });
  }
  const albums: number[][] = [];
  const texts: string[] = [];
  const crash = { onText: undefined as string | undefined };
  let messageId = 100;
  const message = () => ({
    message_id: messageId++,
    date: 0,
    chat: { id: 7, type: "private" as const },
    photo: [{ file_id: `photo-${messageId}`, file_unique_id: `unique-${messageId}`, width: 1, height: 1 }],
  });
  const job = deliverJob({
    ...offlineDeps(storage, records),
    api: {
      sendMediaGroup: async (_chatId: number, media: ReadonlyArray<{ caption?: string }>) => {
        albums.push(media.map((entry) => Number(entry.caption?.split(".")[0])));
        return media.map(message);
      },
      sendMessage: async (_chatId: number, text: string) => {
        if (crash.onText !== undefined && text.startsWith(crash.onText)) {
          crash.onText = undefined;
          throw new Killed("the process died before this message was sent");
        }
        texts.push(text);
        return message();
      },
      sendPhoto: async () => message(),
      sendVideo: async () => message(),
      sendDocument: async () => message(),
    } as never,
  });
  const run = (chunk: number, attempt = 1) =>
    job.handler({ ticket: TICKET, chunk }, { jobId: `job-${chunk}-${attempt}`, attempt, logger });
  return { records, albums, texts, crash, run };
}

const numbers = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe("a delivery cut short between an album and its message of buttons", () => {
  it("sends only the message of buttons when it runs again: the album reaches the chat once", async () => {
    const rig = await setup("image");
    await rig.run(0);
    rig.crash.onText = "Images 11–20";
    await expect(rig.run(1)).rejects.toBeInstanceOf(Killed);
    expect(rig.albums).toEqual([numbers(1, 10), numbers(11, 20)]);

    await rig.run(1, 2);
    expect(rig.albums).toEqual([numbers(1, 10), numbers(11, 20)]);
    expect(rig.texts.map((text) => text.split(" ·")[0])).toEqual(["Images 1–10", "Images 11–20"]);
    const second = await rig.records.chunk(TICKET, 1);
    expect(second?.delivered).toBe(true);
    // The photos' file ids were kept with the album, so Original and Use as reference work from them.
    expect(second?.items.every((entry) => entry.photoFileId !== undefined)).toBe(true);
  });

  it("holds for clips as well", async () => {
    const rig = await setup("video");
    rig.crash.onText = "Clips 1–10";
    await expect(rig.run(0)).rejects.toBeInstanceOf(Killed);
    await rig.run(0, 2);
    expect(rig.albums).toEqual([numbers(1, 10)]);
    expect(rig.texts.map((text) => text.split(" ·")[0])).toEqual(["Clips 1–10"]);
  });
});

describe("a single image in its card's place", () => {
  async function single() {
    const storage = createMemoryStorage();
    const records = new GenerationRecords(storage);
    await records.put({ ...sampleBatch(TICKET, 7, Date.now()), costTokens: 40, cardMessageId: 55 });
    await records.putChunk({ ticket: TICKET, index: 0, items: [item(0)], delivered: false });
    const photos: Array<{ caption: string; buttons: string[] }> = [];
    const deleted: number[] = [];
    const crash = { onMark: false, onFinish: false };
    const finished: string[] = [];
    const chunks = records.chunks.bind(records);
    // A process killed right after the chunk was recorded as delivered, before the batch was finished.
    records.chunks = async (record) => {
      const all = await chunks(record);
      if (crash.onFinish && all.every((chunk) => chunk.delivered)) {
        crash.onFinish = false;
        throw new Killed("the process died before the batch was finished");
      }
      return all;
    };
    const update = records.update.bind(records);
    // A process killed right after the photo was recorded as sent, before its card was marked and deleted.
    records.update = async (ticket, change) => {
      if (crash.onMark) {
        crash.onMark = false;
        throw new Killed("the process died before the card gave way");
      }
      return update(ticket, change);
    };
    const job = deliverJob({
      ...offlineDeps(storage, records),
      api: {
        sendPhoto: async (
          _chatId: number,
          _photo: unknown,
          other: { caption: string; reply_markup: { inline_keyboard: Array<Array<{ text: string }>> } },
        ) => {
          photos.push({
            caption: other.caption,
            buttons: other.reply_markup.inline_keyboard.flat().map((button) => button.text),
          });
          return { message_id: 90, date: 0, chat: { id: 7, type: "private" } };
        },
        deleteMessage: async (_chatId: number, messageId: number) => {
          deleted.push(messageId);
          return true;
        },
      } as never,
      finished: async (record) => {
        finished.push(record.ticket);
      },
    });
    const run = (attempt: number) =>
      job.handler({ ticket: TICKET, chunk: 0 }, { jobId: `job-${attempt}`, attempt, logger });
    return { records, photos, deleted, crash, finished, run };
  }

  it("the photo carries the card's last words and its buttons, and the card is deleted", async () => {
    const rig = await single();
    await rig.run(1);
    expect(rig.photos).toHaveLength(1);
    expect(rig.photos[0]?.caption).toContain("Reserved 40 tokens; charged 40.");
    // The price is said once: the card's words carry it, the image's own line does not repeat it.
    expect(rig.photos[0]?.caption.match(/40 tokens/g)).toHaveLength(1);
    expect(rig.deleted).toEqual([55]);
    expect((await rig.records.get(TICKET))?.cardGaveWay).toBe(true);
  });

  it("a crash between the photo and the card's deletion: the run after deletes the card and sends nothing again", async () => {
    const rig = await single();
    rig.crash.onMark = true;
    await expect(rig.run(1)).rejects.toBeInstanceOf(Killed);
    expect(rig.photos).toHaveLength(1);
    expect(rig.deleted).toEqual([]);

    await rig.run(2);
    expect(rig.photos).toHaveLength(1);
    expect(rig.deleted).toEqual([55]);
    expect((await rig.records.chunk(TICKET, 0))?.delivered).toBe(true);
  });

  it("a crash after the delivery was recorded, before the batch was finished: the run after finishes it and starts what follows", async () => {
    const rig = await single();
    rig.crash.onFinish = true;
    await expect(rig.run(1)).rejects.toBeInstanceOf(Killed);
    expect((await rig.records.chunk(TICKET, 0))?.delivered).toBe(true);
    expect(rig.finished).toEqual([]);

    await rig.run(2);
    expect(rig.photos).toHaveLength(1);
    expect(rig.finished).toEqual([TICKET]);
    expect((await rig.records.get(TICKET))?.state).toBe("finished");

    await rig.run(3);
    expect(rig.finished).toEqual([TICKET]);
  });
});
