import { readFile } from "node:fs/promises";
import { Api } from "grammy";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type App, startApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { createLogger } from "../../src/logger.js";

/** The whole program in playground mode, as `npm start` runs it, driven by a person on the emulator. */
describe("npm start without settings: the playground", () => {
  let app: App;
  let banner = "";

  beforeAll(async () => {
    const config = loadConfig({ HTTP_HOST: "127.0.0.1", HTTP_PORT: "0", LOG_LEVEL: "silent" });
    const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    try {
      app = await startApp(config, createLogger({ level: "silent" }));
      banner = write.mock.calls.map(([chunk]) => String(chunk)).join("");
    } finally {
      write.mockRestore();
    }
  });
  afterAll(async () => {
    await app.stop(2_000);
  });

  function stack() {
    const localStack = app.localStack;
    if (!localStack) throw new Error("the playground has no local stack");
    return localStack;
  }

  it("announces both sandboxes it serves and where to chat", () => {
    expect(banner).toContain("Media Task Service sandbox");
    expect(banner.replace(/\s+/g, " ")).toContain("Image and Video Generation Service sandbox");
    expect(banner).toContain(app.playgroundUrl ?? "no playground address");
  });

  it("answers /start with the four likeliest jobs and More… for the rest", async () => {
    const person = stack().emulator.users.create({ first_name: "Olena", language_code: "uk" });
    person.sendCommand("start");
    const reply = await person.chat.waitForMessage((m) => m.fromBot, { timeoutMs: 10_000 });
    const buttons = reply.message.reply_markup?.inline_keyboard.flat() ?? [];
    expect(buttons.map((button) => button.text).at(-1)).toBe("Більше…");
    expect(buttons).toHaveLength(5);
    expect(reply.message.text).toMatch(/[а-яіїєґ]/i);
  });

  it("opens a new chat on the playground page with /start sent and answered, as Telegram's Start button does", async () => {
    const joined = await request(new URL("api/users", app.playgroundUrl ?? "").toString(), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ firstName: "Olena", languageCode: "en" }),
    });
    const { userId } = (await joined.body.json()) as { userId: number };
    const person = stack().emulator.users.user(userId);
    if (!person) throw new Error("the page's user is not in the emulator");
    const welcome = await person.chat.waitForMessage((m) => m.fromBot, { timeoutMs: 10_000 });
    const sent = person.chat.messages().filter((entry) => !entry.fromBot);
    expect(sent.map((entry) => entry.message.text)).toEqual(["/start"]);
    expect(welcome.message.text).toContain("Hello, Olena!");
    expect(welcome.message.reply_markup?.inline_keyboard.flat().length).toBe(5);
  });

  it("issues a key in the chat that the sandbox accepts", async () => {
    const person = stack().emulator.users.create({ first_name: "Ann", language_code: "en" });
    person.sendCommand("apikey");
    const menu = await person.chat.waitForMessage((m) => m.fromBot, { timeoutMs: 10_000 });
    const issue = menu.message.reply_markup?.inline_keyboard.flat().find((b) => "callback_data" in b);
    if (!issue || !("callback_data" in issue) || !issue.callback_data) throw new Error("no key button");
    person.pressButton(menu.message, issue.callback_data);
    const shown = await person.chat.waitForMessage((m) => m.fromBot && m.protectContent, {
      timeoutMs: 10_000,
    });
    const key = shown.message.text?.match(/[a-z0-9]+_[A-Za-z0-9]{8}_[A-Za-z0-9]{32}/)?.[0];
    expect(key).toBeDefined();

    const me = await request(`${stack().tasksBaseUrl}/v1/me`, { headers: { "x-api-key": key ?? "" } });
    expect(me.statusCode).toBe(200);
    const profile = (await me.body.json()) as { api_key_prefix?: string };
    expect(key).toContain(`_${profile.api_key_prefix}_`);
  });

  it("shows /settings, /balance and /tasks to a new user", async () => {
    const person = stack().emulator.users.create({ first_name: "Max", language_code: "en" });
    const next = async (command: string) => {
      const before = person.chat.botMessages().length;
      person.sendCommand(command);
      await person.chat.waitForMessage(() => person.chat.botMessages().length > before, {
        timeoutMs: 10_000,
      });
      return person.chat.lastBotMessage()?.message;
    };

    const settings = await next("settings");
    expect(settings?.text).toContain("Your defaults");
    expect(settings?.reply_markup?.inline_keyboard.flat().length).toBeGreaterThan(5);

    const balance = await next("balance");
    expect(balance?.text).toMatch(/Media tasks \(video, subtitles, voice…\): [\d,. ]+ tokens/);

    const tasks = await next("tasks");
    expect(tasks?.text).toContain("You have no tasks yet");
  });

  it("explains an http:// link, and asks what a photo is for when it fits a video and an image", async () => {
    const person = stack().emulator.users.create({ first_name: "Iryna", language_code: "en" });
    person.sendText("http://example.com/clip.mp4");
    const refusal = await person.chat.waitForMessage((m) => m.fromBot, { timeoutMs: 10_000 });
    expect(refusal.message.text).toContain("Only https:// links work");

    await person.sendPhoto({
      bytes: await readFile(new URL("../../dev/fixtures/sample.jpg", import.meta.url)),
    });
    const question = await person.chat.waitForMessage((m) => m.fromBot && m !== refusal, {
      timeoutMs: 10_000,
    });
    const buttons = question.message.reply_markup?.inline_keyboard.flat() ?? [];
    expect(buttons.some((button) => button.text.startsWith("Image from reference photos"))).toBe(true);
    const video = buttons.find((button) => button.text.startsWith("Slideshow with voiceover"));
    if (!video || !("callback_data" in video) || !video.callback_data) throw new Error("no video button");
    person.pressButton(question.message, video.callback_data);
    // The question becomes the form.
    const form = await person.chat.waitForMessage(
      (m) =>
        m.message.message_id === question.message.message_id &&
        m.message.text?.includes("Slideshow with voiceover") === true &&
        (m.message.reply_markup?.inline_keyboard.flat() ?? []).some((button) => button.text === "✅ Create"),
      { timeoutMs: 10_000 },
    );
    expect(form.message.text).not.toContain("Image from reference photos");
  });

  it("serves the inline image's placeholder where the emulator fetches it for an inline message", async () => {
    const { emulator } = stack();
    const person = emulator.users.create({ first_name: "Olena", language_code: "en" });
    const inlineMessageId = await person.postInlinePhoto({ caption: "a fox" });
    const api = new Api(emulator.token, { apiRoot: emulator.apiRoot });
    const placeholder = `${app.httpUrl}/inline/placeholder.jpg`;
    expect(await api.editMessageMediaInline(inlineMessageId, { type: "photo", media: placeholder })).toBe(
      true,
    );
    const photo = person.chat.messages().at(-1)?.message.photo?.at(-1);
    expect(photo).toMatchObject({ width: 320, height: 320 });
  });

  it("serves health, readiness and metrics on its HTTP server", async () => {
    const health = await request(`${app.httpUrl}/healthz`);
    expect(health.statusCode).toBe(200);
    await health.body.dump();
    const ready = await request(`${app.httpUrl}/readyz`);
    expect(ready.statusCode).toBe(200);
    expect(await ready.body.json()).toMatchObject({ checks: { storage: "ok", "tasks-service": "ok" } });
    const metrics = await (await request(`${app.httpUrl}/metrics`)).body.text();
    // Each service call is counted: the readiness check's read of the task service among them.
    expect(metrics).toMatch(
      /^bot_service_call_seconds_count\{service="tasks",operation="health",status="200"\} [1-9]/m,
    );
    expect(metrics).toMatch(
      /^bot_service_call_seconds_count\{service="generation",operation="\w+",status="200"\} [1-9]/m,
    );
  });
});
