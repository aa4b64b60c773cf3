/**
 * The generation service's video forms, driven as a user would, against the generation sandbox: clips from
 * text and from start frames, only the chosen model's options, the price a clip and a second, the
 * prompt-count rule explained on the card before anything is sent, and the exact requests (body and
 * headers) the service receives.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_PROMPTS } from "../../../dev/generation-sandbox/index.js";
import { createI18n } from "../../../src/bot/i18n.js";
import { FakeTasksService, tokenProfile } from "../../support/bot-fakes.js";
import { BotHarness, lastCall, type TestUser, textOf } from "../../support/bot-harness.js";
import { pressAction, toSummary } from "../../support/form-card-driver.js";
import { GenerationRig, JPEG, jpegPhoto } from "../../support/generation-rig.js";

let rig: GenerationRig;
afterEach(async () => rig?.close());

const KEY_PATTERN = /^[0-9a-f]{64}$/;
const FILE_ID = expect.stringMatching(/^file_/);

function videoCreates() {
  return rig.proxy.requests.filter(
    (entry) => entry.method === "POST" && entry.path === "/v1/videos/generations",
  );
}

function uploads() {
  return rig.proxy.requests.filter((entry) => entry.path === "/v1/files?kind=image");
}

function bodyOf(entry: { body: Buffer } | undefined): unknown {
  return JSON.parse(entry?.body.toString("utf8") ?? "null");
}

/** The sandbox finishes every generation, and the next poll brings the results to the chat. */
async function finishAndDeliver(user: TestUser): Promise<void> {
  rig.sandbox.step(10);
  await rig.pipeline.features.forms.records.schedulePoll(user.id, 0);
  await rig.pipeline.poller.tick();
  await rig.settle();
}

