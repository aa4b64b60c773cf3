import { afterEach, describe, expect, it, vi } from "vitest";
import { BOT_COMMANDS, GENERATION_COMMANDS, menuCommands, setBotCommands } from "../../src/bot/i18n.js";
import { BOT_LOCALES } from "../../src/i18n/locales.js";
import { createMetrics } from "../../src/metrics.js";
import { createMemoryStorage } from "../../src/storage/memory.js";
import { SERVICE_ERROR_KINDS } from "../../src/tasks-service/errors.js";
import { BotHarness, lastCall, TelegramFailure, textOf } from "../support/bot-harness.js";
import { localeFiles, localeSource } from "../support/locale-source.js";

function messageIds(locale: string): string[] {
  const source = localeSource(locale);
  return [...source.matchAll(/^([a-zA-Z][\w-]*) =/gm)].map((match) => match[1] ?? "").sort();
}

describe("locales", () => {
  it("en, uk and ru split their messages into the same files", () => {
    expect(localeFiles("uk")).toEqual(localeFiles("en"));
    expect(localeFiles("ru")).toEqual(localeFiles("en"));
  });

  it("en, uk and ru define the same messages", () => {
    const en = messageIds("en");
    expect(messageIds("uk")).toEqual(en);
    expect(messageIds("ru")).toEqual(en);
  });

  it("have a description for every command and a message for every service error kind", () => {
    const en = new Set(messageIds("en"));
    for (const command of [...BOT_COMMANDS, ...GENERATION_COMMANDS])
      expect(en).toContain(`command-${command}`);
    for (const kind of SERVICE_ERROR_KINDS) expect(en).toContain(`service-error-${kind}`);
  });
});

describe("createBot", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("has no side effects: no API call and no timer", () => {
    vi.useFakeTimers();
    const harness = new BotHarness();
    expect(harness.calls).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("registers the command menu in every language", async () => {
    const harness = new BotHarness({ defaultLocale: "uk" });
    await setBotCommands(harness.bot.api, harness.bot.i18n, "uk");
    const calls = harness.calls.filter((call) => call.method === "setMyCommands");
    expect(calls.map((call) => call.payload.language_code)).toEqual([undefined, ...BOT_LOCALES]);
    const ru = calls.find((call) => call.payload.language_code === "ru");
    expect(ru?.payload.commands).toContainEqual({
      command: "balance",
      description: "Баланс, лимиты и расход",
    });
    expect(calls[0]?.payload.commands).toContainEqual({ command: "apikey", description: "Ваш API-ключ" });
  });

  it("adds the generation service's commands after /start only where it is configured", () => {
    expect(menuCommands(false)).toEqual(BOT_COMMANDS);
    expect(menuCommands(true).slice(0, 6)).toEqual([
      "start",
      "image",
      "video",
      "account",
      "connect",
      "disconnect",
    ]);
    expect(menuCommands(true)).toHaveLength(BOT_COMMANDS.length + GENERATION_COMMANDS.length);
  });

  it("replaces a session that does not parse with a fresh one", async () => {
    const storage = createMemoryStorage();
    await storage.kv.set("session:777", JSON.stringify({ menuNonce: 42 }));
    const harness = new BotHarness({ storage });
    const reply = lastCall(await harness.send(harness.user(), "/start"), "sendMessage");
    // The four likeliest jobs and More… for the rest.
    expect(BotHarness.buttons(reply).map((button) => button.text)).toHaveLength(5);
    expect(BotHarness.buttons(reply).at(-1)?.text).toBe("More…");
    const stored = JSON.parse((await storage.kv.get("session:777")) ?? "{}") as { menuNonce?: unknown };
    expect(typeof stored.menuNonce).toBe("string");
    expect(harness.logLines.join("")).toContain("unreadable session replaced");
  });

  it("a double tap that would change nothing is not an error", async () => {
    const harness = new BotHarness();
    const user = harness.user();
    const menu = lastCall(await harness.send(user, "/settings"), "sendMessage");
    const sizes = lastCall(
      await harness.press(user, BotHarness.button(menu, "Subtitle size")),
      "editMessageText",
    );
    const first = lastCall(await harness.press(user, BotHarness.button(sizes, "Large")), "editMessageText");
    expect(textOf(first)).toContain("Subtitle size: Large");
    // The second tap arrives from the options screen the client still showed.
    const second = await harness.press(user, BotHarness.button(sizes, "Large"));
    expect(lastCall(second, "editMessageText")?.result).toBeInstanceOf(TelegramFailure);
    expect(second.some((call) => textOf(call).startsWith("Something went wrong"))).toBe(false);
    expect(harness.logLines.join("")).not.toContain("update failed");
  });
});

describe("storage per update", () => {
  it("an ordinary update costs two storage round trips: the flood count, then one read of all it needs", async () => {
    const storage = createMemoryStorage();
    const calls: string[] = [];
    const kv = storage.kv;
    const counted = new Proxy(kv, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          calls.push(String(property));
          return value.apply(target, args);
        };
      },
    });
    const harness = new BotHarness({ storage: { ...storage, kv: counted } });
    const user = harness.user(31);
    // /help opens a menu now (its buttons), which writes the session; an unknown command writes nothing.
    await harness.send(user, "/frobnicate");
    calls.length = 0;
    await harness.send(user, "/frobnicate");
    expect(calls).toEqual(["increment", "getMany"]);
  });
});

