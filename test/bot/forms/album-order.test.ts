/**
 * An album's order is the order of its messages, whatever order its updates arrive in and however long
 * each item takes. The albums here reach the bot all at once with their updates shuffled (as the runner
 * hands on a batch from getUpdates, or as webhooks race), their photos of different sizes and the first
 * one slow to fetch; each form that takes several files, on both services, is checked by the body the
 * service receives, the files told apart by their bytes as the service got them.
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { orderedMedia, withMediaAdded } from "../../../src/bot/forms/form-state.js";
import { generationIntakeOffers } from "../../../src/bot/generations/entries.js";
import type { MediaRef } from "../../../src/media/media-ref.js";
import type { TaskRequest } from "../../../src/tasks-service/schemas/index.js";
import { BotHarness, lastCall, type TestUser, textOf } from "../../support/bot-harness.js";
import { FormRig, uploadIdOf } from "../../support/form-rig.js";
import { GenerationRig, JPEG } from "../../support/generation-rig.js";
import { silentWav } from "../../support/silent-wav.js";

const fixture = (name: string) => readFileSync(new URL(`../../../dev/fixtures/${name}`, import.meta.url));
const VOICE = fixture("voice.ogg");

/** The album's second and third items come first, then its first (as a user saw it happen). */
const SHUFFLED = [1, 2, 0, 3, 4];
/** How long the first photo's file takes to fetch; the others come at once. */
const SLOW_MS = 150;

describe("an album for a task", () => {
  let rig: FormRig;
  afterEach(async () => rig?.close());

  /** A photo as Telegram describes it; the higher `n`, the bigger. */
  function photo(id: string, n: number) {
    return {
      photo: [
        { file_id: id, file_unique_id: `${id}-u`, width: 600 + n * 80, height: 900, file_size: 40_000 * n },
      ],
    };
  }

  const uploaded = (...ids: string[]) =>
    ids.map((id) => uploadIdOf({ source: "telegram", kind: "photo", fileId: id, fileUniqueId: `${id}-u` }));

  function photosSent(request: TaskRequest | undefined): unknown {
    return request?.type === "video" ? request.photos : undefined;
  }

  it("a video from five photos sends them in the album's order", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(2001);
    rig.slowFiles.set("p1", SLOW_MS);
    await rig.harness.sendAlbum(
      user,
      ["p1", "p2", "p3", "p4", "p5"].map((id, index) => photo(id, 5 - index)),
      SHUFFLED,
    );
    expect(rig.card(user).text).toContain("5 of 30 files at most");
    await rig.create(user);
    expect(photosSent(rig.created[0])).toEqual(uploaded("p1", "p2", "p3", "p4", "p5"));
  });

  it("an album sent into the open video form joins it in the album's order", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(2002);
    await rig.fromStart(user, "Slideshow with voiceover");
    rig.slowFiles.set("q1", SLOW_MS);
    await rig.harness.sendAlbum(
      user,
      ["q1", "q2", "q3", "q4"].map((id, index) => photo(id, 4 - index)),
      [3, 1, 0, 2],
    );
    await rig.press(user, "Done (4)");
    await rig.create(user);
    expect(photosSent(rig.created[0])).toEqual(uploaded("q1", "q2", "q3", "q4"));
  });

  it("photos offered beside the generation service's offers keep the album's order into the video task", async () => {
    rig = await FormRig.create({ moreOffers: generationIntakeOffers });
    const user = rig.harness.user(2003);
    rig.slowFiles.set("o1", SLOW_MS);
    const calls = await rig.harness.sendAlbum(
      user,
      ["o1", "o2", "o3", "o4", "o5"].map((id, index) => photo(id, 5 - index)),
      SHUFFLED,
    );
    const offer = lastCall(calls, "editMessageText");
    expect(textOf(offer)).toContain("Got 5 photos.");
    await rig.harness.press(user, BotHarness.button(offer, "Slideshow with voiceover"));
    await rig.create(user);
    expect(photosSent(rig.created[0])).toEqual(uploaded("o1", "o2", "o3", "o4", "o5"));
  });
});

