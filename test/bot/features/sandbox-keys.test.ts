import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { startTasksSandbox, type TasksSandbox } from "../../../dev/tasks-sandbox/index.js";
import { ApiKeys } from "../../../src/accounts/api-keys.js";
import { KeyVault } from "../../../src/accounts/vault.js";
import { createLogger } from "../../../src/logger.js";
import { createMemoryStorage } from "../../../src/storage/memory.js";
import { TasksServiceClient } from "../../../src/tasks-service/client.js";
import { isTasksServiceError } from "../../../src/tasks-service/errors.js";
import { BotHarness, lastCall, textOf } from "../../support/bot-harness.js";

describe("a key issued in the bot against the task service sandbox", () => {
  let sandbox: TasksSandbox | undefined;
  let client: TasksServiceClient | undefined;
  afterEach(async () => {
    await client?.close();
    await sandbox?.close();
  });

  it("authenticates; after a rotation the old key is refused and the new one works", async () => {
    const storage = createMemoryStorage();
    const apiKeys = new ApiKeys({ storage, vault: new KeyVault(randomBytes(32)), prefix: "cmp" });
    sandbox = await startTasksSandbox({ verifyKey: (apiKey) => apiKeys.registry.verify(apiKey) });
    const logger = createLogger({
      level: "silent",
      destination: new Writable({ write: (_c, _e, done) => done() }),
    });
    client = new TasksServiceClient({ baseUrl: sandbox.baseUrl, logger, retry: { maxAttempts: 1 } });
    const harness = new BotHarness({ storage, apiKeys, tasksService: client });
    const user = harness.user();

    const offer = lastCall(await harness.send(user, "/apikey"), "sendMessage");
    const shown = lastCall(await harness.press(user, BotHarness.button(offer, "Issue a key")), "sendMessage");
    const first = textOf(shown).match(/cmp_[A-Za-z0-9]{8}_[A-Za-z0-9]{32}/)?.[0];
    if (!first) throw new Error(`no key in ${textOf(shown)}`);
    expect((await client.me(first)).user_id).toBe(user.id);
    expect(textOf(lastCall(await harness.send(user, "/balance"), "sendMessage"))).toMatch(
      /^Media tasks \(video, subtitles, voice…\): /,
    );

    const overview = lastCall(await harness.send(user, "/apikey"), "sendMessage");
    const confirm = lastCall(
      await harness.press(user, BotHarness.button(overview, "Replace the key")),
      "editMessageText",
    );
    const rotated = lastCall(
      await harness.press(user, BotHarness.button(confirm, "Yes, go ahead")),
      "sendMessage",
    );
    const second = textOf(rotated).match(/cmp_[A-Za-z0-9]{8}_[A-Za-z0-9]{32}/)?.[0];
    if (!second) throw new Error(`no key in ${textOf(rotated)}`);
    expect(second).not.toBe(first);

    const refused = await client.me(first).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isTasksServiceError(refused) && refused.kind).toBe("unauthorized");
    expect((await client.me(second)).user_id).toBe(user.id);
  });
});