/** The file a multipart field names (`attach://<part>`), as the harness recorded it. */
function attached(payload: Record<string, unknown>, field: unknown): unknown {
  const part = typeof field === "string" ? field.replace(/^attach:\/\//, "") : "";
  return payload[part];
}

/** Photos sent as one album, then the intake's offer to bring them to life. */
async function openWithPhotos(user: TestUser, count: number, button = "Animate photos with AI") {
  let offer: ReturnType<typeof lastCall> | undefined;
  for (let index = 0; index < count; index++) {
    const calls = await rig.harness.sendMessage(user, {
      ...jpegPhoto(`frame${index + 1}`),
      ...(count > 1 ? { media_group_id: "frames" } : {}),
    });
    offer = lastCall(calls, index === 0 ? "sendMessage" : "editMessageText") ?? offer;
  }
  await rig.harness.press(user, BotHarness.button(offer, button));
}

/** The service's file id of each photo sent, by its Telegram id, as the batch recorded its uploads. */
async function uploadedFiles(): Promise<Map<string, string>> {
  const [key] = await rig.storage.kv.keys("generation-batch:");
  const record = await rig.pipeline.features.forms.records.get(key?.slice("generation-batch:".length) ?? "");
  return new Map(
    Object.entries(record?.uploads ?? {}).map(([media, file]) => [media.replace(/^t:|-u$/g, ""), file]),
  );
}

describe("a video from text", () => {
  it("/video asks for the prompt, offers the model's own options, quotes per clip and sends the body with its key", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(401);
    const key = await rig.link(user, { plan: "Pro", balance: 5_000 });
    await rig.harness.send(user, "/video");
    expect(rig.card(user).text).toContain("Describe the clip");
    await rig.harness.send(user, "a paper boat on a stormy sea\na kite over the dunes");
    let card = rig.card(user).text;
    expect(card).toContain("<b>AI video from text</b>");
    expect(card).toContain("Prompt: 2 prompts, the first: a paper boat on a stormy sea");
    expect(card).toContain("Model: Reel 1 · 60 tokens a clip");
    expect(card).toContain("Price: 2 × 60 = 120 tokens (about $0.12)");
    expect(card).toContain("You are charged only for the clips that succeed.");
    await rig.tap(user, "🔽 Details");
    expect(rig.card(user).text).toContain("Length: 8 seconds");

    await rig.choose(user, "🧠 Model", "Model", "Cinematic 3");
    await rig.choose(user, "🎬 Shape, length and sound", "Length");
    const lengths = rig.buttons(user).filter((text) => text !== "« Back" && text !== "Reset to default");
    expect(lengths).toEqual(["• 6 seconds", "10 seconds", "15 seconds"]);
    await rig.tap(user, "10 seconds");
    await rig.choose(user, "🎬 Shape, length and sound", "Shape", "Tall 9:16");
    await rig.choose(user, "🎬 Shape, length and sound", "Size", "1080p");
    await rig.choose(user, "🎬 Shape, length and sound", "Sound");
    await rig.choose(user, "🧠 Model and quality", "Quality", "Normal");
    await rig.choose(user, "✏️ Prompt and count", "Clips per prompt", "2");
    await rig.backToCard(user);
    expect(rig.card(user).text.split("\n").length).toBeLessThanOrEqual(12);
    await rig.tap(user, "🔽 Details");
    card = rig.card(user).text;
    expect(card).toContain("Sound: off");
    expect(card).toContain("Price: 4 × 96–1,240 = 384–4,960 tokens");
    expect(card).toContain(
      "This model is priced by the second: 16–82.7 tokens a second of video, depending on the choices.",
    );
    await rig.create(user);

    const [create] = videoCreates();
    expect(bodyOf(create)).toEqual({
      prompts: ["a paper boat on a stormy sea", "a kite over the dunes"],
      n: 2,
      model: "cinematic-3",
      aspect: "9:16",
      resolution: "1080p",
      quality_mode: "normal",
      duration: 10,
      audio: false,
    });
    expect(create?.status).toBe(202);
    expect(create?.headers["idempotency-key"]).toMatch(KEY_PATTERN);
    expect(create?.headers.authorization).toBe(`Bearer ${key.apiKey}`);
    expect(create?.headers["content-type"]).toBe("application/json");
    expect(rig.calls().filter((call) => call.startsWith("POST /v1/images"))).toEqual([]);
  });

  it("a model priced by the second says so, and one without sizes sends none", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(402);
    await rig.link(user);
    await rig.harness.send(user, "/video a lantern drifting up");
    await rig.choose(user, "🧠 Model", "Model", "Kinetic 2.1");
    await rig.backToCard(user);
    expect(rig.card(user).text).toContain(
      "This model is priced by the second: 14–35 tokens a second of video, depending on the choices.",
    );
    await rig.choose(user, "🎬 Shape, length and sound", "Shape");
    await rig.backToCard(user);
    expect(rig.buttons(user)).toContain("🎬 Shape, length and sound");
    await rig.tap(user, "🎬 Shape, length and sound");
    expect(rig.buttons(user).some((text) => text.startsWith("Size:"))).toBe(false);
    expect(rig.buttons(user).some((text) => text.startsWith("Sound:"))).toBe(false);
    await rig.create(user);
    expect(bodyOf(videoCreates()[0])).toEqual({
      prompt: "a lantern drifting up",
      model: "kinetic-2.1",
      aspect: "16:9",
      quality_mode: "standard",
      duration: 5,
    });
  });
});

describe("quality modes", () => {
  it("say what a mode is: a custom mode is the model's own, priced differently, not a quality of the user's", async () => {
    rig = await GenerationRig.create();
    const i18n = createI18n("en");
    for (const [id, locale, expected] of [
      [451, "en", "Quality: Custom (priced differently)"],
      [452, "uk", "Якість: Спеціальна (з іншою ціною)"],
      [453, "ru", "Качество: Особое (с другой ценой)"],
    ] as const) {
      const t = (key: string) => i18n.t(locale, key);
      const user = rig.harness.user(id, locale);
      await rig.link(user);
      await rig.harness.send(user, "/video a paper boat");
      await rig.choose(user, t("form-group-model-only"), t("field-model"), "Cinematic 3");
      await toSummary(rig, user);
      expect(rig.card(user).text).toContain(expected);
    }
  });
});

