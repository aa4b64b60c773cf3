/**
 * A bot with the task pipeline built as in production (createTaskPipeline: the forms, the submit job on
 * the in-process queue, the progress card, the lifecycle's jobs) and fakes only at the edges: Telegram
 * at client.fetch, the service's task creation and uploads, the handover of the user's files, and the
 * files an SRT check reads. `created` holds the exact bodies the service received, `uploaded` every file
 * handed to it. The poller ticks only when a test ticks it, so no test waits for it.
 */

import { Readable } from "node:stream";
import type { Api } from "grammy";
import type { MoreOffers } from "../../src/bot/features/intake.js";
import type { Notice } from "../../src/bot/forms/form-state.js";
import { createI18n } from "../../src/bot/i18n.js";
import { type Catalog, loadCatalog } from "../../src/catalog/index.js";
import { DEFAULT_CATALOG_PATH } from "../../src/config.js";
import { MemoryJobQueue } from "../../src/jobs/memory-queue.js";
import type { PeriodicWork } from "../../src/jobs/queue.js";
import { createLogger } from "../../src/logger.js";
import type { MediaRef } from "../../src/media/media-ref.js";
import { createMetrics } from "../../src/metrics.js";
import { createMemoryStorage } from "../../src/storage/memory.js";
import type { Storage } from "../../src/storage/ports.js";
import { createTaskPipeline, type TaskServiceCalls } from "../../src/task-pipeline.js";
import type { TaskRecords } from "../../src/tasks/records.js";
import type { TaskSubmissions } from "../../src/tasks/start.js";
import type { PreviewRequest, VoicePreviewPort } from "../../src/tasks/voice-previews.js";
import { parseSrt } from "../../src/tasks-service/parsers/srt.js";
import type { TaskRequest } from "../../src/tasks-service/schemas/index.js";
import { FakeApiKeys, FakeTasksService, OFFLINE_TASK_SETTINGS, refusingFetcher } from "./bot-fakes.js";
import { BotHarness, formCardOf, type TestUser } from "./bot-harness.js";
import { settleQueue } from "./settle.js";

export const LIMITS = { maxIntakeMb: 20, selfHostedBotApi: false };

const DAY_MS = 24 * 60 * 60 * 1000;
/** The upload id the fake service gives a transcript handed to it again. */
const REUPLOAD_ID = "00000000-0000-4000-8000-00000000a5a5";

/** The upload id the fake service gives a Telegram file: stable, so tests can name it. */
export function uploadIdOf(ref: MediaRef): string {
  const seed = ref.source === "telegram" ? ref.fileUniqueId : ref.url;
  const hex = Buffer.from(seed).toString("hex").padEnd(12, "0").slice(0, 12);
  return `00000000-0000-4000-8000-${hex}`;
}

interface RigOptions {
  /** Where the bot keeps its state; memory by default. */
  storage?: Storage;
  /** Told of each Bot API call as the bot makes it. */
  onTelegramCall?: (method: string) => void;
  /** ▶ makes real samples on this key through the fake service, as in production. */
  voiceSampleApiKey?: string;
  /** Neither the operator's key nor sample files: no voice has a sample. */
  noVoiceSamples?: boolean;
  /** Offers beside the tasks' in the intake (the generation service's, shown but not wired here). */
  moreOffers?: MoreOffers;
  /** The shipped catalog changed for the test (more voices than it lists, say). */
  catalog?: (shipped: Catalog) => Catalog;
}

export class FormRig {
  readonly storage: Storage;
  readonly queue: MemoryJobQueue;
  readonly created: TaskRequest[] = [];
  readonly uploaded: MediaRef[] = [];
  readonly previews: PreviewRequest[] = [];
  readonly srtFiles = new Map<string, string>();
  /** The content of the text files the user sends, by file id. */
  readonly textFiles = new Map<string, string>();
  /** What Telegram's getFile says of a file's size, by file id (otherwise it says no size). */
  readonly fileSizes = new Map<string, number>();
  /** The SRT texts handed to the service again for a render step. */
  readonly reuploadedSrt: string[] = [];
  readonly tasksService = new FakeTasksService();
  readonly records: TaskRecords;
  /** Where tasks start from outside a form (a keyframe chain's join). */
  readonly submissions: TaskSubmissions;
  /** The task poller, ticked by a test. */
  readonly poller: PeriodicWork;
  readonly harness: BotHarness;
  /** Files whose upload starts only after this many milliseconds (a slow getFile), by file id. */
  readonly slowFiles = new Map<string, number>();
  /** Makes the next uploads fail with this error. */
  uploadFailure: Error | undefined;
  createFailure: Error | undefined;
  private nextTaskId = 900;

