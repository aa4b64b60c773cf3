import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  ProfileSchema,
  TaskListSchema,
  TaskSchema,
  UploadResponseSchema,
} from "../../../src/tasks-service/responses.js";
import { type Harness, KEY, OTHER_KEY, startHarness, USER_ID } from "./harness.js";

let harness: Harness;

beforeEach(async () => {
  harness = await startHarness();
});
afterEach(async () => {
  await harness.close();
});

const detailOf = async (response: Response) => ((await response.json()) as { detail: string }).detail;

describe("health and authentication", () => {
  it("answers /health without a key", async () => {
    const response = await harness.get("/health", null);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", service: "media-task-service-sandbox" });
  });

  it.each([
    ["no key", null],
    ["an unknown key", `cmp_AbCdEfGh_${"z".repeat(32)}`],
    ["garbage", "not-a-key"],
  ])("refuses %s with 401 and a detail", async (_name, key) => {
    for (const path of ["/v1/me", "/v1/tasks", "/v1/tasks/1001"]) {
      const response = await harness.get(path, key);
      expect(response.status).toBe(401);
      expect(await detailOf(response)).toMatch(/X-API-Key/);
    }
    expect((await harness.post("/v1/tasks", { type: "audio", text: "hi" }, key)).status).toBe(401);
  });
});

describe("GET /v1/me", () => {
  it("returns the token profile with the key's id part and the next reset date", async () => {
    const body = await (await harness.get("/v1/me")).json();
    expect(body).toMatchObject({
      user_id: USER_ID,
      token_balance: 10_000,
      api_key_prefix: "AbCdEfGh",
      api_key_created_at: "2026-11-22T10:00:00.000000",
      usage: { used_seconds_this_month: 0, limit_reset_date: "2026-12-01T00:00:00.000000" },
      limits: { max_photos: 30, max_file_size_mb: 500, can_dub: true },
    });
    const profile = ProfileSchema.parse(body);
    expect(profile.billing).toBe("tokens");
  });

  it("answers the quota variant for a user on a tariff", async () => {
    harness.sandbox.accounts.setTariff(USER_ID, { name: "Pro", expiresAt: new Date(Date.UTC(2027, 0, 1)) });
    const body = (await (await harness.get("/v1/me")).json()) as Record<string, unknown>;
    expect(body).toMatchObject({ tariff: "Pro", tariff_expires_at: "2027-01-01T00:00:00.000000" });
    expect(body).not.toHaveProperty("token_balance");
    expect(ProfileSchema.parse(body).billing).toBe("quota");
  });
});

