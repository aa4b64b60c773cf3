/**
 * Screens a user reads at a glance: /help names every command of both services in a few lines over the
 * /start buttons, and a form's card keeps to twelve lines, the rest of its choices behind Details.
 */
import { afterEach, describe, expect, it } from "vitest";
import { menuCommands } from "../../../src/bot/i18n.js";
import type { MediaRef } from "../../../src/media/media-ref.js";
import { BotHarness, lastCall, textOf } from "../../support/bot-harness.js";
import { FormRig, uploadIdOf } from "../../support/form-rig.js";
import { GenerationRig } from "../../support/generation-rig.js";
import { photo } from "../../support/telegram-messages.js";

let rig: GenerationRig | undefined;
let forms: FormRig | undefined;
afterEach(async () => {
  await rig?.close();
  await forms?.close();
  rig = undefined;
  forms = undefined;
});

const lineCount = (text: string) => text.split("\n").length;

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
    const markup = reply?.payload.reply_markup as { inline_keyboard?: unknown[][] } | undefined;
    const rows = markup?.inline_keyboard ?? [];
    expect(rows.every((row) => row.length > 0)).toBe(true);
    const labels = (call: typeof reply) => BotHarness.buttons(call).map((button) => button.text);
    expect(labels(reply)).toEqual(labels(start));
    // Four offers of both services, as on /start, and More… for the rest.
    expect(labels(reply)).toHaveLength(5);
    expect(labels(reply)).toContain("AI video from text · from 60 tokens");
    expect(rig.proxy.requests.length).toBe(sentBefore);
  });
});

describe("a form's card", () => {
  it("shows twelve lines at most, every choice behind Details, and Create sends them all", async () => {
    forms = await FormRig.create();
    const user = forms.harness.user(402);
    await forms.harness.sendMessage(user, photo("p1"));
    await forms.choose(user, "🎞 Scenes and format", "Format", "Horizontal 16:9");
    await forms.choose(user, "🎞 Scenes and format", "Animation", "Slow pan and zoom");
    await forms.choose(user, "🎞 Scenes and format", "Transition", "Zoom");
    await forms.choose(user, "💬 Subtitles", "Subtitle style", "Turquoise karaoke");
    await forms.choose(user, "🃏 Cards", "Cards");
    await forms.choose(user, "🃏 Cards", "Card sound", "Whoosh");
    await forms.backToCard(user);
    const short = forms.card(user).text;
    expect(lineCount(short)).toBeLessThanOrEqual(12);
    expect(short).toContain("Format: Horizontal 16:9");
    expect(short).not.toContain("Card sound: Whoosh");
    expect(short).toContain("Cost: about");
    expect(short).toContain("Balance: 12,500 tokens");

    await forms.tap(user, "🔽 Details: ");
    const full = forms.card(user).text;
    expect(full).toContain("Card sound: Whoosh");
    expect(full.startsWith(short.split("\n\nPaid from:")[0] ?? "")).toBe(true);
    expect(lineCount(full)).toBeGreaterThan(12);
    await forms.tap(user, "🔼 Fewer details");
    expect(forms.card(user).text).toBe(short);

    await forms.create(user);
    const upload = uploadIdOf({
      source: "telegram",
      kind: "photo",
      fileId: "p1",
      fileUniqueId: "p1-u",
    } as MediaRef);
    expect(forms.created).toEqual([
      {
        type: "video",
        webhook_url: expect.stringMatching(/^https:\/\/bot\.example\.com\/hooks\/tasks\//),
        photos: [upload],
        format: "16_9",
        animation: "ken_burns",
        transition: "zoom",
        sub_style: "karaoke_cyan",
        ai_graphics: true,
        ai_graphics_sfx: "whoosh",
      },
    ]);
  });
});