describe("a video from photos", () => {
  it("one photo is one start frame: uploaded with its own key, then sent as image_file_id", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(411);
    const key = await rig.link(user);
    await openWithPhotos(user, 1);
    const card = rig.card(user).text;
    expect(card).toContain("<b>Animate photos with AI</b>");
    expect(card).toContain("No prompt: the photo gets a gentle default motion.");
    expect(card).toContain("Price: 1 × 60 = 60 tokens");
    await rig.harness.send(user, "the leaves start to fall");
    await rig.create(user);

    const [upload] = uploads();
    expect(uploads()).toHaveLength(1);
    expect(upload?.method).toBe("POST");
    expect(upload?.headers.authorization).toBe(`Bearer ${key.apiKey}`);
    expect(upload?.headers["idempotency-key"]).toMatch(KEY_PATTERN);
    expect(upload?.body.equals(JPEG)).toBe(true);
    const [create] = videoCreates();
    expect(bodyOf(create)).toEqual({
      prompt: "the leaves start to fall",
      model: "reel-1",
      aspect: "16:9",
      resolution: "720p",
      duration: 8,
      image_file_id: FILE_ID,
    });
    expect(create?.headers["idempotency-key"]).toMatch(KEY_PATTERN);
    expect(create?.headers["idempotency-key"]).not.toBe(upload?.headers["idempotency-key"]);
    expect(create?.status).toBe(202);
  });

  it("three photos make three clips, each photo uploaded once, with three prompts matched in order", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(412);
    await rig.link(user);
    await openWithPhotos(user, 3);
    expect(rig.card(user).text).toContain("Price: 3 × 60 = 180 tokens");
    await rig.harness.send(user, "waves roll in\nclouds race by\nthe door swings open");
    expect(rig.card(user).text).toContain(
      "3 prompts for 3 photos: the first line goes with the first photo, and so on.",
    );
    await rig.create(user);

    expect(uploads()).toHaveLength(3);
    const keys = new Set(uploads().map((upload) => upload.headers["idempotency-key"]));
    expect(keys.size).toBe(3);
    const [create] = videoCreates();
    const body = bodyOf(create);
    expect(body).toEqual({
      prompts: ["waves roll in", "clouds race by", "the door swings open"],
      model: "reel-1",
      aspect: "16:9",
      resolution: "720p",
      duration: 8,
      image_file_ids: [FILE_ID, FILE_ID, FILE_ID],
    });
    expect(new Set((body as { image_file_ids: string[] }).image_file_ids).size).toBe(3);
    expect(create?.status).toBe(202);
    expect(textOf(lastCall(rig.harness.calls, "editMessageText"))).toContain("Reserved 180 tokens");
  });
});

describe("the prompt-count rule", () => {
  it("no prompt for three photos: each gets the default motion, and no prompt is sent", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(421);
    await rig.link(user);
    await openWithPhotos(user, 3);
    expect(rig.card(user).text).toContain("No prompt: each of the 3 photos gets a gentle default motion.");
    await rig.create(user);
    expect(bodyOf(videoCreates()[0])).toEqual({
      model: "reel-1",
      aspect: "16:9",
      resolution: "720p",
      duration: 8,
      image_file_ids: [FILE_ID, FILE_ID, FILE_ID],
    });
  });

  it("one prompt for three photos applies to all of them", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(422);
    await rig.link(user);
    await openWithPhotos(user, 3);
    await rig.harness.send(user, "slow push in");
    expect(rig.card(user).text).toContain("One prompt for all 3 clips.");
    await rig.create(user);
    expect(bodyOf(videoCreates()[0])).toMatchObject({
      prompt: "slow push in",
      image_file_ids: [FILE_ID, FILE_ID, FILE_ID],
    });
  });

  it("two prompts for three photos: the card explains the ways to fix it, Create is refused and nothing is sent", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(423);
    await rig.link(user);
    await openWithPhotos(user, 3);
    await rig.harness.send(user, "waves roll in\nclouds race by");
    const explanation =
      "3 photos but 2 prompts: each photo needs its own line, or all share one. Write a single prompt for all the clips, or add the 1 missing line, one per photo, in order.";
    expect(rig.card(user).text).toContain(`⚠️ ${explanation}`);
    await rig.tap(user, "✅ Create");
    await rig.settle();
    expect(rig.card(user).text).toContain(explanation);
    expect(rig.buttons(user)).toContain("✅ Create");
    expect(videoCreates()).toHaveLength(0);
    expect(uploads()).toHaveLength(0);

    await rig.harness.send(user, "waves roll in\nclouds race by\nthe door swings open\nrain begins");
    expect(rig.card(user).text).toContain(
      "3 photos but 4 prompts: each photo takes one line, or all share one. Write a single prompt for all the clips, remove 1 line, or add 1 more photo.",
    );
    await rig.tap(user, "✅ Create");
    await rig.settle();
    expect(videoCreates()).toHaveLength(0);

    await rig.harness.send(user, "waves roll in\nclouds race by\nthe door swings open");
    await rig.create(user);
    expect(bodyOf(videoCreates()[0])).toMatchObject({
      prompts: ["waves roll in", "clouds race by", "the door swings open"],
    });
  });
});

