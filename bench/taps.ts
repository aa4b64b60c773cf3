/**
 * Taps from "media sent" to "task created" with every default, per task type, and for a video with a
 * typed voiceover: the bot's real forms, submit job and card, with Telegram and the service faked at
 * their edges. Every tap is a button press; sending the media or a text is not a tap.
 *
 *   npm run taps
 */
import type { TaskType } from "../src/tasks-service/schemas/index.js";
import { BotHarness, type TestUser } from "../test/support/bot-harness.js";
import { FormRig } from "../test/support/form-rig.js";
import { audio, photo, video } from "../test/support/telegram-messages.js";

const TARGET = 3;

interface Path {
  type: TaskType;
  /** What the row measures, when it is more than the task type. */
  name?: string;
  start: string;
  run(rig: FormRig, user: TestUser, tap: (data: string) => Promise<void>): Promise<void>;
}

function cardButton(rig: FormRig, user: TestUser, label: string): string {
  return BotHarness.button(rig.card(user).call, label);
}

function lastButton(rig: FormRig, label: string): string {
  return BotHarness.button(rig.harness.calls.filter((call) => call.payload.reply_markup).at(-1), label);
}

const fromIntake = (type: TaskType, task: string, message: Record<string, unknown>, what: string): Path => ({
  type,
  start: `${what}, then the task`,
  async run(rig, user, tap) {
    await rig.harness.sendMessage(user, message);
    await tap(lastButton(rig, task));
    await tap(cardButton(rig, user, "✅ Create"));
  },
});

/** Media that only one task can use: its form opens at once. */
const fromOnlyTask = (type: TaskType, message: Record<string, unknown>, what: string): Path => ({
  type,
  start: `${what}, then Create`,
  async run(rig, user, tap) {
    await rig.harness.sendMessage(user, message);
    await tap(cardButton(rig, user, "✅ Create"));
  },
});

const fromText = (type: TaskType, task: string, text: string): Path => ({
  type,
  start: "/start, the task, then the text",
  async run(rig, user, tap) {
    await rig.harness.send(user, "/start");
    await tap(lastButton(rig, task));
    await rig.harness.send(user, text);
    await tap(cardButton(rig, user, "✅ Create"));
  },
});

const PATHS: Path[] = [
  fromOnlyTask("video", photo("p1"), "a photo"),
  {
    type: "video",
    name: "video with a voiceover text",
    start: "a photo, the text, then Create",
    async run(rig, user, tap) {
      await rig.harness.sendMessage(user, photo("p1"));
      await rig.harness.send(user, "Our new bakery opens today at nine.");
      await tap(cardButton(rig, user, "✅ Create"));
    },
  },
  fromIntake("transcription", "Transcription", audio("a1"), "an audio file"),
  fromText("audio", "Voiceover", "Good morning, everyone."),
  {
    type: "audio",
    name: "voiceover of a text sent",
    start: "the text, its offer, then Create",
    async run(rig, user, tap) {
      await rig.harness.send(user, "Good morning, everyone.");
      await tap(lastButton(rig, "🎙 A voiceover of this text"));
      await tap(cardButton(rig, user, "✅ Create"));
    },
  },
  fromIntake("subtitles", "Subtitles", video("v1"), "a video"),
  fromIntake("pause_removal", "Pause removal", video("v1"), "a video"),
  fromIntake("dubbing", "Dubbing", video("v1"), "a video"),
  fromIntake("smart_clip", "Smart clips", video("v1", 1800), "a long video"),
  fromText("motion", "Motion video", "Three facts about sleep"),
];

async function measure(path: Path): Promise<{ taps: number; created: boolean }> {
  const rig = await FormRig.create();
  try {
    const user = rig.harness.user(1000 + PATHS.indexOf(path));
    let taps = 0;
    await path.run(rig, user, async (data) => {
      taps += 1;
      await rig.harness.press(user, data);
    });
    await rig.settle();
    const [created] = rig.created;
    // A row about a text counts only when the text reached the service.
    const voiced =
      path.name === undefined ||
      ((created?.type === "video" || created?.type === "audio") && typeof created.text === "string");
    return { taps, created: rig.created.length === 1 && created?.type === path.type && voiced };
  } finally {
    await rig.close();
  }
}

const rows: string[][] = [["task type", "path", "taps", `within ${TARGET}`]];
let allWithin = true;
for (const path of PATHS) {
  const { taps, created } = await measure(path);
  const ok = created && taps <= TARGET;
  allWithin &&= ok;
  rows.push([path.name ?? path.type, path.start, created ? String(taps) : "not created", ok ? "yes" : "NO"]);
}
const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
for (const [index, row] of rows.entries()) {
  process.stdout.write(`${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(" | ")}\n`);
  if (index === 0) process.stdout.write(`${widths.map((width) => "-".repeat(width)).join("-|-")}\n`);
}
process.exitCode = allWithin ? 0 : 1;
