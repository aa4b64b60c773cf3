import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { silentWav } from "../../support/silent-wav.js";
import { type Harness, startHarness, USER_ID } from "./harness.js";

let harness: Harness;

// Each charge takes a few status polls; the per-key rate limits are tested elsewhere.
beforeEach(async () => {
  harness = await startHarness({ rateLimits: false });
});
afterEach(async () => {
  await harness.close();
});

/** Seconds of each fixture, as its own header says (and ffprobe agrees). */
const SECONDS = {
  "sample.mp4": 2,
  "sample.mov": 2,
  "sample.m4a": 2,
  "sample.mp3": (79 * 576) / 22_050,
  "sample.wav": 0.5,
  "sample.avi": 1,
} as const;

/** The spec's price table, tokens per minute unless named per render or per element. */
const PRICE = {
  video: 30,
  transcription: 40,
  subtitles: 50,
  translatedSubtitles: 60,
  pauseRemoval: 50,
  smartClip: 80,
  dubbing: 100,
  providerB: 41,
  providerF: 17,
  autoText: 50,
  card: 30,
} as const;

/** The price table times the real length, in seconds, rounded up to a whole token once. */
function charge(perMinute: number, seconds: number, extras = 0): number {
  return Math.ceil((perMinute * seconds) / 60 + extras);
}

async function balance(): Promise<number> {
  return ((await (await harness.get("/v1/me")).json()) as { token_balance: number }).token_balance;
}

/** Creates the task, runs it to the end and returns what it cost. */
async function cost(request: Record<string, unknown>): Promise<number> {
  const before = await balance();
  const created = await harness.post("/v1/tasks", request);
  if (created.status !== 200) throw new Error(`create gave ${created.status}: ${await created.text()}`);
  const { task_id } = (await created.json()) as { task_id: number };
  expect((await harness.finish(task_id)).status).toBe("completed");
  return before - (await balance());
}

function box(type: string, content: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + content.length, 0);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, content]);
}

/** An MP4 with no media, only the header that says it plays `seconds` (timescale 1000). */
function mp4Of(seconds: number): Uint8Array {
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(seconds * 1000, 16);
  return Buffer.concat([
    box("ftyp", Buffer.from("isom\0\0\x02\0isom", "latin1")),
    box("moov", box("mvhd", mvhd)),
  ]);
}

