/**
 * Videos from source clips and to audio references, driven as a user would against the generation sandbox:
 * the offers under a clip and a recording, the models that may take the input (never a plan limit the
 * catalog does not state), the files checked before they are uploaded, a recording over 15 seconds sent
 * with the card saying only its first 15 seconds are used, the exact requests the service receives, and a
 * model the service refuses for the input said so on the card with nothing charged.
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { BotHarness, lastCall, type TestUser, textOf } from "../../support/bot-harness.js";
import { GenerationRig, JPEG } from "../../support/generation-rig.js";
import { silentWav } from "../../support/silent-wav.js";

let rig: GenerationRig;
afterEach(async () => rig?.close());

const MP4 = readFileSync(new URL("../../../dev/fixtures/sample.mp4", import.meta.url));
const fixture = (name: string) => readFileSync(new URL(`../../../dev/fixtures/${name}`, import.meta.url));
const VOICE = fixture("voice.ogg");
const WEBM = fixture("sample.webm");
const LONG_OGG = fixture("voice-16s.ogg");
const KEY_PATTERN = /^[0-9a-f]{64}$/;
const FILE_ID = expect.stringMatching(/^file_/);
const CLIP_OFFER = "Restyle clips with AI";
const AUDIO_OFFER = "AI talking video";

function videoCreates() {
  return rig.proxy.requests.filter(
    (entry) => entry.method === "POST" && entry.path === "/v1/videos/generations",
  );
}

function fileUploads() {
  return rig.proxy.requests.filter((entry) => entry.method === "POST" && entry.path.startsWith("/v1/files"));
}

function bodyOf(entry: { body: Buffer } | undefined): unknown {
  return JSON.parse(entry?.body.toString("utf8") ?? "null");
}

function clipMessage(id: string, bytes: Buffer, extra: Record<string, unknown> = {}) {
  rig.mediaFiles.set(id, bytes);
  return {
    video: {
      file_id: id,
      file_unique_id: `${id}-u`,
      width: 320,
      height: 240,
      duration: 2,
      mime_type: "video/mp4",
      file_size: bytes.length,
    },
    ...extra,
  };
}

function voiceMessage(id: string, seconds: number) {
  rig.mediaFiles.set(id, VOICE);
  return {
    voice: {
      file_id: id,
      file_unique_id: `${id}-u`,
      duration: seconds,
      mime_type: "audio/ogg",
      file_size: VOICE.length,
    },
  };
}

/** Sends the messages; the intake's offer as last sent or edited. */
async function sendForOffer(user: TestUser, ...messages: Array<Record<string, unknown>>) {
  let offer: ReturnType<typeof lastCall> | undefined;
  for (const message of messages) {
    const calls = await rig.harness.sendMessage(user, message);
    offer = lastCall(calls, "editMessageText") ?? lastCall(calls, "sendMessage") ?? offer;
  }
  return offer;
}

/** The choices of the card's Model field. */
async function modelChoices(user: TestUser): Promise<string[]> {
  await rig.choose(user, "🧠 Model", "Model");
  return rig
    .buttons(user)
    .filter((text) => text !== "« Back" && text !== "Reset to default")
    .map((text) => text.replace(/^• /, "").replace(/ · .*$/, ""));
}

