import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { BOT_COMMANDS, GENERATION_COMMANDS } from "../../../src/bot/i18n.js";
import { ResultUnavailableError } from "../../../src/tasks/result-files.js";
import { TasksServiceError } from "../../../src/tasks-service/errors.js";
import type { FakeTasksService } from "../../support/bot-fakes.js";
import { serviceTask, tokenProfile } from "../../support/bot-fakes.js";
import { type ApiCall, BotHarness, lastCall, textOf } from "../../support/bot-harness.js";

describe("/start", () => {
  it("welcomes with what the bot does and the four likeliest tasks with their prices, the rest under More…", async () => {
    const harness = new BotHarness();
    const user = harness.user();
    const calls = await harness.send(user, "/start");
    const reply = lastCall(calls, "sendMessage");
    expect(textOf(reply)).toContain("Hello, Olena!");
    expect(textOf(reply)).toContain("transcripts");
    const buttons = BotHarness.buttons(reply).map((button) => button.text);
    expect(buttons).toEqual([
      "Slideshow with voiceover · from 30 tokens/min",
      "Subtitles · from 50 tokens/min",
      "Smart clips · from 80 tokens/min",
      "Voiceover · free voices too",
      "More…",
    ]);
    const more = lastCall(
      await harness.press(user, BotHarness.button(reply, "More…")),
      "editMessageReplyMarkup",
    );
    expect(BotHarness.buttons(more).map((button) => button.text)).toEqual([
      "Transcription · 40 tokens/min",
      "Dubbing · from 100 tokens/min",
      "Pause removal · 50 tokens/min",
      "Animated explainer · free with your plan",
      "« Back",
    ]);
    const back = lastCall(
      await harness.press(user, BotHarness.button(more, "« Back")),
      "editMessageReplyMarkup",
    );
    expect(BotHarness.buttons(back).map((button) => button.text)).toEqual(buttons);
  });

  it("speaks Ukrainian to a Ukrainian Telegram client", async () => {
    const harness = new BotHarness();
    const reply = lastCall(await harness.send(harness.user(5, "uk"), "/start"), "sendMessage");
    expect(textOf(reply)).toContain("Вітаю, Olena!");
    expect(textOf(reply).match(/Оберіть завдання нижче/g)).toHaveLength(1);
    expect(BotHarness.buttons(reply)[1]?.text).toBe("Субтитри · від 50 токенів/хв");
    expect(BotHarness.buttons(reply).at(-1)?.text).toBe("Більше…");
  });

  it("falls back to the default locale for languages it does not speak", async () => {
    const harness = new BotHarness({ defaultLocale: "ru" });
    const reply = lastCall(await harness.send(harness.user(5, "de"), "/start"), "sendMessage");
    expect(textOf(reply)).toContain("Здравствуйте, Olena!");
  });

  it("opens a task card from a deep link", async () => {
    const harness = new BotHarness();
    const reply = lastCall(await harness.send(harness.user(), "/start dubbing"), "sendMessage");
    expect(textOf(reply)).toContain("Dubbing");
    expect(textOf(reply)).toContain("100 to 141 tokens per minute");
    expect(textOf(reply)).toContain("Send the video, or paste an https link.");
  });

  it("accepts every task type and a few spellings of it as deep links", async () => {
    const harness = new BotHarness();
    const user = harness.user(12, "uk");
    const video = textOf(lastCall(await harness.send(user, "/start video"), "sendMessage"));
    expect(video).toContain("Слайдшоу з озвученням");
    expect(video).toContain("Надішліть фото або ролики.");
    const pauses = textOf(lastCall(await harness.send(user, "/start pause-removal"), "sendMessage"));
    expect(pauses).toContain("Видалення пауз");
  });

  it("says an unknown deep link opens nothing and offers the tasks", async () => {
    const harness = new BotHarness();
    const reply = lastCall(await harness.send(harness.user(), "/start nonsense"), "sendMessage");
    expect(textOf(reply)).toBe("That link does not open any task. Choose one below.");
    expect(BotHarness.buttons(reply)).toHaveLength(5);
  });

  it("a task button shows that task's card", async () => {
    const harness = new BotHarness();
    const user = harness.user();
    const welcome = lastCall(await harness.send(user, "/start"), "sendMessage");
    const calls = await harness.press(user, BotHarness.button(welcome, "Smart clips"));
    expect(calls[0]?.method).toBe("answerCallbackQuery");
    expect(textOf(lastCall(calls, "sendMessage"))).toContain("80 tokens per minute of the source video");
  });
});