describe("POST /v1/uploads", () => {
  it.each([
    "sample.jpg",
    "sample.png",
    "sample.webp",
    "sample.mp4",
    "sample.mov",
    "sample.avi",
    "sample.mp3",
    "sample.wav",
    "sample.m4a",
    "sample.srt",
  ])("accepts %s detected from its bytes", async (fixture) => {
    const response = await harness.upload(fixture);
    expect(response.status).toBe(200);
    const body = UploadResponseSchema.parse(await response.json());
    expect(body.filename).toBe(fixture);
    expect(body.size_bytes).toBeGreaterThan(0);
  });

  it("detects by content, not by name: an MP4 called notes.txt is accepted, text called movie.mp4 is not", async () => {
    const { readFile } = await import("node:fs/promises");
    const { FIXTURES_DIR } = await import("../../../dev/tasks-sandbox/index.js");
    const mp4 = await readFile(`${FIXTURES_DIR}sample.mp4`);
    expect((await harness.upload({ bytes: mp4, filename: "notes.txt" })).status).toBe(200);
    const text = await harness.upload({ bytes: Buffer.from("just some words\n"), filename: "movie.mp4" });
    expect(text.status).toBe(415);
  });

  it("refuses a voice note (OGG Opus) with 415", async () => {
    const response = await harness.upload("voice.ogg");
    expect(response.status).toBe(415);
    expect(await detailOf(response)).toMatch(/Unsupported file type/);
  });

  it("refuses a body without a part named file with 422", async () => {
    const form = new FormData();
    form.set("document", new Blob([Buffer.from("x")]), "a.txt");
    const response = await fetch(`${harness.sandbox.baseUrl}/v1/uploads`, {
      method: "POST",
      headers: { "x-api-key": KEY },
      body: form,
    });
    expect(response.status).toBe(422);
  });

  it("refuses a file over the size limit with 413 and keeps accepting smaller ones", async () => {
    await harness.close();
    harness = await startHarness({ maxUploadBytes: 64 * 1024 });
    const big = new Uint8Array(200 * 1024);
    big.set(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
    const response = await harness.upload({ bytes: big, filename: "big.jpg" });
    expect(response.status).toBe(413);
    expect((await harness.upload("sample.jpg")).status).toBe(200);
  });
});

describe("POST /v1/tasks: validation", () => {
  const accepted: Array<[string, (ids: Record<string, string>) => Record<string, unknown>]> = [
    [
      "video from photos with narration",
      (ids) => ({ type: "video", photos: [ids.jpg, ids.png], text: "Hello {scene} world" }),
    ],
    [
      "video from a link",
      () => ({ type: "video", photos: ["https://example.com/a.jpg"], transition: "crossfade" }),
    ],
    ["transcription", (ids) => ({ type: "transcription", file: ids.mp3, output_format: "srt" })],
    [
      "audio",
      () => ({ type: "audio", text: "Read this aloud", tts_provider: "provider_b", tts_style: "calm" }),
    ],
    ["subtitles with translation", (ids) => ({ type: "subtitles", file: ids.mp4, translate_to: "de" })],
    ["pause_removal", (ids) => ({ type: "pause_removal", file: ids.mp4 })],
    ["dubbing auto", (ids) => ({ type: "dubbing", mode: "auto", file: ids.mp4, target_lang: "es" })],
    [
      "dubbing semi_auto transcribe",
      (ids) => ({ type: "dubbing", mode: "semi_auto", step: "transcribe", file: ids.mp4, target_lang: "es" }),
    ],
    [
      "dubbing semi_auto render",
      (ids) => ({
        type: "dubbing",
        mode: "semi_auto",
        step: "render",
        file: ids.mp4,
        srt_file: ids.srt,
        target_lang: "es",
      }),
    ],
    [
      "dubbing manual",
      (ids) => ({ type: "dubbing", mode: "manual", file: ids.mp4, srt_file: ids.srt, target_lang: "uk" }),
    ],
    ["smart_clip", (ids) => ({ type: "smart_clip", file: ids.mp4, max_clips: 2 })],
    ["motion from text", () => ({ type: "motion", text: "Three facts about owls" })],
    [
      "https webhook",
      () => ({ type: "audio", text: "hi", webhook_url: "https://bot.example/hooks/tasks/t" }),
    ],
  ];

  async function uploads(): Promise<Record<string, string>> {
    return {
      jpg: await harness.uploadId("sample.jpg"),
      png: await harness.uploadId("sample.png"),
      mp3: await harness.uploadId("sample.mp3"),
      mp4: await harness.uploadId("sample.mp4"),
      srt: await harness.uploadId("sample.srt"),
    };
  }

  it("accepts a valid request of every type with 200 and status pending", async () => {
    const ids = await uploads();
    for (const [name, build] of accepted) {
      const response = await harness.post("/v1/tasks", build(ids));
      expect(response.status, name).toBe(200);
      const body = (await response.json()) as { task_id: number; status: string };
      expect(body.status, name).toBe("pending");
      expect(Number.isInteger(body.task_id), name).toBe(true);
    }
  });

  const rejected: Array<[string, unknown, RegExp]> = [
    ["unknown type", { type: "translate", file: "https://example.com/a.mp4" }, /type/],
    ["video without media", { type: "video", photos: [] }, /photos/],
    ["video with 31 media", { type: "video", photos: Array(31).fill("https://example.com/a.jpg") }, /photos/],
    ["tts_style on provider_a", { type: "audio", text: "hi", tts_style: "calm" }, /tts_style/],
    ["speed not in the list", { type: "audio", text: "hi", tts_speed: 2 }, /tts_speed/],
    ["audio without text", { type: "audio" }, /text/],
    ["an unknown field", { type: "pause_removal", file: "https://example.com/a.mp4", speed: 2 }, /speed/],
    ["a file over plain http", { type: "pause_removal", file: "http://example.com/a.mp4" }, /file/],
    [
      "bgm_volume above 1",
      { type: "video", photos: ["https://example.com/a.jpg"], bgm_volume: 1.5 },
      /bgm_volume/,
    ],
    [
      "overlay_volume above 100",
      { type: "dubbing", mode: "auto", file: "https://e.com/a.mp4", target_lang: "de", overlay_volume: 101 },
      /overlay_volume/,
    ],
    [
      "dubbing without target_lang",
      { type: "dubbing", mode: "auto", file: "https://e.com/a.mp4" },
      /target_lang/,
    ],
    ["motion voice without file", { type: "motion", source: "voice" }, /file/],
    [
      "scene durations that do not match the media",
      { type: "video", photos: ["https://e.com/a.jpg"], scene_durations: [2, 3] },
      /scene_durations/,
    ],
    [
      "tts_speed on dubbing, which the spec does not list there",
      { type: "dubbing", mode: "auto", file: "https://e.com/a.mp4", target_lang: "de", tts_speed: 1.2 },
      /tts_speed/,
    ],
    [
      "a webhook that is no web link",
      { type: "audio", text: "hi", webhook_url: "ftp://bot.example/hook" },
      /webhook_url/,
    ],
    ["not JSON", "{type:", /JSON/],
    ["a JSON array", [], /object/],
  ];

  it.each(rejected)("refuses %s with 422 and a detail naming the field", async (_name, body, field) => {
    const response = await harness.post("/v1/tasks", body);
    expect(response.status).toBe(422);
    expect(await detailOf(response)).toMatch(field);
  });

  it("refuses an http webhook unless the sandbox allows local receivers", async () => {
    await harness.close();
    harness = await startHarness({ allowHttpWebhooks: false });
    const body = { type: "audio", text: "hi", webhook_url: "http://127.0.0.1:9/hook" };
    expect((await harness.post("/v1/tasks", body)).status).toBe(422);
  });
});

describe("POST /v1/tasks: files, plan and balance", () => {
  it("answers 404 for an unknown upload id", async () => {
    const response = await harness.post("/v1/tasks", { type: "pause_removal", file: randomUUID() });
    expect(response.status).toBe(404);
  });

  it("answers 404 for another user's upload", async () => {
    const theirs = await harness.uploadId("sample.mp4", OTHER_KEY);
    expect((await harness.post("/v1/tasks", { type: "pause_removal", file: theirs })).status).toBe(404);
    expect((await harness.post("/v1/tasks", { type: "pause_removal", file: theirs }, OTHER_KEY)).status).toBe(
      200,
    );
  });

  it("keeps an upload for 2 hours and answers 404 after", async () => {
    const id = await harness.uploadId("sample.mp4");
    harness.clock.advance(2 * 60 * 60_000 - 1000);
    expect((await harness.post("/v1/tasks", { type: "pause_removal", file: id })).status).toBe(200);
    harness.clock.advance(1000);
    const response = await harness.post("/v1/tasks", { type: "pause_removal", file: id });
    expect(response.status).toBe(404);
    expect(await detailOf(response)).toMatch(/expired/);
  });

  it.each([
    [
      "an image to transcribe",
      "sample.jpg",
      (id: string) => ({ type: "transcription", file: id }),
      /file: expected an audio or video file, got an upload of JPG/,
    ],
    [
      "audio among a video's photos",
      "sample.mp3",
      (id: string) => ({ type: "video", photos: [id] }),
      /photos.0: expected an image or a video clip/,
    ],
    [
      "a WAV as background music",
      "sample.wav",
      (id: string) => ({ type: "video", photos: ["https://e.com/a.jpg"], bgm_file: id }),
      /bgm_file: expected an MP3/,
    ],
    [
      "audio to burn subtitles into",
      "sample.m4a",
      (id: string) => ({ type: "subtitles", file: id }),
      /file: expected a video/,
    ],
    [
      "a video as a dubbing's SRT",
      "sample.mp4",
      (id: string) => ({
        type: "dubbing",
        mode: "manual",
        file: "https://e.com/a.mp4",
        srt_file: id,
        target_lang: "es",
      }),
      /srt_file: expected an SRT file/,
    ],
    [
      "an image as a motion voice-over",
      "sample.png",
      (id: string) => ({ type: "motion", source: "voice", file: id }),
      /file: expected an audio or video file/,
    ],
  ])("answers 422 for %s", async (_name, fixture, build, detail) => {
    const response = await harness.post("/v1/tasks", build(await harness.uploadId(fixture)));
    expect(response.status).toBe(422);
    expect(await detailOf(response)).toMatch(detail);
  });

  it("answers 422 for a manual dubbing whose SRT runs past the end of the uploaded video", async () => {
    const video = await harness.uploadId("sample.mp4");
    const fits = await harness.uploadId("sample.srt");
    const dubbing = { type: "dubbing", mode: "manual", file: video, target_lang: "es" };
    expect((await harness.post("/v1/tasks", { ...dubbing, srt_file: fits })).status).toBe(200);
    const long = Buffer.from(
      "1\n00:00:00,000 --> 00:00:01,000\nHi\n\n2\n00:00:01,500 --> 00:00:02,001\nBye\n",
    );
    const tooLong = await harness.uploadId({ bytes: long, filename: "long.srt" });
    const response = await harness.post("/v1/tasks", { ...dubbing, srt_file: tooLong });
    expect(response.status).toBe(422);
    expect(await detailOf(response)).toMatch(
      /srt_file: a timecode reaches 2.001 s, past the end of the video \(2.000 s\)/,
    );
  });

  it.each([
    ["smart_clip", { smartClip: false }, { type: "smart_clip", file: "https://e.com/long.mp4" }],
    ["motion", { motion: false }, { type: "motion", text: "Owls" }],
    [
      "cards",
      { cards: false },
      { type: "subtitles", file: "https://e.com/a.mp4", ai_graphics: true, ai_graphics_mode: "auto" },
    ],
  ])("answers 403 for %s when the plan lacks it", async (_name, plan, request) => {
    harness.sandbox.accounts.setPlan(USER_ID, plan);
    const response = await harness.post("/v1/tasks", request);
    expect(response.status).toBe(403);
    expect((await harness.post("/v1/tasks", request, OTHER_KEY)).status).toBe(200);
  });

  it("answers 402 when the balance cannot pay the estimate", async () => {
    harness.sandbox.accounts.setBalance(USER_ID, 79);
    // 80 tokens a minute of input; a link is not fetched and counts as one minute.
    const clip = { type: "smart_clip", file: "https://e.com/long.mp4" };
    expect((await harness.post("/v1/tasks", clip)).status).toBe(402);
    harness.sandbox.accounts.setBalance(USER_ID, 80);
    expect((await harness.post("/v1/tasks", clip)).status).toBe(200);
  });

  it("answers 402 when the balance pays the video but not its auto-text", async () => {
    // The narrated photo costs 1 token; auto-text adds 50.
    harness.sandbox.accounts.setBalance(USER_ID, 50);
    const video = { type: "video", photos: ["https://e.com/a.jpg"], text: "A short narration" };
    expect((await harness.post("/v1/tasks", { ...video, auto_text: true })).status).toBe(402);
    expect((await harness.post("/v1/tasks", video)).status).toBe(200);
  });

  it("does not answer 402 on a quota tariff", async () => {
    harness.sandbox.accounts.setBalance(USER_ID, 0);
    harness.sandbox.accounts.setTariff(USER_ID, { name: "Standard", expiresAt: undefined });
    expect(
      (await harness.post("/v1/tasks", { type: "pause_removal", file: "https://e.com/a.mp4" })).status,
    ).toBe(200);
  });
});

describe("GET /v1/tasks", () => {
  it("pages the user's tasks newest first with limit and offset and hides other users' tasks", async () => {
    const ids: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      const created = await harness.post("/v1/tasks", { type: "audio", text: `text ${index}` });
      ids.push(((await created.json()) as { task_id: number }).task_id);
    }
    await harness.post("/v1/tasks", { type: "audio", text: "theirs" }, OTHER_KEY);

    const page = (await (await harness.get("/v1/tasks?limit=2&offset=1")).json()) as Record<string, unknown>;
    expect(page).toMatchObject({ total: 5, limit: 2, offset: 1 });
    const tasks = TaskListSchema.parse(page);
    expect(tasks.map((task) => task.task_id)).toEqual([ids[3], ids[2]]);

    const all = (await (await harness.get("/v1/tasks")).json()) as { limit: number; tasks: unknown[] };
    expect(all.limit).toBe(20);
    expect(all.tasks).toHaveLength(5);
  });

  it.each(["limit=101", "limit=0", "limit=abc", "offset=-1"])("answers 422 for %s", async (query) => {
    expect((await harness.get(`/v1/tasks?${query}`)).status).toBe(422);
  });

  it("accepts limit=100", async () => {
    expect((await harness.get("/v1/tasks?limit=100")).status).toBe(200);
  });
});

