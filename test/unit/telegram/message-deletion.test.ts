import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MemoryJobQueue } from "../../../src/jobs/memory-queue.js";
import { messageDeletionJob, scheduleDeletionWith } from "../../../src/telegram/message-deletion.js";
import { type EmulatedTelegram, startEmulatedTelegram } from "../../support/telegram-emulator.js";

describe("scheduled message deletion", () => {
  let telegram: EmulatedTelegram;
  let queue: MemoryJobQueue;

  beforeEach(async () => {
    telegram = await startEmulatedTelegram();
    queue = new MemoryJobQueue(pino({ level: "silent" }));
  });
  afterEach(async () => {
    await queue.close(1_000);
    await telegram.close();
  });

  async function waitFor(check: () => boolean | Promise<boolean>): Promise<void> {
    for (let waited = 0; !(await check()); waited += 10) {
      if (waited > 5_000) throw new Error("condition not met in time");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** The job has left the queue for good: finished, with no retry pending. */
  async function settled(): Promise<boolean> {
    const depths = (await queue.depths())["delete-message"];
    return depths?.waiting === 0 && depths.active === 0 && depths.delayed === 0;
  }

  it("deletes the message when its time comes, not before", async () => {
    const job = messageDeletionJob(telegram.bot.api);
    queue.register(job);
    await queue.start();
    const sent = await telegram.bot.api.sendMessage(telegram.user.id, "secret key");
    const schedule = scheduleDeletionWith(queue, job);
    await schedule(telegram.user.id, sent.message_id, new Date(Date.now() + 300));

    const shown = () => telegram.user.chat.messages().find((m) => m.message.message_id === sent.message_id);
    expect(shown()?.deleted).toBe(false);
    await waitFor(() => shown()?.deleted === true);
  });

  it("finishes without retrying when the message is already gone", async () => {
    const job = messageDeletionJob(telegram.bot.api);
    queue.register(job);
    await queue.start();
    const sent = await telegram.bot.api.sendMessage(telegram.user.id, "secret key");
    await telegram.bot.api.deleteMessage(telegram.user.id, sent.message_id);
    await scheduleDeletionWith(queue, job)(telegram.user.id, sent.message_id, new Date());

    await waitFor(
      () => telegram.emulator.calls.filter((call) => call.method === "deleteMessage").length === 2,
    );
    await waitFor(settled);
    const depths = await queue.depths();
    expect(depths["delete-message"]).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0 });
    expect(telegram.emulator.calls.filter((call) => call.method === "deleteMessage")).toHaveLength(2);
  });
});