/** The rows of an inline keyboard as Telegram receives them, empty ones included. */
function keyboardRows(call: ApiCall | undefined): unknown[][] {
  const markup = call?.payload.reply_markup as { inline_keyboard?: unknown[][] } | undefined;
  return markup?.inline_keyboard ?? [];
}

describe("/help", () => {
  it("fits on one screen: every command, how to begin, and the task buttons it speaks of", async () => {
    const harness = new BotHarness();
    const reply = lastCall(await harness.send(harness.user(), "/help"), "sendMessage");
    const text = textOf(reply);
    expect(text.split("\n").length).toBeLessThanOrEqual(15);
    expect(text).toContain("1,000 tokens = 1 USD");
    expect(text).toContain("or pick a task below");
    for (const command of BOT_COMMANDS) expect(text).toContain(`/${command} – `);
    for (const command of GENERATION_COMMANDS) expect(text).not.toContain(`/${command} `);
    expect(text).toContain("/balance – balance and limits · /apikey – your API key");
    expect(keyboardRows(reply).every((row) => row.length > 0)).toBe(true);
    expect(BotHarness.buttons(reply).map((button) => button.text)).toHaveLength(5);
    const press = await harness.pressOffer(harness.user(), reply, "Dubbing");
    expect(textOf(lastCall(press, "sendMessage"))).toContain("100 to 141 tokens per minute");
  });

  it("is in Russian for a Russian client", async () => {
    const harness = new BotHarness();
    const text = textOf(lastCall(await harness.send(harness.user(8, "ru"), "/help"), "sendMessage"));
    expect(text).toContain("/tasks – ваши задачи и их результаты");
    expect(text).toContain("/language – язык интерфейса");
    expect(text.split("\n").length).toBeLessThanOrEqual(15);
  });
});

describe("/cancel", () => {
  it("says so and makes earlier buttons stale", async () => {
    const harness = new BotHarness();
    const user = harness.user();
    const welcome = lastCall(await harness.send(user, "/start"), "sendMessage");
    const cancel = lastCall(await harness.send(user, "/cancel"), "sendMessage");
    expect(textOf(cancel)).toContain("Cancelled.");
    const press = await harness.press(user, BotHarness.button(welcome, "Subtitles"));
    expect(press.map((call) => call.method)).toEqual(["answerCallbackQuery"]);
    expect(press[0]?.payload.text).toBe("This button is from an older message. Please use the latest one.");
  });
});

describe("/language", () => {
  it("switches the interface language and remembers it", async () => {
    const harness = new BotHarness();
    const user = harness.user();
    const picker = lastCall(await harness.send(user, "/language"), "sendMessage");
    expect(textOf(picker)).toBe("Choose the interface language:");
    const calls = await harness.press(user, BotHarness.button(picker, "Русский"));
    expect(textOf(lastCall(calls, "editMessageText"))).toBe("Язык интерфейса теперь русский.");
    const help = textOf(lastCall(await harness.send(user, "/cancel"), "sendMessage"));
    expect(help).toContain("Отменено.");
  });
});

