/**
 * 1,000 generated bodies at POST /telegram with the right secret: random JSON, byte soup and mutations
 * of a press on a stale button. None gets a 5xx, none crashes the handler, and nothing is said in any chat.
 */
import { Writable } from "node:stream";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { telegramWebhook } from "../../src/http/telegram-webhook.js";
import { createLogger } from "../../src/logger.js";
import { createMemoryStorage } from "../../src/storage/memory.js";
import { handleThroughOutages } from "../../src/updates/updates.js";
import { BotHarness } from "../support/bot-harness.js";
import { fuzzBodies } from "../support/fuzz.js";

const SECRET = "fuzz-secret";
const silent = createLogger({
  level: "silent",
  destination: new Writable({ write: (_c, _e, done) => done() }),
});

const stalePress = {
  update_id: 1,
  callback_query: {
    id: "q1",
    from: { id: 501, is_bot: false, first_name: "Fuzz", language_code: "en" },
    chat_instance: "ci",
    data: "tk:oldnonce:page:1",
    message: { message_id: 9, date: 1_700_000_000, chat: { id: 501, type: "private" } },
  },
};

describe("POST /telegram under fuzzing", () => {
  it("answers 1,000 generated bodies without a 5xx and says nothing in any chat", async () => {
    const storage = createMemoryStorage();
    const harness = new BotHarness({ storage });
    const webhook = telegramWebhook({
      secretToken: SECRET,
      kv: storage.kv,
      logger: silent,
      handle: handleThroughOutages((update) => harness.bot.handleUpdate(update), { storage, logger: silent }),
    });
    const app = new Hono();
    webhook.mount(app);
    const statuses = new Map<number, number>();
    for (const body of fuzzBodies(20261123, 1_000, stalePress)) {
      const response = await app.request("/telegram", {
        method: "POST",
        headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": SECRET },
        body,
      });
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      expect(response.status, body).toBeLessThan(500);
    }
    await webhook.drain();
    expect([...statuses.keys()].sort()).toEqual([200, 400]);
    const said = harness.calls.filter((call) => /^(send|edit|copy|forward)/.test(call.method));
    expect(said).toEqual([]);
  });
});
