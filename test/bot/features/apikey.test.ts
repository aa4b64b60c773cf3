import { describe, expect, it } from "vitest";
import { z } from "zod";
import { API_KEY_MESSAGE_LIFETIME_MS } from "../../../src/bot/features/apikey.js";
import type { FakeApiKeys } from "../../support/bot-fakes.js";
import { BotHarness, lastCall, textOf } from "../../support/bot-harness.js";

const NOW = new Date("2026-11-22T10:00:00Z");

describe("/apikey", () => {
  it("offers to issue a key when there is none", async () => {
    const harness = new BotHarness({ now: () => NOW });
    const reply = lastCall(await harness.send(harness.user(), "/apikey"), "sendMessage");
    expect(textOf(reply)).toContain("You have no API key yet.");
    expect(BotHarness.buttons(reply).map((button) => button.text)).toEqual(["Issue a key"]);
  });

  it("shows a new key once: protected, as a spoiler, deleted after ten minutes", async () => {
    const harness = new BotHarness({ now: () => NOW });
    const user = harness.user();
    const offer = lastCall(await harness.send(user, "/apikey"), "sendMessage");
    const calls = await harness.press(user, BotHarness.button(offer, "Issue a key"));
    const shown = lastCall(calls, "sendMessage");
    const key = (harness.apiKeys as FakeApiKeys).keys.get(user.id)?.apiKey ?? "";
    const text = textOf(shown);
    expect(text).toContain(key);
    expect(shown?.payload.protect_content).toBe(true);
    expect(shown?.payload.entities).toEqual([
      { type: "spoiler", offset: text.indexOf(key), length: key.length },
    ]);
    const shownId = z.object({ message_id: z.number() }).parse(shown?.result).message_id;
    expect(harness.deletions.pending).toEqual([
      { chatId: user.id, messageId: shownId, at: new Date(NOW.getTime() + API_KEY_MESSAGE_LIFETIME_MS) },
    ]);

    const deleted: Array<[number, number]> = [];
    await harness.deletions.runDue(
      {
        deleteMessage: async (chatId, messageId) => {
          deleted.push([Number(chatId), messageId]);
          return true;
        },
      },
      new Date(NOW.getTime() + API_KEY_MESSAGE_LIFETIME_MS),
    );
    expect(deleted).toEqual([[user.id, shownId]]);
    expect(harness.deletions.pending).toEqual([]);

    const later = textOf(lastCall(await harness.send(user, "/apikey"), "sendMessage"));
    const described = await harness.apiKeys.describe(user.id);
    expect(later).toContain(`Your API key: ${described?.prefix}…`);
    expect(later).not.toContain(key);
  });

  it("rotates only after confirmation, and shows the new key", async () => {
    const harness = new BotHarness({ now: () => NOW });
    const user = harness.user(55, "ru");
    const old = (await harness.apiKeys.issue(user.id)).apiKey;
    const overview = lastCall(await harness.send(user, "/apikey"), "sendMessage");
    expect(textOf(overview)).toContain("Ваш API-ключ:");
    const confirm = lastCall(
      await harness.press(user, BotHarness.button(overview, "Заменить ключ")),
      "editMessageText",
    );
    expect(textOf(confirm)).toBe("Заменить ключ? Текущий ключ сразу перестанет работать.");
    const personal = () => (harness.apiKeys as FakeApiKeys).keys.get(user.id)?.apiKey;
    expect(personal()).toBe(old);
    const calls = await harness.press(user, BotHarness.button(confirm, "Да, продолжить"));
    const fresh = personal() ?? "";
    expect(fresh).not.toBe(old);
    expect(textOf(lastCall(calls, "editMessageText"))).toBe(
      "Ключ заменён: старый больше не работает. Новый — в следующем сообщении.",
    );
    expect(BotHarness.buttons(lastCall(calls, "editMessageText"))).toEqual([]);
    expect(textOf(lastCall(calls, "sendMessage"))).toContain(fresh);
    // The confirmation cannot be pressed twice.
    const again = await harness.press(user, BotHarness.button(confirm, "Да, продолжить"));
    expect(again.map((call) => call.method)).toEqual(["answerCallbackQuery"]);
    expect(personal()).toBe(fresh);
  });

  it("revokes after confirmation; cancelling keeps the key", async () => {
    const harness = new BotHarness({ now: () => NOW });
    const user = harness.user();
    await harness.apiKeys.issue(user.id);
    const overview = lastCall(await harness.send(user, "/apikey"), "sendMessage");
    const confirm = lastCall(
      await harness.press(user, BotHarness.button(overview, "Revoke the key")),
      "editMessageText",
    );
    const kept = lastCall(await harness.press(user, BotHarness.button(confirm, "Cancel")), "editMessageText");
    expect(textOf(kept)).toContain("Nothing changed.");
    expect(await harness.apiKeys.describe(user.id)).toBeDefined();

    const confirmAgain = lastCall(
      await harness.press(user, BotHarness.button(kept, "Revoke the key")),
      "editMessageText",
    );
    const revoked = lastCall(
      await harness.press(user, BotHarness.button(confirmAgain, "Yes, go ahead")),
      "editMessageText",
    );
    expect(textOf(revoked)).toBe(
      "Key revoked: it no longer works. Your tasks in this chat are not affected. You can issue a new key with /apikey.",
    );
    expect(await harness.apiKeys.describe(user.id)).toBeUndefined();
  });

  it("a chat task never issues the user a key, and a revoked key does not come back with the next task", async () => {
    const harness = new BotHarness({ now: () => NOW });
    const user = harness.user();
    await harness.send(user, "/balance");
    const first = lastCall(await harness.send(user, "/apikey"), "sendMessage");
    expect(textOf(first)).toContain("You have no API key yet.");
    expect(textOf(first)).toContain("the bot uses a key of its own for them");
    await harness.press(user, BotHarness.button(first, "Issue a key"));
    await harness.apiKeys.revoke(user.id);
    await harness.send(user, "/balance");
    expect(await harness.apiKeys.describe(user.id)).toBeUndefined();
    expect(textOf(lastCall(await harness.send(user, "/apikey"), "sendMessage"))).toContain(
      "You have no API key yet.",
    );
  });

  it("never writes the key into the logs", async () => {
    const harness = new BotHarness({ now: () => NOW });
    const user = harness.user();
    const offer = lastCall(await harness.send(user, "/apikey"), "sendMessage");
    await harness.press(user, BotHarness.button(offer, "Issue a key"));
    const key = (harness.apiKeys as FakeApiKeys).keys.get(user.id)?.apiKey ?? "";
    expect(harness.logLines.join("")).toContain("api key shown");
    expect(harness.logLines.join("")).not.toContain(key);
  });
});
