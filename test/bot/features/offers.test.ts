/**
 * The first choice, with both services: every offer named by the job it starts (the same name its card
 * carries), at most four at a time with "More…" for the rest, the price class on each button where the
 * offers' prices differ, and an offer menu whose files are gone no longer offering them.
 */
import { afterEach, describe, expect, it } from "vitest";
import { PendingTextStore } from "../../../src/bot/pending-text.js";
import { PendingMediaStore } from "../../../src/media/pending-media.js";
import { type ApiCall, BotHarness, lastCall, type TestUser, textOf } from "../../support/bot-harness.js";
import { GenerationRig, jpegPhoto } from "../../support/generation-rig.js";
import { video } from "../../support/telegram-messages.js";

let rig: GenerationRig;
afterEach(async () => rig?.close());

/**
 * About the most characters a button as wide as the chat shows in one line on a 360-point-wide phone
 * (some 330 points of button at Telegram's 14-point button font, 7 points a character): an estimate.
 */
const PHONE_BUTTON_CHARS = 46;

function labels(call: ApiCall | undefined): string[] {
  return BotHarness.buttons(call).map((button) => button.text);
}

/** Photos sent as one album; the offer as its last edit shows it. */
async function sendPhotos(user: TestUser, count: number): Promise<ApiCall | undefined> {
  let offer: ApiCall | undefined;
  for (let index = 0; index < count; index++) {
    const calls = await rig.harness.sendMessage(user, {
      ...jpegPhoto(`photo${index + 1}`),
      ...(count > 1 ? { media_group_id: "album" } : {}),
    });
    offer = lastCall(calls, index === 0 ? "sendMessage" : "editMessageText") ?? offer;
  }
  return offer;
}

describe("what photos can become", () => {
  it("names each offer by its outcome with its price class: the plan's per minute, the catalog's least", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(501);
    await rig.link(user);
    const offer = await sendPhotos(user, 3);
    expect(textOf(offer)).toContain("Got 3 photos.");
    expect(labels(offer)).toEqual([
      "Slideshow with voiceover · from 30 tokens/min",
      "Animate photos with AI · from 60 tokens",
      "AI transitions between photos · from 60 tokens",
      "Image from reference photos · from 25 tokens",
    ]);
  });

  it("one photo is most likely to be brought to life", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(502);
    await rig.link(user);
    expect(labels(await sendPhotos(user, 1))[0]).toBe("Animate photos with AI · from 60 tokens");
  });

  it("without a linked generation account its offers say an account is needed, not a price", async () => {
    rig = await GenerationRig.create();
    const offer = await sendPhotos(rig.harness.user(503), 2);
    expect(labels(offer)).toEqual([
      "Slideshow with voiceover · from 30 tokens/min",
      "Animate photos with AI · account needed",
      "AI transitions between photos · account needed",
      "Image from reference photos · account needed",
    ]);
  });

  it("in Ukrainian and Russian too, each button within a phone's width", async () => {
    rig = await GenerationRig.create();
    for (const [id, locale] of [
      [504, "uk"],
      [505, "ru"],
    ] as const) {
      const user = rig.harness.user(id, locale);
      await rig.link(user);
      const offer = await sendPhotos(user, 2);
      expect(labels(offer)).toHaveLength(4);
      for (const label of labels(offer)) expect(label.length).toBeLessThanOrEqual(PHONE_BUTTON_CHARS);
    }
    const uk = await sendPhotos(rig.harness.user(506, "uk"), 2);
    expect(labels(uk)[1]).toBe("Оживити фото з ШІ · потрібен акаунт");
  });
});

describe("what a video can become", () => {
  it("four offers and More…, whose page holds the rest and a way back; every button fits a phone", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(511);
    await rig.link(user);
    const offer = lastCall(await rig.harness.sendMessage(user, video("v1", 40)), "sendMessage");
    expect(labels(offer)).toEqual([
      "Subtitles · from 50 tokens/min",
      "Smart clips · from 80 tokens/min",
      "Pause removal · 50 tokens/min",
      "Dubbing · from 100 tokens/min",
      "More…",
    ]);
    const more = lastCall(
      await rig.harness.press(user, BotHarness.button(offer, "More…")),
      "editMessageReplyMarkup",
    );
    expect(more?.payload.message_id).toBe((offer?.result as { message_id?: number } | undefined)?.message_id);
    expect(labels(more)).toEqual([
      "Transcription · 40 tokens/min",
      "Slideshow with voiceover · from 30 tokens/min",
      "Restyle clips with AI · from 50 tokens",
      "Animated explainer · free with your plan",
      "« Back",
    ]);
    for (const label of [...labels(offer), ...labels(more)])
      expect(label.length).toBeLessThanOrEqual(PHONE_BUTTON_CHARS);
    const back = lastCall(
      await rig.harness.press(user, BotHarness.button(more, "« Back")),
      "editMessageReplyMarkup",
    );
    expect(labels(back)).toEqual(labels(offer));
  });
});

