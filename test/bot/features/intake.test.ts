import { describe, expect, it } from "vitest";
import { intakeButton } from "../../../src/bot/keyboards/intake.js";
import { PendingMediaStore } from "../../../src/media/pending-media.js";
import { createMemoryStorage } from "../../../src/storage/memory.js";
import { BotHarness, lastCall, textOf } from "../../support/bot-harness.js";

const MB = 1024 * 1024;
const cloudLimits = { maxIntakeMb: 20, selfHostedBotApi: false };

function harnessWith(limits = cloudLimits) {
  const storage = createMemoryStorage();
  const harness = new BotHarness({ storage, createOptions: { intake: { limits } } });
  return { harness, storage };
}

function photo(id: string, mediaGroupId?: string) {
  return {
    photo: [
      { file_id: `${id}-s`, file_unique_id: `${id}-su`, width: 90, height: 90, file_size: 900 },
      { file_id: id, file_unique_id: `${id}-u`, width: 900, height: 900, file_size: 90_000 },
    ],
    ...(mediaGroupId ? { media_group_id: mediaGroupId } : {}),
  };
}

describe("media intake", () => {
  it("offers the tasks that take a photo and keeps it for the chosen form", async () => {
    const { harness, storage } = harnessWith();
    const user = harness.user(11, "en");
    const calls = await harness.sendMessage(user, photo("p1"));
    const offer = lastCall(calls, "sendMessage");
    expect(textOf(offer)).toBe(
      "Got 1 photo. What should I make of it?\nSend more photos or clips to add them, or choose a task.",
    );
    const buttons = BotHarness.buttons(offer);
    expect(buttons.map((b) => b.text)).toEqual(["Slideshow with voiceover"]);
    expect(intakeButton.unpack(buttons[0]?.data)?.data.type).toBe("video");
    expect(calls.some((c) => c.method === "getFile")).toBe(false);

    const pending = (await new PendingMediaStore(storage.kv).take(11))?.refs;
    expect(pending).toEqual([
      expect.objectContaining({ source: "telegram", kind: "photo", fileId: "p1", size: 90_000 }),
    ]);
    expect((await new PendingMediaStore(storage.kv).take(11))?.refs).toBeUndefined();
  });

  it("a video is offered the four likeliest tasks that take one, with their prices; the rest under More…", async () => {
    const { harness } = harnessWith();
    const user = harness.user(12, "en");
    const calls = await harness.sendMessage(user, {
      video: {
        file_id: "v",
        file_unique_id: "vu",
        width: 1,
        height: 1,
        duration: 9,
        mime_type: "video/mp4",
        file_size: 1000,
      },
    });
    const offer = lastCall(calls, "sendMessage");
    expect(BotHarness.buttons(offer).map((b) => b.text)).toEqual([
      "Subtitles · from 50 tokens/min",
      "Smart clips · from 80 tokens/min",
      "Pause removal · 50 tokens/min",
      "Dubbing · from 100 tokens/min",
      "More…",
    ]);
    const more = lastCall(
      await harness.press(user, BotHarness.button(offer, "More…")),
      "editMessageReplyMarkup",
    );
    expect(BotHarness.buttons(more).map((b) => b.text)).toEqual([
      "Transcription · 40 tokens/min",
      "Slideshow with voiceover · from 30 tokens/min",
      "Animated explainer · free with your plan",
      "« Back",
    ]);
    expect(intakeButton.unpack(BotHarness.button(more, "Transcription"))?.data.type).toBe("transcription");
  });

  it("an album of 3 photos gives one offer that ends up listing 3 photos", async () => {
    const { harness, storage } = harnessWith();
    const user = harness.user(13, "en");
    const all = [
      ...(await harness.sendMessage(user, photo("a", "album-1"))),
      ...(await harness.sendMessage(user, photo("b", "album-1"))),
      ...(await harness.sendMessage(user, photo("c", "album-1"))),
    ];
    const sends = all.filter((c) => c.method === "sendMessage");
    expect(sends).toHaveLength(1);
    const edits = all.filter((c) => c.method === "editMessageText");
    const offer = sends[0]?.result as { message_id: number } | undefined;
    expect(edits.at(-1)?.payload.message_id).toBe(offer?.message_id);
    expect(textOf(edits.at(-1))).toContain("Got 3 photos.");
    expect(
      (await new PendingMediaStore(storage.kv).get(13))?.refs.map((r) =>
        r.source === "telegram" ? r.fileId : r.url,
      ),
    ).toEqual(["a", "b", "c"]);
  });

  it("counts an album in Ukrainian", async () => {
    const { harness } = harnessWith();
    const user = harness.user(14, "uk");
    await harness.sendMessage(user, photo("a", "g"));
    const calls = await harness.sendMessage(user, {
      document: {
        file_id: "d",
        file_unique_id: "du",
        file_name: "x.mp4",
        mime_type: "video/mp4",
        file_size: 10,
      },
      media_group_id: "g",
    });
    expect(textOf(lastCall(calls, "editMessageText"))).toMatch(/^Отримано: 1 фото, 1 файл\. /);
  });

  it("a 30 MB document on the cloud Bot API: the 20 MB limit and a link suggestion, nothing fetched", async () => {
    const { harness, storage } = harnessWith();
    const calls = await harness.sendMessage(harness.user(15, "en"), {
      document: {
        file_id: "big",
        file_unique_id: "bu",
        file_name: "talk.mp4",
        mime_type: "video/mp4",
        file_size: 30 * MB,
      },
    });
    expect(calls.map((c) => c.method)).toEqual(["sendMessage"]);
    expect(textOf(calls[0])).toBe(
      "This file is over 20 MB, the most a bot can download from Telegram. Upload it somewhere and send me an https link to it instead.",
    );
    expect(await new PendingMediaStore(storage.kv).get(15)).toBeUndefined();
  });

  it("an empty file is refused at once, with no Retry and nothing kept", async () => {
    const { harness, storage } = harnessWith();
    const calls = await harness.sendMessage(harness.user(16, "en"), {
      document: {
        file_id: "e",
        file_unique_id: "eu",
        file_name: "clip.mp4",
        mime_type: "video/mp4",
        file_size: 0,
      },
    });
    expect(calls.map((c) => c.method)).toEqual(["sendMessage"]);
    expect(textOf(calls[0])).toContain("This file is empty (clip.mp4)");
    expect(BotHarness.buttons(calls[0])).toEqual([]);
    expect(await new PendingMediaStore(storage.kv).get(16)).toBeUndefined();
  });

  it("an empty file whose message gave no size is refused at once as empty, sized by getFile", async () => {
    const storage = createMemoryStorage();
    const harness = new BotHarness({
      storage,
      createOptions: { intake: { limits: cloudLimits } },
      results: { getFile: (payload) => ({ file_id: payload.file_id, file_unique_id: "eu", file_size: 0 }) },
    });
    const calls = await harness.sendMessage(harness.user(17, "en"), {
      document: { file_id: "e", file_unique_id: "eu", file_name: "clip.mp4", mime_type: "video/mp4" },
    });
    expect(calls.map((c) => c.method)).toEqual(["getFile", "sendMessage"]);
    expect(textOf(calls[1])).toBe(
      "This file is empty (clip.mp4): there is nothing in it to work with. Please send the file again from where it was saved.",
    );
    expect(BotHarness.buttons(calls[1])).toEqual([]);
    expect(await new PendingMediaStore(storage.kv).get(17)).toBeUndefined();
  });

  it("a file whose size neither the message nor getFile gives is offered as before", async () => {
    const harness = new BotHarness({
      createOptions: { intake: { limits: cloudLimits } },
      results: { getFile: (payload) => ({ file_id: payload.file_id, file_unique_id: "nu" }) },
    });
    const calls = await harness.sendMessage(harness.user(18, "en"), {
      document: { file_id: "n", file_unique_id: "nu", file_name: "clip.mp4", mime_type: "video/mp4" },
    });
    expect(textOf(lastCall(calls, "sendMessage"))).toContain("Got 1 file.");
  });

  it("the same file is fine with a self-hosted Bot API", async () => {
    const { harness } = harnessWith({ maxIntakeMb: 500, selfHostedBotApi: true });
    const calls = await harness.sendMessage(harness.user(16, "en"), {
      document: {
        file_id: "big",
        file_unique_id: "bu",
        file_name: "talk.mp4",
        mime_type: "video/mp4",
        file_size: 30 * MB,
      },
    });
    expect(textOf(lastCall(calls, "sendMessage"))).toMatch(/^Got 1 file\./);
  });

  it("over 500 MB is the service's limit, in Russian", async () => {
    const { harness } = harnessWith({ maxIntakeMb: 2000, selfHostedBotApi: true });
    const calls = await harness.sendMessage(harness.user(17, "ru"), {
      video: {
        file_id: "v",
        file_unique_id: "vu",
        width: 1,
        height: 1,
        duration: 9000,
        mime_type: "video/mp4",
        file_size: 600 * MB,
      },
    });
    expect(textOf(lastCall(calls, "sendMessage"))).toBe(
      "Файл больше 500 МБ — это максимум, который принимает сервис. Пришлите файл короче или меньше.",
    );
  });

  it("an http:// link is refused with its own message", async () => {
    const { harness } = harnessWith();
    const calls = await harness.send(harness.user(18, "en"), "http://example.com/clip.mp4");
    expect(calls.map((c) => c.method)).toEqual(["sendMessage"]);
    expect(textOf(calls[0])).toBe(
      "Only https:// links work (http://example.com/clip.mp4). Please send the https address.",
    );
  });

  it("an https link is offered like a file", async () => {
    const { harness, storage } = harnessWith();
    const calls = await harness.send(harness.user(19, "uk"), "ось https://cdn.example.com/talk.mp3");
    expect(textOf(lastCall(calls, "sendMessage"))).toBe("Отримано: 1 посилання. Що з цього зробити?");
    expect(BotHarness.buttons(lastCall(calls, "sendMessage")).map((b) => b.text)).toEqual([
      "Транскрипція · 40 токенів/хв",
      "Анімоване відео · безкоштовно в тарифі",
    ]);
    expect((await new PendingMediaStore(storage.kv).take(19))?.refs).toEqual([
      {
        source: "link",
        url: "https://cdn.example.com/talk.mp3",
        kindHint: "audio",
        messageId: expect.any(Number),
      },
    ]);
  });

  it("an .exe is refused with the accepted formats, in Ukrainian", async () => {
    const { harness } = harnessWith();
    const calls = await harness.sendMessage(harness.user(20, "uk"), {
      document: {
        file_id: "x",
        file_unique_id: "xu",
        file_name: "setup.exe",
        mime_type: "application/x-msdownload",
        file_size: 4000,
      },
    });
    expect(textOf(lastCall(calls, "sendMessage"))).toBe(
      "Цей файл я не можу використати (setup.exe). Підтримувані формати: JPEG, PNG, WebP, MP4, MOV, AVI, MP3, WAV, M4A, SRT, а також голосові повідомлення.",
    );
  });

  it("a voice note is offered transcription and motion", async () => {
    const { harness } = harnessWith();
    const calls = await harness.sendMessage(harness.user(21, "en"), {
      voice: { file_id: "o", file_unique_id: "ou", duration: 3, mime_type: "audio/ogg", file_size: 5000 },
    });
    expect(textOf(lastCall(calls, "sendMessage"))).toBe("Got 1 voice message. What should I make of it?");
    expect(BotHarness.buttons(lastCall(calls, "sendMessage")).map((b) => b.text)).toEqual([
      "Transcription · 40 tokens/min",
      "Animated explainer · free with your plan",
    ]);
  });

  it("the 31st photo is refused once, the first 30 stay offered", async () => {
    const { harness, storage } = harnessWith();
    const user = harness.user(22, "en");
    const all = [];
    for (let album = 0; album < 4; album++) {
      for (let item = 0; item < (album < 3 ? 10 : 2); item++) {
        all.push(...(await harness.sendMessage(user, photo(`p${album}-${item}`, `g${album}`))));
      }
    }
    const refusals = all.filter((c) => c.method === "sendMessage" && textOf(c).startsWith("That is"));
    expect(refusals.map(textOf)).toEqual([
      "That is 31 files; a video takes at most 30 photos and clips. Please send fewer.",
    ]);
    expect((await new PendingMediaStore(storage.kv).get(22))?.refs).toHaveLength(30);
  });

  it("photos sent one by one grow one set; a set that offers more than a video is not grown", async () => {
    const { harness, storage } = harnessWith();
    const user = harness.user(24, "en");
    await harness.sendMessage(user, photo("one"));
    const second = await harness.sendMessage(user, photo("two"));
    expect(textOf(lastCall(second, "editMessageText"))).toMatch(/^Got 2 photos\./);
    const store = new PendingMediaStore(storage.kv);
    await store.clear(24);
    await harness.sendMessage(user, {
      video: {
        file_id: "v",
        file_unique_id: "vu",
        width: 1,
        height: 1,
        duration: 9,
        mime_type: "video/mp4",
        file_size: 1000,
      },
    });
    const after = await harness.sendMessage(user, photo("three"));
    expect(textOf(lastCall(after, "sendMessage"))).toMatch(/^Got 1 photo\./);
    expect((await store.get(24))?.refs).toHaveLength(1);
  });

  it("plain words and commands go on to the other features", async () => {
    const { harness } = harnessWith();
    const calls = await harness.send(harness.user(23, "en"), "hello there");
    expect(textOf(lastCall(calls, "sendMessage"))).toBe(
      "I did not understand that. Pick a task with /start, or see /help.",
    );
  });
});
