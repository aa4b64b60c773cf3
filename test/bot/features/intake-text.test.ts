/**
 * What is sent decides what is offered, and text goes where the user already is: captions, texts typed
 * in a form or outside one, long texts in parts, text files, an SRT alone; the question that led to a
 * form becomes the form, and buttons that stop acting leave the screen. Each path is checked for what
 * the user sees and for the exact body the service receives.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { MediaRef } from "../../../src/media/media-ref.js";
import { type ApiCall, BotHarness, lastCall, type TestUser, textOf } from "../../support/bot-harness.js";
import { FormRig, uploadIdOf } from "../../support/form-rig.js";
import { photo, srt, video } from "../../support/telegram-messages.js";

let rig: FormRig;
afterEach(async () => rig?.close());

const HOOK = expect.stringMatching(/^https:\/\/bot\.example\.com\/hooks\/tasks\/[A-Za-z0-9_-]{24}$/);

function upload(id: string): string {
  return uploadIdOf({ source: "telegram", kind: "photo", fileId: id, fileUniqueId: `${id}-u` } as MediaRef);
}

function textDocument(id: string) {
  return {
    document: {
      file_id: id,
      file_unique_id: `${id}-u`,
      file_name: `${id}.txt`,
      mime_type: "text/plain",
      file_size: 300,
    },
  };
}

/** A text over Telegram's 4096 characters, as a client sends it: two messages at the same second. */
const LONG_FIRST = `${"Once upon a time there was a quiet harbour town. ".repeat(90)}`.slice(0, 4096);
const LONG_REST = "and so the story ends.";

/** The id of the message a call sent or edited. */
function messageIdOf(call: ApiCall | undefined): number {
  const id = call?.payload.message_id ?? (call?.result as { message_id?: unknown } | undefined)?.message_id;
  if (typeof id !== "number") throw new Error(`no message id in ${JSON.stringify(call)}`);
  return id;
}

function sends(calls: ApiCall[]): ApiCall[] {
  return calls.filter((call) => call.method === "sendMessage");
}

function keyboardOf(call: ApiCall | undefined): unknown {
  return (call?.payload.reply_markup as { inline_keyboard?: unknown } | undefined)?.inline_keyboard;
}

describe("a video's voiceover, where the user already is", () => {
  it("a caption on the photo is the voiceover: the form opens at once with it, Create sends it", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(401);
    const calls = await rig.harness.sendMessage(user, {
      ...photo("p1"),
      caption: "Our new bakery opens today",
    });
    expect(sends(calls)).toHaveLength(1);
    expect(rig.card(user).text).toContain("<b>Slideshow with voiceover</b>");
    expect(rig.card(user).text).toContain("Text: Our new bakery opens today");
    await rig.tap(user, "✅ Create");
    await rig.settle();
    expect(rig.created).toEqual([
      { type: "video", photos: [upload("p1")], text: "Our new bakery opens today", webhook_url: HOOK },
    ]);
  });

  it("a text typed while the video form is open becomes its text, confirmed on the card", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(402);
    await rig.harness.sendMessage(user, photo("p1"));
    await rig.harness.sendMessage(user, photo("p2"));
    const typed = await rig.harness.send(user, "Two photos, one story");
    expect(sends(typed)).toEqual([]);
    expect(rig.card(user).text).toContain("Text: Two photos, one story");
    expect(rig.card(user).text).toContain("Text saved: 21 characters.");
    await rig.tap(user, "✅ Create");
    await rig.settle();
    expect(rig.created).toEqual([
      {
        type: "video",
        photos: [upload("p1"), upload("p2")],
        text: "Two photos, one story",
        webhook_url: HOOK,
      },
    ]);
  });

  it("a text typed after a clip, while the question waits, goes to the video form chosen", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(403);
    await rig.harness.sendMessage(user, video("v1", 12));
    const typed = await rig.harness.send(user, "Look at this view");
    expect(textOf(lastCall(typed, "editMessageText"))).toContain(
      "Your text (17 characters) goes with them as the voiceover of a video.",
    );
    await rig.harness.press(
      user,
      BotHarness.button(lastCall(typed, "editMessageText"), "Slideshow with voiceover"),
    );
    await rig.tap(user, "✅ Create");
    await rig.settle();
    expect(rig.created).toEqual([
      { type: "video", photos: [upload("v1")], text: "Look at this view", webhook_url: HOOK },
    ]);
  });
});