describe("a video from clips", () => {
  it("a clip sent is offered as a new video; the clip goes up as kind=video and out as video_file_ids", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(451);
    const key = await rig.link(user);
    const offer = await sendForOffer(user, clipMessage("clip1", MP4));
    await rig.harness.pressOffer(user, offer, CLIP_OFFER);
    expect(rig.card(user).text).toContain("<b>Restyle clips with AI</b>");
    expect(rig.card(user).text).toContain("No prompt: the clip gets a default restyle.");
    expect(await modelChoices(user)).toEqual(["Remix 2", "Echo Avatar 1"]);
    await rig.tap(user, "Remix 2");
    await rig.backToCard(user);
    await rig.harness.send(user, "turn it into a watercolour");
    await rig.create(user);

    const uploads = fileUploads();
    expect(uploads.map((entry) => entry.path)).toEqual(["/v1/files?kind=video"]);
    expect(uploads[0]?.body.equals(MP4)).toBe(true);
    expect(uploads[0]?.headers["idempotency-key"]).toMatch(KEY_PATTERN);
    expect(uploads[0]?.status).toBe(200);
    const [create] = videoCreates();
    expect(bodyOf(create)).toEqual({
      prompt: "turn it into a watercolour",
      model: "remix-2",
      aspect: "16:9",
      resolution: "720p",
      duration: 5,
      video_file_ids: [FILE_ID],
    });
    expect(create?.status).toBe(202);
    expect(create?.headers["idempotency-key"]).toMatch(KEY_PATTERN);
    expect(create?.headers["idempotency-key"]).not.toBe(uploads[0]?.headers["idempotency-key"]);
    expect(create?.headers.authorization).toBe(`Bearer ${key.apiKey}`);
  });

  it("two clips sent as an album make two clips, one prompt for each in order", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(452);
    await rig.link(user);
    const offer = await sendForOffer(
      user,
      clipMessage("clip1", MP4, { media_group_id: "clips" }),
      clipMessage("clip2", MP4, { media_group_id: "clips" }),
    );
    await rig.harness.pressOffer(user, offer, CLIP_OFFER);
    await rig.harness.send(user, "as a cartoon\nas a silent film\nas an oil painting");
    expect(rig.card(user).text).toContain(
      "2 clips but 3 prompts: each clip takes one line, or all share one. Write a single prompt for all the clips, remove 1 line, or add 1 more clip.",
    );
    await rig.tap(user, "✅ Create");
    await rig.settle();
    expect(fileUploads()).toHaveLength(0);
    await rig.harness.send(user, "as a cartoon\nas a silent film");
    await rig.create(user);

    expect(fileUploads().map((entry) => entry.path)).toEqual([
      "/v1/files?kind=video",
      "/v1/files?kind=video",
    ]);
    const body = bodyOf(videoCreates()[0]) as { video_file_ids: string[] };
    expect(body).toEqual({
      prompts: ["as a cartoon", "as a silent film"],
      model: "remix-2",
      aspect: "16:9",
      resolution: "720p",
      duration: 5,
      video_file_ids: [FILE_ID, FILE_ID],
    });
    expect(new Set(body.video_file_ids).size).toBe(2);
  });

  it("a file named as a video that is not one is refused before any upload", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(453);
    await rig.link(user, { balance: 5_000 });
    rig.mediaFiles.set("fake", JPEG);
    const offer = await sendForOffer(user, {
      document: {
        file_id: "fake",
        file_unique_id: "fake-u",
        file_name: "holiday.mp4",
        mime_type: "video/mp4",
        file_size: JPEG.length,
      },
    });
    await rig.harness.pressOffer(user, offer, CLIP_OFFER);
    await rig.create(user);

    const card = textOf(lastCall(rig.harness.calls, "editMessageText"));
    expect(card).toContain("❌ Restyle clips with AI: not created.");
    expect(card).toContain(
      "This file is not a video clip the service can use. It takes MP4, WebM, AVI, FLV, MPEG.",
    );
    expect(fileUploads()).toHaveLength(0);
    expect(videoCreates()).toHaveLength(0);
  });

  it("/start's menu opens the form that asks for the clips", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(454);
    await rig.link(user);
    const menu = await rig.harness.send(user, "/start");
    await rig.harness.pressOffer(user, lastCall(menu, "sendMessage"), CLIP_OFFER);
    expect(rig.card(user).text).toContain("Send the clips to remake: each one becomes a new clip.");
  });
});

