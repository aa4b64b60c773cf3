/**
 * From media sent to result received, over real HTTP: the bot (polling, Redis, BullMQ) against the
 * Telegram emulator and the task sandbox. Every result shape, failures, lost and repeated callbacks,
 * forged callbacks, and tasks created through the API with send_to_messenger.
 */
import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmulatedUser } from "../../dev/telegram-emulator/index.js";
import { ApiKeys } from "../../src/accounts/api-keys.js";
import { KeyVault } from "../../src/accounts/vault.js";
import { createLogger } from "../../src/logger.js";
import { createStorage } from "../../src/storage/index.js";
import type { Storage } from "../../src/storage/ports.js";
import { TaskRecords } from "../../src/tasks/records.js";
import {
  botMessages,
  buttonsOf,
  type DeliveryStack,
  eventually,
  FIXTURE,
  messagesLeft,
  press,
  startDeliveryStack,
} from "../support/delivery-stack.js";
import { startRedisServer } from "../support/redis-server.js";
import { settleJobs } from "../support/settle.js";

const redisServer = await startRedisServer();
const MESSENGER_SECRET = "m".repeat(48);

describe.skipIf(!redisServer)("delivery end to end on Redis", () => {
  let stack: DeliveryStack;
  let storage: Storage;
  let records: TaskRecords;

  beforeAll(async () => {
    stack = await startDeliveryStack({
      redisUrl: redisServer?.url ?? "",
      messengerSecret: MESSENGER_SECRET,
      // A task whose callback never comes is polled within a second, not after 15 s and a 5 s tick.
      timings: { tasks: { firstPollMs: 500, pollTickMs: 100 } },
    });
    storage = createStorage({ redisUrl: redisServer?.url }, createLogger({ level: "silent" }));
    records = new TaskRecords(storage);
  });
  afterAll(async () => {
    await stack?.close();
    await storage?.close();
    await redisServer?.stop();
  });

  function person(name: string): EmulatedUser {
    return stack.emulator.users.create({ first_name: name, language_code: "en" });
  }

  async function delivered(
    user: EmulatedUser,
    predicate: (message: ReturnType<typeof botMessages>[number]) => boolean,
  ) {
    try {
      return await eventually(() => botMessages(user).find(predicate), 20_000);
    } catch (error) {
      const seen = botMessages(user).map(
        (message) => message.text ?? message.caption ?? Object.keys(message).join(","),
      );
      throw new Error(`${String(error)}; the chat shows: ${JSON.stringify(seen)}`);
    }
  }

  async function ticketOf(user: EmulatedUser): Promise<string> {
    for (const key of await storage.kv.keys("task:")) {
      const record = await records.get(key.slice("task:".length));
      if (record?.userId === user.id) return record.ticket;
    }
    throw new Error("no task record for the user");
  }

  it("video: a photo becomes a playable video that says what it is, with Then..., Repeat and New task", async () => {
    const user = person("Vera");
    await user.sendPhoto({ bytes: FIXTURE("sample.jpg"), width: 320, height: 240 });
    await press(user, "✅ Create");
    const result = await delivered(user, (message) => message.video !== undefined);
    // The cost is a line of its own under what the result is: a 3 s photo at 30 tokens a minute.
    expect(result.caption).toMatch(
      /^✅ Slideshow with voiceover #\d+ · 0:02 · horizontal 320×240\n\nCost: about 2 tokens$/,
    );
    expect(result.video?.duration).toBe(2);
    expect(result.reply_markup?.inline_keyboard.flat().map((button) => button.text)).toEqual([
      "➡️ Then: Subtitles",
      "➡️ Then: Dubbing",
      "➡️ Then: Smart clips",
      "➡️ Then: Pause removal",
      "🔁 Repeat with changes",
      "➕ New task",
    ]);
    // The video takes its card's place: the one message the job leaves is the video, and its caption
    // names the job as the card's last words did.
    await eventually(() => messagesLeft(user).length === 1 || undefined);
    expect(messagesLeft(user)).toEqual([result]);
    const card = user.chat.botMessages().find((entry) => entry.deleted)?.message.text ?? "";
    const named = /^\S+ (Slideshow with voiceover #\d+):/.exec(card)?.[1];
    expect(named).toBeDefined();
    expect(result.caption).toContain(`✅ ${named}`);
  });

  it("audio: one MP3 with a title and its length, and no voice note besides", async () => {
    const user = person("Artem");
    user.sendCommand("start");
    await press(user, "Voiceover");
    await eventually(() =>
      botMessages(user).find((message) => message.text?.includes("Send it as one message")),
    );
    user.sendText("Good morning, everyone.");
    await press(user, "✅ Create");
    const audio = await delivered(user, (message) => message.audio !== undefined);
    expect(audio.caption).toMatch(/^✅ Voiceover #\d+ · 0:02 · MP3\n\nCost: about \d+ tokens?$/);
    expect(audio.audio?.title).toBe("Good morning, everyone.");
    expect(audio.reply_markup?.inline_keyboard.flat().map((button) => button.text)).toContain(
      "➡️ Then: Animated explainer from this voice",
    );
    expect(botMessages(user).some((message) => message.voice !== undefined)).toBe(false);
  });

  it("transcription: one album of the TXT and SRT, the first captioned with the start of the text", async () => {
    const user = person("Taras");
    await user.sendAudio({
      bytes: FIXTURE("sample.mp3"),
      fileName: "talk.mp3",
      mimeType: "audio/mpeg",
      duration: 30,
    });
    await press(user, "Transcription");
    await press(user, "✅ Create");
    const srt = await delivered(user, (message) => message.document?.file_name?.endsWith(".srt") === true);
    const txt = botMessages(user).find((message) => message.document?.file_name?.endsWith(".txt"));
    expect(txt?.media_group_id).toBeDefined();
    expect(srt.media_group_id).toBe(txt?.media_group_id);
    expect(txt?.caption).toMatch(/^✅ Transcription #\d+ · TXT and SRT\n\nTranscript of talk\.mp3/);
    const card = await delivered(user, (message) => /✅ Transcription #\d+: done/.test(message.text ?? ""));
    expect(buttonsOf(card).map((button) => button.text)).toEqual([
      "➡️ Then: Dubbing with these subtitles",
      "🔁 Repeat with changes",
      "➕ New task",
    ]);
    // An album carries no buttons: the card keeps them above it, and the job leaves these two.
    expect(messagesLeft(user, card.message_id).map((message) => message.message_id)).toEqual([
      card.message_id,
      txt?.message_id,
    ]);
  });

  it("smart clips: an album of clips, each captioned, then the summary", async () => {
    const user = person("Kateryna");
    await user.sendVideo({ bytes: FIXTURE("sample.mp4"), duration: 600, mimeType: "video/mp4" });
    await press(user, "Smart clips");
    await press(user, "✅ Create");
    const summary = await delivered(user, (message) => /Task #\d+: \d+ clips/.test(message.text ?? ""));
    const clips = botMessages(user).filter((message) => message.video !== undefined);
    expect(clips.length).toBeGreaterThan(1);
    expect(new Set(clips.map((clip) => clip.media_group_id)).size).toBe(1);
    expect(clips[0]?.caption).toMatch(
      /^1\. Moment 1 of .*\nWhy moment 1 matters\nScore 95\/100 · 0:00–1:00$/,
    );
    expect(summary.text).toContain("1. Moment 1");
    // The summary carries the buttons, so the card gives way: what the job leaves is the album and it.
    await eventually(() => messagesLeft(user).length === 2 || undefined);
    expect(messagesLeft(user).map((message) => message.message_id)).toEqual([
      clips[0]?.message_id,
      summary.message_id,
    ]);
  });

  for (const [task, label] of [
    ["subtitles", "Subtitles"],
    ["pause_removal", "Pause removal"],
    ["motion", "Animated explainer"],
  ] as const) {
    it(`${task}: the video comes back playable`, async () => {
      const user = person(`U-${task}`);
      await user.sendVideo({ bytes: FIXTURE("sample.mp4"), duration: 20, mimeType: "video/mp4" });
      // A video's likeliest four are shown first; the animated explainer is under More….
      if (task === "motion") await press(user, "More…");
      await press(user, label);
      await press(user, "✅ Create");
      const result = await delivered(user, (message) => message.video !== undefined);
      expect(result.caption).toMatch(new RegExp(`^✅ ${label} #\\d+ · 0:02`));
    });
  }

  it("smart clip -> Then: Subtitles -> the subtitled clip delivered", async () => {
    const user = person("Marta");
    await user.sendVideo({ bytes: FIXTURE("sample.mp4"), duration: 600, mimeType: "video/mp4" });
    await press(user, "Smart clips");
    await press(user, "✅ Create");
    const summary = await delivered(user, (message) => /Task #\d+: \d+ clips/.test(message.text ?? ""));
    const clips = botMessages(user).filter((message) => message.video !== undefined).length;
    expect(buttonsOf(summary).map((button) => button.text)).toContain("➡️ Clip 1: subtitles");
    await press(user, "➡️ Clip 1: subtitles");
    // The clip is named by what it is, and its length, which the service stated, prices it exactly.
    const card = await delivered(user, (message) => /clip 1 from #\d+, \d+:\d\d\n/.test(message.text ?? ""));
    expect(card.text).toMatch(/Cost: about \d+ tokens?\n/);
    expect(card.text).not.toContain("per minute");
    await press(user, "✅ Create");
    const subtitled = await delivered(
      user,
      (message) => message.video !== undefined && /^✅ Subtitles #\d+/.test(message.caption ?? ""),
    );
    expect(botMessages(user).filter((message) => message.video !== undefined)).toHaveLength(clips + 1);
    expect(subtitled.reply_markup?.inline_keyboard.flat().map((button) => button.text)).toContain(
      "➡️ Then: Dubbing",
    );
    const tasks = (await tasksOnService(user)) as Array<{ type: string }>;
    expect(tasks.map((task) => task.type).sort()).toEqual(["smart_clip", "subtitles"]);
  });

  it("dubbing semi-automatic: the transcript is checked in the chat, one line fixed, then the render of the same dubbing", async () => {
    const user = person("Olha");
    await user.sendVideo({ bytes: FIXTURE("sample.mp4"), duration: 20, mimeType: "video/mp4" });
    await press(user, "Dubbing");
    await press(user, "Check the text first");
    await press(user, "✅ Create");
    const review = await delivered(user, (message) => /check the text/.test(message.text ?? ""));
    expect(review.text).toMatch(/^Dubbing #\d+: check the text \(page 1 of 1\)\n\n1\. /);
    const first = /Dubbing #(\d+)/.exec(review.text ?? "")?.[1];
    await eventually(() =>
      botMessages(user).find((message) => /waits for your check below/.test(message.text ?? "")),
    );
    user.sendText("1: A line fixed on the phone");
    await delivered(user, (message) => (message.text ?? "").includes("1. A line fixed on the phone ✏️"));
    await press(user, "▶️ Render");
    const dubbed = await delivered(user, (message) => message.video !== undefined);
    expect(dubbed.caption).toMatch(new RegExp(`^✅ Dubbing \\(render of #${first}\\) #\\d+`));
  });

  it("a failed task says why and offers Try again", async () => {
    const user = person("Petro");
    stack.sandbox.faults.failTasks(1, "No speech found in the video");
    await user.sendVideo({ bytes: FIXTURE("sample.mp4"), duration: 20, mimeType: "video/mp4" });
    await press(user, "Pause removal");
    await press(user, "✅ Create");
    const failure = await delivered(
      user,
      (message) => message.text?.includes("failed: No speech found in the video") === true,
    );
    expect(failure.reply_markup?.inline_keyboard.flat().map((button) => button.text)).toEqual([
      "🔄 Try again",
      "🔁 Repeat with changes",
    ]);
    await press(user, "🔄 Try again");
    await delivered(user, (message) => message.video !== undefined);
  });

  it("a file Telegram will not hand over: the 20 MB limit and a link suggestion on the card, no Retry", async () => {
    const user = person("Iryna");
    // The emulator is not the cloud, so intake takes 25 MB; its getFile refuses over 20 MB, as a Bot API
    // server not in --local mode does.
    await user.sendDocument({ fileName: "talk.mp4", mimeType: "video/mp4", size: 25 * 1024 * 1024 });
    await press(user, "Pause removal");
    await press(user, "✅ Create");
    const card = await delivered(user, (message) => (message.text ?? "").includes("not created"));
    expect(card.text).toContain("This file is over 20 MB, the most a bot can download from Telegram.");
    expect(card.text).toContain("https link");
    expect(buttonsOf(card).map((button) => button.text)).not.toContain("🔄 Retry");
    expect(stack.sandbox.accounts.balance(user.id)).toBe(10_000);
  });

  it("a webhook that never comes: the reconciler delivers", async () => {
    const user = person("Roman");
    stack.sandbox.faults.dropWebhooks(1);
    await user.sendVideo({ bytes: FIXTURE("sample.mp4"), duration: 20, mimeType: "video/mp4" });
    await press(user, "Pause removal");
    await press(user, "✅ Create");
    const result = await eventually(
      () => botMessages(user).find((message) => message.video !== undefined),
      40_000,
    );
    expect(result.caption).toMatch(/^✅ Pause removal #\d+/);
  }, 60_000);

  /** Every text the bot shows the user from now on, edits included. */
  function watchTexts(user: EmulatedUser): string[] {
    const texts: string[] = [];
    stack.emulator.subscribe((event) => {
      if ((event.type === "message" || event.type === "edit") && event.chatId === user.id) {
        texts.push(event.message.message.text ?? "");
      }
    });
    return texts;
  }

  /** The bot's key registry, as the app sees it. */
  function accounts(): ApiKeys {
    const vault = new KeyVault(Buffer.from(stack.keyVaultSecret, "base64"));
    return new ApiKeys({ storage, vault, prefix: "cmp" });
  }

  /** The user's tasks on the service, read with the key the bot issued them. */
  async function tasksOnService(user: EmulatedUser): Promise<unknown[]> {
    const apiKey = await accounts().keyFor(user.id);
    const response = await fetch(`${stack.sandbox.baseUrl}/v1/tasks?limit=100`, {
      headers: { "x-api-key": apiKey ?? "" },
    });
    const page = (await response.json()) as { tasks: unknown[] };
    return page.tasks;
  }

  it("a service that creates the task but answers 500: one task, one charge, one delivery", async () => {
    const user = person("Halyna");
    const texts = watchTexts(user);
    stack.sandbox.faults.failAfterCreating(1);
    await user.sendVideo({ bytes: FIXTURE("sample.mp4"), duration: 20, mimeType: "video/mp4" });
    await press(user, "Pause removal");
    await press(user, "✅ Create");
    await delivered(user, (message) => message.video !== undefined);
    await stack.sandbox.idle();
    expect(await tasksOnService(user)).toHaveLength(1);
    // One pause removal of the 2-second sample at 50 tokens a minute (rounded up to 2), charged once.
    expect(stack.sandbox.accounts.balance(user.id)).toBe(10_000 - 2);
    expect(botMessages(user).filter((message) => message.video !== undefined)).toHaveLength(1);
    expect(texts).toContain(
      "⏳ Pause removal: the service did not confirm the task, so I'm checking whether it was created. I won't send it twice; if it exists, the result will come here.",
    );
  });

  it("a 500 at creation and its callback lost too: the reconciler finds the task in the user's list", async () => {
    const user = person("Bohdan");
    stack.sandbox.faults.failAfterCreating(1);
    stack.sandbox.faults.dropWebhooks(1);
    await user.sendVideo({ bytes: FIXTURE("sample.mp4"), duration: 20, mimeType: "video/mp4" });
    await press(user, "Pause removal");
    await press(user, "✅ Create");
    await eventually(() => botMessages(user).find((message) => message.video !== undefined), 40_000);
    await stack.sandbox.idle();
    expect(await tasksOnService(user)).toHaveLength(1);
    expect(stack.sandbox.accounts.balance(user.id)).toBe(10_000 - 2);
    expect(botMessages(user).filter((message) => message.video !== undefined)).toHaveLength(1);
  }, 60_000);

  it("the same callback fifty times at once, duplicated and stale callbacks: one delivery", async () => {
    const user = person("Iryna");
    stack.sandbox.faults.duplicateWebhooks(1);
    await user.sendVideo({ bytes: FIXTURE("sample.mp4"), duration: 20, mimeType: "video/mp4" });
    await press(user, "Pause removal");
    await press(user, "✅ Create");
    await delivered(user, (message) => message.video !== undefined);
    const ticket = await ticketOf(user);
    const record = await records.get(ticket);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        fetch(`http://127.0.0.1:${stack.port}/hooks/tasks/${ticket}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            task_id: record?.taskId,
            status: "completed",
            result_url: "https://cdn.example.com/x.mp4",
          }),
        }),
      ),
    );
    expect(new Set(responses.map((response) => response.status))).toEqual(new Set([200]));
    await settleJobs(stack.app.httpUrl);
    expect(botMessages(user).filter((message) => message.video !== undefined)).toHaveLength(1);
  });

  it("forged callbacks deliver nothing and fetch nothing", async () => {
    let fetched = 0;
    const internal = createServer((_request, response) => {
      fetched += 1;
      response.end("secret");
    });
    await new Promise<void>((resolve) => internal.listen(0, "127.0.0.1", resolve));
    const address = internal.address();
    const internalUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/admin`;
    const guessed = await fetch(`http://127.0.0.1:${stack.port}/hooks/tasks/AAAAAAAAAAAAAAAAAAAAAAAA`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ task_id: 1, status: "completed", result_url: internalUrl }),
    });
    expect(guessed.status).toBe(404);

    const user = person("Mallory's victim");
    stack.sandbox.faults.slowTasks(1, 200);
    await user.sendVideo({ bytes: FIXTURE("sample.mp4"), duration: 20, mimeType: "video/mp4" });
    await press(user, "Pause removal");
    await press(user, "✅ Create");
    await eventually(() => botMessages(user).find((message) => /created, waiting/.test(message.text ?? "")));
    const ticket = await ticketOf(user);
    const record = await records.get(ticket);
    const forged = await fetch(`http://127.0.0.1:${stack.port}/hooks/tasks/${ticket}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ task_id: record?.taskId, status: "completed", result_url: internalUrl }),
    });
    expect(forged.status).toBe(200);
    await settleJobs(stack.app.httpUrl);
    expect(fetched).toBe(0);
    expect(
      botMessages(user).some((message) => message.video !== undefined || message.document !== undefined),
    ).toBe(false);
    internal.close();
  });

  it("a task created through the API with send_to_messenger is delivered in the chat", async () => {
    const user = person("Api User");
    user.sendCommand("apikey");
    await press(user, "Issue a key");
    const keyMessage = await eventually(() =>
      botMessages(user).find((message) => /cmp_[A-Za-z0-9]{8}_[A-Za-z0-9]{32}/.test(message.text ?? "")),
    );
    const apiKey = /cmp_[A-Za-z0-9]{8}_[A-Za-z0-9]{32}/.exec(keyMessage.text ?? "")?.[0] ?? "";
    const created = await fetch(`${stack.sandbox.baseUrl}/v1/tasks`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": apiKey },
      body: JSON.stringify({ type: "audio", text: "Made through the API", send_to_messenger: true }),
    });
    expect(created.status).toBeLessThan(300);
    const audio = await delivered(user, (message) => message.audio !== undefined);
    expect(audio.caption).toMatch(/^✅ Voiceover #\d+/);
  });

  it("the messenger hook: 404 for a user who never talked to the bot, who gets no key, and for another's task", async () => {
    const hook = (body: { task_id: number; user_id: number }) =>
      fetch(`http://127.0.0.1:${stack.port}/hooks/messenger`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-messenger-secret": MESSENGER_SECRET },
        body: JSON.stringify(body),
      });
    const stranger = 987_654_321;
    expect((await hook({ task_id: 1001, user_id: stranger })).status).toBe(404);
    expect(await accounts().describe(stranger)).toBeUndefined();

    const owner = person("Owner");
    const other = person("Other");
    const ownerKey = (await accounts().issue(owner.id)).apiKey;
    await accounts().issue(other.id);
    const created = await fetch(`${stack.sandbox.baseUrl}/v1/tasks`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": ownerKey },
      body: JSON.stringify({ type: "audio", text: "Made through the API, asked for by someone else" }),
    });
    const { task_id: taskId } = (await created.json()) as { task_id: number };
    // The service calls the hook once the task has finished.
    await stack.sandbox.idle();
    expect((await hook({ task_id: taskId, user_id: other.id })).status).toBe(404);
    expect((await hook({ task_id: taskId, user_id: owner.id })).status).toBe(200);
    await delivered(owner, (message) => message.audio !== undefined);
    expect((await hook({ task_id: taskId, user_id: other.id })).status).toBe(404);
    expect(botMessages(other)).toEqual([]);
  });
});
