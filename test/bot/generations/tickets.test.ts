/**
 * A batch's ticket is its webhook address, so it goes nowhere else: the log lines of the batch and its
 * jobs name it by its tag, and the buttons under its results carry the tag too and still act on the batch.
 */
import { afterEach, describe, expect, it } from "vitest";
import { RESULT_BUTTONS } from "../../../src/generations/result-actions.js";
import { ticketTag } from "../../../src/lifecycle/tickets.js";
import { sampleBatch } from "../../support/batch-record.js";
import { type ApiCall, BotHarness, lastCall, textOf } from "../../support/bot-harness.js";
import { GenerationRig } from "../../support/generation-rig.js";

let rig: GenerationRig;
afterEach(async () => rig?.close());

function buttonsOf(call: ApiCall): Array<{ text: string; data?: string }> {
  const markup = call.payload.reply_markup;
  const parsed = typeof markup === "string" ? JSON.parse(markup) : markup;
  return BotHarness.buttons({ ...call, payload: { reply_markup: parsed } });
}

describe("a generation batch's ticket", () => {
  it("is in no log line and no button; the buttons under its results still act on the batch", async () => {
    rig = await GenerationRig.create({}, { logs: true });
    const user = rig.harness.user(601);
    await rig.link(user);
    await rig.harness.send(user, "/image a lighthouse at dawn");
    await rig.create(user);
    rig.sandbox.step(10);
    await rig.pipeline.features.forms.records.schedulePoll(user.id, 0);
    await rig.pipeline.poller.tick();
    await rig.settle();

    const [key] = await rig.storage.kv.keys("generation-batch:");
    const ticket = key?.slice("generation-batch:".length) ?? "";
    expect(ticket.length).toBeGreaterThanOrEqual(16);
    const result = lastCall(rig.harness.calls, "sendPhoto");
    expect(result).toBeDefined();
    const buttons = result ? buttonsOf(result) : [];
    expect(buttons.map((button) => button.text)).toContain("🗑 Delete");
    expect(JSON.stringify(rig.harness.calls)).not.toContain(ticket);

    const del = buttons.find((button) => button.text === "🗑 Delete")?.data ?? "";
    const confirm = lastCall(await rig.harness.press(user, del), "sendMessage");
    expect(textOf(confirm)).toContain("from the service for good?");

    const logged = [...rig.logLines, ...rig.harness.logLines].join("\n");
    expect(logged).toContain(ticketTag(ticket));
    expect(logged).not.toContain(ticket);
  });

  it("its buttons answer anyone but its owner that they are not theirs, and do nothing", async () => {
    rig = await GenerationRig.create();
    const ticket = "foreign-press-ticket-0001";
    await rig.pipeline.features.forms.records.put(sampleBatch(ticket, 611, Date.now()));
    const data = RESULT_BUTTONS.keep.pack(ticketTag(ticket), { position: undefined });
    const calls = await rig.harness.press(rig.harness.user(612), data);
    expect(calls).toEqual([
      {
        method: "answerCallbackQuery",
        payload: { callback_query_id: expect.any(String), text: "This button is not yours." },
        result: true,
      },
    ]);
  });
});
