/**
 * What a finished task leaves in the chat and where it leads: one message per result, "Then..."
 * buttons that start the next task from the result's own link, and the semi-automatic dubbing's check
 * in the chat. The service's requests are asserted as it receives them.
 */
import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { createI18n } from "../../../src/bot/i18n.js";
import { AwaitingSrt, startReview } from "../../../src/tasks/awaiting-srt.js";
import type { TaskRecord } from "../../../src/tasks/records.js";
import { resultKeyboard } from "../../../src/tasks/result-actions.js";
import type { ResultFetcher } from "../../../src/tasks/result-files.js";
import { createTaskResultSender } from "../../../src/tasks/send-result.js";
import { serviceTask } from "../../support/bot-fakes.js";
import { type ApiCall, BotHarness } from "../../support/bot-harness.js";
import { FormRig } from "../../support/form-rig.js";
import { video } from "../../support/telegram-messages.js";

const FIXTURE_MP4 = new URL("../../../dev/fixtures/sample.mp4", import.meta.url);

const t = (key: string, variables?: Record<string, string | number>) =>
  variables ? `${key} ${JSON.stringify(variables)}` : key;

const rigs: FormRig[] = [];
afterEach(async () => {
  await Promise.all(rigs.splice(0).map((rig) => rig.close()));
});

async function rig(): Promise<FormRig> {
  const made = await FormRig.create();
  rigs.push(made);
  return made;
}

function delivered(overrides: Partial<TaskRecord>): TaskRecord {
  return {
    ticket: "RESULT-TICKET-0123456789",
    userId: 777,
    chatId: 777,
    locale: "en",
    type: "pause_removal",
    state: "delivered",
    origin: "bot",
    taskId: 1002,
    uploads: {},
    polls: 0,
    retries: 0,
    createdAt: Date.now(),
    form: { values: {}, media: [] },
    ...overrides,
  };
}

function fetcherOf(files: Record<string, string>): ResultFetcher {
  return {
    size: async () => 1000,
    open: async (url) => Readable.from([Buffer.from(files[url] ?? "")]),
    text: async (url) => files[url] ?? "",
    head: async () => Buffer.alloc(0),
  };
}

describe("one message per result", () => {
  it("a transcript is one album of its TXT and SRT, the first captioned with the start of the text", async () => {
    const calls: ApiCall[] = [];
    const api = {
      sendMediaGroup: async (chatId: number, media: unknown) => {
        calls.push({ method: "sendMediaGroup", payload: { chatId, media } });
        return [];
      },
    };
    const words = `${"Good morning everyone. ".repeat(60)}The end.`;
    const sender = createTaskResultSender({
      uploadLimitBytes: 1e9,
      fetcher: fetcherOf({ "https://f.example/1.txt": words, "https://f.example/1.srt": "1\n..." }),
    });
    const sent = await sender.send(api as never, {
      chatId: 7,
      taskId: 1,
      kind: "transcription",
      task: serviceTask(1, {
        result_urls: { txt_url: "https://f.example/1.txt", srt_url: "https://f.example/1.srt" },
      }),
      t,
      locale: "en",
      taskName: "Transcription",
    });
    expect(calls.map((call) => call.method)).toEqual(["sendMediaGroup"]);
    const media = calls[0]?.payload.media as Array<{ type: string; caption?: string }>;
    expect(media.map((item) => item.type)).toEqual(["document", "document"]);
    expect(media[0]?.caption).toMatch(
      /^result-caption \{"task":"Transcription","id":"1"\} · result-format-transcript\n\nGood morning everyone\. .*…$/s,
    );
    expect(media[0]?.caption?.length).toBeLessThanOrEqual(1024);
    expect(media[1]?.caption).toBeUndefined();
    // An album carries no buttons: the caller shows them on the task's card.
    expect(sent.buttonsShown).toBe(false);
  });

  it("a video's length, read from its header for the caption, and its file as Telegram kept it are told to the caller", async () => {
    const sendVideo = async () => ({ video: { file_id: "video-file", file_unique_id: "video-unique" } });
    const sender = createTaskResultSender({
      uploadLimitBytes: 1e9,
      fetcher: { ...fetcherOf({}), head: async () => readFileSync(FIXTURE_MP4) },
    });
    const sent = await sender.send({ sendVideo } as never, {
      chatId: 7,
      taskId: 4,
      kind: "video",
      task: serviceTask(4, { type: "video", result_url: "https://f.example/4.mp4" }),
      t,
      locale: "en",
      taskName: "Video",
    });
    expect(sent).toEqual({
      buttonsShown: true,
      seconds: 2,
      files: [{ kind: "video", fileId: "video-file", id: "video-unique" }],
    });
  });

  it("a voiceover is one audio message with a title and its length", async () => {
    const calls: Array<Record<string, unknown>> = [];
    const api = {
      sendAudio: async (_chatId: number, _file: unknown, other: Record<string, unknown>) => {
        calls.push(other);
        return {};
      },
    };
    // One MPEG-1 layer III frame header at 128 kbit/s, 44.1 kHz: 16 000 bytes a second.
    const frame = Buffer.from([0xff, 0xfb, 0x90, 0x44]);
    const sender = createTaskResultSender({
      uploadLimitBytes: 1e9,
      fetcher: { ...fetcherOf({}), size: async () => 80_000, head: async () => frame },
    });
    await sender.send(api as never, {
      chatId: 7,
      taskId: 3,
      kind: "audio",
      task: serviceTask(3, { type: "voiceover", result_url: "https://f.example/3.mp3" }),
      t,
      locale: "en",
      taskName: "Voiceover",
      audioTitle: "Good morning, everyone.",
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      title: "Good morning, everyone.",
      duration: 5,
      caption: 'result-caption {"task":"Voiceover","id":"3"} · 0:05 · result-format-mp3',
    });
  });
});