describe("a talking video to a recording", () => {
  it("a voice message is offered as a talking video; it goes up as kind=audio and out as audio_file_ids, priced by the second", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(461);
    const key = await rig.link(user);
    const offer = await sendForOffer(user, voiceMessage("voice1", 6));
    await rig.harness.press(user, BotHarness.button(offer, AUDIO_OFFER));
    const card = rig.card(user).text;
    expect(card).toContain("<b>AI talking video</b>");
    expect(card).toContain("Model: Echo Avatar 1 · 50–150 tokens a clip");
    expect(card).toContain("This model is priced by the second: 10 tokens a second of video.");
    expect(await modelChoices(user)).toEqual(["Echo Avatar 1", "Remix 2"]);
    await rig.backToCard(user);
    await rig.choose(user, "🎬 Shape, length and sound", "Length", "10 seconds");
    await rig.backToCard(user);
    await rig.harness.send(user, "a lighthouse keeper at his desk");
    await rig.create(user);

    const uploads = fileUploads();
    expect(uploads.map((entry) => entry.path)).toEqual(["/v1/files?kind=audio"]);
    expect(uploads[0]?.body.equals(VOICE)).toBe(true);
    expect(uploads[0]?.headers["idempotency-key"]).toMatch(KEY_PATTERN);
    const [create] = videoCreates();
    expect(bodyOf(create)).toEqual({
      prompt: "a lighthouse keeper at his desk",
      model: "echo-avatar-1",
      aspect: "9:16",
      resolution: "720p",
      duration: 10,
      audio_file_ids: [FILE_ID],
    });
    expect(create?.status).toBe(202);
    expect(create?.headers["idempotency-key"]).toMatch(KEY_PATTERN);
    expect(create?.headers.authorization).toBe(`Bearer ${key.apiKey}`);
  });

  it("a voice message over 15 seconds opens the form, which says only its first 15 seconds are used, and goes up whole", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(462);
    await rig.link(user);
    const offer = await sendForOffer(user, voiceMessage("long", 20));
    await rig.harness.press(user, BotHarness.button(offer, AUDIO_OFFER));
    const card = rig.card(user).text;
    expect(card).toContain("<b>AI talking video</b>");
    expect(card).toContain("The recording is 20 seconds long: only its first 15 seconds are used.");
    expect(card).not.toContain("Trim it");
    await rig.create(user);

    const uploads = fileUploads();
    expect(uploads.map((entry) => entry.path)).toEqual(["/v1/files?kind=audio"]);
    expect(uploads[0]?.body.equals(VOICE)).toBe(true);
    expect(bodyOf(videoCreates()[0])).toMatchObject({ audio_file_ids: [FILE_ID] });
    expect(videoCreates()[0]?.status).toBe(202);
  });

  it("an audio file sent as a document is measured from its header, and one over 15 seconds is sent with the card saying so", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(463);
    await rig.link(user);
    const wav = silentWav(16);
    rig.mediaFiles.set("memo", wav);
    const offer = await sendForOffer(user, {
      document: {
        file_id: "memo",
        file_unique_id: "memo-u",
        file_name: "memo.wav",
        mime_type: "audio/wav",
        file_size: wav.length,
      },
    });
    await rig.harness.press(user, BotHarness.button(offer, AUDIO_OFFER));
    expect(rig.card(user).text).toContain(
      "The recording is 16 seconds long: only its first 15 seconds are used.",
    );
    await rig.create(user);
    expect(fileUploads().map((entry) => entry.path)).toEqual(["/v1/files?kind=audio"]);
    expect(fileUploads()[0]?.body.equals(wav)).toBe(true);
    expect(videoCreates()[0]?.status).toBe(202);
  });
});

/** A file sent as a document, served from the rig's Telegram. */
function documentMessage(id: string, bytes: Buffer, fileName: string, mime: string) {
  rig.mediaFiles.set(id, bytes);
  return {
    document: {
      file_id: id,
      file_unique_id: `${id}-u`,
      file_name: fileName,
      mime_type: mime,
      file_size: bytes.length,
    },
  };
}

