import { autoRetry } from "@grammyjs/auto-retry";
import { Bot, GrammyError, HttpError } from "grammy";
import { afterEach, describe, expect, it } from "vitest";
import { type EmulatedTelegram, startEmulatedTelegram } from "../../support/telegram-emulator.js";

let telegram: EmulatedTelegram;

afterEach(async () => {
  await telegram?.close();
});

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (caught: unknown) => caught,
  );
}

async function refusal(promise: Promise<unknown>): Promise<GrammyError> {
  const error = await failure(promise);
  expect(error).toBeInstanceOf(GrammyError);
  return error as GrammyError;
}

describe("fault injection", () => {
  it("answers the next calls of a method with 429 and retry_after, then recovers", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, emulator, user } = telegram;
    const fault = emulator.faults.inject({
      kind: "rate_limit",
      retryAfter: 7,
      times: 2,
      method: "sendMessage",
    });
    expect(await bot.api.getMe()).toMatchObject({ is_bot: true });
    const first = await refusal(bot.api.sendMessage(user.id, "a"));
    expect(first).toMatchObject({
      error_code: 429,
      description: "Too Many Requests: retry after 7",
      parameters: { retry_after: 7 },
    });
    expect(fault.remaining).toBe(1);
    const raw = await fetch(`${emulator.apiRoot}/bot${emulator.token}/sendMessage`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ chat_id: user.id, text: "b" }),
    });
    expect(raw.status).toBe(429);
    expect(raw.headers.get("retry-after")).toBe("7");
    expect(fault.remaining).toBe(0);
    expect((await bot.api.sendMessage(user.id, "c")).text).toBe("c");
    expect(user.chat.botMessages().map((message) => message.message.text)).toEqual(["c"]);
  });

  it("is retried by grammY's auto-retry plugin after retry_after", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, emulator, user } = telegram;
    bot.api.config.use(autoRetry({ maxRetryAttempts: 2, maxDelaySeconds: 5 }));
    emulator.faults.inject({ kind: "rate_limit", retryAfter: 1, method: "sendMessage" });
    expect((await bot.api.sendMessage(user.id, "eventually")).text).toBe("eventually");
    expect(
      emulator.calls.filter((call) => call.method === "sendMessage").map((call) => call.errorCode ?? 200),
    ).toEqual([429, 200]);
  });

  it("injects 413, 502 and 500 answers", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, emulator, user } = telegram;
    emulator.faults.inject({ kind: "too_large", method: "sendDocument" });
    emulator.faults.inject({ kind: "server_error", status: 502 });
    emulator.faults.inject({ kind: "server_error", status: 500 });
    const tooLarge = await refusal(bot.api.sendDocument(user.id, "any"));
    expect(tooLarge).toMatchObject({ error_code: 413, description: "Request Entity Too Large" });
    expect(await refusal(bot.api.getMe())).toMatchObject({ error_code: 502, description: "Bad Gateway" });
    expect(await refusal(bot.api.getMe())).toMatchObject({
      error_code: 500,
      description: "Internal Server Error",
    });
    expect(await bot.api.getMe()).toMatchObject({ is_bot: true });
  });

  it("keeps a user's block until it is lifted, for that user only", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, emulator, user } = telegram;
    const other = emulator.users.create({ first_name: "Bob" });
    user.blockBot();
    for (const attempt of [1, 2]) {
      const blocked = await refusal(bot.api.sendMessage(user.id, `try ${attempt}`));
      expect(blocked).toMatchObject({
        error_code: 403,
        description: "Forbidden: bot was blocked by the user",
      });
    }
    expect((await refusal(bot.api.sendChatAction(user.id, "typing"))).error_code).toBe(403);
    expect((await bot.api.sendMessage(other.id, "fine")).text).toBe("fine");
    emulator.faults.unblock(user.id);
    expect((await bot.api.sendMessage(user.id, "back")).text).toBe("back");
    emulator.faults.blockByUser(user.id);
    emulator.faults.clear();
    expect((await bot.api.sendMessage(user.id, "cleared")).text).toBe("cleared");
  });

  it("drops the connection without an answer and stores nothing", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, emulator, user } = telegram;
    emulator.faults.inject({ kind: "drop_connection", method: "sendMessage" });
    const error = await failure(bot.api.sendMessage(user.id, "lost"));
    expect(error).toBeInstanceOf(HttpError);
    expect(user.chat.botMessages()).toHaveLength(0);
    expect((await bot.api.sendMessage(user.id, "next")).text).toBe("next");
  });

  it("slows an answer: a slow call finishes after a later quick one, and trips a client timeout", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, emulator, user } = telegram;
    emulator.faults.inject({ kind: "delay", ms: 800, method: "sendMessage" });
    const order: string[] = [];
    const slow = bot.api.sendMessage(user.id, "slow").then(() => order.push("slow"));
    const quick = bot.api.getMe().then(() => order.push("quick"));
    await Promise.all([slow, quick]);
    expect(order).toEqual(["quick", "slow"]);

    const impatient = new Bot(emulator.token, { client: { apiRoot: emulator.apiRoot, timeoutSeconds: 0.1 } });
    emulator.faults.inject({ kind: "delay", ms: 1000, method: "getMe" });
    expect(await failure(impatient.api.getMe())).toBeInstanceOf(HttpError);
  });

  it("applies faults in order and can remove one before it fires", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, emulator } = telegram;
    const removed = emulator.faults.inject({ kind: "server_error", status: 500 });
    emulator.faults.inject({ kind: "error", code: 400, description: "Bad Request: custom refusal" });
    removed.remove();
    expect(await refusal(bot.api.getMe())).toMatchObject({
      error_code: 400,
      description: "Bad Request: custom refusal",
    });
    expect(await bot.api.getMe()).toMatchObject({ is_bot: true });
  });

  it("can fail file downloads", async () => {
    telegram = await startEmulatedTelegram();
    const { emulator, user } = telegram;
    const message = await user.sendDocument({ bytes: "payload", fileName: "a.txt" });
    const url = emulator.fileUrl(message.document?.file_id ?? "") ?? "";
    emulator.faults.inject({ kind: "server_error", status: 502, method: "download" });
    expect((await fetch(url)).status).toBe(502);
    expect(await (await fetch(url)).text()).toBe("payload");
  });
});

