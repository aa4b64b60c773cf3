import { describe, expect, it } from "vitest";
import { openSettingButton } from "../../src/bot/features/settings.js";
import { showTaskButton } from "../../src/bot/keyboards/tasks.js";
import { createMemoryStorage } from "../../src/storage/memory.js";
import { BotHarness, lastCall, textOf } from "../support/bot-harness.js";

describe("unexpected input", () => {
  it("answers plain text with a short hint", async () => {
    const harness = new BotHarness();
    const calls = await harness.send(harness.user(), "hello there");
    expect(textOf(lastCall(calls, "sendMessage"))).toBe(
      "I did not understand that. Pick a task with /start, or see /help.",
    );
  });

  it("answers a sticker and an unknown command in the user's language", async () => {
    const harness = new BotHarness();
    const sticker = await harness.sendMessage(harness.user(3, "uk"), {
      sticker: {
        file_id: "s",
        file_unique_id: "s",
        type: "regular",
        width: 512,
        height: 512,
        is_animated: false,
        is_video: false,
      },
    });
    expect(textOf(lastCall(sticker, "sendMessage"))).toBe(
      "Я не зрозумів. Оберіть завдання через /start або перегляньте /help.",
    );
    const command = await harness.send(harness.user(4, "ru"), "/frobnicate");
    expect(textOf(lastCall(command, "sendMessage"))).toBe(
      "Я не понял. Выберите задачу через /start или посмотрите /help.",
    );
  });

  it("hands media to the intake when one is installed, else hints", async () => {
    const photo = { photo: [{ file_id: "p", file_unique_id: "p", width: 10, height: 10, file_size: 1000 }] };
    const without = new BotHarness();
    expect(textOf(lastCall(await without.sendMessage(without.user(), photo), "sendMessage"))).toContain(
      "I did not understand",
    );

    const limits = { maxIntakeMb: 20, selfHostedBotApi: false };
    const withIntake = new BotHarness({ createOptions: { intake: { limits } } });
    const calls = await withIntake.sendMessage(withIntake.user(), photo);
    expect(calls.map(textOf)).toEqual([
      "Got 1 photo. What should I make of it?\nSend more photos or clips to add them, or choose a task.",
    ]);
  });
});

describe("groups", () => {
  it("answers a command with a button to the private chat", async () => {
    const harness = new BotHarness();
    const calls = await harness.send(harness.user(), "/start", { id: -100123, type: "supergroup" });
    const reply = lastCall(calls, "sendMessage");
    expect(textOf(reply)).toBe("I work in a private chat. Tap the button to open it.");
    expect(BotHarness.buttons(reply)).toEqual([
      { text: "Open a private chat", url: "https://t.me/companion_test_bot" },
    ]);
  });

  it("stays quiet on ordinary group talk and on other bots' commands", async () => {
    const harness = new BotHarness();
    expect(await harness.send(harness.user(), "lunch?", { id: -100123, type: "group" })).toEqual([]);
    expect(await harness.send(harness.user(), "/help@other_bot", { id: -100123, type: "group" })).toEqual([]);
    const ours = await harness.send(harness.user(5, "ru"), "/help@Companion_Test_Bot", {
      id: -100123,
      type: "group",
    });
    expect(textOf(lastCall(ours, "sendMessage"))).toBe(
      "Я работаю в личном чате. Нажмите кнопку, чтобы открыть его.",
    );
  });
});

describe("buttons", () => {
  it("a button pressed by someone else is answered and does nothing", async () => {
    const harness = new BotHarness();
    const owner = harness.user(1);
    const menu = lastCall(await harness.send(owner, "/settings"), "sendMessage");
    const calls = await harness.press(harness.user(2), BotHarness.button(menu, "Video format"), 1, owner.id);
    expect(calls).toEqual([
      {
        method: "answerCallbackQuery",
        payload: { callback_query_id: expect.any(String), text: "This button is not yours." },
        result: true,
      },
    ]);
  });

  it("a button from an older menu is answered as stale, in the user's language", async () => {
    const harness = new BotHarness();
    const user = harness.user(9, "uk");
    const old = lastCall(await harness.send(user, "/settings"), "sendMessage");
    await harness.send(user, "/language");
    const calls = await harness.press(user, BotHarness.button(old, "Формат відео"));
    expect(calls.map((call) => call.method)).toEqual(["answerCallbackQuery"]);
    expect(calls[0]?.payload.text).toBe("Ця кнопка зі старішого повідомлення. Скористайтеся останнім.");
  });

  it("callback data the bot never made is answered as stale", async () => {
    const harness = new BotHarness();
    const calls = await harness.press(harness.user(), "garbage-data");
    expect(calls.map((call) => call.method)).toEqual(["answerCallbackQuery"]);
  });

  it("keeps callback data within 64 bytes and refuses longer", () => {
    expect(() => showTaskButton.pack("abcdef", { id: 123456789, page: 99 })).not.toThrow();
    expect(() => openSettingButton.pack("abcdef", { code: "x".repeat(60) })).toThrow(/64 bytes/);
  });
});