describe("chat order", () => {
  it("a chat's updates are handled in the order they arrive, also when they arrive together", async () => {
    const harness = new BotHarness();
    const commands = ["/help", "/settings", "/language"];
    const repliesIn = (chat: number) =>
      harness.calls
        .filter((call) => call.method === "sendMessage" && call.payload.chat_id === chat)
        .map((call) => textOf(call).split("\n")[0]);
    const oneByOne = harness.user(61);
    for (const command of commands) await harness.send(oneByOne, command);
    expect(repliesIn(61)).toHaveLength(3);
    // Handed to the bot at once, as the runner does with a batch; the first of them is also the first of
    // the flood limit's window, whose count takes a step more.
    const together = harness.user(62);
    await Promise.all(commands.map((command) => harness.send(together, command)));
    expect(repliesIn(62)).toEqual(repliesIn(61));
  });

  it("an update the flood limit drops is refused at once, not after the chat's update still running", async () => {
    const refusal = "Too many messages at once. Please slow down a little.";
    let release = () => {};
    const running = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The first reply hangs until the refusal is sent: were the refusal to wait its turn, neither would end.
    const harness = new BotHarness({
      createOptions: { rateLimit: { limit: 1, windowMs: 60_000 } },
      results: {
        sendMessage: async (payload) => {
          if (payload.text === refusal) release();
          else await running;
          return {
            message_id: 1,
            date: 0,
            chat: { id: payload.chat_id, type: "private" },
            text: payload.text,
          };
        },
      },
    });
    const user = harness.user(63);
    await Promise.all([harness.send(user, "/help"), harness.send(user, "/help")]);
    const replies = harness.calls.filter((call) => call.method === "sendMessage").map((call) => textOf(call));
    expect(replies[0]).toBe(refusal);
    expect(replies).toHaveLength(2);
  });
});

describe("metrics", () => {
  it("counts updates handled by kind, and failures nothing handled", async () => {
    const metrics = createMetrics();
    const harness = new BotHarness({ metrics });
    harness.apiKeys.ensure = async () => {
      throw new Error("vault unreadable");
    };
    const user = harness.user(41);
    await harness.send(user, "/help");
    await harness.press(user, "st:zzzzzz:video");
    await harness.send(user, "/balance");
    const updates = await metrics.registry.getSingleMetricAsString("bot_updates_handled_total");
    expect(updates).toContain('bot_updates_handled_total{type="message"} 2');
    expect(updates).toContain('bot_updates_handled_total{type="callback_query"} 1');
    const failures = await metrics.registry.getSingleMetricAsString("bot_unhandled_errors_total");
    expect(failures).toContain('bot_unhandled_errors_total{kind="update"} 1');
  });

  it("labels updates with a fixed set of kinds, whatever keys a crafted update carries first", async () => {
    const metrics = createMetrics();
    const harness = new BotHarness({ metrics });
    const user = harness.user(42);
    const message = JSON.stringify({
      message_id: 1,
      date: 1_700_000_000,
      chat: { id: user.id, type: "private", first_name: user.first_name },
      from: { is_bot: false, ...user },
      text: "hello",
    });
    for (let index = 0; index < 50; index++)
      await harness.handle(JSON.parse(`{"crafted_${index}": {}, "message": ${message}}`));
    await harness.handle(JSON.parse(`{"__proto__": {"polluted": true}, "message": ${message}}`));
    await harness.handle(JSON.parse(`{"crafted": {"text": "no kind at all"}}`));
    const updates = await metrics.registry.getSingleMetricAsString("bot_updates_handled_total");
    const series = updates.split("\n").filter((line) => line.startsWith("bot_updates_handled_total{"));
    expect(series).toEqual([
      'bot_updates_handled_total{type="message"} 51',
      'bot_updates_handled_total{type="other"} 1',
    ]);
  });
});
