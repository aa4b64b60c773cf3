/**
 * Inline mode as a user meets it: typing the bot's name in any chat lists that user's results and no
 * one else's, fifty at a time, newest first; typed words narrow the list; a newcomer is pointed to the
 * bot; a result whose file Telegram no longer has is left out and forgotten.
 */
import type { InlineQueryResult, Update } from "grammy/types";
import { describe, expect, it } from "vitest";
import { type ResultEntry, ResultIndex } from "../../../src/lifecycle/result-index.js";
import { createMemoryStorage } from "../../../src/storage/memory.js";
import { type ApiCall, BotHarness, TelegramFailure, type TestUser } from "../../support/bot-harness.js";

function entry(id: string, fields: Partial<ResultEntry> = {}): ResultEntry {
  return {
    id,
    kind: "video",
    fileId: `file-${id}`,
    title: "Slideshow with voiceover",
    description: `made from ${id}.mp4`,
    words: `Slideshow with voiceover ${id}.mp4`,
    ...fields,
  };
}

interface Answer {
  ids: string[];
  results: InlineQueryResult[];
  nextOffset: string;
  payload: Record<string, unknown>;
}

function answerOf(calls: ApiCall[]): Answer {
  const answered = calls.filter((call) => call.method === "answerInlineQuery").at(-1);
  if (!answered) throw new Error(`no answer among ${calls.map((call) => call.method).join(", ")}`);
  const results = answered.payload.results as InlineQueryResult[];
  return {
    ids: results.map((result) => result.id),
    results,
    nextOffset: String(answered.payload.next_offset ?? ""),
    payload: answered.payload,
  };
}

let queryNumber = 0;

function typeInline(harness: BotHarness, user: TestUser, query: string, offset = ""): Promise<ApiCall[]> {
  return harness.handle({
    inline_query: {
      id: `q${++queryNumber}`,
      from: { is_bot: false, ...user },
      query,
      offset,
      chat_type: "sender",
    },
  } as Omit<Update, "update_id">);
}

async function withResults(index: ResultIndex, userId: number, count: number, prefix: string) {
  for (let number = 1; number <= count; number++) {
    await index.add(userId, entry(`${prefix}${number}`), 1_000 + number);
  }
}