describe("formats only the generation service takes", () => {
  it("a WebM clip gets the new-video offer alone, and goes up as the WebM it is", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(481);
    await rig.link(user);
    const offer = await sendForOffer(user, documentMessage("webm1", WEBM, "dance.webm", "video/webm"));
    expect(textOf(offer)).toBe("Got 1 file. What should I make of it?");
    expect(BotHarness.buttons(offer).map((button) => button.text)).toEqual([CLIP_OFFER]);
    await rig.harness.pressOffer(user, offer, CLIP_OFFER);
    await rig.harness.send(user, "as a cartoon");
    await rig.create(user);

    const uploads = fileUploads();
    expect(uploads.map((entry) => entry.path)).toEqual(["/v1/files?kind=video"]);
    expect(uploads[0]?.body.equals(WEBM)).toBe(true);
    expect(uploads[0]?.headers["x-filename"]).toBe("dance.webm");
    expect(bodyOf(videoCreates()[0])).toMatchObject({ prompt: "as a cartoon", video_file_ids: [FILE_ID] });
  });

  it("a Matroska clip, which neither service takes, is refused with the formats the bot takes", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(482);
    await rig.link(user);
    const calls = await rig.harness.sendMessage(
      user,
      documentMessage("mkv1", WEBM, "dance.mkv", "video/x-matroska"),
    );
    expect(textOf(lastCall(calls, "sendMessage"))).toBe(
      "I cannot use this file (dance.mkv). Accepted formats: JPEG, PNG, WebP, MP4, MOV, AVI, WebM, FLV, MPEG, MP3, WAV, M4A, OGG, FLAC, SRT, and voice messages.",
    );
    expect(BotHarness.buttons(lastCall(calls, "sendMessage"))).toEqual([]);
  });

  it("an OGG recording sent as a document is measured from its pages, and one over 15 seconds is sent with the card saying so", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(483);
    await rig.link(user);
    const offer = await sendForOffer(user, documentMessage("ogg1", LONG_OGG, "memo.ogg", "audio/ogg"));
    expect(BotHarness.buttons(offer).map((button) => button.text)).toEqual([AUDIO_OFFER]);
    await rig.harness.press(user, BotHarness.button(offer, AUDIO_OFFER));
    expect(rig.card(user).text).toContain(
      "The recording is 16 seconds long: only its first 15 seconds are used.",
    );
    await rig.create(user);
    expect(fileUploads().map((entry) => entry.path)).toEqual(["/v1/files?kind=audio"]);
    expect(fileUploads()[0]?.body.equals(LONG_OGG)).toBe(true);
    expect(videoCreates()[0]?.status).toBe(202);
  });

  it("an OGG recording within 15 seconds goes up as kind=audio", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(484);
    await rig.link(user);
    const offer = await sendForOffer(user, documentMessage("ogg2", VOICE, "memo.ogg", "audio/ogg"));
    await rig.harness.press(user, BotHarness.button(offer, AUDIO_OFFER));
    await rig.create(user);
    const uploads = fileUploads();
    expect(uploads.map((entry) => entry.path)).toEqual(["/v1/files?kind=audio"]);
    expect(uploads[0]?.body.equals(VOICE)).toBe(true);
  });
});

describe("a recording sent into the open form", () => {
  it("an OGG file over 15 seconds is measured there too; the card says only its first 15 seconds are used, and Create sends both", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(485);
    await rig.link(user);
    const offer = await sendForOffer(user, voiceMessage("voice5", 6));
    await rig.harness.press(user, BotHarness.button(offer, AUDIO_OFFER));
    expect(rig.card(user).text).not.toContain("only its first 15 seconds");
    await rig.harness.sendMessage(user, documentMessage("ogg5", LONG_OGG, "memo.ogg", "audio/ogg"));
    expect(rig.card(user).text).toContain(
      "The recording is 16 seconds long: only its first 15 seconds are used.",
    );
    await rig.create(user);
    expect(fileUploads().map((entry) => entry.path)).toEqual([
      "/v1/files?kind=audio",
      "/v1/files?kind=audio",
    ]);
    expect(bodyOf(videoCreates()[0])).toMatchObject({ audio_file_ids: [FILE_ID, FILE_ID] });
    expect(videoCreates()[0]?.status).toBe(202);
  });
});

describe("a recording whose length cannot be read", () => {
  it("goes up all the same, and the card says only its first 15 seconds are used", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(491);
    await rig.link(user);
    // The voice note's two header pages alone: an Opus stream whose end carries no position to read.
    const thirdPage = VOICE.indexOf("OggS", VOICE.indexOf("OggS", 1) + 1);
    const headOnly = VOICE.subarray(0, thirdPage);
    const offer = await sendForOffer(user, documentMessage("ogg3", headOnly, "memo.ogg", "audio/ogg"));
    await rig.harness.press(user, BotHarness.button(offer, AUDIO_OFFER));
    expect(rig.card(user).text).toContain(
      "I could not tell how long the recording is: if it runs over 15 seconds, only its first 15 seconds are used.",
    );
    await rig.create(user);
    expect(fileUploads().map((entry) => entry.path)).toEqual(["/v1/files?kind=audio"]);
  });

  it("a measured recording's card says nothing of it", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(492);
    await rig.link(user);
    const offer = await sendForOffer(user, documentMessage("ogg4", VOICE, "memo.ogg", "audio/ogg"));
    await rig.harness.press(user, BotHarness.button(offer, AUDIO_OFFER));
    expect(rig.card(user).text).toContain("<b>AI talking video</b>");
    expect(rig.card(user).text).not.toContain("I could not tell how long");
  });
});

