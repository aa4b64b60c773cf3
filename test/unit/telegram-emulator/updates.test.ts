import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { webhookCallback } from "grammy";
import type { Update } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { type EmulatedTelegram, refusal, startEmulatedTelegram } from "../../support/telegram-emulator.js";

let telegram: EmulatedTelegram;
/** Webhook deliveries happen in the background; give them time on a busy machine. */
const POLL = { timeout: 10_000, interval: 20 };
const servers: Server[] = [];

afterEach(async () => {
  await telegram?.close();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe("long polling", () => {
  it("answers getMe with the bot and delivers commands to bot.start()", async () => {
    telegram = await startEmulatedTelegram({ bot: { username: "companion_bot" } });
    const { bot, user } = telegram;
    expect(await bot.api.getMe()).toMatchObject({ is_bot: true, username: "companion_bot", id: 123456789 });
    bot.command("start", (ctx) => ctx.reply(`hello ${ctx.from?.first_name} ${ctx.match}`));
    void bot.start();
    user.sendCommand("start", "deep-link");
    const reply = await user.chat.waitForMessage();
    expect(reply.message.text).toBe("hello Ann deep-link");
    expect(reply.message.from).toEqual({
      id: 123456789,
      is_bot: true,
      first_name: "Emulated Bot",
      username: "companion_bot",
    });
  });

  it("waits for an update within the timeout, confirms with offset and honours limit", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    const waiting = bot.api.getUpdates({ timeout: 10 });
    user.sendText("first");
    const [first] = await waiting;
    expect(first?.message?.text).toBe("first");
    user.sendText("second");
    user.sendText("third");
    const one = await bot.api.getUpdates({ limit: 1 });
    expect(one.map((update) => update.message?.text)).toEqual(["first"]);
    const after = await bot.api.getUpdates({ offset: (first as Update).update_id + 1 });
    expect(after.map((update) => update.message?.text)).toEqual(["second", "third"]);
    const last = after[1] as Update;
    expect(await bot.api.getUpdates({ offset: last.update_id + 1 })).toEqual([]);
    expect(telegram.emulator.pendingUpdateCount()).toBe(0);
  });

  it("returns an empty list when nothing arrives before the timeout", async () => {
    telegram = await startEmulatedTelegram();
    expect(await telegram.bot.api.getUpdates({ timeout: 1 })).toEqual([]);
  });

  it("keeps only the allowed update kinds", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    const sent = await bot.api.sendMessage(user.id, "pick", {
      reply_markup: { inline_keyboard: [[{ text: "A", callback_data: "a" }]] },
    });
    await bot.api.getUpdates({ allowed_updates: ["callback_query"] });
    user.sendText("ignored");
    user.pressButton(sent, "a");
    const updates = await bot.api.getUpdates();
    expect(updates.map((update) => Object.keys(update).filter((key) => key !== "update_id"))).toEqual([
      ["callback_query"],
    ]);
  });

  it("ends an older waiting getUpdates with 409 when a newer one arrives", async () => {
    telegram = await startEmulatedTelegram();
    let settled = false;
    const older = refusal(telegram.bot.api.getUpdates({ timeout: 20 })).finally(() => {
      settled = true;
    });
    // Each newer call ends whichever poll is waiting; repeat until the older one has been reached.
    await expect
      .poll(async () => {
        await telegram.bot.api.getUpdates({ timeout: 0 });
        return settled;
      }, POLL)
      .toBe(true);
    expect((await older).error_code).toBe(409);
  });
});

interface Received {
  update: Update;
  secret: string | undefined;
}

async function startReceiver(
  respond: (received: Received, index: number) => Promise<number> | number,
): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer(async (request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const entry = {
      update: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Update,
      secret: request.headers["x-telegram-bot-api-secret-token"] as string | undefined,
    };
    received.push(entry);
    response.statusCode = await respond(entry, received.length - 1);
    response.end();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received };
}