  private constructor(catalog: Awaited<ReturnType<typeof loadCatalog>>, options: RigOptions = {}) {
    this.storage = options.storage ?? createMemoryStorage();
    const i18n = createI18n("en");
    const logger = createLogger({ level: "silent" });
    this.queue = new MemoryJobQueue(logger);
    let harness: BotHarness | undefined;
    const apiKeys = new FakeApiKeys();
    const rig = this;
    const pipeline = createTaskPipeline({
      ...OFFLINE_TASK_SETTINGS,
      storage: this.storage,
      queue: this.queue,
      logger,
      metrics: createMetrics(),
      apiKeys,
      tasksService: this.serviceCalls(options.voiceSampleApiKey),
      catalog,
      i18n,
      limits: LIMITS,
      voiceSampleApiKey: options.voiceSampleApiKey,
      api: harnessApi(() => harness),
      // The poller ticks when a test ticks it, never on its own; a voice sample is read again at once.
      timings: { pollTickMs: DAY_MS, voiceSamplePollMs: 0 },
      async transfer(ref) {
        if (rig.uploadFailure) throw rig.uploadFailure;
        const delayMs = ref.source === "telegram" ? rig.slowFiles.get(ref.fileId) : undefined;
        if (delayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, delayMs));
        rig.uploaded.push(ref);
        return ref.source === "link" ? { url: ref.url } : { uploadId: uploadIdOf(ref) };
      },
      resultFetcher: { ...refusingFetcher, open: async () => Readable.from([Buffer.from("ID3")]) },
      ...(options.voiceSampleApiKey === undefined ? { voicePreviews: this.recordedPreviews(options) } : {}),
    });
    this.records = pipeline.records;
    this.submissions = pipeline.forms.submissions;
    this.poller = pipeline.poller;
    const { flow } = pipeline.forms;
    flow.checkSrt = async (ref, video): Promise<Notice | undefined> => {
      const seconds = video?.source === "telegram" ? video.durationSec : undefined;
      const text = ref.source === "telegram" ? (rig.srtFiles.get(ref.fileId) ?? "") : "";
      const parsed = parseSrt(text, seconds === undefined ? {} : { maxDurationSeconds: seconds });
      if (parsed.ok) return undefined;
      const issue = parsed.errors[0];
      return { key: `rule-${issue?.code}`, params: { line: issue?.line ?? 1, ...(issue?.params ?? {}) } };
    };
    flow.readText = async (ref) => rig.textFiles.get(ref.fileId) ?? { key: "text-file-empty" };
    harness = new BotHarness({
      storage: this.storage,
      apiKeys,
      tasksService: this.tasksService,
      results: {
        getFile: (payload) => {
          const size = rig.fileSizes.get(String(payload.file_id));
          return {
            file_id: payload.file_id,
            file_unique_id: `${String(payload.file_id)}-u`,
            ...(size === undefined ? {} : { file_size: size }),
          };
        },
      },
      ...(options.onTelegramCall ? { onCall: options.onTelegramCall } : {}),
      // A test taps far faster than anyone; the flood limit has its own tests.
      createOptions: {
        i18n,
        intake: {
          limits: LIMITS,
          ...(options.moreOffers ? { moreOffers: options.moreOffers } : {}),
        },
        forms: pipeline.forms,
        rateLimit: { limit: 100_000, windowMs: 1000 },
      },
    });
    this.harness = harness;
  }

  /**
   * The service as the pipeline calls it: the user's tasks are recorded in `created` (or refused with
   * `createFailure`); voice samples on the operator's key are made by the fake service; a transcript
   * handed to it again is recorded in `reuploadedSrt`.
   */
  private serviceCalls(sampleApiKey: string | undefined): TaskServiceCalls {
    const rig = this;
    const service = this.tasksService;
    return {
      me: (apiKey) => service.me(apiKey),
      getTask: (apiKey, id) => service.getTask(apiKey, id),
      listTasks: (apiKey, page) => service.listTasks(apiKey, page),
      async createTask(apiKey: string, request: TaskRequest) {
        if (apiKey === sampleApiKey) return service.createTask(apiKey, request);
        if (rig.createFailure) throw rig.createFailure;
        rig.created.push(request);
        return { task_id: ++rig.nextTaskId };
      },
      async upload(_apiKey, file) {
        const chunks: Buffer[] = [];
        for await (const chunk of file.open()) chunks.push(Buffer.from(chunk));
        rig.reuploadedSrt.push(Buffer.concat(chunks).toString("utf8"));
        return { upload_id: REUPLOAD_ID, filename: file.filename, size_bytes: file.size };
      },
    };
  }

  /** ▶ as the tests see it: the request recorded, no sample made. */
  private recordedPreviews(options: RigOptions): VoicePreviewPort {
    return {
      madeOnRequest: options.noVoiceSamples !== true,
      play: async (request) => {
        this.previews.push(request);
        return "voice-preview-making";
      },
    };
  }

  /** `voiceSampleApiKey`: ▶ makes real samples on that key through the fake service, as in production. */
  static async create(options: RigOptions = {}): Promise<FormRig> {
    const shipped = await loadCatalog(DEFAULT_CATALOG_PATH);
    const rig = new FormRig(options.catalog?.(shipped) ?? shipped, options);
    await rig.queue.start();
    return rig;
  }

  /** Sends the media and picks the task, unless only that task takes them and its form opened at once. */
  async fromIntake(user: TestUser, task: string, ...messages: Array<Record<string, unknown>>) {
    const before = this.harness.calls.length;
    for (const message of messages) await this.harness.sendMessage(user, message);
    const offer = this.harness.calls
      .slice(before)
      .reverse()
      .find((call) => JSON.stringify(call.payload.reply_markup ?? "").includes('"in:'));
    if (offer) await this.harness.pressOffer(user, offer, task);
  }

  /** Opens a task's form from the /start menu. */
  async fromStart(user: TestUser, task: string) {
    const calls = await this.harness.send(user, "/start");
    await this.harness.pressOffer(user, calls.at(-1), task);
  }

  /** Resolves when no job is waiting, running or delayed. */
  async settle(): Promise<void> {
    await settleQueue(this.queue, { rounds: 500 });
  }

  /** The form card as last shown: its text and buttons. */
  card(user: TestUser) {
    return formCardOf(this.harness.calls, user.id);
  }

  /** Presses the card's button whose text starts with `label`. */
  async tap(user: TestUser, label: string) {
    const { call } = this.card(user);
    const button = BotHarness.buttons(call).find((candidate) => candidate.text.startsWith(label));
    if (!button?.data) throw new Error(`no button "${label}" in ${JSON.stringify(BotHarness.buttons(call))}`);
    const messageId = Number(
      call?.payload.message_id ?? (call?.result as { message_id?: number })?.message_id ?? 1,
    );
    return this.harness.press(user, button.data, messageId);
  }

  /** Presses the button labelled exactly `label` (the chosen-value and checkbox marks aside). */
  async press(user: TestUser, label: string) {
    const { call } = this.card(user);
    const bare = (text: string) => text.replace(/^(• |☑️ |▫️ )/, "");
    const button = BotHarness.buttons(call).find((candidate) => bare(candidate.text) === label);
    if (!button?.data) throw new Error(`no button "${label}" in ${JSON.stringify(BotHarness.buttons(call))}`);
    const messageId = Number(
      call?.payload.message_id ?? (call?.result as { message_id?: number })?.message_id ?? 1,
    );
    return this.harness.press(user, button.data, messageId);
  }

  /** Opens a group, then a field in it (by the field's label), then presses an option. */
  async choose(user: TestUser, group: string, field: string, option?: string) {
    const here = BotHarness.buttons(this.card(user).call).some((button) =>
      button.text.startsWith(`${field}:`),
    );
    if (!here) {
      await this.backToCard(user);
      await this.tap(user, group);
    }
    await this.tap(user, `${field}:`);
    if (option !== undefined) await this.press(user, option);
  }

  /** Opens a group and a field, then sends the text; back on the card afterwards. */
  async type(user: TestUser, group: string, field: string, text: string) {
    await this.choose(user, group, field);
    await this.harness.send(user, text);
    await this.backToCard(user);
  }

  async backToCard(user: TestUser) {
    for (let step = 0; step < 4 && !this.card(user).text.includes("Cost:"); step++) {
      await this.tap(user, "« Back");
    }
  }

  /** Create, then every job run to its end; the bodies the service got are in `created`. */
  async create(user: TestUser) {
    await this.backToCard(user);
    await this.tap(user, "✅ Create");
    await this.settle();
  }

  async close(): Promise<void> {
    await this.queue.close(1000);
  }
}

/**
 * The Api the pipeline's jobs and forms call: the harness's, so their calls are recorded with the bot's.
 * A form's look into a file (its length) finds none: the rig serves no file bytes, so an estimate counts
 * per minute, as for a file that cannot be read.
 */
function harnessApi(harness: () => BotHarness | undefined): Api {
  return new Proxy(
    {},
    {
      get: (_target, method: string) => {
        if (method === "getFile") return async () => ({});
        return (...args: unknown[]) => {
          const api = (harness() as BotHarness).bot.api;
          return Reflect.apply(Reflect.get(api, method), api, args);
        };
      },
    },
  ) as Api;
}