describe("inline mode", () => {
  it("lists each user's own results only, by their files, personal and briefly cached", async () => {
    const storage = createMemoryStorage();
    const index = new ResultIndex(storage.sortedSets);
    const harness = new BotHarness({ storage });
    const olena = harness.user(701);
    const taras = harness.user(702, "en", "Taras");
    await withResults(index, olena.id, 3, "olena");
    await index.add(taras.id, entry("taras1", { kind: "photo", title: "Image" }), 5_000);

    const hers = answerOf(await typeInline(harness, olena, ""));
    const his = answerOf(await typeInline(harness, taras, ""));

    expect(hers.ids).toEqual(["r:olena3", "r:olena2", "r:olena1"]);
    expect(hers.results[0]).toMatchObject({
      type: "video",
      video_file_id: "file-olena3",
      title: "Slideshow with voiceover",
      description: "made from olena3.mp4",
    });
    expect(his.ids).toEqual(["r:taras1"]);
    expect(his.results[0]).toMatchObject({ type: "photo", photo_file_id: "file-taras1" });
    for (const answer of [hers, his]) {
      expect(answer.payload.is_personal).toBe(true);
      expect(Number(answer.payload.cache_time)).toBeLessThanOrEqual(30);
    }
  });

  it("pages a long list fifty at a time, newest first, each result once", async () => {
    const storage = createMemoryStorage();
    const harness = new BotHarness({ storage });
    const user = harness.user(703);
    await withResults(new ResultIndex(storage.sortedSets), user.id, 120, "v");

    const seen: string[] = [];
    let offset = "";
    const pages: number[] = [];
    do {
      const answer = answerOf(await typeInline(harness, user, "", offset));
      pages.push(answer.ids.length);
      seen.push(...answer.ids);
      offset = answer.nextOffset;
    } while (offset !== "");

    expect(pages).toEqual([50, 50, 20]);
    expect(seen).toEqual(Array.from({ length: 120 }, (_, index) => `r:v${120 - index}`));
  });

  it("keeps, for typed words, the results whose prompt, file name or task type hold them all", async () => {
    const storage = createMemoryStorage();
    const index = new ResultIndex(storage.sortedSets);
    const harness = new BotHarness({ storage });
    const user = harness.user(704);
    await index.add(user.id, entry("cat", { words: "Image a ginger Cat on a roof", kind: "photo" }), 1);
    await index.add(user.id, entry("dog", { words: "Image a dog on a roof", kind: "photo" }), 2);
    await index.add(user.id, entry("talk", { words: "Transcription interview.mp3", kind: "document" }), 3);

    expect(answerOf(await typeInline(harness, user, "roof")).ids).toEqual(["r:dog", "r:cat"]);
    expect(answerOf(await typeInline(harness, user, "CAT  roof")).ids).toEqual(["r:cat"]);
    expect(answerOf(await typeInline(harness, user, "interview")).ids).toEqual(["r:talk"]);
    const none = answerOf(await typeInline(harness, user, "horse"));
    expect(none.ids).toEqual([]);
    expect(none.payload.button).toMatchObject({ text: "Nothing matches – open the bot" });
  });

  it("points a user without results to the bot, in the user's language", async () => {
    const harness = new BotHarness();
    const answer = answerOf(await typeInline(harness, harness.user(705, "uk"), ""));

    expect(answer.ids).toEqual([]);
    expect(answer.payload.button).toEqual({
      text: "Результатів ще немає – відкрийте бота, щоб створити",
      start_parameter: "inline",
    });
  });

  it("opens the welcome, not an unknown link, when the user comes from that button", async () => {
    const harness = new BotHarness();
    const calls = await harness.send(harness.user(706), "/start inline");
    const reply = calls.find((call) => call.method === "sendMessage");
    expect(String(reply?.payload.text)).not.toContain("does not open any task");
  });

  it("leaves out and forgets results whose files Telegram no longer has, and answers with the rest", async () => {
    const storage = createMemoryStorage();
    const index = new ResultIndex(storage.sortedSets);
    const forgotten = new Set(["file-v7", "file-v30"]);
    const harness = new BotHarness({
      storage,
      results: {
        answerInlineQuery: (payload) => {
          const results = payload.results as Array<Record<string, unknown>>;
          const gone = results.some((result) => forgotten.has(String(result.video_file_id)));
          return gone
            ? new TelegramFailure(400, "Bad Request: wrong file identifier/HTTP URL specified")
            : true;
        },
      },
    });
    const user = harness.user(707);
    await withResults(index, user.id, 40, "v");

    const shown: string[] = [];
    let offset = "";
    do {
      const answer = answerOf(await typeInline(harness, user, "", offset));
      shown.push(...answer.ids);
      offset = answer.nextOffset;
    } while (offset !== "");

    const expected = Array.from({ length: 40 }, (_, index) => `r:v${40 - index}`).filter(
      (id) => id !== "r:v7" && id !== "r:v30",
    );
    expect(shown).toEqual(expected);
    expect((await index.list(user.id)).map((stored) => stored.entry.id)).not.toContain("v7");
    // Forgotten for good: the next query is answered at once, the whole list in one answer.
    const again = await typeInline(harness, user, "");
    expect(again.filter((call) => call.method === "answerInlineQuery")).toHaveLength(1);
    expect(answerOf(again).ids).toEqual(expected);
  });

  it("puts what is offered besides the results first, on a typed query's first page only", async () => {
    const storage = createMemoryStorage();
    const offered: InlineQueryResult = {
      type: "article",
      id: "img:abc",
      title: "offer",
      input_message_content: { message_text: "offer" },
    };
    const harness = new BotHarness({
      storage,
      createOptions: { inline: { extraResults: async ({ query }) => (query ? [offered] : []) } },
    });
    const user = harness.user(708);
    await withResults(new ResultIndex(storage.sortedSets), user.id, 60, "Slideshow");

    const first = answerOf(await typeInline(harness, user, "slideshow"));
    const second = answerOf(await typeInline(harness, user, "slideshow", first.nextOffset));
    const untyped = answerOf(await typeInline(harness, user, ""));

    expect(first.ids).toHaveLength(50);
    expect(first.ids[0]).toBe("img:abc");
    expect(second.ids).not.toContain("img:abc");
    expect([...first.ids.slice(1), ...second.ids]).toHaveLength(60);
    expect(untyped.ids).not.toContain("img:abc");
    // With the offer to show, a search that finds nothing is no dead end: no button to the bot instead.
    const unmatched = answerOf(await typeInline(harness, user, "horse"));
    expect(unmatched.ids).toEqual(["img:abc"]);
    expect(unmatched.payload.button).toBeUndefined();
  });

  it("takes a chosen result, which has no chat, quietly", async () => {
    const harness = new BotHarness();
    const user = harness.user(709);
    for (const id of ["r:v1", "img:abc"]) {
      const calls = await harness.handle({
        chosen_inline_result: { result_id: id, from: { is_bot: false, ...user }, query: "cat" },
      } as Omit<Update, "update_id">);
      expect(calls).toEqual([]);
    }
    expect(harness.logLines.join("")).not.toMatch(/"level":50/);
  });
});

describe("inline mode for a newcomer", () => {
  it("is told on /start and named in /help, by the bot's own name, in the user's language", async () => {
    const harness = new BotHarness();
    const olena = harness.user(731, "uk");
    const start = await harness.send(olena, "/start");
    const welcome = String(start.find((call) => call.method === "sendMessage")?.payload.text);
    expect(welcome).toContain(
      "↗️ Наберіть @companion_test_bot у будь-якому чаті, щоб надіслати туди свої результати.",
    );
    const help = await harness.send(olena, "/help");
    const helpText = String(help.find((call) => call.method === "sendMessage")?.payload.text);
    expect(helpText).toContain("@companion_test_bot у будь-якому чаті");
    expect(helpText.split("\n").length).toBeLessThanOrEqual(15);
  });
});
