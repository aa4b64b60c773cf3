/**
 * What a task costs, as the user sees it: the card's estimate against the spec's price table for each
 * task type, the warning before Create when the balance is short, the quota plan's allowance, and voice
 * samples that never cost the user.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ProfileSchema } from "../../../src/tasks-service/responses.js";
import { tokenProfile } from "../../support/bot-fakes.js";
import { BotHarness } from "../../support/bot-harness.js";
import { FormRig } from "../../support/form-rig.js";
import { audio, photo, video } from "../../support/telegram-messages.js";

let rig: FormRig;
afterEach(async () => rig?.close());

/** Twenty words: 8 seconds of speech at 150 words a minute. */
const TWENTY_WORDS = Array.from({ length: 20 }, (_, index) => `word${index}`).join(" ");

describe("the estimate on the card follows the price table", () => {
  // Each case: how the form is reached, what is chosen, and the spec's price for it worked out by hand.
  it("transcription: 40 a minute of the file", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(101);
    await rig.fromIntake(user, "Transcription", audio("a1", 90));
    expect(rig.card(user).text).toContain("Cost: about 60 tokens");
  });

  it("subtitles: 50 a minute, 60 translated, auto-captions 50 a render, cards as a range", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(102);
    await rig.fromIntake(user, "Subtitles", video("v1", 120));
    expect(rig.card(user).text).toContain("Cost: about 100 tokens");
    await rig.type(user, "🌐 Translation", "Translate to", "de");
    expect(rig.card(user).text).toContain("Cost: about 120 tokens");
    await rig.choose(user, "🏷 Captions", "Automatic captions");
    await rig.backToCard(user);
    expect(rig.card(user).text).toContain("Cost: about 170 tokens");
    await rig.choose(user, "🃏 Cards", "Cards");
    await rig.backToCard(user);
    // The service places up to 3 cards a minute at normal density: 0 to 6 cards in two minutes.
    expect(rig.card(user).text).toContain("Cost: about 170–350 tokens");
  });

  it("pause removal 50, smart clips 80, dubbing 100 plus the voice, a minute", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(103);
    await rig.fromIntake(user, "Pause removal", video("v1", 60));
    expect(rig.card(user).text).toContain("Cost: about 50 tokens");
    await rig.fromIntake(user, "Smart clips", video("v2", 300));
    expect(rig.card(user).text).toContain("Cost: about 400 tokens");
    await rig.fromIntake(user, "Dubbing", video("v3", 60));
    expect(rig.card(user).text).toContain("Cost: about 100 tokens");
  });

  it("video: 30 a minute of output plus the narration's voice; a voiceover: the voice alone", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(104);
    await rig.fromIntake(user, "Slideshow with voiceover", photo("p1"), photo("p2"));
    // Two photos of 3 s: 6 s of video at 30 a minute.
    expect(rig.card(user).text).toContain("Cost: about 3 tokens");
    await rig.fromStart(user, "Voiceover");
    await rig.harness.send(user, TWENTY_WORDS.repeat(1));
    // 8 s of speech with provider A's standard voice (6 a minute): 0.8 of a token.
    expect(rig.card(user).text).toContain("Cost: about 1 token\n");
  });

  it("motion has no price row: the card says it comes with the plan", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(105);
    await rig.fromStart(user, "Animated explainer");
    await rig.harness.send(user, "Three facts about sleep");
    expect(rig.card(user).text).toContain("Cost: no tokens, animated explainers are part of your plan");
  });
});

