/**
 * Every way a form refuses input (DESIGN.md section 6): the user hears what was wrong, the form stays
 * where it was, and nothing is uploaded or created.
 */
import { afterEach, describe, expect, it } from "vitest";
import { TasksServiceError } from "../../../src/tasks-service/errors.js";
import { type ApiCall, BotHarness, type TestUser, textOf } from "../../support/bot-harness.js";
import { FormRig } from "../../support/form-rig.js";
import { audio, photo, video } from "../../support/telegram-messages.js";

let rig: FormRig;
afterEach(async () => rig?.close());

async function openFromStart(user: TestUser, task: string) {
  const calls = await rig.harness.send(user, "/start");
  await rig.harness.pressOffer(user, calls.at(-1), task);
}

async function openFromIntake(user: TestUser, task: string, message: Record<string, unknown>) {
  const calls = await rig.harness.sendMessage(user, message);
  await rig.harness.press(user, BotHarness.button(calls.at(-1), task));
}

/** The messages (new ones and edits) of `calls` that say `text`. */
function saying(calls: ApiCall[], text: string): ApiCall[] {
  return calls.filter(
    (call) =>
      (call.method === "sendMessage" || call.method === "editMessageText") && textOf(call).includes(text),
  );
}

function nothingSent() {
  expect(rig.uploaded).toEqual([]);
  expect(rig.created).toEqual([]);
}