describe("long texts and text files", () => {
  it("a text in two parts is joined in a voiceover form", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(411);
    const menu = await rig.harness.send(user, "/start");
    await rig.harness.press(user, BotHarness.button(lastCall(menu, "sendMessage"), "Voiceover"));
    expect(rig.card(user).text).toContain("Send them as a message or as a .txt file");
    expect(rig.card(user).text).not.toContain("scene");
    await rig.harness.send(user, LONG_FIRST);
    const second = await rig.harness.send(user, LONG_REST);
    expect(sends(second)).toEqual([]);
    expect(rig.card(user).text).toContain("The next part of your text is added: 4,118 characters in all.");
    await rig.tap(user, "✅ Create");
    await rig.settle();
    expect(rig.created).toEqual([{ type: "audio", text: `${LONG_FIRST}${LONG_REST}`, webhook_url: HOOK }]);
  });

  it("a short text after another is a new text, not a part of it", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(412);
    await rig.harness.sendMessage(user, photo("p1"));
    await rig.harness.send(user, "First try");
    await rig.harness.send(user, "Second try");
    await rig.tap(user, "✅ Create");
    await rig.settle();
    expect(rig.created).toEqual([
      { type: "video", photos: [upload("p1")], text: "Second try", webhook_url: HOOK },
    ]);
  });

  it("a .txt sent in a motion form is its text", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(413);
    const menu = await rig.harness.send(user, "/start");
    await rig.harness.pressOffer(user, lastCall(menu, "sendMessage"), "Animated explainer");
    expect(rig.card(user).text).toContain("What the animated explainer is about");
    rig.textFiles.set("t1", "Three facts about sleep");
    await rig.harness.sendMessage(user, textDocument("t1"));
    await rig.tap(user, "✅ Create");
    await rig.settle();
    expect(rig.uploaded).toEqual([]);
    expect(rig.created).toEqual([{ type: "motion", text: "Three facts about sleep", webhook_url: HOOK }]);
  });
});

describe("free text outside a form", () => {
  it("gets offers; the chosen one becomes the form in the same message and takes the text", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(421);
    const calls = await rig.harness.send(user, "can you make a video about cats?");
    const offer = lastCall(calls, "sendMessage");
    expect(textOf(offer)).toBe("What should I make of this text (32 characters)?");
    expect(BotHarness.buttons(offer).map((button) => button.text)).toEqual([
      "Voiceover · free voices too",
      "Animated explainer · free with your plan",
      "Slideshow with voiceover · from 30 tokens/min",
    ]);
    const press = await rig.harness.press(user, BotHarness.button(offer, "Voiceover"));
    const offerId = messageIdOf(offer);
    expect(sends(press)).toEqual([]);
    expect(lastCall(press, "editMessageText")?.payload.message_id).toBe(offerId);
    expect(rig.card(user).text).toContain("<b>Voiceover</b>");
    await rig.tap(user, "✅ Create");
    await rig.settle();
    expect(rig.created).toEqual([
      { type: "audio", text: "can you make a video about cats?", webhook_url: HOOK },
    ]);
  });

  it("a long text's two parts get one offer, edited, and the voiceover of the whole", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(422);
    const first = await rig.harness.send(user, LONG_FIRST);
    const second = await rig.harness.send(user, LONG_REST);
    expect(sends(second)).toEqual([]);
    const edited = lastCall(second, "editMessageText");
    expect(edited?.payload.message_id).toBe(messageIdOf(lastCall(first, "sendMessage")));
    expect(textOf(edited)).toBe("What should I make of this text (4,118 characters)?");
    // The motion video and the video take at most 5,000 characters: all three still fit.
    await rig.harness.press(user, BotHarness.button(edited, "Voiceover"));
    await rig.tap(user, "✅ Create");
    await rig.settle();
    expect(rig.created).toEqual([{ type: "audio", text: `${LONG_FIRST}${LONG_REST}`, webhook_url: HOOK }]);
  });

  it("a button of the offer as the first part showed it still acts once the next part has come", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(423);
    const shown = lastCall(await rig.harness.send(user, LONG_FIRST), "sendMessage");
    await rig.harness.send(user, LONG_REST);
    const pressed = await rig.harness.press(user, BotHarness.button(shown, "Voiceover"));
    // Answered without a word: no "this button is out of date".
    const answers = pressed.filter((call) => call.method === "answerCallbackQuery");
    expect(answers.map((call) => call.payload.text)).toEqual([undefined]);
    await rig.tap(user, "✅ Create");
    await rig.settle();
    expect(rig.created).toEqual([{ type: "audio", text: `${LONG_FIRST}${LONG_REST}`, webhook_url: HOOK }]);
  });

  it("a text document offers a voiceover and a motion video; the motion video takes its text", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(423);
    rig.textFiles.set("script", "Why cats sleep all day");
    const calls = await rig.harness.sendMessage(user, textDocument("script"));
    const offer = lastCall(calls, "sendMessage");
    expect(sends(calls)).toHaveLength(1);
    expect(BotHarness.buttons(offer).map((button) => button.text)).toContain(
      "Animated explainer · free with your plan",
    );
    await rig.harness.press(user, BotHarness.button(offer, "Animated explainer"));
    await rig.tap(user, "✅ Create");
    await rig.settle();
    expect(rig.uploaded).toEqual([]);
    expect(rig.created).toEqual([{ type: "motion", text: "Why cats sleep all day", webhook_url: HOOK }]);
  });
});

