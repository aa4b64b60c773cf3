import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { MemoryJobQueue } from "../../../src/jobs/memory-queue.js";
import { createLogger } from "../../../src/logger.js";
import { createMemoryStorage } from "../../../src/storage/memory.js";
import { VoicePreviews } from "../../../src/tasks/voice-previews.js";
import type { TaskRequest } from "../../../src/tasks-service/schemas/index.js";
import { serviceTask } from "../../support/bot-fakes.js";

async function settle(queue: MemoryJobQueue) {
  for (let round = 0; round < 400; round++) {
    const depths = Object.values(await queue.depths());
    if (depths.every((depth) => depth.waiting + depth.active + depth.delayed === 0)) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error("jobs did not settle");
}

function setup() {
  const storage = createMemoryStorage();
  const queue = new MemoryJobQueue(createLogger({ level: "silent" }));
  const created: TaskRequest[] = [];
  const sent: Array<{ chatId: number; file: string }> = [];
  let nextFileId = 1;
  const previews = new VoicePreviews({
    storage,
    queue,
    api: {
      sendAudio: async (chatId: number | string, file: unknown) => {
        const fileId = typeof file === "string" ? file : `file-${nextFileId++}`;
        sent.push({ chatId: Number(chatId), file: typeof file === "string" ? file : "upload" });
        return { message_id: 1, audio: { file_id: fileId } } as never;
      },
      sendMessage: async () => ({ message_id: 2 }) as never,
    },
    apiKeys: { ensure: async () => ({ apiKey: "cmp_aaaaaaaa_secret" }) },
    tasksService: {
      createTask: async (_key, request) => {
        created.push(request);
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
    sleep: async () => {},
  });
  queue.register(previews.job);
  return { storage, queue, previews, created, sent };
}

const request = {
  userId: 7,
  provider: "provider_b",
  voice: "provider_b-uk-UA-sample-1",
  language: "uk",
  locale: "en",
};

describe("voice previews", () => {
  it("are made once through the audio task, then sent from the cache by file_id", async () => {
    const rig = setup();
    await rig.queue.start();
    expect(await rig.previews.play({ ...request, chatId: 7 })).toBe("voice-preview-making");
    await settle(rig.queue);
    expect(rig.created).toEqual([
      {
        type: "audio",
        text: "voice-preview-text",
        tts_provider: "provider_b",
        tts_voice: "provider_b-uk-UA-sample-1",
      },
    ]);
    expect(rig.sent).toEqual([{ chatId: 7, file: "upload" }]);

    expect(await rig.previews.play({ ...request, userId: 8, chatId: 8 })).toBe("voice-preview-sent");
    expect(rig.sent.at(-1)).toEqual({ chatId: 8, file: "file-1" });
    await settle(rig.queue);
    expect(rig.created).toHaveLength(1);
  });

  it("presses while the sample is being made all get it from one task", async () => {
    const rig = setup();
    await rig.previews.play({ ...request, chatId: 7 });
    await rig.previews.play({ ...request, userId: 9, chatId: 9 });
    await rig.queue.start();
    await settle(rig.queue);
    expect(rig.created).toHaveLength(1);
    expect(rig.sent).toEqual([
      { chatId: 7, file: "upload" },
      { chatId: 9, file: "file-1" },
    ]);
  });
});