describe("models by the input they take", () => {
  it("a video from text offers only the models that take a prompt alone", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(471);
    await rig.link(user);
    await rig.harness.send(user, "/video a heron lifting off");
    expect(await modelChoices(user)).toEqual(["Reel 1", "Cinematic 3", "Kinetic 2.1"]);
  });

  it("a model the service refuses for the input: the card says so, nothing is charged and nothing more is sent", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(472);
    const key = await rig.link(user, { balance: 5_000 });
    const offer = await sendForOffer(user, clipMessage("clip1", MP4));
    await rig.harness.pressOffer(user, offer, CLIP_OFFER);
    await rig.choose(user, "🧠 Model", "Model", "Echo Avatar 1");
    await rig.create(user);

    const refused = videoCreates();
    expect(refused).toHaveLength(1);
    expect(refused[0]?.status).toBe(400);
    const last = lastCall(rig.harness.calls, "editMessageText");
    expect(textOf(last)).toBe(
      "❌ Restyle clips with AI: not created. Echo Avatar 1 does not make videos from clips. Nothing was charged: pick another model and create again.",
    );
    expect(BotHarness.buttons(last).map((button) => button.text)).toContain("🔁 Change and try again");
    await rig.settle();
    expect(videoCreates()).toHaveLength(1);
    expect(rig.sandbox.accounts.balance(key.accountId)).toBe(5_000);
  });
});

/** The sandbox's catalog as another service might list it: each video model changed by `change`. */
function videoModelsRead(change: (model: Record<string, unknown>) => Record<string, unknown>) {
  rig.proxy.answerGet("/v1/models", (answer) => {
    const catalog = answer as { video: { models: Array<Record<string, unknown>> } };
    return { ...catalog, video: { ...catalog.video, models: catalog.video.models.map(change) } };
  });
}