describe("an album for the generation service", () => {
  let rig: GenerationRig;
  afterEach(async () => rig?.close());

  /** A JPEG of its own bytes (the higher `n`, the bigger), served by the rig's Bot API. */
  function photo(id: string, n: number) {
    const bytes = Buffer.concat([JPEG, Buffer.alloc(n * 4_000, n)]);
    rig.mediaFiles.set(id, bytes);
    return {
      photo: [
        { file_id: id, file_unique_id: `${id}-u`, width: 320 + n * 10, height: 240, file_size: bytes.length },
      ],
    };
  }

  function clip(id: string, bytes: Buffer) {
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
    };
  }

  function audio(id: string, bytes: Buffer, seconds: number) {
    rig.mediaFiles.set(id, bytes);
    return {
      audio: {
        file_id: id,
        file_unique_id: `${id}-u`,
        duration: seconds,
        mime_type: "audio/wav",
        file_name: `${id}.wav`,
        file_size: bytes.length,
      },
    };
  }

  /** Photos of the album, the first slow to fetch, offered as the intake shows them once all have come. */
  async function album(user: TestUser, ids: string[], arrival: readonly number[]) {
    const first = ids[0];
    if (first !== undefined) rig.slowFiles.set(first, SLOW_MS);
    const calls = await rig.harness.sendAlbum(
      user,
      ids.map((id, index) => photo(id, ids.length - index)),
      arrival,
    );
    return lastCall(calls, "editMessageText");
  }

  /** The files a create request names in `field`, by the Telegram file whose bytes the service got. */
  function filesSent(path: string, field: string): string[] {
    const create = rig.proxy.requests.find((entry) => entry.method === "POST" && entry.path === path);
    const body = JSON.parse(create?.body.toString("utf8") ?? "{}") as Record<string, unknown>;
    const value = body[field];
    const ids = Array.isArray(value) ? value : [value];
    const uploads = new Map<unknown, Buffer>();
    for (const entry of rig.proxy.requests) {
      if (entry.method !== "POST" || !entry.path.startsWith("/v1/files") || !entry.response) continue;
      uploads.set((JSON.parse(entry.response.toString("utf8")) as { id?: unknown }).id, entry.body);
    }
    return ids.map((id) => {
      const bytes = uploads.get(id);
      const sent = [...rig.mediaFiles].find(([, served]) => bytes?.equals(served));
      return sent?.[0] ?? `unknown file ${String(id)}`;
    });
  }

  it("an image from three reference photos names them in the album's order", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(2101);
    await rig.link(user);
    const offer = await album(user, ["r1", "r2", "r3"], [1, 2, 0]);
    await rig.harness.press(user, BotHarness.button(offer, "Image from reference photos"));
    await rig.harness.send(user, "the three of them as one mosaic");
    expect(rig.card(user).text).toContain("3 of 3 files at most");
    await rig.create(user);
    expect(filesSent("/v1/images/generations", "reference_file_ids")).toEqual(["r1", "r2", "r3"]);
  });

  it("a video from five photos makes its clips in the album's order", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(2102);
    await rig.link(user);
    const offer = await album(user, ["s1", "s2", "s3", "s4", "s5"], SHUFFLED);
    await rig.harness.press(user, BotHarness.button(offer, "Animate photos with AI"));
    await rig.create(user);
    expect(filesSent("/v1/videos/generations", "image_file_ids")).toEqual(["s1", "s2", "s3", "s4", "s5"]);
  });

  it("a keyframe chain numbers the photos in the album's order, and the order the user sets is the one sent", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(2103);
    await rig.link(user);
    const offer = await album(user, ["k1", "k2", "k3", "k4"], [1, 2, 0, 3]);
    await rig.harness.press(user, BotHarness.button(offer, "AI transitions between photos"));
    expect(rig.card(user).text).toContain("Order (photos numbered as you sent them): 1 → 2 → 3 → 4.");
    await rig.tap(user, "1 ⇄ 2");
    await rig.tap(user, "3 ⇄ 4");
    expect(rig.card(user).text).toContain("Order (photos numbered as you sent them): 2 → 1 → 4 → 3.");
    await rig.create(user);
    expect(filesSent("/v1/videos/generations", "keyframe_file_ids")).toEqual(["k2", "k1", "k4", "k3"]);
  });

  it("new videos from three clips remake them in the album's order", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(2104);
    await rig.link(user);
    rig.slowFiles.set("v1", SLOW_MS);
    const calls = await rig.harness.sendAlbum(
      user,
      [
        clip("v1", fixture("clip-8s.mp4")),
        clip("v2", fixture("clip-5s.mp4")),
        clip("v3", fixture("sample.mp4")),
      ],
      [1, 2, 0],
    );
    const offer = lastCall(calls, "editMessageText");
    await rig.harness.press(user, BotHarness.button(offer, "Restyle clips with AI"));
    await rig.create(user);
    expect(filesSent("/v1/videos/generations", "video_file_ids")).toEqual(["v1", "v2", "v3"]);
  });

  it("recordings sent as an album into an open talking video follow the first in the album's order", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(2105);
    await rig.link(user);
    rig.mediaFiles.set("voice1", VOICE);
    const offer = lastCall(
      await rig.harness.sendMessage(user, {
        voice: {
          file_id: "voice1",
          file_unique_id: "voice1-u",
          duration: 6,
          mime_type: "audio/ogg",
          file_size: VOICE.length,
        },
      }),
      "sendMessage",
    );
    await rig.harness.press(user, BotHarness.button(offer, "AI talking video"));
    rig.slowFiles.set("a1", SLOW_MS);
    await rig.harness.sendAlbum(user, [audio("a1", silentWav(4), 4), audio("a2", silentWav(2), 2)], [1, 0]);
    await rig.create(user);
    expect(filesSent("/v1/videos/generations", "audio_file_ids")).toEqual(["voice1", "a1", "a2"]);
  });

  it("the offer's buttons as the album's first photo showed them still act once the rest has come", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(2106);
    await rig.link(user);
    const [first, second] = [photo("e1", 2), photo("e2", 1)];
    const shown = lastCall(
      await rig.harness.sendMessage(user, { ...first, media_group_id: "early" }),
      "sendMessage",
    );
    expect(textOf(shown)).toContain("Got 1 photo.");
    await rig.harness.sendMessage(user, { ...second, media_group_id: "early" });
    const pressed = await rig.harness.press(user, BotHarness.button(shown, "Image from reference photos"));
    // Answered without a word: no "this button is out of date".
    const answers = pressed.filter((call) => call.method === "answerCallbackQuery");
    expect(answers.map((call) => call.payload.text)).toEqual([undefined]);
    expect(rig.card(user).text).toContain("2 of 3 files at most");
  });
});

describe("an album item handled after the user changed the order", () => {
  const frame = (id: string, messageId: number): MediaRef => ({
    source: "telegram",
    kind: "photo",
    fileId: id,
    fileUniqueId: `${id}-u`,
    messageId,
  });

  it("takes its message's place among the files, and the order the user set keeps its files, the new one after them", () => {
    const swapped = { media: [frame("k1", 11), frame("k3", 13)], mediaOrder: [1, 0] };
    const next = withMediaAdded(swapped, [frame("k2", 12)]);
    expect(next.media.map((ref) => (ref.source === "telegram" ? ref.fileId : ""))).toEqual([
      "k1",
      "k2",
      "k3",
    ]);
    expect(orderedMedia(next).map((ref) => (ref.source === "telegram" ? ref.fileId : ""))).toEqual([
      "k3",
      "k1",
      "k2",
    ]);
  });
});