describe("clips in the chat", () => {
  it("clips made without a prompt say so in the user's words, never with the service's own prompt", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(433, "uk");
    await rig.link(user);
    await openWithPhotos(user, 2, "Оживити фото з ШІ");
    await pressAction(rig, user, (action) => action.kind === "create");
    await rig.settle();
    await finishAndDeliver(user);

    const serviceText = DEFAULT_PROMPTS.image2video ?? "";
    const album = lastCall(rig.harness.calls, "sendMediaGroup");
    const captions = (JSON.parse(String(album?.payload.media)) as Array<{ caption?: string }>).map(
      (item) => item.caption ?? "",
    );
    expect(captions).toHaveLength(2);
    expect(captions[0]).toMatch(/^1\. \(без опису\)\n/);
    expect(captions[1]).toMatch(/^2\. \(без опису\)\n/);
    expect(JSON.stringify(rig.harness.calls)).not.toContain(serviceText.slice(0, 20));

    await rig.harness.send(user, "/gallery");
    const gallery = textOf(lastCall(rig.harness.calls, "sendMessage"));
    expect(gallery).toContain("1. 🎬 (без опису)");
    expect(gallery).not.toContain(serviceText.slice(0, 20));

    // Again reopens the form as it was: still without a prompt, not with the service's.
    const again = BotHarness.buttons(
      [...rig.harness.calls]
        .reverse()
        .find((call) => BotHarness.buttons(call).some((b) => b.text === "🔁 1")),
    ).find((button) => button.text === "🔁 1");
    await rig.harness.press(user, again?.data ?? "");
    expect(rig.card(user).text).toContain("Без опису");
    expect(rig.card(user).text).not.toContain(serviceText.slice(0, 20));
  });

  it("one clip is a playable video: its poster as the thumbnail, its own width, height and length, streaming", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(431);
    await rig.link(user);
    await rig.harness.send(user, "/video a red balloon over the city");
    await rig.choose(user, "🎬 Shape, length and sound", "Shape", "Tall 9:16");
    await rig.choose(user, "🎬 Shape, length and sound", "Size", "1080p");
    await rig.create(user);
    expect(textOf(lastCall(rig.harness.calls, "editMessageText"))).toContain(
      "🎬 AI video from text · 1 clip · Reel 1",
    );
    await finishAndDeliver(user);

    const video = lastCall(rig.harness.calls, "sendVideo");
    const payload = video?.payload ?? {};
    // The frame and length are the clip's own, read from its movie header: the sandbox's 8-second clip is 320×240.
    expect(payload).toMatchObject({
      chat_id: String(user.id),
      width: "320",
      height: "240",
      duration: "8",
      supports_streaming: "true",
    });
    expect(String(payload.caption)).toContain("1. a red balloon over the city");
    expect(attached(payload, payload.video)).toMatchObject({ filename: "video-1.mp4" });
    expect(attached(payload, payload.thumbnail)).toMatchObject({ filename: "poster-1.jpg" });
    const keyboard = JSON.parse(String(payload.reply_markup)) as {
      inline_keyboard: Array<Array<{ text: string }>>;
    };
    expect(keyboard.inline_keyboard.flat().map((button) => button.text)).toEqual([
      "➡️ Then: Subtitles",
      "➡️ Then: Dubbing",
      "➡️ Then: Smart clips",
      "➡️ Then: Pause removal",
      "🔁 Again",
      "🗑 Delete",
    ]);
    const del = keyboard.inline_keyboard.flat().find((button) => button.text === "🗑 Delete") as
      | { callback_data?: string }
      | undefined;
    const confirm = lastCall(await rig.harness.press(user, del?.callback_data ?? ""), "sendMessage");
    expect(textOf(confirm)).toBe("Delete clip 1 from the service for good? The copy in this chat stays.");
    const poster = rig.proxy.requests.find((entry) => entry.path.includes("kind=poster"));
    expect(poster?.status).toBe(200);
    expect(rig.harness.calls.some((call) => call.method === "sendPhoto")).toBe(false);
  });

  it("one clip takes its card's place: the job leaves the video alone, and it carries the card's last words", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(432);
    await rig.link(user);
    await rig.harness.send(user, "/video a kite over the dunes");
    const card = rig.card(user).call;
    const cardId = Number(card?.payload.message_id ?? (card?.result as { message_id?: number })?.message_id);
    const from = rig.harness.calls.length;
    await rig.create(user);
    await finishAndDeliver(user);

    const calls = rig.harness.calls
      .slice(from)
      .filter((call) => String(call.payload.chat_id) === String(user.id));
    const deleted = calls
      .filter((call) => call.method === "deleteMessage")
      .map((call) => Number(call.payload.message_id));
    const sent = calls
      .filter((call) => call.method.startsWith("send"))
      .map((call) => Number((call.result as { message_id?: number } | undefined)?.message_id));
    const left = [cardId, ...sent].filter((id) => !deleted.includes(id));
    const video = lastCall(rig.harness.calls, "sendVideo");
    expect(left).toEqual([Number((video?.result as { message_id?: number } | undefined)?.message_id)]);
    expect(String(video?.payload.caption)).toContain("Reserved 60 tokens; charged 60.");
  });

  it("clips from three photos come as one album of videos, then the numbered buttons", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(432);
    await rig.link(user);
    await openWithPhotos(user, 3);
    await rig.create(user);
    await finishAndDeliver(user);

    const album = lastCall(rig.harness.calls, "sendMediaGroup")?.payload ?? {};
    const media = JSON.parse(String(album.media)) as Array<Record<string, unknown>>;
    expect(media.map((item) => item.type)).toEqual(["video", "video", "video"]);
    expect(media.map((item) => attached(album, item.media))).toMatchObject([
      { filename: "video-1.mp4" },
      { filename: "video-2.mp4" },
      { filename: "video-3.mp4" },
    ]);
    for (const item of media) {
      expect(item).toMatchObject({ width: 320, height: 240, duration: 8, supports_streaming: true });
      expect(attached(album, item.thumbnail)).toMatchObject({ filename: expect.stringMatching(/^poster-/) });
    }
    const control = lastCall(rig.harness.calls, "sendMessage");
    expect(textOf(control)).toContain("Clips 1–3 · Reel 1");
    expect(BotHarness.buttons(control).map((button) => button.text)).toEqual([
      "➡️ 1",
      "➡️ 2",
      "➡️ 3",
      "🔁 1",
      "🔁 2",
      "🔁 3",
      "🗑 1",
      "🗑 2",
      "🗑 3",
    ]);
  });

  it("a clip too big for the bot to upload comes as its link, with when the link stops working", async () => {
    rig = await GenerationRig.create({}, { uploadLimitBytes: 1_000 });
    const user = rig.harness.user(433);
    await rig.link(user);
    await rig.harness.send(user, "/video a slow tide");
    await rig.create(user);
    await finishAndDeliver(user);

    expect(rig.harness.calls.some((call) => call.method === "sendVideo")).toBe(false);
    const texts = rig.harness.calls.filter((call) => call.method === "sendMessage").map(textOf);
    const link = texts.find((text) => text.startsWith("🎬 Clip 1 is"));
    expect(link).toMatch(
      /^🎬 Clip 1 is \d+ MB, more than Telegram lets a bot send here \(0 MB\)\. Download it from this link; it works until .+ UTC:\nhttp:\/\/127\.0\.0\.1:\d+\/v1\/files\/file_[0-9a-f]+\/content\?/,
    );
    expect(rig.proxy.requests.some((entry) => entry.path.includes("kind=poster"))).toBe(false);
  });
});