describe("GET /v1/tasks/{id}", () => {
  it("returns the task object the client's schema reads", async () => {
    const created = await harness.post("/v1/tasks", { type: "audio", text: "hello" });
    const { task_id } = (await created.json()) as { task_id: number };
    const task = TaskSchema.parse(await (await harness.get(`/v1/tasks/${task_id}`)).json());
    expect(task).toMatchObject({
      task_id,
      type: "voiceover",
      status: "pending",
      progress: 0,
      result_url: null,
    });
  });

  it("answers 404 for an unknown id and for another user's task", async () => {
    expect((await harness.get("/v1/tasks/999999")).status).toBe(404);
    expect((await harness.get("/v1/tasks/abc")).status).toBe(404);
    const created = await harness.post("/v1/tasks", { type: "audio", text: "mine" });
    const { task_id } = (await created.json()) as { task_id: number };
    expect((await harness.get(`/v1/tasks/${task_id}`, OTHER_KEY)).status).toBe(404);
  });
});

describe("rate limits", () => {
  it("allows 30 requests a minute per key, then 429 with Retry-After until the window moves", async () => {
    for (let index = 0; index < 30; index += 1) {
      harness.clock.advance(1000);
      expect((await harness.get("/v1/me")).status).toBe(200);
    }
    const limited = await harness.get("/v1/me");
    expect(limited.status).toBe(429);
    // The first of the 30 was 30 s ago; it leaves the window in 31 s.
    expect(limited.headers.get("retry-after")).toBe("31");
    expect((await harness.get("/v1/me", OTHER_KEY)).status).toBe(200);
    harness.clock.advance(31_000);
    expect((await harness.get("/v1/me")).status).toBe(200);
  });

  it("allows 20 uploads a minute per key", async () => {
    for (let index = 0; index < 20; index += 1) expect((await harness.upload("sample.png")).status).toBe(200);
    const limited = await harness.upload("sample.png");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await harness.get("/v1/me")).status).toBe(200);
  });

  it("does not count refused requests against the budget", async () => {
    for (let index = 0; index < 20; index += 1) expect((await harness.upload("sample.png")).status).toBe(200);
    for (let index = 0; index < 5; index += 1) expect((await harness.upload("sample.png")).status).toBe(429);
    for (let index = 0; index < 10; index += 1) expect((await harness.get("/v1/me")).status).toBe(200);
    expect((await harness.get("/v1/me")).status).toBe(429);
  });

  it("can be switched off", async () => {
    await harness.close();
    harness = await startHarness({ rateLimits: false });
    for (let index = 0; index < 40; index += 1) expect((await harness.get("/v1/me")).status).toBe(200);
  });
});

