/**
 * Messages per job and the longest screen of each flow, for every type of both services: the bot as in
 * production (Redis, BullMQ) against the Telegram emulator and both sandboxes. Each job runs in a chat
 * of its own; what it leaves is counted once its delivery jobs are idle, from the first message the job
 * showed: the bot's messages not deleted, an album counted once (the chat shows it as one block). The
 * longest screen is the most lines any message of the flow showed, as sent or edited.
 */
import type { EmulatedUser, RecordedCall } from "../dev/telegram-emulator/index.js";
import { FIXTURE, messagesLeft, press, shows } from "../test/support/delivery-stack.js";
import { connect, type GenerationStack, startGenerationStack } from "../test/support/generation-stack.js";
import { startRedisServer } from "../test/support/redis-server.js";
import { settleJobs } from "../test/support/settle.js";

/** At most this many messages per job; a result of one file replaces its card. */
const MOST_MESSAGES = 2;
const SINGLE_FILE = 1;
/** The delivery of a job, and the card news around it: when these are idle, the chat is as it stays. */
const DELIVERY_JOBS = ["deliver-task", "deliver-generations", "refresh-generation-card"];

interface Job {
  service: "tasks" | "generations";
  type: string;
  /** The result is one file: its message can take the card's place. */
  singleFile: boolean;
  /** Links a generation account first. */
  generations?: boolean;
  /** What the chat shows before the job starts, not counted as the job's. */
  before?(person: EmulatedUser): Promise<void>;
  run(person: EmulatedUser): Promise<void>;
}

const withVideo = (seconds: number) => (person: EmulatedUser) =>
  person.sendVideo({ bytes: FIXTURE("sample.mp4"), duration: seconds, mimeType: "video/mp4" });

const fromVideo = (type: string, label: string, seconds = 20, singleFile = true, more = false): Job => ({
  service: "tasks",
  type,
  singleFile,
  async run(person) {
    await withVideo(seconds)(person);
    // A video's likeliest four offers come first; the rest are under More….
    if (more) await press(person, "More…");
    await press(person, label);
    await press(person, "✅ Create");
  },
});

const JOBS: Job[] = [
  {
    service: "tasks",
    type: "video",
    singleFile: true,
    async run(person) {
      await person.sendPhoto({ bytes: FIXTURE("sample.jpg"), width: 320, height: 240 });
      await press(person, "Slideshow with voiceover");
      await press(person, "✅ Create");
    },
  },
  {
    service: "tasks",
    type: "audio",
    singleFile: true,
    /** The /start greeting is the chat's, not the job's: the job begins at its offer. */
    async before(person) {
      person.sendCommand("start");
      await shows(person, (message) => message.text?.startsWith("Hello") === true);
    },
    async run(person) {
      // With the generation service beside it, /start's first four offers leave the voiceover under More….
      await press(person, "More…");
      await press(person, "Voiceover");
      await shows(person, (message) => message.text?.includes("Send it as one message") === true);
      person.sendText("Good morning, everyone.");
      await press(person, "✅ Create");
    },
  },
  {
    service: "tasks",
    type: "transcription",
    singleFile: false,
    async run(person) {
      await person.sendAudio({
        bytes: FIXTURE("sample.mp3"),
        fileName: "talk.mp3",
        mimeType: "audio/mpeg",
        duration: 30,
      });
      await press(person, "Transcription");
      await press(person, "✅ Create");
    },
  },
  fromVideo("subtitles", "Subtitles"),
  fromVideo("pause_removal", "Pause removal"),
  fromVideo("dubbing", "Dubbing"),
  fromVideo("motion", "Animated explainer", 20, true, true),
  fromVideo("smart_clip", "Smart clips", 600, false),
  {
    service: "generations",
    type: "image",
    singleFile: true,
    generations: true,
    async run(person) {
      person.sendCommand("image", "a lighthouse in a storm");
      await shows(person, (message) => message.text?.includes("Price:") === true);
      await press(person, "✅ Create");
    },
  },
  {
    service: "generations",
    type: "image ×4",
    singleFile: false,
    generations: true,
    async run(person) {
      person.sendCommand("image", "a fox in neon rain");
      await shows(person, (message) => message.text?.includes("Price:") === true);
      await press(person, "✏️ Prompt and count");
      await press(person, "Images per prompt:");
      await press(person, "4");
      await press(person, "« Back");
      await press(person, "✅ Create");
    },
  },
  {
    service: "generations",
    type: "video",
    singleFile: true,
    generations: true,
    async run(person) {
      person.sendCommand("video", "a paper boat on a river");
      await shows(person, (message) => message.text?.includes("Price:") === true);
      await press(person, "✅ Create");
    },
  },
];