describe("transitions between photos", () => {
  const CHAIN = "AI transitions between photos";

  it("four photos make three transitions; the order changed on the card is the order sent", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(441);
    const key = await rig.link(user);
    await openWithPhotos(user, 4, CHAIN);
    let card = rig.card(user).text;
    expect(card).toContain("<b>AI transitions between photos</b>");
    expect(card).toContain("Order (photos numbered as you sent them): 1 → 2 → 3 → 4.");
    expect(card).toContain("No prompt: 4 photos make 3 transitions, each with a smooth default motion.");
    expect(card).toContain("Price: 3 × 60 = 180 tokens");
    expect(rig.buttons(user)).toEqual(expect.arrayContaining(["1 ⇄ 2", "2 ⇄ 3", "3 ⇄ 4"]));
    await rig.tap(user, "2 ⇄ 3");
    card = rig.card(user).text;
    expect(card).toContain("Order (photos numbered as you sent them): 1 → 3 → 2 → 4.");
    expect(rig.buttons(user)).toEqual(expect.arrayContaining(["1 ⇄ 3", "3 ⇄ 2", "2 ⇄ 4"]));
    await rig.harness.send(user, "dawn breaks\nthe sun climbs\nnight falls");
    expect(rig.card(user).text).toContain(
      "4 photos make 3 transitions, one prompt each: the first line goes with photos 1 and 2 in the order above, and so on.",
    );
    await rig.create(user);

    expect(uploads()).toHaveLength(4);
    const files = await uploadedFiles();
    const [create] = videoCreates();
    expect(bodyOf(create)).toEqual({
      prompts: ["dawn breaks", "the sun climbs", "night falls"],
      model: "reel-1",
      aspect: "16:9",
      resolution: "720p",
      duration: 8,
      keyframe_file_ids: ["frame1", "frame3", "frame2", "frame4"].map((id) => files.get(id)),
    });
    expect(new Set(files.values()).size).toBe(4);
    expect(create?.headers["idempotency-key"]).toMatch(KEY_PATTERN);
    expect(create?.headers.authorization).toBe(`Bearer ${key.apiKey}`);
    expect(create?.status).toBe(202);
    // The batch card is refreshed by a job of its own, which may still be on its way.
    await vi.waitFor(() =>
      expect(textOf(lastCall(rig.harness.calls, "editMessageText"))).toContain(
        "🎬 AI transitions between photos · 3 clips · Reel 1",
      ),
    );
  });

  it("two prompts for three transitions are explained on the card and nothing is sent", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(442);
    await rig.link(user);
    await openWithPhotos(user, 4, CHAIN);
    await rig.harness.send(user, "dawn breaks\nnight falls");
    const explanation =
      "4 photos make 3 transitions, but there are 2 prompts: each transition needs its own line, or all share one. Write a single prompt for all of them, or add the 1 missing line, one per transition, in order.";
    expect(rig.card(user).text).toContain(`⚠️ ${explanation}`);
    await rig.tap(user, "✅ Create");
    await rig.settle();
    expect(rig.card(user).text).toContain(explanation);
    expect(videoCreates()).toHaveLength(0);
    expect(uploads()).toHaveLength(0);
  });
});