describe("bad input in a form", () => {
  it("a file of the wrong kind is refused in one message and the form keeps waiting", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(201);
    await openFromStart(user, "Pause removal");
    // Right under the card, the card says it.
    const answer = await rig.harness.sendMessage(user, audio("a1"));
    expect(rig.card(user).text).toContain("Pause removal takes one video.");
    expect(saying(answer, "Pause removal takes one video.")).toHaveLength(1);
    expect(answer.filter((call) => call.method === "sendMessage")).toEqual([]);
    // Further down, a reply under the file says it, and the card does not repeat it.
    const again = await rig.harness.sendMessage(user, audio("a2"));
    expect(saying(again, "Pause removal takes one video.").map((call) => call.method)).toEqual([
      "sendMessage",
    ]);
    await rig.harness.sendMessage(user, video("v1"));
    expect(rig.card(user).text).not.toContain("Pause removal takes one video.");
    expect(rig.card(user).text).toContain("Cost: about");
  });

  it("a file over the Bot API's download limit is refused with the link advice", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(202);
    await openFromStart(user, "Subtitles");
    await rig.harness.sendMessage(user, {
      video: {
        file_id: "big",
        file_unique_id: "big-u",
        width: 1,
        height: 1,
        duration: 900,
        mime_type: "video/mp4",
        file_size: 300 * 1024 * 1024,
      },
    });
    expect(rig.card(user).text).toContain(
      "This file is over 20 MB, the most a bot can download from Telegram",
    );
    await rig.settle();
    nothingSent();
  });

  it("an empty file whose message gave no size is refused at once as empty, not at Create", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(207);
    await openFromStart(user, "Subtitles");
    rig.fileSizes.set("hollow", 0);
    await rig.harness.sendMessage(user, {
      document: {
        file_id: "hollow",
        file_unique_id: "hollow-u",
        file_name: "talk.mp4",
        mime_type: "video/mp4",
      },
    });
    expect(rig.card(user).text).toContain(
      "This file is empty (talk.mp4): there is nothing in it to work with. Please send the file again from where it was saved.",
    );
    await rig.settle();
    nothingSent();
  });

  it("a 31st photo is refused; the 30 stay", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(203);
    await openFromStart(user, "Slideshow with voiceover");
    for (let index = 0; index < 30; index++) await rig.harness.sendMessage(user, photo(`p${index}`));
    expect(rig.card(user).text).toContain("30 of 30 files at most");
    const refusal = await rig.harness.sendMessage(user, photo("p30"));
    expect(saying(refusal, "That is 31 files; a video takes at most 30 photos and clips.")).toHaveLength(1);
    await rig.press(user, "Done (30)");
    await rig.create(user);
    expect(rig.created[0]?.type === "video" && rig.created[0].photos.length).toBe(30);
  });

  it("an http:// link and a text that is no link are refused where a file is expected", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(204);
    await openFromStart(user, "Transcription");
    await rig.harness.send(user, "http://example.com/talk.mp3");
    expect(rig.card(user).text).toContain("Only https:// links work (http://example.com/talk.mp3)");
    await rig.harness.send(user, "hello there");
    expect(rig.card(user).text).toContain("Send the audio or video file, or paste an https link to it.");
    await rig.harness.press(user, "fm:zzzzzz:c");
    nothingSent();
  });

  it("a text over its field's limit is refused with the count", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(205);
    await openFromIntake(user, "Transcription", audio("a1"));
    await rig.choose(user, "🗣 Recognition", "Hint for recognition");
    await rig.harness.send(user, "x".repeat(2001));
    expect(rig.card(user).text).toContain("That is 2,001 characters; at most 2,000 fit here.");
    await rig.create(user);
    expect(rig.created).toEqual([expect.not.objectContaining({ ai_prompt: expect.anything() })]);
  });

  it("a number out of range and a word that is not a number are refused", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(206);
    await openFromIntake(user, "Dubbing", video("v1"));
    await rig.choose(user, "🎚 Mix", "Original volume (%)");
    await rig.harness.send(user, "150");
    expect(rig.card(user).text).toContain("Please send a number from 0 to 100.");
    await rig.harness.send(user, "loud");
    expect(rig.card(user).text).toContain("Please send a whole number.");
    await rig.harness.send(user, "35");
    await rig.create(user);
    expect(rig.created[0]).toMatchObject({ overlay_volume: 35 });
  });

  it("scene lengths must match the number of files", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(207);
    await rig.harness.sendMessage(user, photo("p1"));
    await rig.choose(user, "🎞 Scenes and format", "Scene lengths (s)");
    await rig.harness.send(user, "3 4");
    expect(rig.card(user).text).toContain("Expected 1 values, got 2.");
  });

  it("a choice the service would refuse is explained on the card and never sent", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(208);
    await rig.harness.sendMessage(user, photo("p1"));
    await rig.type(user, "🎙 Voice", "Text", "Hello {scene:spin} world");
    expect(rig.card(user).text).toContain("Line 1: unknown transition.");
    await rig.tap(user, "✅ Create");
    await rig.settle();
    expect(rig.card(user).text).toContain("Line 1: unknown transition.");
    nothingSent();
    await rig.type(user, "🏷 Captions", "Captions as code", "SALE | huge | 0-3");
    expect(rig.card(user).text).toMatch(/⚠️/);
  });

  it("a target length the plan does not allow is refused on the card", async () => {
    rig = await FormRig.create();
    rig.tasksService.profile = {
      ...rig.tasksService.profile,
      limits: { ...rig.tasksService.profile.limits, max_video_duration: 60 },
    };
    const user = rig.harness.user(209);
    await rig.harness.sendMessage(user, photo("p1"));
    await rig.choose(user, "🎞 Scenes and format", "Target length (s)");
    await rig.harness.send(user, "90");
    expect(rig.card(user).text).toContain("Please send a number from 1 to 60.");
  });

  it("a press on an older form's button is stale; a sticker in a form gets the usual hint", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(210);
    await openFromIntake(user, "Pause removal", video("v1"));
    const calls = await rig.harness.press(user, "fm:old123:c");
    expect(calls.find((call) => call.method === "answerCallbackQuery")?.payload.text).toBe(
      "This button is from an older message. Please use the latest one.",
    );
    const hint = await rig.harness.sendMessage(user, {
      sticker: {
        file_id: "s",
        file_unique_id: "su",
        type: "regular",
        width: 1,
        height: 1,
        is_animated: false,
        is_video: false,
      },
    });
    expect(textOf(hint.at(-1))).toBe("I did not understand that. Pick a task with /start, or see /help.");
    nothingSent();
  });

  it("a press on this form's message that no button carries is stale and changes nothing", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(212);
    await openFromIntake(user, "Pause removal", video("v1"));
    const before = rig.card(user).text;
    const create = BotHarness.button(rig.card(user).call, "✅ Create");
    const nonce = create.split(":")[1];
    for (const forged of [`fm:${nonce}:zz`, `fm:${nonce}:g:x`, `fm:${nonce}:c:1`]) {
      const calls = await rig.harness.press(user, forged);
      expect(calls.find((call) => call.method === "answerCallbackQuery")?.payload.text).toBe(
        "This button is from an older message. Please use the latest one.",
      );
    }
    expect(rig.card(user).text).toBe(before);
    await rig.settle();
    nothingSent();
    await rig.create(user);
    expect(rig.created).toHaveLength(1);
  });

  it("/cancel leaves the form; its buttons are stale afterwards", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(211);
    await openFromIntake(user, "Pause removal", video("v1"));
    const { call } = rig.card(user);
    const create = BotHarness.button(call, "✅ Create");
    await rig.harness.send(user, "/cancel");
    const calls = await rig.harness.press(user, create);
    expect(calls.find((entry) => entry.method === "answerCallbackQuery")?.payload.text).toBe(
      "This button is from an older message. Please use the latest one.",
    );
    await rig.settle();
    nothingSent();
  });
});

