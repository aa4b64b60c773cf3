import { Writable } from "node:stream";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { telegramWebhook } from "../../src/http/telegram-webhook.js";
import { createLogger } from "../../src/logger.js";
import { createMemoryStorage } from "../../src/storage/memory.js";
import type { Storage } from "../../src/storage/ports.js";
import { handleThroughOutages } from "../../src/updates/updates.js";
import { BotHarness, type BotHarnessOptions, lastCall, textOf } from "../support/bot-harness.js";

const SECRET = "s3cret-token";
const silent = createLogger({
  level: "silent",
  destination: new Writable({ write: (_c, _e, done) => done() }),
});

function helpUpdate(updateId: number) {
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      date: 1_700_000_000,
      chat: { id: 777, type: "private", first_name: "Olena" },
      from: { id: 777, is_bot: false, first_name: "Olena", language_code: "en" },
      text: "/help",
      entities: [{ type: "bot_command", offset: 0, length: 5 }],
    },
  };
}

function webhookRig(options: BotHarnessOptions & { answerWithinMs?: number } = {}) {
  const storage: Storage = options.storage ?? createMemoryStorage();
  const harness = new BotHarness({ ...options, storage });
  const webhook = telegramWebhook({
    secretToken: SECRET,
    kv: storage.kv,
    logger: silent,
    handle: handleThroughOutages((update) => harness.bot.handleUpdate(update), { storage, logger: silent }),
    ...(options.answerWithinMs === undefined ? {} : { answerWithinMs: options.answerWithinMs }),
  });
  const app = new Hono();
  webhook.mount(app);
  const post = (body: string, secret: string | undefined = SECRET) =>
    app.request("/telegram", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(secret ? { "x-telegram-bot-api-secret-token": secret } : {}),
      },
      body,
    });
  return { harness, webhook, post };
}

const helps = (harness: BotHarness) =>
  harness.calls.filter((call) => call.method === "sendMessage" && textOf(call).includes("/help – this list"));

describe("the Telegram webhook", () => {
  it("handles updates only with the right secret token", async () => {
    const { harness, post } = webhookRig();
    const body = JSON.stringify(helpUpdate(1));
    expect((await post(body, "wrong")).status).toBe(401);
    expect((await post(body, "")).status).toBe(401);
    expect(harness.calls).toEqual([]);
    expect((await post(body)).status).toBe(200);
    expect(textOf(lastCall(harness.calls, "sendMessage"))).toContain("/help – this list");
  });

  it("answers 400 to a body that is not an update, and handles nothing", async () => {
    const { harness, post } = webhookRig();
    const bodies = [
      "not json",
      "null",
      "[]",
      '"text"',
      "42",
      "{}",
      '{"update_id":"1"}',
      '{"update_id":-1}',
      JSON.stringify({ update_id: 2, message: { text: "/help" } }),
      JSON.stringify({ update_id: 3, message: { ...helpUpdate(3).message, chat: { id: "777" } } }),
      JSON.stringify({ update_id: 4, callback_query: { id: "", from: {} } }),
    ];
    for (const body of bodies) expect((await post(body)).status, body).toBe(400);
    expect(harness.calls).toEqual([]);
  });

  it("ignores quietly the kinds of update the bot does not use", async () => {
    const { harness, post } = webhookRig();
    const edited = { update_id: 5, edited_message: helpUpdate(5).message };
    const poll = { update_id: 6, poll: { id: "p", question: "?", options: [] } };
    expect((await post(JSON.stringify(edited))).status).toBe(200);
    expect((await post(JSON.stringify(poll))).status).toBe(200);
    expect(harness.calls).toEqual([]);
  });

  it("handles an update that Telegram sends twice once", async () => {
    const { harness, post } = webhookRig();
    const body = JSON.stringify(helpUpdate(7));
    expect((await post(body)).status).toBe(200);
    expect((await post(body)).status).toBe(200);
    expect(helps(harness)).toHaveLength(1);
  });

  it("answers in time while a Bot API call hangs, and the update re-sent meanwhile is not handled again", async () => {
    let release: () => void = () => undefined;
    const slowTelegram = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { harness, webhook, post } = webhookRig({
      answerWithinMs: 50,
      results: {
        sendMessage: async (payload) => {
          await slowTelegram;
          return { message_id: 1, date: 1_700_000_000, chat: { id: payload.chat_id, type: "private" } };
        },
      },
    });
    const body = JSON.stringify(helpUpdate(8));
    expect((await post(body)).status).toBe(200);
    // Telegram did not like the wait and sends it again: still nothing more is handled.
    expect((await post(body)).status).toBe(200);
    release();
    await webhook.drain();
    expect(helps(harness)).toHaveLength(1);
  });
});
