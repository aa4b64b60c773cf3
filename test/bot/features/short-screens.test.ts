/**
 * Screens a user reads at a glance, with both services configured: /help names every command of both in a
 * few lines over the /start buttons.
 */
import { afterEach, describe, expect, it } from "vitest";
import { menuCommands } from "../../../src/bot/i18n.js";
import { BOT_TASK_TYPES } from "../../../src/bot/task-types.js";
import { BotHarness, lastCall, textOf } from "../../support/bot-harness.js";
import { GenerationRig } from "../../support/generation-rig.js";

let rig: GenerationRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

describe("/help with the generation service", () => {
  it("names every command of both services in at most 15 lines, over the /start buttons", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(401);
    await rig.link(user);
    const start = lastCall(await rig.harness.send(user, "/start"), "sendMessage");
    const sentBefore = rig.proxy.requests.length;
    const reply = lastCall(await rig.harness.send(user, "/help"), "sendMessage");
    const text = textOf(reply);
    expect(text.split("\n").length).toBeLessThanOrEqual(15);
    for (const command of menuCommands(true)) expect(text).toMatch(new RegExp(`/${command} – \\S`));
    expect(text).toContain(
      "/tasks – your tasks · /gallery – your images and videos · /queue – what is being made",
    );
    expect(text).toContain("or pick a task below");
    const rows = (reply?.payload.reply_markup as { inline_keyboard: unknown[][] }).inline_keyboard;
    expect(rows.every((row) => row.length > 0)).toBe(true);
    const labels = (call: typeof reply) => BotHarness.buttons(call).map((button) => button.text);
    expect(labels(reply)).toEqual(labels(start));
    // The generation service's entries follow the task types, as on /start.
    expect(labels(reply).length).toBeGreaterThan(BOT_TASK_TYPES.length);
    expect(rig.proxy.requests.length).toBe(sentBefore);
  });
});
