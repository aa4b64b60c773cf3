import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GenerationRecords } from "../../src/generations/records.js";
import { createLogger } from "../../src/logger.js";
import { createStorage } from "../../src/storage/index.js";
import type { Storage } from "../../src/storage/ports.js";
import { botMessages, buttonsOf, FIXTURE, press, shows } from "../support/delivery-stack.js";
import { connect, type GenerationStack, startGenerationStack } from "../support/generation-stack.js";
import { startRedisServer } from "../support/redis-server.js";

const redisServer = await startRedisServer();

describe.skipIf(!redisServer)("a keyframe chain joined into one video, end to end on Redis", () => {
  let stack: GenerationStack;
  let storage: Storage;

  beforeAll(async () => {
    stack = await startGenerationStack({ redisUrl: redisServer?.url ?? "" });
    storage = createStorage({ redisUrl: redisServer?.url }, createLogger({ level: "silent" }));
  });
  afterAll(async () => {
    await stack?.close();
    await storage?.close();
    await redisServer?.stop();
  });

  /** The service's file behind a link: the links are signed afresh on each read, the file stays. */
  function fileOf(link: string): string {
    return new URL(link).pathname;
  }

  it("4 photos give 3 clips in order as playable videos; Join makes one video task of the 3 links in order, and the joined video comes to the chat", async () => {
    const user = stack.emulator.users.create({ first_name: "Vera", language_code: "en" });
    const key = await connect(stack, user);
    await user.sendAlbum(
      [1, 2, 3, 4].map((index) => ({
        type: "photo" as const,
        bytes: FIXTURE("sample.jpg"),
        width: 640 + index,
        height: 480,
      })),
    );
    // The offer is redrawn as each photo of the album arrives: its buttons are final once all four are in.
    await shows(user, (message) => message.text?.startsWith("Got 4 photos") === true);
    await press(user, "AI transitions between photos");
    await shows(user, (message) => message.text?.includes("Price: 3 × 60 = 180 tokens") === true);
    user.sendText("dawn breaks\nthe sun climbs\nnight falls");
    await shows(user, (message) => message.text?.includes("one prompt each") === true);
    await press(user, "✅ Create");

    const control = await shows(user, (message) => message.text?.startsWith("Clips 1–3") === true, 60_000);
    const clips = botMessages(user).filter((message) => message.video !== undefined);
    expect(clips.map((clip) => clip.caption?.split("\n")[0])).toEqual([
      "1. dawn breaks",
      "2. the sun climbs",
      "3. night falls",
    ]);
    expect(new Set(clips.map((clip) => clip.media_group_id)).size).toBe(1);
    expect(clips.map((clip) => [clip.video?.width, clip.video?.height])).toEqual([
      [320, 240],
      [320, 240],
      [320, 240],
    ]);
    // What the bot asked Telegram for: each clip with its poster as thumbnail, its size, and streaming.
    const album = stack.emulator.calls.find(
      (call) => call.method === "sendMediaGroup" && Number(call.params.chat_id) === user.id,
    );
    const media = JSON.parse(String(album?.params.media)) as Array<Record<string, unknown>>;
    expect(media).toHaveLength(3);
    for (const item of media) {
      expect(item).toMatchObject({
        type: "video",
        width: 320,
        height: 240,
        supports_streaming: true,
        thumbnail: expect.stringMatching(/^attach:\/\//),
      });
    }
    // Telegram kept each poster as the clip's thumbnail: the very image the generation service made.
    for (const clip of clips) {
      const thumbnail = await stack.emulator.readFile(clip.video?.thumbnail?.file_id ?? "");
      expect(thumbnail?.equals(FIXTURE("sample.jpg"))).toBe(true);
    }

    expect(buttonsOf(control)[0]?.text).toBe("🎬 Join into one video");
    await press(user, "🎬 Join into one video");
    const confirm = await shows(user, (message) => message.text?.startsWith("🎬 Join clips 1–3") === true);
    expect(confirm.text).toContain("Cost: about 12 tokens");
    expect(confirm.text).toContain("Balance: 10,000 tokens");
    expect(stack.tasks.tasksOf(user.id)).toEqual([]);

    // A double tap on the confirmation: both presses reach the bot, one task is made.
    const join = buttonsOf(confirm).find((button) => button.text === "✅ Join · about 12 tokens");
    const first = user.pressButton(confirm, join?.data ?? "");
    const second = user.pressButton(confirm, join?.data ?? "");
    const answers = [await user.waitForAnswer(first, 10_000), await user.waitForAnswer(second, 10_000)];
    expect(answers.map((answer) => answer.answer?.text)).toContain(
      "These clips are already being joined: the video comes with its own progress card.",
    );

    const joined = await shows(
      user,
      (message) =>
        message.video !== undefined && message.caption?.startsWith("✅ Video from 4 keyframes #") === true,
      60_000,
    );
    expect(joined.caption).toContain("Cost: about 12 tokens");
    // The joined video leads on as any task video does: to the tasks that take a video by its link.
    expect(buttonsOf(joined).map((button) => button.text)).toEqual([
      "➡️ Then: Subtitles",
      "➡️ Then: Dubbing",
      "➡️ Then: Smart clips",
      "➡️ Then: Pause removal",
      "➕ New task",
    ]);
    // The task service read the clips behind the links and charged what the estimate said, to the token:
    // both count the clips' seconds at the price table's rate and round up once.
    const estimated = Number(/Cost: about (\d+) tokens/.exec(joined.caption ?? "")?.[1]);
    await stack.tasks.idle();
    expect(10_000 - stack.tasks.accounts.balance(user.id)).toBe(estimated);
    const tasks = stack.tasks.tasksOf(user.id);
    expect(tasks).toHaveLength(1);
    const [task] = tasks;
    expect(task?.request).toMatchObject({ type: "video", format: "original" });
    const photos = task?.request.type === "video" ? task.request.photos : [];

    // The clips in the order they came to the chat, as the generation service has them.
    const [batchKey] = await storage.kv.keys("generation-batch:");
    const records = new GenerationRecords(storage);
    const chunk = await records.chunk(batchKey?.slice("generation-batch:".length) ?? "", 0);
    const ids = [...(chunk?.items ?? [])].sort((a, b) => a.position - b.position).map((item) => item.id);
    expect(ids).toHaveLength(3);
    const files: string[] = [];
    for (const id of ids) {
      const answer = await fetch(`${stack.sandbox.baseUrl}/v1/generations/${id}`, {
        headers: { authorization: `Bearer ${key.apiKey}` },
      });
      const generation = (await answer.json()) as { output: { url: string } };
      files.push(fileOf(generation.output.url));
    }
    expect(photos.map(fileOf)).toEqual(files);
    // The links handed to the task service work: it can read each clip.
    for (const link of photos) {
      const clip = await fetch(link);
      expect(clip.status).toBe(200);
      expect(clip.headers.get("content-type")).toBe("video/mp4");
    }
  }, 120_000);
});
