import { fileTypeFromBuffer } from "file-type";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TaskSchema } from "../../../src/tasks-service/responses.js";
import { type Harness, KEY, startHarness, startReceiver, type TaskJson, USER_ID } from "./harness.js";

let harness: Harness;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeEach(async () => {
  harness = await startHarness();
  receiver = await startReceiver();
});
afterEach(async () => {
  await harness.close();
  await receiver.close();
});

async function create(request: Record<string, unknown>, key = KEY): Promise<number> {
  const response = await harness.post("/v1/tasks", request, key);
  if (response.status !== 200) throw new Error(`create gave ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { task_id: number }).task_id;
}

async function task(taskId: number): Promise<TaskJson> {
  return (await (await harness.get(`/v1/tasks/${taskId}`)).json()) as TaskJson;
}

async function balance(): Promise<number> {
  return ((await (await harness.get("/v1/me")).json()) as { token_balance: number }).token_balance;
}

async function download(url: string): Promise<{ status: number; bytes: Buffer }> {
  const response = await fetch(url);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe("lifecycle and charging", () => {
  it("goes pending -> processing with rising progress -> completed, and charges only at the end", async () => {
    const id = await create({ type: "pause_removal", file: "https://e.com/talk.mp4" });
    const seen: Array<[string, number]> = [];
    for (;;) {
      const current = await task(id);
      seen.push([current.status, current.progress]);
      if (current.status === "completed") break;
      expect(await balance()).toBe(10_000);
      harness.sandbox.step();
    }
    expect(seen).toEqual([
      ["pending", 0],
      ["processing", 0],
      ["processing", 25],
      ["processing", 50],
      ["processing", 75],
      ["completed", 100],
    ]);
    expect(await balance()).toBe(10_000 - 50);
    const done = TaskSchema.parse(await task(id));
    expect(done.result_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/results\/[0-9a-f]{32}\/result\.mp4$/);
    expect(done.result_url_expires_at?.getTime()).toBe(harness.clock.now + 24 * 60 * 60_000);
  });

  /** 150 words: one minute of speech at speed 1.0, so the audio charges equal the per-minute prices. */
  const minuteOfSpeech = "word ".repeat(150);

  it.each([
    // Two linked photos, 3 s each: 6 s at 30 a minute.
    [
      "video of two photos, silent",
      { type: "video", photos: ["https://e.com/a.jpg", "https://e.com/b.jpg"] },
      3,
    ],
    // Three words of narration (1.2 s): 0.6 for the video, 0.12 for provider_a's voice, 50 for auto-text.
    [
      "video with auto-text",
      { type: "video", photos: ["https://e.com/a.jpg"], text: "A short narration", auto_text: true },
      51,
    ],
    // One photo (3 s, 1.5 tokens) and two cards at 30: 61.5, rounded up.
    [
      "video with two manual cards",
      {
        type: "video",
        photos: ["https://e.com/a.jpg"],
        ai_graphics: true,
        ai_graphics_mode: "manual",
        ai_graphics_directives: "00:01 subscribe\n00:02 like",
      },
      62,
    ],
    // One photo (1.5 tokens) and static captions: frame overlays at 30 a render.
    [
      "video with static captions",
      { type: "video", photos: ["https://e.com/a.jpg"], text_overlays: [{ text: "Sale" }] },
      32,
    ],
    ["audio, provider_a standard voice", { type: "audio", text: minuteOfSpeech }, 6],
    [
      "audio, provider_a neural voice",
      { type: "audio", text: minuteOfSpeech, tts_voice: "en-US-AvaNeural" },
      27,
    ],
    ["audio, provider_b", { type: "audio", text: minuteOfSpeech, tts_provider: "provider_b" }, 41],
    ["audio, provider_c", { type: "audio", text: minuteOfSpeech, tts_provider: "provider_c" }, 27],
    ["audio, provider_d (free)", { type: "audio", text: minuteOfSpeech, tts_provider: "provider_d" }, 0],
    ["audio, provider_e", { type: "audio", text: minuteOfSpeech, tts_provider: "provider_e" }, 14],
    ["audio, provider_f", { type: "audio", text: minuteOfSpeech, tts_provider: "provider_f" }, 17],
    // 80 s of speech at 41 a minute is 54.67, rounded up once.
    [
      "audio of 200 words (80 s), prorated",
      { type: "audio", text: "word ".repeat(200), tts_provider: "provider_b" },
      55,
    ],
    // Two words (0.8 s) at 6 a minute: 0.08, still one whole token.
    ["audio of two words", { type: "audio", text: "Hello there" }, 1],
    // Linked media is not fetched: it counts as 60 s.
    ["transcription of a link", { type: "transcription", file: "https://e.com/a.mp3" }, 40],
    ["subtitles of a link", { type: "subtitles", file: "https://e.com/a.mp4" }, 50],
    [
      "subtitles of a link, translated",
      { type: "subtitles", file: "https://e.com/a.mp4", translate_to: "fr" },
      60,
    ],
    ["pause_removal of a link", { type: "pause_removal", file: "https://e.com/a.mp4" }, 50],
    ["smart_clip of a link", { type: "smart_clip", file: "https://e.com/a.mp4" }, 80],
    [
      "dubbing of a link, provider_d",
      { type: "dubbing", mode: "auto", file: "https://e.com/a.mp4", target_lang: "es" },
      100,
    ],
    [
      "dubbing of a link, provider_b",
      {
        type: "dubbing",
        mode: "auto",
        file: "https://e.com/a.mp4",
        target_lang: "es",
        tts_provider: "provider_b",
      },
      141,
    ],
    // The price table has no motion row: a plan feature, not tokens.
    ["motion", { type: "motion", text: "Three facts about owls" }, 0],
  ])("charges %s by the price table", async (_name, request, tokens) => {
    const id = await create(request);
    const done = await harness.finish(id);
    expect(done.status).toBe("completed");
    expect(await balance()).toBe(10_000 - tokens);
  });

  it("charges nothing on a quota tariff", async () => {
    harness.sandbox.accounts.setTariff(USER_ID, { name: "Pro", expiresAt: undefined });
    await harness.finish(await create({ type: "smart_clip", file: "https://e.com/a.mp4" }));
    harness.sandbox.accounts.setTariff(USER_ID, undefined);
    expect(await balance()).toBe(10_000);
  });

  it("fails a task uncharged when the balance was spent by another task meanwhile", async () => {
    harness.sandbox.accounts.setBalance(USER_ID, 100);
    const first = await create({ type: "smart_clip", file: "https://e.com/a.mp4" });
    const second = await create({ type: "smart_clip", file: "https://e.com/b.mp4" });
    expect((await harness.finish(first)).status).toBe("completed");
    const late = await harness.finish(second);
    expect(late).toMatchObject({ status: "failed", error_message: expect.stringMatching(/tokens/) });
    expect(await balance()).toBe(20);
  });

  it("steps on its own timer with autoStep", async () => {
    await harness.close();
    harness = await startHarness({ autoStep: true, stepMs: 2 });
    const id = await create({ type: "audio", text: "hi", webhook_url: receiver.url });
    await harness.sandbox.idle();
    expect((await task(id)).status).toBe("completed");
    expect(receiver.received).toEqual([{ task_id: id, status: "completed", result_url: expect.any(String) }]);
  });
});

describe("webhooks and the messenger hook", () => {
  it("posts {task_id, status, result_url} to the webhook_url on completion", async () => {
    const id = await create({ type: "audio", text: "hi", webhook_url: receiver.url });
    const done = await harness.finish(id);
    expect(receiver.received).toEqual([{ task_id: id, status: "completed", result_url: done.result_url }]);
  });

  it("posts status failed with no result_url for a failed task and charges nothing", async () => {
    harness.sandbox.faults.failTasks(1, "Render failed: the codec is not supported");
    const id = await create({
      type: "pause_removal",
      file: "https://e.com/a.mp4",
      webhook_url: receiver.url,
    });
    const done = await harness.finish(id);
    expect(done).toMatchObject({
      status: "failed",
      error_message: "Render failed: the codec is not supported",
      result_url: null,
    });
    expect(receiver.received).toEqual([{ task_id: id, status: "failed", result_url: null }]);
    expect(await balance()).toBe(10_000);
    const next = await harness.finish(await create({ type: "pause_removal", file: "https://e.com/a.mp4" }));
    expect(next.status).toBe("completed");
  });

  it("calls the messenger hook only for tasks with send_to_messenger", async () => {
    await harness.close();
    const calls: Array<{ task_id: number; user_id: number }> = [];
    harness = await startHarness({
      messengerHook: async (finished) => {
        calls.push(finished);
      },
    });
    const delivered = await create({ type: "audio", text: "hi", send_to_messenger: true });
    const quiet = await create({ type: "audio", text: "hi" });
    await harness.finish(delivered);
    await harness.finish(quiet);
    expect(calls).toEqual([{ task_id: delivered, user_id: USER_ID }]);
  });
});

describe("result files", () => {
  it.each([
    ["video", { type: "video", photos: ["https://e.com/a.jpg"] }, "mp4"],
    ["subtitles", { type: "subtitles", file: "https://e.com/a.mp4" }, "mp4"],
    ["pause_removal", { type: "pause_removal", file: "https://e.com/a.mp4" }, "mp4"],
    ["dubbing", { type: "dubbing", mode: "auto", file: "https://e.com/a.mp4", target_lang: "es" }, "mp4"],
    ["motion", { type: "motion", text: "Owls" }, "mp4"],
    ["audio", { type: "audio", text: "hi" }, "mp3"],
  ])("serves a %s result whose bytes are %s", async (_name, request, ext) => {
    const done = await harness.finish(await create(request));
    const file = await download(done.result_url ?? "");
    expect(file.status).toBe(200);
    expect((await fileTypeFromBuffer(file.bytes))?.ext).toBe(ext);
  });

  it("serves a transcript naming the uploaded file and its size, as TXT and SRT", async () => {
    const uploaded = (await (await harness.upload("sample.mp3")).json()) as {
      upload_id: string;
      size_bytes: number;
    };
    const id = await create({
      type: "transcription",
      file: uploaded.upload_id,
      language: "en",
      ai_prompt: "A cooking show",
    });
    const done = await harness.finish(id);
    const txt = (await download(done.result_urls?.txt_url ?? "")).bytes.toString("utf8");
    const srt = (await download(done.result_urls?.srt_url ?? "")).bytes.toString("utf8");
    expect(txt).toContain(`sample.mp3 (${uploaded.size_bytes} bytes)`);
    expect(txt).toMatch(/A cooking show/);
    expect(srt).toMatch(/^1\n00:00:00,000 --> 00:00:02,000\nTranscript of sample\.mp3/);
    expect(done.result_url).toBe(done.result_urls?.txt_url);
  });

  it("follows output_format: srt only", async () => {
    const done = await harness.finish(
      await create({ type: "transcription", file: "https://e.com/a.mp3", output_format: "srt" }),
    );
    expect(done.result_urls).toEqual({ srt_url: expect.stringMatching(/\.srt$/) });
  });

  it("returns the editable SRT for dubbing semi_auto transcribe", async () => {
    const done = await harness.finish(
      await create({
        type: "dubbing",
        mode: "semi_auto",
        step: "transcribe",
        file: "https://e.com/a.mp4",
        target_lang: "de",
      }),
    );
    const srt = (await download(done.result_url ?? "")).bytes.toString("utf8");
    expect(srt).toMatch(/^1\n00:00:00,000 --> 00:00:02,000\n/);
    expect(srt).toMatch(/to de/);
  });

  it("returns several clips for smart_clip, result_url being the first", async () => {
    const done = await harness.finish(
      await create({ type: "smart_clip", file: "https://e.com/a.mp4", max_clips: 3 }),
    );
    const clips = done.result_urls?.clips ?? [];
    expect(clips).toHaveLength(3);
    expect(done.result_url).toBe(clips[0]?.result_url);
    expect(clips.map((clip) => clip.index)).toEqual([1, 2, 3]);
    for (const clip of clips) {
      expect(clip.end - clip.start).toBe(clip.duration);
      expect(clip.score).toBeGreaterThanOrEqual(1);
      expect(clip.title).not.toBe("");
      expect((await fileTypeFromBuffer((await download(clip.result_url)).bytes))?.ext).toBe("mp4");
    }
    expect(TaskSchema.safeParse(done).success).toBe(true);
  });

  it("answers 404 for a result link after result_url_expires_at", async () => {
    const done = await harness.finish(await create({ type: "audio", text: "hi" }));
    const url = done.result_url ?? "";
    harness.clock.advance(24 * 60 * 60_000 - 1);
    expect((await download(url)).status).toBe(200);
    harness.clock.advance(1);
    expect((await download(url)).status).toBe(404);
  });
});

describe("task and webhook faults", () => {
  it("slows the next task down: it takes factor times as many steps", async () => {
    harness.sandbox.faults.slowTasks(1, 3);
    const slow = await create({ type: "audio", text: "slow" });
    const normal = await create({ type: "audio", text: "normal" });
    harness.sandbox.step(5);
    expect((await task(normal)).status).toBe("completed");
    expect((await task(slow)).status).toBe("processing");
    harness.sandbox.step(9);
    expect((await task(slow)).status).toBe("processing");
    harness.sandbox.step(1);
    expect((await task(slow)).status).toBe("completed");
  });

  it("never sends a dropped webhook, and sends the next one", async () => {
    harness.sandbox.faults.dropWebhooks(1);
    const dropped = await create({ type: "audio", text: "a", webhook_url: receiver.url });
    await harness.finish(dropped);
    const sent = await create({ type: "audio", text: "b", webhook_url: receiver.url });
    await harness.finish(sent);
    expect(receiver.received.map((body) => body.task_id)).toEqual([sent]);
  });

  it("sends a duplicated webhook twice", async () => {
    harness.sandbox.faults.duplicateWebhooks(1);
    const id = await create({ type: "audio", text: "a", webhook_url: receiver.url });
    await harness.finish(id);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0]).toEqual(receiver.received[1]);
  });

  it("sends a late webhook after webhooks of tasks that finished later", async () => {
    harness.sandbox.faults.lateWebhooks(1, 1500);
    const late = await create({ type: "audio", text: "a", webhook_url: receiver.url });
    harness.sandbox.step(5);
    const prompt = await create({ type: "audio", text: "b", webhook_url: receiver.url });
    await harness.finish(prompt);
    await harness.sandbox.idle();
    expect(receiver.received.map((body) => body.task_id)).toEqual([prompt, late]);
  });

  it("follows the final webhook with a stale processing one", async () => {
    harness.sandbox.faults.staleWebhooks(1);
    const id = await create({ type: "audio", text: "a", webhook_url: receiver.url });
    const done = await harness.finish(id);
    expect(receiver.received).toEqual([
      { task_id: id, status: "completed", result_url: done.result_url },
      { task_id: id, status: "processing", result_url: null },
    ]);
  });

  it("fails only as many tasks as armed", async () => {
    harness.sandbox.faults.failTasks(2);
    const ids = [
      await create({ type: "audio", text: "a" }),
      await create({ type: "audio", text: "b" }),
      await create({ type: "audio", text: "c" }),
    ];
    const statuses = [];
    for (const id of ids) statuses.push((await harness.finish(id)).status);
    expect(statuses).toEqual(["failed", "failed", "completed"]);
  });

  it("disarms everything on reset", async () => {
    harness.sandbox.faults.apply({
      failTasks: { count: 1 },
      dropWebhooks: 1,
      httpErrors: { status: 503, count: 1 },
    });
    harness.sandbox.faults.reset();
    expect((await harness.get("/v1/me")).status).toBe(200);
    const id = await create({ type: "audio", text: "a", webhook_url: receiver.url });
    expect((await harness.finish(id)).status).toBe("completed");
    expect(receiver.received).toHaveLength(1);
  });
});
