import { describe, expect, it } from "vitest";
import { z } from "zod";
import { API_KEY_MESSAGE_LIFETIME_MS } from "../../../src/bot/features/apikey.js";
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
    const key = (await harness.apiKeys.ensure(user.id)).apiKey;
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
    expect((await harness.apiKeys.ensure(user.id)).apiKey).toBe(old);
    const calls = await harness.press(user, BotHarness.button(confirm, "Да, продолжить"));
    const fresh = (await harness.apiKeys.ensure(user.id)).apiKey;
    expect(fresh).not.toBe(old);
    expect(textOf(lastCall(calls, "sendMessage"))).toContain(fresh);
    // The confirmation cannot be pressed twice.
    const again = await harness.press(user, BotHarness.button(confirm, "Да, продолжить"));
    expect(again.map((call) => call.method)).toEqual(["answerCallbackQuery"]);
    expect((await harness.apiKeys.ensure(user.id)).apiKey).toBe(fresh);
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
    expect(textOf(revoked)).toBe("Your key is revoked. You can issue a new one with /apikey.");
    expect(await harness.apiKeys.describe(user.id)).toBeUndefined();
  });

  it("never writes the key into the logs", async () => {
    const harness = new BotHarness({ now: () => NOW });
    const user = harness.user();
    const offer = lastCall(await harness.send(user, "/apikey"), "sendMessage");
    await harness.press(user, BotHarness.button(offer, "Issue a key"));
    const key = (await harness.apiKeys.ensure(user.id)).apiKey;
    expect(harness.logLines.join("")).toContain("api key shown");
    expect(harness.logLines.join("")).not.toContain(key);
  });
});
