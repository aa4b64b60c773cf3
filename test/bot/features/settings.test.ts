import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PreferencesRepository } from "../../../src/bot/preferences.js";
import { catalogPort, loadCatalog, voicesFor } from "../../../src/catalog/index.js";
import { createMemoryStorage } from "../../../src/storage/memory.js";
import { createRedisStorage } from "../../../src/storage/redis.js";
import { FakeApiKeys } from "../../support/bot-fakes.js";
import { BotHarness, lastCall, textOf } from "../../support/bot-harness.js";
import { type RedisServer, startRedisServer } from "../../support/redis-server.js";

describe("/settings", () => {
  it("shows every default and edits one message", async () => {
    const harness = new BotHarness();
    const user = harness.user();
    const menu = lastCall(await harness.send(user, "/settings"), "sendMessage");
    expect(textOf(menu)).toContain("Voice provider: Provider A (");
    expect(textOf(menu)).toContain("Speed: ×1.0");
    expect(textOf(menu)).toContain("Video format: Vertical 9:16");
    expect(BotHarness.buttons(menu).map((button) => button.text)).toContain("Subtitle position");

    const options = lastCall(
      await harness.press(user, BotHarness.button(menu, "Subtitle position"), 42),
      "editMessageText",
    );
    expect(options?.payload.message_id).toBe(42);
    expect(textOf(options)).toBe("Choose where subtitles go:");
    const saved = await harness.press(user, BotHarness.button(options, "Top"), 42);
    expect(lastCall(saved, "answerCallbackQuery")?.payload.text).toBe("Saved.");
    expect(textOf(lastCall(saved, "editMessageText"))).toContain("Subtitle position: Top");
    expect(await new PreferencesRepository(harness.storage.kv).get(user.id)).toEqual({ subPosition: "top" });
  });

  it("offers the voices of the user's language by name, each with its provider, and resets to automatic", async () => {
    const harness = new BotHarness();
    const user = harness.user(31, "uk");
    const menu = lastCall(await harness.send(user, "/settings"), "sendMessage");
    expect(BotHarness.buttons(menu).map((button) => button.text)).not.toContain("Голосовий сервіс");
    const voices = lastCall(await harness.press(user, BotHarness.button(menu, "Голос")), "editMessageText");
    expect(textOf(voices)).toBe("Оберіть голос за замовчуванням:");
    const withVoice = lastCall(
      await harness.press(user, BotHarness.button(voices, "Voice Two (uk) · Provider A")),
      "editMessageText",
    );
    expect(textOf(withVoice)).toContain("Голос: Voice Two (uk)");
    expect(textOf(withVoice)).toContain("Голосовий сервіс: Provider A");
    const saved = await new PreferencesRepository(harness.storage.kv).get(user.id);
    expect(saved).toEqual({ ttsProvider: "provider_a", ttsVoice: "uk-voice-2" });

    const voiceMenu = lastCall(
      await harness.press(user, BotHarness.button(withVoice, "Голос")),
      "editMessageText",
    );
    const reset = lastCall(
      await harness.press(user, BotHarness.button(voiceMenu, "Повернути стандартне значення")),
      "editMessageText",
    );
    expect(textOf(reset)).toContain("Голос: автоматично");
    expect(await new PreferencesRepository(harness.storage.kv).get(user.id)).toEqual({});
  });

  it("lists every voice of the shipped catalog in the user's language, across providers, in one step", async () => {
    const catalog = await loadCatalog(
      fileURLToPath(new URL("../../../catalog/catalog.json", import.meta.url)),
    );
    const harness = new BotHarness({ catalog: catalogPort(catalog) });
    const user = harness.user(40, "uk");
    const menu = lastCall(await harness.send(user, "/settings"), "sendMessage");
    const voices = lastCall(await harness.press(user, BotHarness.button(menu, "Голос")), "editMessageText");
    const speaking = catalog.providers.filter((entry) => voicesFor(catalog, entry.id, "uk").length > 0);
    // Providers without a Ukrainian voice have nothing to offer here.
    expect(speaking.length).toBeLessThan(catalog.providers.length);
    expect(BotHarness.buttons(voices).map((button) => button.text)).toEqual([
      ...speaking.flatMap((provider) =>
        voicesFor(catalog, provider.id, "uk").map((voice) => `${voice.name} · ${provider.label}`),
      ),
      "Повернути стандартне значення",
      "« Назад",
    ]);
  });

  it("changing the language from settings switches the menu at once", async () => {
    const harness = new BotHarness();
    const user = harness.user();
    const menu = lastCall(await harness.send(user, "/settings"), "sendMessage");
    const languages = lastCall(
      await harness.press(user, BotHarness.button(menu, "Language")),
      "editMessageText",
    );
    const after = lastCall(
      await harness.press(user, BotHarness.button(languages, "Русский")),
      "editMessageText",
    );
    expect(textOf(after)).toContain("Язык: Русский");
    expect(textOf(after)).toContain("Формат видео: Вертикальный 9:16");
  });

  it("ignores a stored record that does not parse", async () => {
    const storage = createMemoryStorage();
    await storage.kv.set("prefs:777", JSON.stringify({ subSize: "gigantic" }));
    const harness = new BotHarness({ storage });
    const menu = lastCall(await harness.send(harness.user(), "/settings"), "sendMessage");
    expect(textOf(menu)).toContain("Subtitle size: Medium");
  });
});

describe("/settings across a restart on Redis", () => {
  let server: RedisServer | undefined;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("a new bot on the same Redis continues the menu where the old one stopped", async (context) => {
    if (!server) return context.skip();
    const apiKeys = new FakeApiKeys();
    const firstRedis = new Redis(server.url);
    const first = new BotHarness({ storage: createRedisStorage(firstRedis), apiKeys });
    const user = first.user();
    const menu = lastCall(await first.send(user, "/settings"), "sendMessage");
    const formats = lastCall(
      await first.press(user, BotHarness.button(menu, "Video format")),
      "editMessageText",
    );
    await first.bot.stop().catch(() => undefined);
    firstRedis.disconnect();

    const secondRedis = new Redis(server.url);
    try {
      const second = new BotHarness({ storage: createRedisStorage(secondRedis), apiKeys });
      const saved = await second.press(user, BotHarness.button(formats, "Square 1:1"));
      expect(lastCall(saved, "answerCallbackQuery")?.payload.text).toBe("Saved.");
      expect(textOf(lastCall(saved, "editMessageText"))).toContain("Video format: Square 1:1");
    } finally {
      secondRedis.disconnect();
    }
  });
});