describe("the service refuses at submission", () => {
  const cases: Array<[string, TasksServiceError, string]> = [
    [
      "401",
      new TasksServiceError({ kind: "unauthorized", operation: "createTask", status: 401 }),
      "did not accept your API key",
    ],
    [
      "402",
      new TasksServiceError({ kind: "insufficient_balance", operation: "createTask", status: 402 }),
      "balance is too low",
    ],
    [
      "403",
      new TasksServiceError({ kind: "forbidden", operation: "createTask", status: 403 }),
      "plan does not include",
    ],
    [
      "413",
      new TasksServiceError({ kind: "too_large", operation: "createTask", status: 413 }),
      "too large for the service",
    ],
    [
      "415",
      new TasksServiceError({ kind: "unsupported_type", operation: "createTask", status: 415 }),
      "does not accept this file type",
    ],
    [
      "404",
      new TasksServiceError({ kind: "not_found", operation: "createTask", status: 404 }),
      "kept for 2 hours",
    ],
  ];
  for (const [status, error, words] of cases) {
    it(`${status}: the card says so, nothing is created and Retry is offered`, async () => {
      rig = await FormRig.create();
      rig.createFailure = error;
      const user = rig.harness.user(220);
      await openFromIntake(user, "Pause removal", video("v1"));
      await rig.create(user);
      const card = rig.harness.calls.filter((call) => call.method === "editMessageText").at(-1);
      expect(textOf(card)).toContain("Pause removal: not created.");
      expect(textOf(card)).toContain(words);
      expect(BotHarness.buttons(card).map((button) => button.text)).toEqual([
        "🔄 Retry",
        "🔁 Repeat with changes",
      ]);
      expect(rig.created).toEqual([]);
    });
  }

  it("a failed upload creates nothing; Retry uploads again and creates once", async () => {
    rig = await FormRig.create();
    rig.uploadFailure = new TasksServiceError({ kind: "unsupported_type", operation: "upload", status: 415 });
    const user = rig.harness.user(221);
    await openFromIntake(user, "Subtitles", video("v1"));
    await rig.create(user);
    const card = rig.harness.calls.filter((call) => call.method === "editMessageText").at(-1);
    expect(textOf(card)).toContain("Subtitles: not created. The service does not accept this file type.");
    expect(rig.created).toEqual([]);
    rig.uploadFailure = undefined;
    await rig.harness.press(user, BotHarness.button(card, "🔄 Retry"));
    await rig.settle();
    expect(rig.created).toHaveLength(1);
    expect(textOf(rig.harness.calls.filter((call) => call.method === "editMessageText").at(-1))).toContain(
      "created, waiting in the queue",
    );
  });

  it("a network error while creating is not repeated: the card says we are checking whether it was created", async () => {
    rig = await FormRig.create();
    rig.createFailure = new TasksServiceError({ kind: "network", operation: "createTask" });
    const user = rig.harness.user(222);
    await openFromIntake(user, "Pause removal", video("v1"));
    await rig.create(user);
    const card = rig.harness.calls.filter((call) => call.method === "editMessageText").at(-1);
    expect(textOf(card)).toBe(
      "⏳ Pause removal: the service did not confirm the task, so I'm checking whether it was created. I won't send it twice; if it exists, the result will come here.",
    );
  });
});