describe("the balance before Create", () => {
  it("a balance below the estimate is said on the card, pointing to /balance", async () => {
    rig = await FormRig.create();
    rig.tasksService.profile = tokenProfile({ token_balance: 0 });
    const user = rig.harness.user(111);
    await rig.fromIntake(user, "Transcription", audio("a1", 90));
    const card = rig.card(user).text;
    expect(card).toContain("Balance: 0 tokens");
    expect(card).toContain(
      "This needs about 60 tokens, and your balance is 0. Top it up before you create the task: /balance",
    );
    expect(card.indexOf("/balance")).toBeGreaterThan(card.indexOf("Cost: about 60 tokens"));
  });

  it("a balance that covers it draws no warning", async () => {
    rig = await FormRig.create();
    rig.tasksService.profile = tokenProfile({ token_balance: 60 });
    const user = rig.harness.user(112);
    await rig.fromIntake(user, "Transcription", audio("a1", 90));
    expect(rig.card(user).text).toContain("Balance: 60 tokens");
    expect(rig.card(user).text).not.toContain("Top it up");
  });

  it("a quota plan sees what the task uses of its allowance, not tokens", async () => {
    rig = await FormRig.create();
    rig.tasksService.profile = ProfileSchema.parse({
      user_id: 777,
      tariff: "Pro",
      limits: {},
      usage: {},
    });
    const user = rig.harness.user(113);
    await rig.fromIntake(user, "Transcription", audio("a1", 90));
    const card = rig.card(user).text;
    expect(card).toContain("From your monthly allowance this uses about 90 seconds of transcription");
    expect(card).toContain("Plan: Pro");
    expect(card).not.toMatch(/tokens?\b/);
  });

  it("a quota plan counts the automatic captions and the range of cards the service may place", async () => {
    rig = await FormRig.create();
    rig.tasksService.profile = ProfileSchema.parse({ user_id: 777, tariff: "Pro", limits: {}, usage: {} });
    const user = rig.harness.user(114);
    await rig.fromIntake(user, "Subtitles", video("v1", 120));
    // On a plan the card has no "Cost:" line for the rig's way back to find: each step is tapped.
    for (const [group, field] of [
      ["🏷 Captions", "Automatic captions:"],
      ["🃏 Cards", "Cards:"],
    ] as const) {
      await rig.tap(user, group);
      await rig.tap(user, field);
      await rig.tap(user, "« Back");
    }
    expect(rig.card(user).text).toContain(
      "From your monthly allowance this uses about 120 seconds of video, automatic captions for 1 video, 0–6 cards",
    );
  });
});

describe("voice samples", () => {
  const OPERATOR_KEY = "ops_operator_samplesamplesamplesamplesamplesa";

  it("are made on the operator's key: never charged to the user, never in their /tasks", async () => {
    rig = await FormRig.create({ voiceSampleApiKey: OPERATOR_KEY });
    const user = rig.harness.user(121);
    await rig.fromStart(user, "Voiceover");
    await rig.harness.send(user, "Hello");
    await rig.choose(user, "🎙 Voice", "Voice");
    const olivia = BotHarness.buttons(rig.card(user).call).findIndex((button) => button.text === "Olivia");
    const play = BotHarness.buttons(rig.card(user).call)[olivia + 1];
    expect(play?.text).toBe("▶");
    await rig.harness.press(user, play?.data ?? "", Number(rig.card(user).call?.payload.message_id));
    await rig.settle();
    expect(rig.tasksService.createdWith.map(({ apiKey, request }) => [apiKey, request.type])).toEqual([
      [OPERATOR_KEY, "audio"],
    ]);
    const sample = rig.harness.calls.find((call) => call.method === "sendAudio");
    expect(sample?.payload.caption).toBe("Olivia");
    const listing = await rig.harness.send(user, "/tasks");
    expect(listing.map((call) => String(call.payload.text ?? "")).join("\n")).toContain(
      "You have no tasks yet",
    );
  });

  it("without the operator's key or a sample file, no voice has ▶", async () => {
    rig = await FormRig.create({ noVoiceSamples: true });
    const user = rig.harness.user(122);
    await rig.fromStart(user, "Voiceover");
    await rig.harness.send(user, "Hello");
    await rig.choose(user, "🎙 Voice", "Voice");
    const buttons = BotHarness.buttons(rig.card(user).call).map((button) => button.text);
    expect(buttons).toContain("Olivia");
    expect(buttons).not.toContain("▶");
  });
});