describe("/balance", () => {
  it("shows the tokens and what they pay for, usage and the reset date; USD and the limits under Details", async () => {
    const harness = new BotHarness();
    const user = harness.user();
    const reply = lastCall(await harness.send(user, "/balance"), "sendMessage");
    const text = textOf(reply);
    expect(text).toContain("Media tasks (video, subtitles, voice…): 12,500 tokens\n");
    // Without the generation service there is no other balance, and nothing to link.
    expect(text).not.toContain("AI images and videos");
    expect(text).toContain("Video seconds: 120");
    expect(text).toContain("Limits reset on December 1, 2026.");
    expect(text).not.toContain("Largest file");
    expect(text.split("\n").length).toBeLessThanOrEqual(12);
    const reads = (harness.tasksService as FakeTasksService).seenKeys.length;
    const details = await harness.press(user, BotHarness.button(reply, "🔽 Details: USD and limits"));
    const full = lastCall(details, "editMessageText");
    expect(textOf(full)).toContain("Video seconds per month: 3,600");
    expect(textOf(full)).toContain("Largest file: 500 MB");
    expect(textOf(full)).toContain("Media tasks (video, subtitles, voice…): 12,500 tokens (about 12.50 USD)");
    // The profile is read again for the press: one more GET /v1/me.
    expect((harness.tasksService as FakeTasksService).seenKeys.length).toBe(reads + 1);
    const fewer = await harness.press(user, BotHarness.button(full, "🔼 Fewer details"));
    expect(textOf(lastCall(fewer, "editMessageText"))).toBe(text);
  });

  it("ends the reset date with one full stop in Ukrainian and Russian", async () => {
    const harness = new BotHarness();
    const uk = textOf(lastCall(await harness.send(harness.user(9, "uk"), "/balance"), "sendMessage"));
    expect(uk).toContain("Ліміти оновляться 1 грудня 2026.");
    expect(uk).not.toContain("..");
    const ru = textOf(lastCall(await harness.send(harness.user(10, "ru"), "/balance"), "sendMessage"));
    expect(ru).toContain("Лимиты обновятся 1 декабря 2026.");
    expect(ru).not.toContain("..");
  });

  it("uses the user's own key, issued on first use", async () => {
    const harness = new BotHarness();
    await harness.send(harness.user(), "/balance");
    const ensured = await harness.apiKeys.ensure(777);
    expect((harness.tasksService as FakeTasksService).seenKeys).toEqual([ensured.apiKey]);
  });

  it("shows the plan and its expiry on a quota-based deployment", async () => {
    const harness = new BotHarness();
    const service = harness.tasksService as FakeTasksService;
    service.profile = tokenProfile({
      token_balance: undefined,
      tariff: "Pro",
      tariff_expires_at: "2027-01-31T00:00:00",
    });
    const text = textOf(lastCall(await harness.send(harness.user(), "/balance"), "sendMessage"));
    expect(text).toContain("Media tasks (video, subtitles, voice…): Pro plan, valid until Jan 31, 2027");
    expect(text).not.toContain("tokens");
  });

  it("translates every service error kind", async () => {
    const harness = new BotHarness();
    const service = harness.tasksService as FakeTasksService;
    service.failWith = new TasksServiceError({ kind: "insufficient_balance", operation: "me", status: 402 });
    const en = textOf(lastCall(await harness.send(harness.user(), "/balance"), "sendMessage"));
    expect(en).toBe("Your token balance is too low for this. Check it with /balance.");
    service.failWith = new TasksServiceError({ kind: "unauthorized", operation: "me", status: 401 });
    const uk = textOf(lastCall(await harness.send(harness.user(9, "uk"), "/balance"), "sendMessage"));
    expect(uk).toBe("Сервіс не прийняв ваш API-ключ. Отримайте новий через /apikey.");
  });
});

