import { afterEach, describe, expect, it } from "vitest";
import { TasksServiceClient } from "../../../src/tasks-service/client.js";
import { BotHarness, lastCall, textOf } from "../../support/bot-harness.js";
import { type ServiceStub, sendJson, startServiceStub } from "../../support/tasks-service-client-server.js";

/** The bot with the real task service client, against a local stand-in of the service. */
describe("/balance and /tasks through the real service client", () => {
  let stub: ServiceStub | undefined;
  let client: TasksServiceClient | undefined;
  afterEach(async () => {
    await client?.close();
    await stub?.close();
  });

  async function harnessFor(handler: Parameters<typeof startServiceStub>[0]) {
    stub = await startServiceStub(handler);
    const harness = new BotHarness();
    client = new TasksServiceClient({
      baseUrl: stub.baseUrl,
      logger: harness.logger,
      retry: { maxAttempts: 1 },
      sleep: async () => undefined,
    });
    return new BotHarness({ tasksService: client, apiKeys: harness.apiKeys });
  }

  it("sends the user's key and shows the profile the service reports", async () => {
    const harness = await harnessFor((_req, res) =>
      sendJson(res, 200, {
        user_id: 777,
        token_balance: 2500,
        limits: { max_photos: 30 },
        usage: { used_seconds_this_month: 60, limit_reset_date: "2026-12-01T00:00:00" },
      }),
    );
    const text = textOf(lastCall(await harness.send(harness.user(), "/balance"), "sendMessage"));
    expect(text).toContain("Media tasks (video, subtitles, voice…): 2,500 tokens");
    expect(stub?.requests[0]?.headers["x-api-key"]).toBe((await harness.apiKeys.ensure(777)).apiKey);
  });

  it("turns the service's 402 into the translated balance message", async () => {
    const harness = await harnessFor((_req, res) => sendJson(res, 402, { detail: "Insufficient balance" }));
    const text = textOf(lastCall(await harness.send(harness.user(3, "ru"), "/tasks"), "sendMessage"));
    expect(text).toBe("На балансе недостаточно токенов. Проверьте через /balance.");
  });
});