describe("send rate limits", () => {
  async function withClock(limits: Parameters<typeof startEmulatedTelegram>[0] = {}) {
    let now = 1_800_000_000_000;
    telegram = await startEmulatedTelegram({ rateLimits: true, now: () => now, ...limits });
    return { advance: (ms: number) => (now += ms) };
  }

  it("lets a short burst into a private chat through, then answers 429 until a second has passed", async () => {
    const clock = await withClock();
    const { bot, user } = telegram;
    for (const text of ["1", "2", "3"]) await bot.api.sendMessage(user.id, text);
    const limited = await refusal(bot.api.sendMessage(user.id, "4"));
    expect(limited).toMatchObject({
      error_code: 429,
      description: "Too Many Requests: retry after 1",
      parameters: { retry_after: 1 },
    });
    clock.advance(1000);
    expect((await bot.api.sendMessage(user.id, "4")).text).toBe("4");
    expect(user.chat.botMessages().map((message) => message.message.text)).toEqual(["1", "2", "3", "4"]);
  });

  it("limits the whole bot across chats", async () => {
    const clock = await withClock({ limits: { rate: { perBotPerSecond: 4, perBotBurst: 4 } } });
    const { bot, emulator } = telegram;
    const people = Array.from({ length: 5 }, (_, index) =>
      emulator.users.create({ first_name: `P${index}` }),
    );
    for (const person of people.slice(0, 4)) await bot.api.sendMessage(person.id, "news");
    const limited = await refusal(bot.api.sendMessage((people[4] as (typeof people)[number]).id, "news"));
    expect(limited.parameters.retry_after).toBe(1);
    clock.advance(250);
    expect((await bot.api.sendMessage((people[4] as (typeof people)[number]).id, "news")).text).toBe("news");
  });

  it("allows about 20 messages a minute in a group", async () => {
    const clock = await withClock();
    const { bot, emulator, user } = telegram;
    const group = emulator.users.createGroup({ title: "Team", type: "group", members: [user] });
    for (let index = 0; index < 5; index += 1) await bot.api.sendMessage(group.id, `m${index}`);
    const limited = await refusal(bot.api.sendMessage(group.id, "m5"));
    expect(limited.parameters.retry_after).toBe(3);
    clock.advance(3000);
    expect((await bot.api.sendMessage(group.id, "m5")).text).toBe("m5");
  });

  it("counts every album item and leaves edits alone", async () => {
    await withClock();
    const { bot, user } = telegram;
    const photo = (await user.sendPhoto()).photo?.at(-1)?.file_id ?? "";
    await bot.api.sendMediaGroup(user.id, [
      { type: "photo", media: photo },
      { type: "photo", media: photo },
      { type: "photo", media: photo },
    ]);
    expect((await refusal(bot.api.sendMessage(user.id, "more"))).error_code).toBe(429);
    const first = user.chat.botMessages()[0]?.message.message_id ?? 0;
    expect(await bot.api.editMessageCaption(user.id, first, { caption: "edited" })).toMatchObject({
      caption: "edited",
    });
  });

  it("can be switched off while running", async () => {
    await withClock();
    const { bot, emulator, user } = telegram;
    emulator.limits.rate.enabled = false;
    for (let index = 0; index < 10; index += 1) await bot.api.sendMessage(user.id, `n${index}`);
    expect(user.chat.botMessages()).toHaveLength(10);
  });
});