describe("the question becomes the form", () => {
  it("a clip's question is edited into the chosen form; nothing new is sent", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(431);
    const sent = await rig.harness.sendMessage(user, video("v1"));
    const question = lastCall(sent, "sendMessage");
    expect(textOf(question)).toBe("Got 1 video. What should I make of it?");
    const press = await rig.harness.press(user, BotHarness.button(question, "Subtitles"));
    expect(sends(press)).toEqual([]);
    const card = lastCall(press, "editMessageText");
    expect(card?.payload.message_id).toBe(messageIdOf(question));
    expect(textOf(card)).toContain("<b>Subtitles</b>");
    await rig.tap(user, "✅ Create");
    await rig.settle();
    expect(rig.created).toEqual([{ type: "subtitles", file: upload("v1"), webhook_url: HOOK }]);
  });

  it("an SRT alone opens dubbing with these subtitles and asks for the video; the SRT is never the video", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(432);
    rig.srtFiles.set("s1", "1\n00:00:01,000 --> 00:00:04,000\nHello\n");
    const calls = await rig.harness.sendMessage(user, srt("s1"));
    expect(sends(calls)).toHaveLength(1);
    expect(rig.card(user).text).toContain(
      "Dub a video with these subtitles: send the video, or paste an https link to it.",
    );
    await rig.harness.sendMessage(user, video("v1", 30));
    expect(rig.card(user).text).toContain("Cost: about");
    await rig.tap(user, "✅ Create");
    await rig.settle();
    expect(rig.uploaded.map((ref) => (ref.source === "telegram" ? ref.fileId : ref.url))).toEqual([
      "v1",
      "s1",
    ]);
    expect(rig.created).toEqual([
      {
        type: "dubbing",
        mode: "manual",
        file: upload("v1"),
        srt_file: upload("s1"),
        target_lang: "en",
        webhook_url: HOOK,
      },
    ]);
  });

  it("an SRT that runs past the video it is sent for is refused when the video arrives", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(433);
    rig.srtFiles.set("s1", "1\n00:00:01,000 --> 00:00:09,000\nHello\n");
    await rig.harness.sendMessage(user, srt("s1"));
    await rig.harness.sendMessage(user, video("v1", 5));
    expect(rig.card(user).text).toContain("Subtitle 1 ends at 00:00:09,000, 4.0 s after the video ends");
  });
});

describe("no dead buttons", () => {
  async function openVoiceover(user: TestUser) {
    const menu = await rig.harness.send(user, "/start");
    await rig.harness.press(user, BotHarness.button(lastCall(menu, "sendMessage"), "Voiceover"));
  }

  it("/cancel turns the open form's card into a note without buttons", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(441);
    await openVoiceover(user);
    const card = rig.card(user).call;
    const cardId = messageIdOf(card);
    const calls = await rig.harness.send(user, "/cancel");
    const closed = calls.find(
      (call) => call.method === "editMessageText" && call.payload.message_id === cardId,
    );
    expect(textOf(closed)).toBe("Voiceover: cancelled. Nothing was sent.");
    expect(keyboardOf(closed)).toEqual([]);
    expect(textOf(lastCall(calls, "sendMessage"))).toContain("Cancelled.");
  });

  it("/cancel and a newer menu take the keyboard off the older menu", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(442);
    const first = lastCall(await rig.harness.send(user, "/start"), "sendMessage");
    const firstId = messageIdOf(first);
    const second = await rig.harness.send(user, "/help");
    expect(lastCall(second, "editMessageReplyMarkup")?.payload).toMatchObject({
      message_id: firstId,
      reply_markup: { inline_keyboard: [] },
    });
    // The answer goes out first; the older keyboard is tidied after it.
    expect(second.map((call) => call.method).filter((method) => method !== "sendChatAction")).toEqual([
      "sendMessage",
      "editMessageReplyMarkup",
    ]);
    const helpId = messageIdOf(lastCall(second, "sendMessage"));
    const cancel = await rig.harness.send(user, "/cancel");
    expect(lastCall(cancel, "editMessageReplyMarkup")?.payload).toMatchObject({
      message_id: helpId,
      reply_markup: { inline_keyboard: [] },
    });
  });

  it("a newer form closes the older card; the question it came from keeps no buttons", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(443);
    await openVoiceover(user);
    const older = rig.card(user).call;
    const olderId = messageIdOf(older);
    const calls = await rig.harness.sendMessage(user, photo("p1"));
    const closed = calls.find(
      (call) => call.method === "editMessageText" && call.payload.message_id === olderId,
    );
    expect(textOf(closed)).toBe("Voiceover: closed, as you started another task. Nothing was sent.");
    expect(keyboardOf(closed)).toEqual([]);
    expect(rig.card(user).text).toContain("<b>Slideshow with voiceover</b>");
  });
});