describe("joining a chain's clips into one video", () => {
  const CHAIN = "AI transitions between photos";

  /** A chain of four photos made and delivered: three clips under one control message. */
  async function deliveredChain(user: TestUser) {
    await openWithPhotos(user, 4, CHAIN);
    await rig.create(user);
    await finishAndDeliver(user);
    const control = lastCall(rig.harness.calls, "sendMessage");
    const [key] = await rig.storage.kv.keys("generation-batch:");
    const ticket = key?.slice("generation-batch:".length) ?? "";
    const chunk = await rig.pipeline.features.forms.records.chunk(ticket, 0);
    return { control, clips: chunk?.items ?? [] };
  }

  function fileOf(link: string | undefined): string {
    return new URL(link ?? "http://invalid/").pathname;
  }

  it("Join shows the clips, their order and the task price first; the confirmation makes one video task of the three links in order, a second tap none", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(451);
    await rig.link(user);
    const { control, clips } = await deliveredChain(user);
    expect(BotHarness.buttons(control).map((button) => button.text)[0]).toBe("🎬 Join into one video");

    const asked = await rig.harness.press(user, BotHarness.button(control, "🎬 Join into one video"));
    const confirm = lastCall(asked, "sendMessage");
    expect(textOf(confirm)).toBe(
      [
        "🎬 Join clips 1–3 into one video, in this order? It is made as a video task: it comes with its own progress card and is paid from your task balance (/balance), not from the generation account.",
        "",
        "Cost: about 12 tokens",
        "Balance: 12,500 tokens",
      ].join("\n"),
    );
    expect(rig.joinTasks).toHaveLength(0);
    expect(BotHarness.buttons(confirm).map((button) => button.text)).toEqual([
      "✅ Join · about 12 tokens",
      "✖️ Not now",
    ]);

    const join = BotHarness.button(confirm, "✅ Join · about 12 tokens");
    const started = await rig.harness.press(user, join);
    expect(textOf(lastCall(started, "editMessageText"))).toBe(
      "🎬 Joining clips 1–3. The video comes with its own progress card; tokens are taken only if it succeeds.",
    );
    await rig.settle();
    const again = await rig.harness.press(user, join);
    expect(lastCall(again, "answerCallbackQuery")?.payload.text).toBe(
      "These clips are already being joined: the video comes with its own progress card.",
    );
    await rig.settle();

    expect(rig.joinTasks).toHaveLength(1);
    const [task] = rig.joinTasks;
    expect(task).toMatchObject({ userId: user.id, chatId: user.id, type: "video", cost: { tokens: 12 } });
    expect(task?.request).toEqual({
      type: "video",
      photos: [expect.any(String), expect.any(String), expect.any(String)],
      format: "original",
      subtitles: false,
    });
    const photos = task?.request.photos as string[];
    expect(photos.map(fileOf)).toEqual(
      [...clips].sort((a, b) => a.position - b.position).map((clip) => fileOf(clip.output?.url)),
    );
  });

  it("links close to their expiry are renewed by reading each clip again before the task is made", async () => {
    rig = await GenerationRig.create({ linkLifetimeMs: 30 * 60_000 });
    const user = rig.harness.user(452);
    await rig.link(user);
    const { control, clips } = await deliveredChain(user);
    const confirm = lastCall(
      await rig.harness.press(user, BotHarness.button(control, "🎬 Join into one video")),
      "sendMessage",
    );
    const before = rig.proxy.requests.length;
    await rig.harness.press(user, BotHarness.button(confirm, "✅ Join · about 12 tokens"));
    await rig.settle();
    const reads = rig.proxy.requests
      .slice(before)
      .filter((entry) => entry.method === "GET" && entry.path.startsWith("/v1/generations/"))
      .map((entry) => entry.path);
    expect(reads).toEqual(clips.map((clip) => `/v1/generations/${clip.id}`));
    expect(rig.joinTasks).toHaveLength(1);
  });

  it("when a clip failed, Join offers the ones that came out, says which is left out, and a short balance gets no Join", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(453);
    await rig.link(user);
    rig.sandbox.faults.failGenerations(1, "The model provider timed out");
    const { control } = await deliveredChain(user);
    expect(BotHarness.buttons(control).map((button) => button.text)[0]).toBe(
      "🎬 Join the 2 of 3 that came out",
    );
    const tasks = rig.harness.tasksService;
    if (!(tasks instanceof FakeTasksService)) throw new Error("the harness has its fake task service");
    tasks.profile = tokenProfile({ token_balance: 5 });
    const confirm = lastCall(
      await rig.harness.press(user, BotHarness.button(control, "🎬 Join the 2 of 3 that came out")),
      "sendMessage",
    );
    expect(textOf(confirm)).toBe(
      [
        "🎬 Join clips 2, 3 into one video, in this order? It is made as a video task: it comes with its own progress card and is paid from your task balance (/balance), not from the generation account.",
        "Clip 1 is not there to join (it did not come out, or was deleted): the video jumps over that transition.",
        "",
        "Cost: about 8 tokens",
        "Balance: 5 tokens",
        "",
        "⚠️ This needs about 8 tokens, and your balance is 5. Top it up before you create the task: /balance",
      ].join("\n"),
    );
    expect(BotHarness.buttons(confirm).map((button) => button.text)).toEqual(["✖️ Not now"]);
    const dismissed = await rig.harness.press(user, BotHarness.button(confirm, "✖️ Not now"));
    expect(textOf(lastCall(dismissed, "editMessageText"))).toBe(
      "Not joined. The button under the clips still works.",
    );
    expect(rig.joinTasks).toHaveLength(0);
  });
});
