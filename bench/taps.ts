/**
 * Taps from "media sent" to "task created" with every default, per task type: the bot's real forms,
 * submit job and card, with Telegram and the service faked at their edges. Every tap is a button
 * press; sending the media (or the text of a voiceover or motion video) is not a tap.
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
  fromIntake("video", "Video from photos and clips", photo("p1"), "a photo"),
  fromIntake("transcription", "Transcription", audio("a1"), "an audio file"),
  fromText("audio", "Voiceover", "Good morning, everyone."),
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
    return { taps, created: rig.created.length === 1 && rig.created[0]?.type === path.type };
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
  rows.push([path.type, path.start, created ? String(taps) : "not created", ok ? "yes" : "NO"]);
}
const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
for (const [index, row] of rows.entries()) {
  process.stdout.write(`${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(" | ")}\n`);
  if (index === 0) process.stdout.write(`${widths.map((width) => "-".repeat(width)).join("-|-")}\n`);
}
process.exitCode = allWithin ? 0 : 1;