describe("/tasks", () => {
  function withTasks(count: number) {
    const harness = new BotHarness({ now: () => new Date("2026-11-22T10:00:00Z") });
    const service = harness.tasksService as FakeTasksService;
    service.tasks = Array.from({ length: count }, (_, index) => serviceTask(100 - index));
    return { harness, service };
  }

  it("says when there are none", async () => {
    const { harness } = withTasks(0);
    expect(textOf(lastCall(await harness.send(harness.user(), "/tasks"), "sendMessage"))).toBe(
      "You have no tasks yet. Start one with /start.",
    );
  });

  it("pages five at a time with a page count, each task as a status mark, its type and the time with its zone", async () => {
    const { harness, service } = withTasks(7);
    service.tasks[1] = serviceTask(99, { type: "voiceover", status: "failed" });
    const user = harness.user();
    const first = lastCall(await harness.send(user, "/tasks"), "sendMessage");
    expect(textOf(first)).toBe("Your tasks · page 1 of 2");
    const buttons = BotHarness.buttons(first);
    expect(buttons).toHaveLength(6);
    expect(buttons.slice(0, 2).map((button) => button.text)).toEqual([
      "✅ Transcription · Nov 20, 8:30 AM UTC",
      "❌ Voiceover · Nov 20, 8:30 AM UTC",
    ]);
    expect(buttons.at(-1)?.text).toBe("Next »");
    const second = lastCall(await harness.press(user, BotHarness.button(first, "Next »")), "editMessageText");
    expect(textOf(second)).toBe("Your tasks · page 2 of 2");
    expect(BotHarness.buttons(second).map((button) => button.text)).toEqual([
      "✅ Transcription · Nov 20, 8:30 AM UTC",
      "✅ Transcription · Nov 20, 8:30 AM UTC",
      "« Previous",
    ]);
  });

  it("a task opens its details without sending anything; the result comes only on Send the result again", async () => {
    const { harness, service } = withTasks(0);
    service.tasks = [serviceTask(8, { type: "video", result_url: "https://files.example/8.mp4" })];
    const user = harness.user();
    const list = lastCall(await harness.send(user, "/tasks"), "sendMessage");
    const opened = await harness.press(user, BotHarness.buttons(list)[0]?.data ?? "");
    expect(opened.map((call) => call.method)).toEqual(["answerCallbackQuery", "editMessageText"]);
    const details = lastCall(opened, "editMessageText");
    expect(textOf(details)).toBe("#8 · Slideshow with voiceover\n✅ done\nCreated Nov 20, 2026, 8:30 AM UTC");
    expect(BotHarness.buttons(details).map((button) => button.text)).toEqual([
      "📤 Send the result again",
      "« Back",
    ]);
  });

  it("sends a task's result again as its delivery did: a transcript as one album, video as video", async () => {
    const reads: string[] = [];
    const harness = new BotHarness({
      now: () => new Date("2026-11-22T10:00:00Z"),
      resultFetcher: {
        size: async () => 1000,
        open: async (url) => {
          reads.push(url);
          return Readable.from([Buffer.from("video bytes")]);
        },
        text: async (url) => {
          reads.push(url);
          return url.endsWith(".srt") ? "1\n00:00:00,000 --> 00:00:01,000\nhello\n" : "hello transcript";
        },
        head: async () => Buffer.alloc(0),
      },
    });
    const service = harness.tasksService as FakeTasksService;
    service.tasks = [
      serviceTask(7, {
        result_urls: { txt_url: "https://files.example/7.txt", srt_url: "https://files.example/7.srt" },
        result_url_expires_at: "2026-11-23T10:00:00",
      }),
      serviceTask(8, {
        type: "video",
        result_url: "https://files.example/8.mp4",
        result_url_expires_at: "2026-11-23T10:00:00",
      }),
    ];
    const user = harness.user();
    const again = async (index: number) => {
      const list = lastCall(await harness.send(user, "/tasks"), "sendMessage");
      const details = lastCall(
        await harness.press(user, BotHarness.buttons(list)[index]?.data ?? ""),
        "editMessageText",
      );
      return harness.press(user, BotHarness.button(details, "📤 Send the result again"));
    };
    const transcript = await again(0);
    expect(reads).toEqual(["https://files.example/7.txt", "https://files.example/7.srt"]);
    expect(transcript.filter((call) => call.method.startsWith("send")).map((call) => call.method)).toEqual([
      "sendMediaGroup",
    ]);
    const album = JSON.parse(String(lastCall(transcript, "sendMediaGroup")?.payload.media));
    expect(album.map((item: { type: string; caption?: string }) => [item.type, item.caption])).toEqual([
      ["document", "✅ Transcription #7 · TXT and SRT\n\nhello transcript"],
      ["document", undefined],
    ]);

    const video = await again(1);
    expect(lastCall(video, "sendVideo")?.payload.caption).toBe("✅ Slideshow with voiceover #8");
    expect(reads.at(-1)).toBe("https://files.example/8.mp4");
  });

  it("gives the link when a result file cannot be read any more", async () => {
    const harness = new BotHarness({
      now: () => new Date("2026-11-22T10:00:00Z"),
      resultFetcher: {
        size: async () => 1000,
        open: async () => {
          throw new ResultUnavailableError("result answered HTTP 404");
        },
        text: async () => {
          throw new ResultUnavailableError("result answered HTTP 404");
        },
        head: async () => {
          throw new ResultUnavailableError("result answered HTTP 404");
        },
      },
    });
    (harness.tasksService as FakeTasksService).tasks = [
      serviceTask(7, {
        result_urls: { txt_url: "https://files.example/7.txt", srt_url: "https://files.example/7.srt" },
        result_url_expires_at: "2026-11-23T10:00:00",
      }),
    ];
    const user = harness.user();
    const list = lastCall(await harness.send(user, "/tasks"), "sendMessage");
    const details = await harness.press(user, BotHarness.buttons(list)[0]?.data ?? "");
    const calls = await harness.press(
      user,
      BotHarness.button(lastCall(details, "editMessageText"), "📤 Send the result again"),
    );
    expect(calls.some((call) => call.method === "sendMediaGroup")).toBe(false);
    expect(textOf(lastCall(calls, "sendMessage"))).toContain("https://files.example/7.srt");
  });

  it("says when a result link has expired", async () => {
    const { harness, service } = withTasks(0);
    service.tasks = [
      serviceTask(8, {
        type: "video",
        result_url: "https://files.example/8.mp4",
        result_url_expires_at: "2026-11-21T10:00:00",
      }),
    ];
    const user = harness.user();
    const list = lastCall(await harness.send(user, "/tasks"), "sendMessage");
    const details = await harness.press(user, BotHarness.buttons(list)[0]?.data ?? "");
    const calls = await harness.press(
      user,
      BotHarness.button(lastCall(details, "editMessageText"), "📤 Send the result again"),
    );
    expect(textOf(lastCall(calls, "sendMessage"))).toContain("its result link has already expired");
    expect(calls.some((call) => textOf(call).includes("https://files.example/8.mp4"))).toBe(false);
  });

  it("shows why a task failed", async () => {
    const { harness, service } = withTasks(0);
    service.tasks = [serviceTask(3, { status: "failed", error_message: "no speech found" })];
    const user = harness.user();
    const list = lastCall(await harness.send(user, "/tasks"), "sendMessage");
    const calls = await harness.press(user, BotHarness.buttons(list)[0]?.data ?? "");
    expect(textOf(lastCall(calls, "editMessageText"))).toContain("Reason: no speech found");
  });
});