describe("the /start menu with both services", () => {
  it("the four likeliest jobs, the AI video beside the free animated explainer with each price class", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(521);
    await rig.link(user);
    const menu = lastCall(await rig.harness.send(user, "/start"), "sendMessage");
    expect(labels(menu)).toEqual([
      "Slideshow with voiceover · from 30 tokens/min",
      "Subtitles · from 50 tokens/min",
      "AI video from text · from 60 tokens",
      "Image from text · from 25 tokens",
      "More…",
    ]);
    const more = lastCall(
      await rig.harness.press(user, BotHarness.button(menu, "More…")),
      "editMessageReplyMarkup",
    );
    expect(labels(more)).toContain("Animated explainer · free with your plan");
    expect(labels(more)).toContain("Restyle clips with AI · from 50 tokens");
    expect(labels(more).at(-1)).toBe("« Back");
  });

  it("the offer's name is the card's title", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(522);
    await rig.link(user);
    const menu = lastCall(await rig.harness.send(user, "/start"), "sendMessage");
    await rig.harness.press(user, BotHarness.button(menu, "AI video from text"));
    expect(rig.card(user).text).toContain("<b>AI video from text</b>");
  });
});

describe("an offer whose files are gone", () => {
  it("a generation offer pressed without an account says so and keeps the photos for another offer", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(531);
    const offer = await sendPhotos(user, 2);
    const pressed = await rig.harness.press(user, BotHarness.button(offer, "Animate photos with AI"));
    expect(textOf(lastCall(pressed, "sendMessage"))).toContain("No generation account is linked yet.");
    expect(pressed.some((call) => call.method === "editMessageReplyMarkup")).toBe(false);
    expect((await new PendingMediaStore(rig.storage.kv).get(user.id))?.refs).toHaveLength(2);

    await rig.link(user);
    const opened = await rig.harness.press(user, BotHarness.button(offer, "Animate photos with AI"));
    expect(rig.card(user).text).toContain("<b>Animate photos with AI</b>");
    // The photos went to the form: the offer above keeps its words and loses its buttons.
    const offerId = (offer?.result as { message_id: number } | undefined)?.message_id;
    const retired = opened.find((call) => call.method === "editMessageReplyMarkup");
    expect(retired?.payload).toMatchObject({ message_id: offerId, reply_markup: { inline_keyboard: [] } });
    expect(textOf(lastCall(opened, "sendMessage"))).not.toContain("I no longer have the files");
  });

  it("a press after the files expired says so once and takes the menu's keyboard off", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(532);
    await rig.link(user);
    const offer = await sendPhotos(user, 2);
    await new PendingMediaStore(rig.storage.kv).clear(user.id);
    const pressed = await rig.harness.press(user, BotHarness.button(offer, "AI transitions between photos"));
    expect(textOf(lastCall(pressed, "sendMessage"))).toBe(
      "I no longer have the files you sent. Please send them again.",
    );
    const retired = pressed.find((call) => call.method === "editMessageReplyMarkup");
    expect(retired?.payload).toMatchObject({ reply_markup: { inline_keyboard: [] } });
  });

  it("a text's AI offer pressed without an account says so and keeps the text; with one, its form takes it", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(533);
    const offer = lastCall(await rig.harness.send(user, "a lighthouse in a storm"), "sendMessage");
    // The only offer here: no other price to set it apart from.
    expect(labels(offer)).toEqual(["Image from text"]);
    const pressed = await rig.harness.press(user, BotHarness.button(offer, "Image from text"));
    expect(textOf(lastCall(pressed, "sendMessage"))).toContain("No generation account is linked yet.");
    expect(pressed.some((call) => call.method === "editMessageReplyMarkup")).toBe(false);
    expect((await new PendingTextStore(rig.storage.kv).get(user.id))?.text).toBe("a lighthouse in a storm");

    await rig.link(user);
    const opened = await rig.harness.press(user, BotHarness.button(offer, "Image from text"));
    expect(rig.card(user).text).toContain("Prompt: a lighthouse in a storm");
    const offerId = (offer?.result as { message_id?: number } | undefined)?.message_id;
    const retired = opened.find((call) => call.method === "editMessageReplyMarkup");
    expect(retired?.payload).toMatchObject({ message_id: offerId, reply_markup: { inline_keyboard: [] } });
  });
});