describe("charges by the media's real length", () => {
  it.each([
    ["sample.mp3", "transcription", PRICE.transcription],
    ["sample.wav", "transcription", PRICE.transcription],
    ["sample.m4a", "transcription", PRICE.transcription],
    ["sample.mp4", "pause_removal", PRICE.pauseRemoval],
    ["sample.mov", "subtitles", PRICE.subtitles],
    ["sample.avi", "smart_clip", PRICE.smartClip],
  ] as const)("%s: %s at %i a minute", async (fixture, type, perMinute) => {
    const file = await harness.uploadId(fixture);
    expect(await cost({ type, file })).toBe(charge(perMinute, SECONDS[fixture]));
  });

  it.each([
    ["sample.mp4", "provider_d", 0],
    ["sample.mov", "provider_b", PRICE.providerB],
    ["sample.avi", "provider_f", PRICE.providerF],
  ] as const)("dubbing %s with %s: 100 plus the voice's %i a minute", async (fixture, provider, voice) => {
    const file = await harness.uploadId(fixture);
    const request = { type: "dubbing", mode: "auto", file, target_lang: "es", tts_provider: provider };
    expect(await cost(request)).toBe(charge(PRICE.dubbing + voice, SECONDS[fixture]));
  });

  it("prorates seconds past the first minute: 90 s cost one and a half minutes", async () => {
    const talk = await harness.uploadId({ bytes: silentWav(90), filename: "talk.wav" });
    expect(await cost({ type: "transcription", file: talk })).toBe(60);
    const film = await harness.uploadId({ bytes: mp4Of(90), filename: "film.mp4" });
    expect(await cost({ type: "pause_removal", file: film })).toBe(75);
    expect(await cost({ type: "smart_clip", file: film })).toBe(120);
  });

  it("adds the per-render and per-element extras to the prorated price", async () => {
    const file = await harness.uploadId("sample.mp4");
    const autoText = PRICE.autoText;
    expect(await cost({ type: "smart_clip", file, auto_text: true })).toBe(
      charge(PRICE.smartClip, 2, autoText),
    );
    expect(await cost({ type: "subtitles", file, translate_to: "de", auto_text: true })).toBe(
      charge(PRICE.translatedSubtitles, 2, autoText),
    );
    // Cards in auto mode at density 1.5: the model places round(2 x 1.5) = 3.
    const cards = { ai_graphics: true, ai_graphics_mode: "auto", ai_graphics_density: 1.5 };
    expect(await cost({ type: "subtitles", file, ...cards })).toBe(
      charge(PRICE.subtitles, 2, 3 * PRICE.card),
    );
    const directives = { ai_graphics: true, ai_graphics_mode: "manual", ai_graphics_directives: "end like" };
    const dubbing = { type: "dubbing", mode: "auto", file, target_lang: "de" };
    expect(await cost({ ...dubbing, auto_text: true, ...directives })).toBe(
      charge(PRICE.dubbing, 2, autoText + PRICE.card),
    );
  });

  it("charges a silent video by its photos (3 s each) and clips (their own length)", async () => {
    const photos = [await harness.uploadId("sample.jpg"), await harness.uploadId("sample.mp4")];
    expect(await cost({ type: "video", photos })).toBe(charge(PRICE.video, 3 + 2));
    const avi = await harness.uploadId("sample.avi");
    expect(await cost({ type: "video", photos: [avi, avi, avi] })).toBe(charge(PRICE.video, 3));
  });

  it("charges a video by its scene durations, or its narration sped up to target_duration at most x2", async () => {
    const photos = [await harness.uploadId("sample.png"), await harness.uploadId("sample.webp")];
    expect(await cost({ type: "video", photos, scene_durations: [50, 40] })).toBe(45);
    // 150 words: 60 s of narration, plus provider_b's voice for that minute.
    const narration = { type: "video", photos, text: "word ".repeat(150), tts_provider: "provider_b" };
    expect(await cost(narration)).toBe(30 + PRICE.providerB);
    // Sped up to 40 s; the voice is the same minute of speech.
    expect(await cost({ ...narration, target_duration: 40 })).toBe(20 + PRICE.providerB);
    // Never more than x2: 60 s of narration becomes at least 30 s.
    expect(await cost({ ...narration, target_duration: 10 })).toBe(15 + PRICE.providerB);
    // A target above the natural length leaves it as it is.
    expect(await cost({ ...narration, target_duration: 90 })).toBe(30 + PRICE.providerB);
  });

  it("charges auto-text only when there is a narration for it", async () => {
    const photos = [await harness.uploadId("sample.jpg")];
    expect(await cost({ type: "video", photos, auto_text: true })).toBe(charge(PRICE.video, 3));
  });

  it("charges semi_auto dubbing once, at its render step, and nothing for motion", async () => {
    const file = await harness.uploadId("sample.mp4");
    const srt = await harness.uploadId("sample.srt");
    const semi = { type: "dubbing", mode: "semi_auto", file, target_lang: "es" };
    expect(await cost({ ...semi, step: "transcribe" })).toBe(0);
    expect(await cost({ ...semi, step: "render", srt_file: srt, tts_provider: "provider_b" })).toBe(
      charge(PRICE.dubbing + PRICE.providerB, 2),
    );
    const voice = await harness.uploadId("sample.mp3");
    expect(await cost({ type: "motion", source: "voice", file: voice })).toBe(0);
  });

  it("counts a linked image as a still and linked audio or video as unmeasuredMediaSeconds", async () => {
    await harness.close();
    harness = await startHarness({ rateLimits: false, unmeasuredMediaSeconds: 90 });
    const photos = ["https://e.com/a.JPG", "https://e.com/clip.mp4?x=1"];
    expect(await cost({ type: "video", photos })).toBe(charge(PRICE.video, 3 + 90));
    expect(await cost({ type: "transcription", file: "https://e.com/talk" })).toBe(60);
  });

  it("answers 402 when the balance cannot pay the real length, and creates the task when it can", async () => {
    const file = await harness.uploadId("sample.mp4");
    const price = charge(PRICE.dubbing + PRICE.providerB, 2);
    const request = { type: "dubbing", mode: "auto", file, target_lang: "es", tts_provider: "provider_b" };
    harness.sandbox.accounts.setBalance(USER_ID, price - 1);
    expect((await harness.post("/v1/tasks", request)).status).toBe(402);
    harness.sandbox.accounts.setBalance(USER_ID, price);
    expect((await harness.post("/v1/tasks", request)).status).toBe(200);
  });
});