describe("task numbers", () => {
  it("are shown as they are, without digit grouping", async () => {
    const harness = new BotHarness();
    (harness.tasksService as FakeTasksService).tasks = [serviceTask(12345)];
    const user = harness.user();
    const list = lastCall(await harness.send(user, "/tasks"), "sendMessage");
    const details = await harness.press(user, BotHarness.buttons(list)[0]?.data ?? "");
    expect(textOf(lastCall(details, "editMessageText"))).toMatch(/^#12345 · /);
  });
});

describe("offers where the task service bills by plan", () => {
  it("/start names no token prices on the tasks: each is part of the plan", async () => {
    const harness = new BotHarness({ createOptions: { taskBilling: { kind: "quota" } } });
    const user = harness.user();
    const reply = lastCall(await harness.send(user, "/start"), "sendMessage");
    const more = lastCall(
      await harness.press(user, BotHarness.button(reply, "More…")),
      "editMessageReplyMarkup",
    );
    const offers = [...BotHarness.buttons(reply), ...BotHarness.buttons(more)].map((button) => button.text);
    expect(offers.filter((text) => /token/.test(text))).toEqual([]);
    expect(offers).toContain("Transcription");
    expect(offers).toContain("Slideshow with voiceover");
    expect(offers).toContain("Animated explainer");
  });
});