describe("a talking video whatever the catalog says of audio", () => {
  it("on Free, a catalog whose audio model does not say it makes sound still offers it, and it is sent", async () => {
    rig = await GenerationRig.create();
    videoModelsRead((model) => (model.id === "echo-avatar-1" ? { ...model, audio: false } : model));
    const user = rig.harness.user(501);
    await rig.link(user, { plan: "Free" });
    const offer = await sendForOffer(user, voiceMessage("voice1", 6));
    await rig.harness.press(user, BotHarness.button(offer, AUDIO_OFFER));
    const card = rig.card(user).text;
    expect(card).toContain("<b>AI talking video</b>");
    expect(card).not.toContain("Model: not set");
    expect(card).not.toContain("Upgrade to Pro");
    expect(await modelChoices(user)).toEqual(["Remix 2", "Echo Avatar 1"]);
    await rig.tap(user, "Echo Avatar 1");
    await rig.create(user);

    const [create] = videoCreates();
    expect(bodyOf(create)).toMatchObject({ model: "echo-avatar-1", audio_file_ids: [FILE_ID] });
    expect(create?.status).toBe(202);
  });

  it("on Free, when the model that makes sound is Pro-only, another is offered and the service's refusal is said with nothing charged", async () => {
    rig = await GenerationRig.create();
    videoModelsRead((model) => (model.id === "echo-avatar-1" ? { ...model, pro_only: true } : model));
    const user = rig.harness.user(502);
    const key = await rig.link(user, { plan: "Free", balance: 5_000 });
    const offer = await sendForOffer(user, voiceMessage("voice1", 6));
    await rig.harness.press(user, BotHarness.button(offer, AUDIO_OFFER));
    const card = rig.card(user).text;
    expect(card).toContain("Model: Remix 2");
    expect(card).not.toContain("Upgrade to Pro");
    await rig.create(user);

    expect(videoCreates().map((entry) => entry.status)).toEqual([400]);
    expect(textOf(lastCall(rig.harness.calls, "editMessageText"))).toBe(
      "❌ AI talking video: not created. Remix 2 does not make videos to audio. Nothing was charged: pick another model and create again.",
    );
    expect(rig.sandbox.accounts.balance(key.accountId)).toBe(5_000);
  });

  it("on Free, a catalog without a model for clips or audio that Free may use offers every other video model", async () => {
    rig = await GenerationRig.create();
    videoModelsRead((model) =>
      (model.reference_modes as string[]).length === 0 ? { ...model, pro_only: true } : model,
    );
    const user = rig.harness.user(503);
    await rig.link(user, { plan: "Free" });
    const offer = await sendForOffer(user, voiceMessage("voice1", 6));
    await rig.harness.press(user, BotHarness.button(offer, AUDIO_OFFER));
    expect(rig.card(user).text).toContain("Model: Reel 1");
    expect(rig.card(user).text).not.toContain("Upgrade to Pro");
    expect(await modelChoices(user)).toEqual([
      "🔒 Echo Avatar 1",
      "🔒 Remix 2",
      "Reel 1",
      "Cinematic 3",
      "Kinetic 2.1",
    ]);
  });

  it("says the plan lacks a model when pro_only says so of every video model", async () => {
    rig = await GenerationRig.create();
    videoModelsRead((model) => ({ ...model, pro_only: true }));
    const free = rig.harness.user(504);
    await rig.link(free, { plan: "Free" });
    const offer = await sendForOffer(free, voiceMessage("voice1", 6));
    await rig.harness.press(free, BotHarness.button(offer, AUDIO_OFFER));
    expect(rig.card(free).text).toContain(
      "Your plan has no model for this. Upgrade to Pro in the service's account area.",
    );
  });

  it("a video from text with no model that takes a prompt alone claims no plan limit", async () => {
    rig = await GenerationRig.create();
    rig.proxy.answerGet("/v1/models", (answer) => {
      const catalog = answer as { video: { models: Array<{ reference_modes: string[] }> } };
      const models = catalog.video.models.filter((model) => model.reference_modes.length === 0);
      return { ...catalog, video: { models, default: "remix-2" } };
    });
    const user = rig.harness.user(505);
    await rig.link(user, { plan: "Free" });
    await rig.harness.send(user, "/video a heron lifting off");
    const card = rig.card(user).text;
    expect(card).toContain("The service lists no model that makes this.");
    expect(card).not.toContain("Upgrade to Pro");
  });
});

describe("an empty file whose message gave no size", () => {
  const EMPTY_MEMO =
    "This file is empty (memo.ogg): there is nothing in it to work with. Please send the file again from where it was saved.";

  function unsizedMemo(id: string) {
    rig.mediaFiles.set(id, Buffer.alloc(0));
    return {
      document: { file_id: id, file_unique_id: `${id}-u`, file_name: "memo.ogg", mime_type: "audio/ogg" },
    };
  }

  it("is refused at once as empty when sent on its own, with no offer", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(511);
    await rig.link(user);
    const calls = await rig.harness.sendMessage(user, unsizedMemo("empty1"));
    expect(calls.filter((call) => call.method === "sendMessage").map(textOf)).toEqual([EMPTY_MEMO]);
    expect(calls.flatMap((call) => BotHarness.buttons(call))).toEqual([]);
  });

  it("is refused at once as empty when sent into the open form, which keeps only the recording before it", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(512);
    await rig.link(user);
    const offer = await sendForOffer(user, voiceMessage("voice1", 6));
    await rig.harness.press(user, BotHarness.button(offer, AUDIO_OFFER));
    await rig.harness.sendMessage(user, unsizedMemo("empty2"));
    // Sent right under the card, so the card says it.
    expect(rig.card(user).text).toContain(EMPTY_MEMO);
    await rig.create(user);
    expect(fileUploads().map((entry) => entry.path)).toEqual(["/v1/files?kind=audio"]);
    expect(bodyOf(videoCreates()[0])).toMatchObject({ audio_file_ids: [FILE_ID] });
    expect(videoCreates()[0]?.status).toBe(202);
  });
});