describe("flooding", () => {
  it("slows a flooding user without affecting anyone else", async () => {
    const harness = new BotHarness({ createOptions: { rateLimit: { limit: 3, windowMs: 60_000 } } });
    const flooder = harness.user(1);
    for (let index = 0; index < 3; index += 1) await harness.send(flooder, "spam");
    const limited = await harness.send(flooder, "spam");
    expect(textOf(lastCall(limited, "sendMessage"))).toBe(
      "Too many messages at once. Please slow down a little.",
    );
    expect(await harness.send(flooder, "/help")).toEqual([]);
    const other = await harness.send(harness.user(2), "/help");
    expect(textOf(lastCall(other, "sendMessage"))).toContain("/help – this list");
  });
});

describe("flooding while Telegram is slow to take replies", () => {
  it("counts updates as they arrive: one notice, the flood dropped, other chats answered meanwhile", async () => {
    let release: () => void = () => undefined;
    const floodControl = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slowChat = 1;
    const harness = new BotHarness({
      createOptions: { rateLimit: { limit: 3, windowMs: 60_000 } },
      results: {
        // Telegram's flood control holds every reply to the flooding chat.
        sendMessage: async (payload) => {
          if (payload.chat_id === slowChat) await floodControl;
          return { message_id: 1, date: 1_700_000_000, chat: { id: payload.chat_id, type: "private" } };
        },
      },
    });
    const flooder = harness.user(slowChat);
    const flood = Array.from({ length: 40 }, () => harness.send(flooder, "/help"));
    const other = await harness.send(harness.user(2), "/help");
    expect(textOf(lastCall(other, "sendMessage"))).toContain("/help – this list");
    release();
    await Promise.all(flood);
    const toFlooder = harness.calls.filter(
      (call) => call.method === "sendMessage" && call.payload.chat_id === slowChat,
    );
    expect(toFlooder.filter((call) => textOf(call).includes("slow down"))).toHaveLength(1);
    expect(toFlooder.filter((call) => textOf(call).includes("/help – this list"))).toHaveLength(3);
  });
});

describe("error boundary", () => {
  it("tells the user something went wrong and logs the failure", async () => {
    const harness = new BotHarness();
    harness.apiKeys.ensure = async () => {
      throw new Error("vault unreadable");
    };
    const calls = await harness.send(harness.user(6, "ru"), "/balance");
    expect(textOf(lastCall(calls, "sendMessage"))).toBe(
      "У нас что-то пошло не так. Попробуйте ещё раз через минуту.",
    );
    const logged = harness.logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const failure = logged.find((line) => line.msg === "update failed");
    expect(failure).toMatchObject({ user_id: 6, chat_id: 6, update_id: expect.any(Number) });
    expect(JSON.stringify(failure)).toContain("vault unreadable");
  });

  it("still answers, translated, when the storage fails before anything else ran", async () => {
    const storage = createMemoryStorage();
    storage.kv.get = async () => {
      throw new Error("connection refused");
    };
    storage.kv.getMany = async () => {
      throw new Error("connection refused");
    };
    const harness = new BotHarness({ storage });
    const calls = await harness.send(harness.user(6, "uk"), "/start");
    expect(textOf(lastCall(calls, "sendMessage"))).toBe(
      "У нас щось пішло не так. Спробуйте ще раз за хвилину.",
    );
    expect(harness.logLines.join("")).toContain("connection refused");
  });
});
