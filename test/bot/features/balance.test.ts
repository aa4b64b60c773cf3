/**
 * Money in one place: /balance shows the media task balance and the generation account's balance, a line
 * each on what it pays for, read from both services at once; without a linked account, the media line and
 * how to link one. The generation account's details stay with /account.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type FakeTasksService, tokenProfile } from "../../support/bot-fakes.js";
import { BotHarness, lastCall, type TestUser, textOf } from "../../support/bot-harness.js";
import { GenerationRig } from "../../support/generation-rig.js";

let rig: GenerationRig;
afterEach(async () => rig?.close());

const lineCount = (text: string) => text.split("\n").length;

function tasksService(): FakeTasksService {
  return rig.harness.tasksService as FakeTasksService;
}

/** The reads of both services, each with the key it was made on. */
async function balanceReads(user: TestUser) {
  const taskKey = (await rig.harness.apiKeys.ensure(user.id)).apiKey;
  return {
    tasks: tasksService().reads,
    generations: rig.proxy.requests
      .filter((entry) => entry.path !== "/v1/models")
      .map((entry) => ({ request: `${entry.method} ${entry.path}`, auth: entry.headers.authorization })),
    taskKey,
  };
}

describe("/balance with a generation account linked", () => {
  it("shows both balances, a line each on what it pays for, from one read of each service", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(801);
    const key = await rig.link(user, { balance: 50_000 });
    const reply = lastCall(await rig.harness.send(user, "/balance"), "sendMessage");
    const text = textOf(reply);
    expect(text.split("\n").slice(0, 2)).toEqual([
      "Media tasks (video, subtitles, voice…): 12,500 tokens",
      "AI images and videos: 50,000 tokens",
    ]);
    expect(text).toContain("Video seconds: 120");
    expect(text).toContain("The AI account's plan, key and storage: /account");
    expect(text).not.toContain("/connect");
    expect(lineCount(text)).toBeLessThanOrEqual(12);
    const reads = await balanceReads(user);
    expect(reads.tasks).toEqual([{ request: "GET /v1/me", apiKey: reads.taskKey }]);
    expect(reads.generations).toEqual([{ request: "GET /v1/account", auth: `Bearer ${key.apiKey}` }]);
  });

  it("keeps to twelve lines with every kind of this month's use listed", async () => {
    rig = await GenerationRig.create();
    tasksService().profile = tokenProfile({
      usage: {
        used_seconds_this_month: 120,
        used_chars_this_month: 5_000,
        used_eleven_chars_this_month: 700,
        used_transcription_seconds: 300,
        limit_reset_date: "2026-12-01T00:00:00",
      },
    });
    const user = rig.harness.user(806);
    await rig.link(user);
    const text = textOf(lastCall(await rig.harness.send(user, "/balance"), "sendMessage"));
    expect(text).toContain("Transcription seconds: 300");
    expect(text).toContain("The AI account's plan, key and storage: /account");
    expect(lineCount(text)).toBeLessThanOrEqual(12);
  });

  it("Details adds what each balance is worth and the task account's limits, read again from both", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(802);
    const key = await rig.link(user, { balance: 50_000 });
    const reply = lastCall(await rig.harness.send(user, "/balance"), "sendMessage");
    const pressed = await rig.harness.press(user, BotHarness.button(reply, "🔽 Details: USD and limits"));
    const full = textOf(lastCall(pressed, "editMessageText"));
    expect(full.split("\n").slice(0, 2)).toEqual([
      "Media tasks (video, subtitles, voice…): 12,500 tokens (about 12.50 USD)",
      "AI images and videos: 50,000 tokens (about 50.00 USD)",
    ]);
    expect(full).toContain("Media task limits:\nVideo seconds per month: 3,600");
    expect(full).toContain("Largest file: 500 MB");
    const reads = await balanceReads(user);
    expect(reads.tasks.map((read) => read.request)).toEqual(["GET /v1/me", "GET /v1/me"]);
    expect(reads.generations).toEqual([
      { request: "GET /v1/account", auth: `Bearer ${key.apiKey}` },
      { request: "GET /v1/account", auth: `Bearer ${key.apiKey}` },
    ]);
  });

  it("speaks Ukrainian and Russian, with the plural forms of each", async () => {
    rig = await GenerationRig.create();
    const uk = rig.harness.user(803, "uk");
    await rig.link(uk, { balance: 50_001 });
    const ukText = textOf(lastCall(await rig.harness.send(uk, "/balance"), "sendMessage"));
    expect(ukText.split("\n").slice(0, 2)).toEqual([
      "Медіазавдання (відео, субтитри, озвучення…): 12\u00a0500 токенів",
      "ШІ-зображення та відео: 50\u00a0001 токен",
    ]);
    expect(ukText).toContain("Тариф, ключ і сховище ШІ-акаунта: /account");
    const ru = rig.harness.user(804, "ru");
    await rig.link(ru, { balance: 50_002 });
    const ruText = textOf(lastCall(await rig.harness.send(ru, "/balance"), "sendMessage"));
    expect(ruText.split("\n").slice(0, 2)).toEqual([
      "Медиазадачи (видео, субтитры, озвучка…): 12\u00a0500 токенов",
      "ИИ-изображения и видео: 50\u00a0002 токена",
    ]);
    expect(ruText).toContain("Тариф, ключ и хранилище ИИ-аккаунта: /account");
  });

  it("a key the service no longer takes leaves the media balance in view and points to /account", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(805);
    const key = await rig.link(user);
    rig.sandbox.accounts.revokeKey(key.keyId);
    const text = textOf(lastCall(await rig.harness.send(user, "/balance"), "sendMessage"));
    expect(text.split("\n").slice(0, 2)).toEqual([
      "Media tasks (video, subtitles, voice…): 12,500 tokens",
      "AI images and videos: the balance is not available now, /account says why",
    ]);
    expect(text).not.toContain("The AI account's plan");
  });
});

describe("/balance without a linked generation account", () => {
  it("shows the media balance and how to link the other, asking the generation service nothing", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(811);
    const text = textOf(lastCall(await rig.harness.send(user, "/balance"), "sendMessage"));
    expect(text.split("\n").slice(0, 2)).toEqual([
      "Media tasks (video, subtitles, voice…): 12,500 tokens",
      "AI images and videos: link your account with /connect",
    ]);
    expect(text).not.toContain("/account");
    expect(lineCount(text)).toBeLessThanOrEqual(12);
    const reads = await balanceReads(user);
    expect(reads.tasks).toEqual([{ request: "GET /v1/me", apiKey: reads.taskKey }]);
    expect(reads.generations).toEqual([]);
  });

  it("says it in Ukrainian and Russian", async () => {
    rig = await GenerationRig.create();
    const uk = textOf(
      lastCall(await rig.harness.send(rig.harness.user(812, "uk"), "/balance"), "sendMessage"),
    );
    expect(uk.split("\n").slice(0, 2)).toEqual([
      "Медіазавдання (відео, субтитри, озвучення…): 12\u00a0500 токенів",
      "ШІ-зображення та відео: під'єднайте акаунт через /connect",
    ]);
    const ru = textOf(
      lastCall(await rig.harness.send(rig.harness.user(813, "ru"), "/balance"), "sendMessage"),
    );
    expect(ru.split("\n").slice(0, 2)).toEqual([
      "Медиазадачи (видео, субтитры, озвучка…): 12\u00a0500 токенов",
      "ИИ-изображения и видео: подключите аккаунт через /connect",
    ]);
  });
});
