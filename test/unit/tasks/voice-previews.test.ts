import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../../src/catalog/index.js";
import { sampleSentence } from "../../../src/catalog/sample-sentences.js";
import { DEFAULT_CATALOG_PATH } from "../../../src/config.js";
import { MemoryJobQueue } from "../../../src/jobs/memory-queue.js";
import { createLogger } from "../../../src/logger.js";
import { createMemoryStorage } from "../../../src/storage/memory.js";
import { hasSample, VoicePreviews } from "../../../src/tasks/voice-previews.js";
import type { TaskRequest } from "../../../src/tasks-service/schemas/index.js";
import { serviceTask } from "../../support/bot-fakes.js";
import { settleQueue } from "../../support/settle.js";

function settle(queue: MemoryJobQueue) {
  return settleQueue(queue, { rounds: 400 });
}

const OPERATOR_KEY = "ops_operator_samplesamplesamplesamplesamplesa";

async function setup(options: { sampleApiKey?: string; sampleFile?: string } = {}) {
  const storage = createMemoryStorage();
  const queue = new MemoryJobQueue(createLogger({ level: "silent" }));
  const created: Array<{ apiKey: string; request: TaskRequest }> = [];
  const sent: Array<{ chatId: number; file: string; caption?: string }> = [];
  let nextFileId = 1;
  const shipped = await loadCatalog(DEFAULT_CATALOG_PATH);
  const catalog = {
    ...shipped,
    voices: shipped.voices.map((voice) =>
      voice.id === "provider_b-en-US-sample-1" && options.sampleFile
        ? { ...voice, sampleFile: options.sampleFile }
        : voice,
    ),
  };
  const previews = new VoicePreviews({
    storage,
    queue,
    catalog,
    sampleApiKey: options.sampleApiKey,
    api: {
      sendAudio: async (chatId: number | string, file: unknown, other?: { caption?: string }) => {
        const fileId = typeof file === "string" ? file : `file-${nextFileId++}`;
        sent.push({
          chatId: Number(chatId),
          file: typeof file === "string" ? file : "upload",
          ...(other?.caption ? { caption: other.caption } : {}),
        });
        return { message_id: 1, audio: { file_id: fileId } } as never;
      },
      sendMessage: async () => ({ message_id: 2 }) as never,
      deleteMessage: async () => true,
    },
    tasksService: {
      createTask: async (apiKey, request) => {
        created.push({ apiKey, request });
        return { task_id: 42 };
      },
      getTask: async () =>
        serviceTask(42, {
          type: "voiceover",
          status: "completed",
          result_url: "https://cdn.example.com/s.mp3",
        }),
    },
    openResult: async () => Readable.from([Buffer.from("ID3")]),
    translate: () => (key) => key,
    logger: createLogger({ level: "silent" }),
    sleep: async () => {},
  });
  queue.register(previews.job);
  return { storage, queue, previews, created, sent, catalog };
}

const ukrainian = { provider: "provider_b", voice: "provider_b-uk-UA-sample-1", locale: "en" };

describe("voice samples", () => {
  it("are made once on the operator's key, in the voice's language, then sent from the cache by file_id", async () => {
    const rig = await setup({ sampleApiKey: OPERATOR_KEY });
    await rig.queue.start();
    expect(await rig.previews.play({ ...ukrainian, chatId: 7 })).toBe("voice-preview-making");
    await settle(rig.queue);
    expect(rig.created).toEqual([
      {
        apiKey: OPERATOR_KEY,
        request: {
          type: "audio",
          text: sampleSentence("uk"),
          tts_provider: "provider_b",
          tts_voice: "provider_b-uk-UA-sample-1",
        },
      },
    ]);
    expect(sampleSentence("uk")).toMatch(/голос/);
    const name = rig.catalog.voices.find((voice) => voice.id === ukrainian.voice)?.name;
    expect(rig.sent).toEqual([{ chatId: 7, file: "upload", caption: name }]);

    expect(await rig.previews.play({ ...ukrainian, chatId: 8 })).toBe("voice-preview-sent");
    expect(rig.sent.at(-1)).toEqual({ chatId: 8, file: "file-1", caption: name });
    await settle(rig.queue);
    expect(rig.created).toHaveLength(1);
  });

  it("presses while the sample is being made all get it from one task", async () => {
    const rig = await setup({ sampleApiKey: OPERATOR_KEY });
    await rig.previews.play({ ...ukrainian, chatId: 7 });
    await rig.previews.play({ ...ukrainian, chatId: 9 });
    await rig.queue.start();
    await settle(rig.queue);
    expect(rig.created).toHaveLength(1);
    expect(rig.sent.map(({ chatId, file }) => ({ chatId, file }))).toEqual([
      { chatId: 7, file: "upload" },
      { chatId: 9, file: "file-1" },
    ]);
  });

  it("play a file the catalog names without asking the service", async () => {
    const rig = await setup({ sampleFile: "/srv/samples/b-en-1.mp3" });
    await rig.queue.start();
    const english = { provider: "provider_b", voice: "provider_b-en-US-sample-1", locale: "uk" };
    expect(await rig.previews.play({ ...english, chatId: 7 })).toBe("voice-preview-sent");
    expect(await rig.previews.play({ ...english, chatId: 8 })).toBe("voice-preview-sent");
    await settle(rig.queue);
    expect(rig.created).toEqual([]);
    expect(rig.sent.map(({ file }) => file)).toEqual(["upload", "file-1"]);
  });

  it("are not offered without a file or the operator's key", async () => {
    const rig = await setup();
    expect(rig.previews.madeOnRequest).toBe(false);
    const voice = rig.catalog.voices.find((entry) => entry.id === ukrainian.voice);
    expect(voice && hasSample(voice, false)).toBe(false);
    expect(await rig.previews.play({ ...ukrainian, chatId: 7 })).toBe("voice-preview-failed");
    expect(rig.created).toEqual([]);
  });

  it("have a sentence for each of the 31 voice languages", async () => {
    const catalog = await loadCatalog(DEFAULT_CATALOG_PATH);
    expect(catalog.languages).toHaveLength(31);
    const sentences = catalog.languages.map((language) => sampleSentence(language.code));
    expect(sentences.every((sentence) => typeof sentence === "string" && sentence.length > 10)).toBe(true);
    expect(new Set(sentences).size).toBe(31);
  });
});
