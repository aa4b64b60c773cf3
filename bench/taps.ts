/**
 * Taps from "media sent" to "task created" with every default, per task type, for a video with a
 * typed voiceover, and along the paths that go on from there (a semi-automatic dubbing checked in the
 * chat, a result handed on): the bot's real forms, submit job and card, with Telegram and the service
 * faked at their edges. Every tap is a button press; sending the media, a text or a fixed line is not
 * a tap. Then the messages each job leaves in the chat, and the longest screen of its flow, for every
 * type of both services (bench/messages-per-job.ts).
 *
 *   npm run taps
 */
import { Readable } from "node:stream";
import { offerPageButton } from "../src/bot/features/offer-message.js";
import { ticketTag } from "../src/lifecycle/tickets.js";
import { AwaitingSrt, startReview } from "../src/tasks/awaiting-srt.js";
import type { TaskType } from "../src/tasks-service/schemas/index.js";
import { serviceTask } from "../test/support/bot-fakes.js";
import { BotHarness, type TestUser } from "../test/support/bot-harness.js";
import { FormRig } from "../test/support/form-rig.js";
import { audio, photo, video } from "../test/support/telegram-messages.js";
import { messagesPerJob } from "./messages-per-job.js";

const TARGET = 3;

interface Path {
  type: TaskType;
  /** What the row measures, when it is more than the task type. */
  name?: string;
  start: string;
  /** Most taps this path may take; TARGET unless said. */
  target?: number;
  /** Tasks the service must have received, in order; [type] unless said. */
  creates?: TaskType[];
  run(rig: FormRig, user: TestUser, tap: (data: string) => Promise<void>): Promise<void>;
}

const TRANSCRIPT =
  "1\n00:00:00,000 --> 00:00:02,000\nHello there\n\n2\n00:00:02,000 --> 00:00:04,000\nHow are yu\n";

const semiAutomaticDubbing: Path = {
  type: "dubbing",
  start: "semi-automatic with one line fixed in chat (plus typing)",
  target: 4,
  creates: ["dubbing", "dubbing"],
  async run(rig, user, tap) {
    await rig.harness.sendMessage(user, video("v1", 10));
    await tap(lastButton(rig, "Dubbing"));
    await tap(cardButton(rig, user, "Check the text first"));
    await tap(cardButton(rig, user, "✅ Create"));
    await rig.settle();
    const [key] = await rig.storage.kv.keys("task:");
    const record = await rig.records.get(key?.slice("task:".length) ?? "");
    if (!record) throw new Error("the transcribe step was not submitted");
    const step = { ...record, taskId: 1005, state: "delivered" as const };
    await rig.records.put(step);
    const text = async () => TRANSCRIPT;
    const fetcher = {
      size: async () => 0,
      open: async () => Readable.from([]),
      text,
      head: async () => Buffer.alloc(0),
    };
    await startReview(
      { awaiting: new AwaitingSrt(rig.storage.kv), fetcher, api: rig.harness.bot.api },
      step,
      serviceTask(1005, { type: "dubbing", result_url: "https://files.example/t.srt" }),
      (key) => key,
    );
    await rig.harness.send(user, "2: How are you");
    await tap(lastButton(rig, "▶️ Render"));
  },
};

const thenSubtitles: Path = {
  type: "subtitles",
  start: "Then: Subtitles from a delivered video",
  target: 2,
  async run(rig, user, tap) {
    await rig.records.put({
      ticket: "DELIVERED-VIDEO-TICKET-01",
      userId: user.id,
      chatId: user.id,
      locale: "en",
      type: "video",
      state: "delivered",
      origin: "bot",
      taskId: 1002,
      uploads: {},
      polls: 0,
      retries: 0,
      createdAt: Date.now(),
      result: { url: "https://files.example/results/1002.mp4" },
    });
    await tap(`rs:${ticketTag("DELIVERED-VIDEO-TICKET-01")}:t:subtitles`);
    await tap(cardButton(rig, user, "✅ Create"));
  },
};

function cardButton(rig: FormRig, user: TestUser, label: string): string {
  return BotHarness.button(rig.card(user).call, label);
}

function lastButton(rig: FormRig, label: string): string {
  return BotHarness.button(rig.harness.calls.filter((call) => call.payload.reply_markup).at(-1), label);
}

/** Taps the offer `label` on the newest offer menu, turning to its "More…" page first when it is there. */
async function tapOffer(rig: FormRig, label: string, tap: (data: string) => Promise<void>): Promise<void> {
  const menu = rig.harness.calls.filter((call) => call.payload.reply_markup).at(-1);
  const buttons = BotHarness.buttons(menu);
  if (!buttons.some((button) => button.text === label || button.text.startsWith(`${label} · `))) {
    const more = buttons.find((button) => offerPageButton.unpack(button.data)?.data.page === "rest");
    if (more?.data) await tap(more.data);
  }
  await tap(lastButton(rig, label));
}

const fromIntake = (type: TaskType, task: string, message: Record<string, unknown>, what: string): Path => ({
  type,
  start: `${what}, then the task`,
  async run(rig, user, tap) {
    await rig.harness.sendMessage(user, message);
    await tapOffer(rig, task, tap);
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
    await tapOffer(rig, task, tap);
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
      await tapOffer(rig, "Voiceover", tap);
      await tap(cardButton(rig, user, "✅ Create"));
    },
  },
  fromIntake("subtitles", "Subtitles", video("v1"), "a video"),
  fromIntake("pause_removal", "Pause removal", video("v1"), "a video"),
  fromIntake("dubbing", "Dubbing", video("v1"), "a video"),
  fromIntake("smart_clip", "Smart clips", video("v1", 1800), "a long video"),
  fromText("motion", "Animated explainer", "Three facts about sleep"),
  semiAutomaticDubbing,
  thenSubtitles,
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
    const expected = path.creates ?? [path.type];
    const [created] = rig.created;
    // A row about a text counts only when the text reached the service.
    const voiced =
      path.name === undefined ||
      ((created?.type === "video" || created?.type === "audio") && typeof created.text === "string");
    return {
      taps,
      created: JSON.stringify(rig.created.map((body) => body.type)) === JSON.stringify(expected) && voiced,
    };
  } finally {
    await rig.close();
  }
}

const rows: string[][] = [["task type", "path", "taps", "target", "within"]];
let allWithin = true;
for (const path of PATHS) {
  const { taps, created } = await measure(path);
  const target = path.target ?? TARGET;
  const ok = created && taps <= target;
  allWithin &&= ok;
  rows.push([
    path.name ?? path.type,
    path.start,
    created ? String(taps) : "not created",
    String(target),
    ok ? "yes" : "NO",
  ]);
}
function printTable(table: string[][]): void {
  const widths =
    table[0]?.map((_, column) => Math.max(...table.map((row) => row[column]?.length ?? 0))) ?? [];
  for (const [index, row] of table.entries()) {
    process.stdout.write(`${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(" | ")}\n`);
    if (index === 0) process.stdout.write(`${widths.map((width) => "-".repeat(width)).join("-|-")}\n`);
  }
}
printTable(rows);
process.stdout.write("\n");
const perJob = await messagesPerJob();
printTable(perJob.rows);
process.exitCode = allWithin && perJob.allWithin ? 0 : 1;