describe("the cost under a result", () => {
  it("says what the task cost in plain words, without naming the service's price list", async () => {
    const captions: string[] = [];
    const api = {
      sendAudio: async (_chatId: number, _file: unknown, other: { caption: string }) => {
        captions.push(other.caption);
        return {};
      },
    };
    const frame = Buffer.from([0xff, 0xfb, 0x90, 0x44]);
    const sender = createTaskResultSender({
      uploadLimitBytes: 1e9,
      fetcher: { ...fetcherOf({}), size: async () => 80_000, head: async () => frame },
    });
    const i18n = createI18n("en");
    for (const [locale, cost] of [
      ["en", { tokens: 12 }],
      ["uk", { tokens: 12 }],
      ["ru", { tokens: 50, upTo: 110 }],
    ] as const) {
      await sender.send(api as never, {
        chatId: 7,
        taskId: 3,
        kind: "audio",
        task: serviceTask(3, { type: "voiceover", result_url: "https://f.example/3.mp3" }),
        t: (key, variables) => i18n.t(locale, key, variables),
        locale,
        taskName: "Voiceover",
        cost,
      });
    }
    expect(captions.map((caption) => caption.split("\n\n")[1])).toEqual([
      "Cost: about 12 tokens",
      "Вартість: приблизно 12 токенів",
      "Стоимость: примерно 50–110 токенов, в зависимости от числа карточек",
    ]);
  });
});