describe("webhook", () => {
  it("posts updates with the secret header and refuses getUpdates with 409 meanwhile", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    const receiver = await startReceiver(() => 200);
    expect(await bot.api.setWebhook(receiver.url, { secret_token: "s3cret_token-1" })).toBe(true);
    const info = await bot.api.getWebhookInfo();
    expect(info).toMatchObject({ url: receiver.url, pending_update_count: 0, has_custom_certificate: false });
    user.sendText("via webhook");
    await expect.poll(() => receiver.received.length, POLL).toBe(1);
    expect(receiver.received[0]).toMatchObject({
      secret: "s3cret_token-1",
      update: { message: { text: "via webhook" } },
    });
    const conflict = await refusal(bot.api.getUpdates());
    expect(conflict.error_code).toBe(409);
    expect(conflict.description).toBe(
      "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
    );
  });

  it("refuses a secret token with characters Telegram does not allow", async () => {
    telegram = await startEmulatedTelegram();
    const error = await refusal(
      telegram.bot.api.setWebhook("http://127.0.0.1:1/hook", { secret_token: "bad secret!" }),
    );
    expect(error.description).toBe("Bad Request: secret token contains unallowed characters");
  });

  it("delivers one chat in order, retrying a failed update before the next", async () => {
    telegram = await startEmulatedTelegram({ webhook: { retryDelayMs: 10 } });
    const { bot, user } = telegram;
    const receiver = await startReceiver((_, index) => (index === 0 ? 500 : 200));
    await bot.api.setWebhook(receiver.url);
    user.sendText("one");
    user.sendText("two");
    await expect.poll(() => receiver.received.length, POLL).toBe(3);
    expect(receiver.received.map((entry) => entry.update.message?.text)).toEqual(["one", "one", "two"]);
    const info = await bot.api.getWebhookInfo();
    expect(info.last_error_message).toContain("500");
    expect(info.pending_update_count).toBe(0);
  });

  it("drives a grammY webhookCallback that checks the secret and replies in the response", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    bot.on("message:text", (ctx) => ctx.reply(`echo ${ctx.message.text}`));
    await bot.init();
    const handle = webhookCallback(bot, "http", { secretToken: "hook-secret" });
    const server = createServer((request, response) => void handle(request, response));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    await bot.api.setWebhook(url, { secret_token: "hook-secret" });
    user.sendText("ping");
    expect((await user.chat.waitForMessage()).message.text).toBe("echo ping");

    await bot.api.setWebhook(url, { secret_token: "other-secret" });
    user.sendText("refused");
    await expect.poll(async () => (await bot.api.getWebhookInfo()).last_error_message, POLL).toContain("401");
    expect(user.chat.botMessages()).toHaveLength(1);
  });

  it("hands undelivered updates back to getUpdates after deleteWebhook, or drops them", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    await bot.api.setWebhook("http://127.0.0.1:9/unreachable");
    user.sendText("kept");
    expect((await bot.api.getWebhookInfo()).pending_update_count).toBe(1);
    await bot.api.deleteWebhook();
    expect((await bot.api.getWebhookInfo()).url).toBe("");
    expect((await bot.api.getUpdates()).map((update) => update.message?.text)).toEqual(["kept"]);

    await bot.api.setWebhook("http://127.0.0.1:9/unreachable", { drop_pending_updates: true });
    expect((await bot.api.getWebhookInfo()).pending_update_count).toBe(0);
    user.sendText("dropped");
    await bot.api.deleteWebhook({ drop_pending_updates: true });
    expect(await bot.api.getUpdates({ offset: 0 })).toEqual([]);
  });

  it("holds a chat's next update until the previous one is answered, while other chats go on", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, emulator, user } = telegram;
    const bob = emulator.users.create({ first_name: "Bob" });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const receiver = await startReceiver(async (entry) => {
      if (entry.update.message?.text === "ann 1") await held;
      return 200;
    });
    await bot.api.setWebhook(receiver.url, { max_connections: 5 });
    user.sendText("ann 1");
    user.sendText("ann 2");
    bob.sendText("bob 1");
    await expect
      .poll(() => receiver.received.map((entry) => entry.update.message?.text).sort(), POLL)
      .toEqual(["ann 1", "bob 1"]);
    // Bob's update leaves the queue once its answer is read, a moment after the receiver has it.
    await expect.poll(() => emulator.pendingUpdateCount(), POLL).toBe(2);
    expect(receiver.received).toHaveLength(2);
    release();
    await expect.poll(() => receiver.received.length, POLL).toBe(3);
    expect(receiver.received[2]?.update.message?.text).toBe("ann 2");
  });

  it("applies allowed_updates given to setWebhook", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    const receiver = await startReceiver(() => 200);
    const menu = await bot.api.sendMessage(user.id, "menu", {
      reply_markup: { inline_keyboard: [[{ text: "A", callback_data: "a" }]] },
    });
    await bot.api.setWebhook(receiver.url, { allowed_updates: ["callback_query"] });
    expect((await bot.api.getWebhookInfo()).allowed_updates).toEqual(["callback_query"]);
    user.sendText("not wanted");
    user.pressButton(menu, "a");
    await expect.poll(() => receiver.received.length, POLL).toBe(1);
    expect(receiver.received[0]?.update.callback_query?.data).toBe("a");
  });
});
