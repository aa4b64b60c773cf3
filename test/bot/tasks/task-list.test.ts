/**
 * /tasks rows told apart: each says when the task was made, with its zone, and a few words of what it was
 * made from.
 */
import { afterEach, describe, expect, it } from "vitest";
import { serviceTask } from "../../support/bot-fakes.js";
import { BotHarness, type TestUser } from "../../support/bot-harness.js";
import { FormRig } from "../../support/form-rig.js";
import { audio } from "../../support/telegram-messages.js";

let rig: FormRig;
afterEach(async () => rig?.close());

async function listed(user: TestUser): Promise<string[]> {
  const list = (await rig.harness.send(user, "/tasks")).findLast((call) => call.method === "sendMessage");
  return BotHarness.buttons(list).map((button) => button.text);
}

describe("/tasks rows", () => {
  it("name the time with its zone and the input: the start of the text, or the file's name", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(61);
    await rig.fromStart(user, "Voiceover");
    await rig.harness.send(user, "Good morning, everyone, and welcome to the quarterly review.");
    await rig.create(user);
    await rig.fromIntake(user, "Transcription", audio("interview"));
    await rig.create(user);
    expect(rig.created.map((request) => request.type)).toEqual(["audio", "transcription"]);
    rig.tasksService.tasks = [
      serviceTask(902, { created_at: "2026-11-20T14:05:00" }),
      serviceTask(901, { type: "voiceover", created_at: "2026-11-20T08:30:00" }),
      serviceTask(77, { created_at: "2026-11-19T21:00:00" }),
    ];
    expect(await listed(user)).toEqual([
      "✅ Transcription · Nov 20, 2:05 PM UTC · interview.mp3",
      "✅ Voiceover · Nov 20, 8:30 AM UTC · Good morning, everyone,…",
      "✅ Transcription · Nov 19, 9:00 PM UTC",
    ]);
  });

  it("in Ukrainian, the time in the day's own hours", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(62, "uk");
    await rig.fromIntake(user, "Транскрипція", audio("лекція"));
    await rig.tap(user, "✅ Створити");
    await rig.settle();
    rig.tasksService.tasks = [serviceTask(901, { created_at: "2026-11-20T14:05:00" })];
    expect(await listed(user)).toEqual(["✅ Транскрипція · 20 лист., 14:05 UTC · лекція.mp3"]);
  });
});