describe("Then... starts the next task from the result's link", () => {
  const LINK = "https://files.example/results/1002/result.mp4";

  it("Then: Subtitles on a delivered video: the form opens with the link, and the service gets the link, nothing uploaded", async () => {
    const r = await rig();
    const user = r.harness.user();
    await r.records.put(delivered({ result: { url: LINK, expiresAt: Date.now() + 3_600_000 } }));
    await r.harness.press(user, "rs:RESULT-TICKET-0123456789:t:subtitles");
    expect(r.card(user).text).toContain("Subtitles");
    await r.create(user);
    expect(r.uploaded).toEqual([]);
    expect(r.created).toEqual([
      {
        type: "subtitles",
        file: LINK,
        webhook_url: expect.stringMatching(/^https:\/\/bot\.example\.com\/hooks\/tasks\//),
      },
    ]);
  });

  it("the card names the result by what it is and prices it by the length the bot read, in en, uk and ru", async () => {
    const local = "http://127.0.0.1:42137/results/515d54c3e1f04b7c/result.mp4";
    const expected = {
      en: ["your video from #1002, 0:02", "Cost: about 2 tokens\n"],
      uk: ["ваше відео з #1002, 0:02", "Вартість: приблизно 2 токени\n"],
      ru: ["ваше видео из #1002, 0:02", "Стоимость: примерно 2 токена\n"],
    };
    for (const [language, [name, cost]] of Object.entries(expected)) {
      const r = await rig();
      const user = r.harness.user(777, language);
      await r.records.put(delivered({ result: { url: local, seconds: 2.4 } }));
      await r.harness.press(user, "rs:RESULT-TICKET-0123456789:t:subtitles");
      const card = r.card(user).text;
      expect(card, language).toContain(`\n${name}\n`);
      expect(card, language).not.toContain("127.0.0.1");
      // 2.4 s at 50 tokens a minute, as for a file whose length Telegram stated.
      expect(card, language).toContain(cost);
    }
  });

  it("a remembered choice that adds to the cost is named with what it adds", async () => {
    const r = await rig();
    const user = r.harness.user();
    await r.fromIntake(user, "Subtitles", video("v1", 60));
    await r.choose(user, "🏷 Captions", "Automatic captions");
    await r.create(user);
    await r.records.put(delivered({ type: "video", result: { url: LINK, seconds: 2.4 } }));
    await r.harness.press(user, "rs:RESULT-TICKET-0123456789:t:subtitles");
    const card = r.card(user).text;
    expect(card).toContain("↩️ From your last subtitled video: Automatic captions (+50 tokens)");
    // The card is full: the choice itself waits behind Details.
    await r.tap(user, "🔽 Details: ");
    expect(r.card(user).text).toContain("Automatic captions: on");
    expect(card).toContain("Cost: about 52 tokens\n");
    await r.create(user);
    expect(r.created[1]).toEqual({
      type: "subtitles",
      file: LINK,
      auto_text: true,
      webhook_url: expect.stringMatching(/^https:\/\/bot\.example\.com\/hooks\/tasks\//),
    });
  });

  it("a clip and a voiceover are named as such, with their lengths", async () => {
    const r = await rig();
    const user = r.harness.user();
    await r.records.put(
      delivered({
        type: "smart_clip",
        result: { clips: [{ index: 2, url: "https://files.example/c2.mp4", seconds: 75 }] },
      }),
    );
    await r.harness.press(user, "rs:RESULT-TICKET-0123456789:t:dubbing:2");
    expect(r.card(user).text).toContain("\nclip 2 from #1002, 1:15\n");
    // 75 s of dubbing at 100 a minute plus the automatic voice's 0.
    expect(r.card(user).text).toContain("Cost: about 125 tokens\n");
    await r.records.put(
      delivered({ type: "audio", result: { url: "https://files.example/v.mp3", seconds: 5 } }),
    );
    await r.harness.press(user, "rs:RESULT-TICKET-0123456789:t:motion");
    expect(r.card(user).text).toContain("\nyour voiceover from #1002, 0:05\n");
  });

  it("the buttons under a result carry no ticket, and pressing one still starts the next task", async () => {
    const r = await rig();
    const user = r.harness.user();
    const record = delivered({ type: "video", result: { url: LINK, expiresAt: Date.now() + 3_600_000 } });
    await r.records.put(record);
    const buttons = resultKeyboard(t, record, "video").inline_keyboard.flat();
    const data = buttons.map((button) => ("callback_data" in button ? button.callback_data : ""));
    expect(data.length).toBeGreaterThan(2);
    for (const each of data) expect(each).not.toContain(record.ticket);
    const subtitles = data.find((each) => each.endsWith(":t:subtitles")) ?? "";
    await r.harness.press(user, subtitles);
    expect(r.card(user).text).toContain("Subtitles");
    await r.create(user);
    expect(r.created).toEqual([expect.objectContaining({ type: "subtitles", file: LINK })]);
  });

  it("each next task of each result gets the previous result's link as its file", async () => {
    const cases: Array<{ record: Partial<TaskRecord>; data: string; expected: Record<string, unknown> }> = [
      {
        record: { type: "video", result: { url: LINK } },
        data: "t:dubbing",
        expected: { type: "dubbing", mode: "auto", file: LINK, target_lang: "en" },
      },
      {
        record: { type: "video", result: { url: LINK } },
        data: "t:smart_clip",
        expected: { type: "smart_clip", file: LINK, reels_mode: true },
      },
      {
        record: { type: "subtitles", result: { url: LINK } },
        data: "t:pause_removal",
        expected: { type: "pause_removal", file: LINK },
      },
      {
        record: {
          type: "smart_clip",
          result: {
            clips: [
              { index: 1, url: "https://files.example/c1.mp4" },
              { index: 2, url: "https://files.example/c2.mp4" },
            ],
          },
        },
        data: "t:subtitles:2",
        expected: { type: "subtitles", file: "https://files.example/c2.mp4" },
      },
      {
        record: { type: "audio", result: { url: "https://files.example/v.mp3" } },
        data: "t:motion",
        expected: { type: "motion", source: "voice", file: "https://files.example/v.mp3" },
      },
      {
        record: {
          type: "transcription",
          form: {
            values: {},
            media: [
              {
                source: "telegram",
                kind: "video",
                fileId: "v9",
                fileUniqueId: "uv9",
                mime: "video/mp4",
                durationSec: 30,
              },
            ],
          },
          result: { srt: "https://files.example/t.srt" },
        },
        data: "t:dubbing",
        expected: {
          type: "dubbing",
          mode: "manual",
          file: "00000000-0000-4000-8000-757639000000",
          srt_file: "https://files.example/t.srt",
          target_lang: "en",
        },
      },
    ];
    for (const { record, data, expected } of cases) {
      const r = await rig();
      const user = r.harness.user();
      await r.records.put(delivered(record));
      await r.harness.press(user, `rs:RESULT-TICKET-0123456789:${data}`);
      await r.create(user);
      const { webhook_url: _webhook, ...body } = r.created[0] ?? { type: "none" };
      expect(body, data).toEqual(expected);
      // Only the transcript's source video was a Telegram file; every result went as its link.
      expect(
        r.uploaded.every((ref) => ref.source === "telegram"),
        data,
      ).toBe(true);
    }
  });

  it("a result's button pressed by anyone but the task's owner is answered as not theirs and opens nothing", async () => {
    const r = await rig();
    await r.records.put(delivered({}));
    const calls = await r.harness.press(r.harness.user(778), "rs:RESULT-TICKET-0123456789:n");
    expect(calls).toEqual([
      {
        method: "answerCallbackQuery",
        payload: { callback_query_id: expect.any(String), text: "This button is not yours." },
        result: true,
      },
    ]);
  });

  it("after the link expires, the button says so and opens nothing", async () => {
    const r = await rig();
    const user = r.harness.user();
    await r.records.put(delivered({ result: { url: LINK, expiresAt: Date.now() - 1000 } }));
    const shown = [
      [
        { text: "Subtitles", callback_data: "rs:RESULT-TICKET-0123456789:t:subtitles" },
        { text: "Dubbing", callback_data: "rs:RESULT-TICKET-0123456789:t:dubbing" },
      ],
      [{ text: "➕ New task", callback_data: "rs:RESULT-TICKET-0123456789:n" }],
    ];
    const calls = await r.harness.press(user, "rs:RESULT-TICKET-0123456789:t:subtitles", 7, user.id, shown);
    expect(calls.find((call) => call.method === "answerCallbackQuery")?.payload).toMatchObject({
      text: "This result's link has expired, so it can't be passed on. Send the file to me again to start a new task with it.",
      show_alert: true,
    });
    expect(calls.some((call) => call.method === "sendMessage")).toBe(false);
    // The buttons that can no longer pass the result on say so; the others stay.
    const edit = calls.find((call) => call.method === "editMessageReplyMarkup");
    expect(BotHarness.buttons(edit).map((button) => button.text)).toEqual([
      "⌛ Link expired: send the file again",
      "➕ New task",
    ]);
  });

  it("New task offers the tasks for the media just used, and one tap opens that form with them", async () => {
    const r = await rig();
    const user = r.harness.user();
    const media = {
      source: "telegram" as const,
      kind: "video" as const,
      fileId: "v1",
      fileUniqueId: "uv1",
      durationSec: 30,
    };
    await r.records.put(delivered({ form: { values: {}, media: [media] } }));
    const offer = await r.harness.press(user, "rs:RESULT-TICKET-0123456789:n");
    const message = offer.find((call) => call.method === "sendMessage");
    expect(message?.payload.text).toBe("What should I make of the same file? Or send something new.");
    await r.harness.press(user, BotHarness.button(message, "Pause removal"));
    await r.create(user);
    expect(r.created[0]).toMatchObject({
      type: "pause_removal",
      file: "00000000-0000-4000-8000-757631000000",
    });
  });
});

describe("semi-automatic dubbing, checked in the chat", () => {
  const SRT =
    "1\n00:00:00,000 --> 00:00:02,500\nHello there\n\n2\n00:00:02,500 --> 00:00:05,900\nHow are you\n\n3\n00:00:05,900 --> 00:00:09,990\nSee you soon\n";

  it("a line fixed by replying '2: new text' keeps its times, and Render goes out as the second step of #1005", async () => {
    const r = await rig();
    const user = r.harness.user();
    // The whole path: the mode chosen on the card, then Create.
    await r.harness.sendMessage(user, video("v1", 10));
    await r.harness.press(
      user,
      BotHarness.button(r.harness.calls.filter((c) => c.payload.reply_markup).at(-1), "Dubbing"),
    );
    await r.press(user, "Check the text first");
    await r.create(user);
    expect(r.created[0]).toMatchObject({ type: "dubbing", mode: "semi_auto", step: "transcribe" });
    const [ticket] = (await r.storage.kv.keys("task:")).map((key) => key.slice("task:".length));
    const record = await r.records.get(ticket ?? "");
    if (!record) throw new Error("no record");
    await r.records.put({ ...record, taskId: 1005, state: "delivered" });

    const awaiting = new AwaitingSrt(r.storage.kv);
    await startReview(
      { awaiting, fetcher: fetcherOf({ "https://f.example/t.srt": SRT }), api: r.harness.bot.api },
      { ...record, taskId: 1005 },
      serviceTask(1005, { type: "dubbing", result_url: "https://f.example/t.srt" }),
      (key, variables) => t(key, variables),
    );
    const first = r.harness.calls.at(-1);
    expect(String(first?.payload.text)).toContain("<b>2.</b> How are you");

    const edit = await r.harness.send(user, "2: How have you been");
    const shown = edit.find((call) => call.method === "sendMessage");
    expect(shown?.payload.text).toContain("<b>2.</b> How have you been ✏️");
    expect(edit.some((call) => call.method === "deleteMessage")).toBe(true);

    const missing = await r.harness.send(user, "7: nothing here");
    expect(missing.find((call) => call.method === "sendMessage")?.payload.text).toBe(
      "There is no line 7: the transcript has 3 lines.",
    );

    await r.harness.press(user, BotHarness.button(shown, "▶️ Render"));
    await r.settle();
    expect(r.reuploadedSrt).toEqual([
      "1\n00:00:00,000 --> 00:00:02,500\nHello there\n\n2\n00:00:02,500 --> 00:00:05,900\nHow have you been\n\n3\n00:00:05,900 --> 00:00:09,990\nSee you soon\n",
    ]);
    expect(r.created[1]).toMatchObject({
      type: "dubbing",
      mode: "semi_auto",
      step: "render",
      // The video uploaded for the first step, reused; the transcript as fixed in the chat.
      file: r.created[0]?.type === "dubbing" ? r.created[0].file : "",
      srt_file: "00000000-0000-4000-8000-00000000a5a5",
    });
    const render = (
      await Promise.all((await r.storage.kv.keys("task:")).map((key) => r.records.get(key.slice(5))))
    ).find((entry) => entry?.parent === ticket);
    expect(render?.parentTaskId).toBe(1005);
    expect(render?.cardMessageId).toBe(record.cardMessageId);
    expect(
      r.harness.calls.some((call) => String(call.payload.text).startsWith("⏳ Dubbing (render of #1005)")),
    ).toBe(true);
  });
});