/** Lines of what a call showed: a text, or a caption. */
function linesShown(call: RecordedCall): number {
  const shown = call.params.text ?? call.params.caption;
  return typeof shown === "string" ? shown.split("\n").length : 0;
}

interface Measured {
  messages: number;
  /** The first line of each message left, to say what stayed where a job leaves more than its target. */
  left: string[];
  longestScreen: number;
}

async function measure(stack: GenerationStack, job: Job, index: number): Promise<Measured> {
  const person = stack.emulator.users.create({ first_name: `Job${index}`, language_code: "en" });
  if (job.generations) await connect(stack, person);
  await job.before?.(person);
  const from = Math.max(0, ...person.chat.botMessages().map((entry) => entry.message.message_id)) + 1;
  const firstCall = stack.emulator.calls.length;
  await job.run(person);
  // Every job here ends in a file: once one is in the chat, its delivery has begun.
  await shows(
    person,
    (message) =>
      message.message_id >= from &&
      [message.photo, message.video, message.audio, message.document].some((file) => file !== undefined),
    60_000,
  );
  await settleJobs(stack.app.httpUrl, { jobs: DELIVERY_JOBS, timeoutMs: 60_000 });
  const calls = stack.emulator.calls
    .slice(firstCall)
    .filter((call) => Number(call.params.chat_id) === person.id);
  const left = messagesLeft(person, from);
  return {
    messages: left.length,
    left: left.map((message) => (message.text ?? message.caption ?? "(a file)").split("\n")[0] ?? ""),
    longestScreen: Math.max(0, ...calls.map(linesShown)),
  };
}

/** The table's rows, and whether every job met its target. */
export async function messagesPerJob(): Promise<{ rows: string[][]; allWithin: boolean }> {
  const redis = await startRedisServer();
  if (!redis) return { rows: [["no redis-server: messages per job not measured"]], allWithin: false };
  const stack = await startGenerationStack({ redisUrl: redis.url });
  const rows: string[][] = [
    ["service", "job", "messages left", "target", "within", "longest screen (lines)"],
  ];
  let allWithin = true;
  try {
    for (const [index, job] of JOBS.entries()) {
      const target = job.singleFile ? SINGLE_FILE : MOST_MESSAGES;
      // A walk whose buttons were renamed is named as not measured, and the other rows still come out.
      const measured = await measure(stack, job, index).catch((error: unknown) => error);
      if (measured instanceof Error) {
        allWithin = false;
        rows.push([
          job.service,
          job.type,
          "not measured",
          String(target),
          "NO",
          measured.message.slice(0, 80),
        ]);
        continue;
      }
      const { messages, longestScreen, left } = measured as Measured;
      const within = messages <= target;
      if (!within) process.stderr.write(`${job.service} ${job.type} leaves: ${JSON.stringify(left)}\n`);
      allWithin &&= within;
      rows.push([
        job.service,
        job.type,
        String(messages),
        String(target),
        within ? "yes" : "NO",
        String(longestScreen),
      ]);
    }
  } finally {
    await stack.close();
    await redis.stop();
  }
  return { rows, allWithin };
}