describe("request faults", () => {
  it.each([429, 503] as const)(
    "answers the next N requests with %i and Retry-After, then recovers",
    async (status) => {
      harness.sandbox.faults.failRequests(2, status, 7);
      for (let index = 0; index < 2; index += 1) {
        const response = await harness.get("/v1/me");
        expect(response.status).toBe(status);
        expect(response.headers.get("retry-after")).toBe("7");
      }
      expect((await harness.get("/v1/me")).status).toBe(200);
      expect((await harness.get("/health", null)).status).toBe(200);
    },
  );

  it("makes the next task, then answers its creation with 500: the task is listed and runs", async () => {
    harness.sandbox.faults.failAfterCreating(1);
    const failed = await harness.post("/v1/tasks", { type: "audio", text: "Hello there" });
    expect(failed.status).toBe(500);
    const page = (await (await harness.get("/v1/tasks")).json()) as { tasks: Array<{ task_id: number }> };
    expect(page.tasks).toHaveLength(1);
    const [made] = page.tasks;
    expect((await harness.finish(made?.task_id ?? 0)).status).toBe("completed");
    expect((await harness.post("/v1/tasks", { type: "audio", text: "Hello again" })).status).toBe(200);
  });

  it("arms faults from the start options", async () => {
    await harness.close();
    harness = await startHarness({ faults: { httpErrors: { status: 503, count: 1 } } });
    expect((await harness.get("/v1/me")).status).toBe(503);
    expect((await harness.get("/v1/me")).status).toBe(200);
  });
});
