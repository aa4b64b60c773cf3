import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import type { EmulatorEvent } from "../../dev/telegram-emulator/index.js";
import { API_KEY_MESSAGE_LIFETIME_MS } from "../../src/bot/features/apikey.js";
import { createBot } from "../../src/bot/index.js";
import { createLogger } from "../../src/logger.js";
import { createMemoryStorage } from "../../src/storage/memory.js";
import { createTaskResultSender } from "../../src/tasks/send-result.js";
import { type PollingHandle, startPolling } from "../../src/updates/runtime.js";
import { FakeApiKeys, FakeTasksService, refusingFetcher } from "../support/bot-fakes.js";
import { fakeCatalog } from "../support/bot-harness.js";
import { InMemoryDeletionScheduler } from "../support/in-memory-deletion.js";
import { type EmulatedTelegram, startEmulatedTelegram } from "../support/telegram-emulator.js";

describe("polling through the runner against the Telegram emulator", () => {
  let telegram: EmulatedTelegram | undefined;
  let polling: PollingHandle | undefined;
  let scheduler: InMemoryDeletionScheduler | undefined;

  afterEach(async () => {
    scheduler?.stop();
    await polling?.stop();
    await telegram?.close();
  });

  it("answers /start, and a shown API key is deleted when its time comes", async () => {
    telegram = await startEmulatedTelegram({ bot: { username: "companion_bot" } });
    const { emulator, user } = telegram;
    const apiKeys = new FakeApiKeys();
    // The scheduler's clock runs ten minutes ahead, so the deletion is due at once.
    scheduler = new InMemoryDeletionScheduler(
      undefined,
      () => new Date(Date.now() + API_KEY_MESSAGE_LIFETIME_MS),
    );
    const bot = createBot(
      {
        config: { defaultLocale: "en" },
        logger: createLogger({
          level: "silent",
          destination: new Writable({ write: (_c, _e, done) => done() }),
        }),
        storage: createMemoryStorage(),
        apiKeys,
        catalog: fakeCatalog,
        tasksService: new FakeTasksService(),
        results: createTaskResultSender({ uploadLimitBytes: 50 * 1024 * 1024, fetcher: refusingFetcher }),
        // The scheduler's clock runs ten minutes ahead, so the deletion is due at once.
        scheduleDeletion: (chatId, messageId, at) => {
          scheduler ??= new InMemoryDeletionScheduler(
            bot.api,
            () => new Date(Date.now() + API_KEY_MESSAGE_LIFETIME_MS),
          );
          return scheduler.schedule(chatId, messageId, at);
        },
      },
      { token: emulator.token, client: { apiRoot: emulator.apiRoot } },
    );
    scheduler.attach(bot.api);
    polling = await startPolling(bot);

    user.sendCommand("start");
    const welcome = await user.chat.waitForMessage(
      (message) => message.message.text?.startsWith("Hello, Ann!") === true,
    );
    // The four likeliest jobs and More… for the rest.
    const offers = welcome.message.reply_markup?.inline_keyboard.flat() ?? [];
    expect(offers).toHaveLength(5);
    expect(offers.at(-1)?.text).toBe("More…");

    user.sendCommand("apikey");
    const offer = await user.chat.waitForMessage(
      (message) => message.message.text?.includes("no API key") === true,
    );
    const issue = offer.message.reply_markup?.inline_keyboard.flat()[0];
    if (!issue || !("callback_data" in issue) || issue.callback_data === undefined)
      throw new Error("no issue button");

    const deleted = new Promise<EmulatorEvent>((resolve) => {
      const stop = user.chat.subscribe((event) => {
        if (event.type === "delete") {
          stop();
          resolve(event);
        }
      });
    });
    user.pressButton(offer.message, issue.callback_data);
    const shown = await user.chat.waitForMessage((message) => message.protectContent, {
      includeExisting: true,
    });
    const key = apiKeys.keys.get(user.id)?.apiKey ?? "";
    expect(shown.message.text).toContain(key);
    expect(shown.message.entities).toContainEqual({
      type: "spoiler",
      offset: shown.message.text?.indexOf(key),
      length: key.length,
    });
    const deletion = await deleted;
    expect(deletion.type === "delete" && deletion.message.message.message_id).toBe(shown.message.message_id);
  });
});
