/**
 * A bot with the generation service's side wired as in production (its pipeline, forms, create job and
 * cards on the in-process queue) against the generation sandbox over HTTP, behind a proxy that records
 * the exact requests the service receives. Telegram is faked at client.fetch (the harness); photos the
 * user sends are served by a small file server standing in for the Bot API's downloads.
 */
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Api } from "grammy";
import {
  type GenerationSandbox,
  type GenerationSandboxOptions,
  type IssuedKey,
  type NewKey,
  type Plan,
  startGenerationSandbox,
} from "../../dev/generation-sandbox/index.js";
import { KeyVault } from "../../src/accounts/vault.js";
import { generationIntakeOffers } from "../../src/bot/generations/entries.js";
import { type BotI18n, createI18n } from "../../src/bot/i18n.js";
import type { GenerationFeatures } from "../../src/bot/index.js";
import { accountOf } from "../../src/bot/tasks/services.js";
import { loadCatalog } from "../../src/catalog/index.js";
import { DEFAULT_CATALOG_PATH } from "../../src/config.js";
import { createGenerationPipeline, type GenerationPipeline } from "../../src/generation-pipeline.js";
import type { JoinTask } from "../../src/generations/join-clips.js";
import { MemoryJobQueue } from "../../src/jobs/memory-queue.js";
import { createLogger, type Logger } from "../../src/logger.js";
import type { MediaRef } from "../../src/media/media-ref.js";
import { createMetrics } from "../../src/metrics.js";
import { createMemoryStorage } from "../../src/storage/memory.js";
import { createTaskPipeline } from "../../src/task-pipeline.js";
import type { TaskRequest } from "../../src/tasks-service/schemas/index.js";
import { FakeApiKeys, FakeTasksService, OFFLINE_TASK_SETTINGS, refusingFetcher } from "./bot-fakes.js";
import { BotHarness, formCardOf, type TestUser } from "./bot-harness.js";
import { type RecordingProxy, startRecordingProxy } from "./recording-proxy.js";
import { settleQueue } from "./settle.js";

export const JPEG = readFileSync(new URL("../../dev/fixtures/sample.jpg", import.meta.url));
const TOKEN = "123:test";
/** Where the rig's bot says Telegram fetches the inline image's placeholder. */
export const INLINE_PLACEHOLDER_URL = "https://bot.example/inline/placeholder.jpg";
const DAY_MS = 24 * 60 * 60 * 1000;

/** A photo message whose file the rig's Bot API serves (its size is the fixture's). */
export function jpegPhoto(id: string) {
  return {
    photo: [{ file_id: id, file_unique_id: `${id}-u`, width: 320, height: 240, file_size: JPEG.length }],
  };
}

export interface RigOptions {
  /** Telegram's upload limit as the bot sees it, to send a small result as one too big to upload. */
  uploadLimitBytes?: number;
  /** Keeps the lines the pipeline and its jobs log, at debug level, in `logLines`. */
  logs?: boolean;
  /**
   * The task forms too, as in production, on the task pipeline with the service's creation and uploads
   * faked: the bodies it received are in `taskCreates`, and files handed to it in `taskUploads`.
   */
  taskForms?: boolean;
}

export class GenerationRig {
  readonly storage = createMemoryStorage();
  readonly queue: MemoryJobQueue;
  /** What the pipeline and its jobs logged, when the rig was made with `logs`. */
  readonly logLines: string[] = [];
  readonly harness: BotHarness;
  readonly pipeline: GenerationPipeline;
  /** Documents the user sends, by file id: the rig's Bot API serves their text. */
  readonly textFiles: Map<string, string>;
  /** Clips, recordings and other files the user sends, by file id: the rig's Bot API serves their bytes. */
  readonly mediaFiles: Map<string, Buffer>;
  private readonly keys = new Map<number, IssuedKey>();
  /** The tasks Join asked the Media Task Service for, in order. */
  readonly joinTasks: JoinTask[] = [];
  /** Files whose getFile the rig's Bot API answers only after this many milliseconds, by file id. */
  readonly slowFiles = new Map<string, number>();
  /** With `taskForms`: the task bodies the Media Task Service received, in order. */
  readonly taskCreates: TaskRequest[] = [];
  /** With `taskForms`: the files handed to the Media Task Service, in order. */
  readonly taskUploads: MediaRef[] = [];

  private constructor(
    readonly sandbox: GenerationSandbox,
    readonly proxy: RecordingProxy,
    private readonly files: Server,
    filesUrl: string,
    catalog: Awaited<ReturnType<typeof loadCatalog>>,
    textFiles: Map<string, string>,
    mediaFiles: Map<string, Buffer>,
    options: RigOptions,
  ) {
    this.textFiles = textFiles;
    this.mediaFiles = mediaFiles;
    const lines = this.logLines;
    const logger = options.logs
      ? createLogger({ level: "debug", destination: { write: (line: string) => lines.push(line) } })
      : createLogger({ level: "silent" });
    this.queue = new MemoryJobQueue(logger);
    const i18n = createI18n("en");
    let harness: BotHarness | undefined;
    // The jobs send through the harness's Api, so their calls are recorded with the rest.
    const api = new Proxy(
      {},
      {
        get:
          (_target, method: string) =>
          (...args: unknown[]) =>
            Reflect.apply(
              Reflect.get((harness as BotHarness).bot.api, method),
              (harness as BotHarness).bot.api,
              args,
            ),
      },
    ) as Api;
    const limits = { maxIntakeMb: 20, selfHostedBotApi: false };
    this.pipeline = createGenerationPipeline({
      baseUrl: proxy.baseUrl,
      botToken: TOKEN,
      botApiRoot: filesUrl,
      publicUrl: () => undefined,
      storage: this.storage,
      queue: this.queue,
      vault: new KeyVault(randomBytes(32)),
      logger,
      i18n,
      taskCatalog: catalog,
      limits,
      api,
      // A refused call (a full queue, say) goes again at once instead of after the real seconds of backoff.
      // The poller and the retention watch tick when a test ticks them, never on their own.
      timings: { cardIntervalMs: 10, serviceRetryBaseMs: 1, pollTickMs: DAY_MS, retentionTickMs: DAY_MS },
      tasks: {
        start: async (task) => {
          if (!this.joinTasks.some((started) => started.ticket === task.ticket)) this.joinTasks.push(task);
          return { ticket: task.ticket };
        },
        started: async (ticket) => this.joinTasks.some((task) => task.ticket === ticket),
        balance: async () => {
          const tasks = (harness as BotHarness).tasksService;
          return accountOf(await tasks.me("join-balance")).balance;
        },
      },
      ...(options.uploadLimitBytes === undefined ? {} : { uploadLimitBytes: options.uploadLimitBytes }),
    });
    const forms = options.taskForms ? this.taskPipeline(catalog, logger, i18n, api).forms : undefined;
    const slowFiles = this.slowFiles;
    let sentPhotos = 0;
    harness = new BotHarness({
      storage: this.storage,
      results: {
        // Like Telegram: a photo sent comes back with its sizes, the largest last.
        sendPhoto: (payload) => {
          const sent = ++sentPhotos;
          return {
            message_id: 1_000_000 + sent,
            date: 1_700_000_000,
            chat: { id: Number(payload.chat_id), type: "private", first_name: "User" },
            ...(typeof payload.caption === "string" ? { caption: payload.caption } : {}),
            photo: [
              {
                file_id: `sent-photo-${sent}`,
                file_unique_id: `sent-photo-${sent}-u`,
                width: 320,
                height: 240,
              },
            ],
          };
        },
        // An album comes back as one message per item, a photo with its sizes.
        sendMediaGroup: (payload) => {
          const media = JSON.parse(String(payload.media)) as Array<{ type: string; caption?: string }>;
          return media.map((item) => {
            const sent = ++sentPhotos;
            return {
              message_id: 1_000_000 + sent,
              date: 1_700_000_000,
              chat: { id: Number(payload.chat_id), type: "private", first_name: "User" },
              ...(item.caption ? { caption: item.caption } : {}),
              ...(item.type === "photo"
                ? {
                    photo: [
                      {
                        file_id: `sent-photo-${sent}`,
                        file_unique_id: `sent-photo-${sent}-u`,
                        width: 320,
                        height: 240,
                      },
                    ],
                  }
                : {}),
            };
          });
        },
        getFile: async (payload) => {
          const delayMs = slowFiles.get(String(payload.file_id));
          if (delayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, delayMs));
          const media = mediaFiles.get(String(payload.file_id));
          if (media !== undefined) {
            return {
              file_id: payload.file_id,
              file_unique_id: `${String(payload.file_id)}-u`,
              file_size: media.length,
              file_path: `media/${String(payload.file_id)}`,
            };
          }
          const text = textFiles.get(String(payload.file_id));
          return {
            file_id: payload.file_id,
            file_unique_id: `${String(payload.file_id)}-u`,
            file_size: text === undefined ? JPEG.length : Buffer.byteLength(text),
            file_path:
              text === undefined
                ? `photos/${String(payload.file_id)}.jpg`
                : `documents/${String(payload.file_id)}`,
          };
        },
      },
      createOptions: {
        i18n,
        intake: { limits, moreOffers: generationIntakeOffers },
        generation: this.generationFeatures(),
        ...(forms ? { forms } : {}),
        rateLimit: { limit: 100_000, windowMs: 1000 },
      },
    });
    this.harness = harness;
  }

  /**
   * The pipeline's features, with the inline image's placeholder named where Telegram would fetch it:
   * the rig has no public URL, so that webhooks stay off.
   */
  generationFeatures(): GenerationFeatures {
    const { features } = this.pipeline;
    const { inlineImage } = features;
    if (!inlineImage) return features;
    return { ...features, inlineImage: { ...inlineImage, placeholderUrl: () => INLINE_PLACEHOLDER_URL } };
  }

  /** The task side as production builds it, its service faked: what it is asked to make is recorded. */
  private taskPipeline(
    catalog: Awaited<ReturnType<typeof loadCatalog>>,
    logger: Logger,
    i18n: BotI18n,
    api: Api,
  ) {
    const service = new FakeTasksService();
    const creates = this.taskCreates;
    const uploads = this.taskUploads;
    let nextTaskId = 900;
    return createTaskPipeline({
      ...OFFLINE_TASK_SETTINGS,
      botToken: TOKEN,
      storage: this.storage,
      queue: this.queue,
      logger,
      metrics: createMetrics(),
      apiKeys: new FakeApiKeys(),
      tasksService: {
        me: (apiKey) => service.me(apiKey),
        getTask: (apiKey, id) => service.getTask(apiKey, id),
        listTasks: (apiKey, page) => service.listTasks(apiKey, page),
        async createTask(_apiKey: string, request: TaskRequest) {
          creates.push(request);
          return { task_id: ++nextTaskId };
        },
        upload: async () => {
          throw new Error("no upload expected: a form's files go through transfer");
        },
      },
      catalog,
      i18n,
      limits: { maxIntakeMb: 20, selfHostedBotApi: false },
      voiceSampleApiKey: undefined,
      api,
      timings: { pollTickMs: DAY_MS },
      async transfer(ref) {
        uploads.push(ref);
        return ref.source === "link"
          ? { url: ref.url }
          : { uploadId: "00000000-0000-4000-8000-000000000001" };
      },
      resultFetcher: refusingFetcher,
      voicePreviews: { madeOnRequest: false, play: async () => "voice-preview-making" },
    });
  }

  static async create(
    sandboxOptions: Partial<GenerationSandboxOptions> = {},
    options: RigOptions = {},
  ): Promise<GenerationRig> {
    let sandboxUrl = "";
    // The sandbox's signed links name the proxy, so result downloads are recorded and pass the bot's origin check.
    const proxy = await startRecordingProxy(() => sandboxUrl);
    const sandbox = await startGenerationSandbox({
      rateLimits: false,
      autoStep: false,
      publicBaseUrl: proxy.baseUrl,
      ...sandboxOptions,
    });
    sandboxUrl = sandbox.baseUrl;
    const textFiles = new Map<string, string>();
    const mediaFiles = new Map<string, Buffer>();
    const files = createServer((req, res) => {
      const mediaId = /\/media\/([^/?]+)$/.exec(req.url ?? "")?.[1];
      const media = mediaId === undefined ? undefined : mediaFiles.get(decodeURIComponent(mediaId));
      if (media !== undefined) {
        res.writeHead(200, {
          "content-length": String(media.length),
          "content-type": "application/octet-stream",
        });
        res.end(media);
        return;
      }
      const document = /\/documents\/([^/?]+)$/.exec(req.url ?? "")?.[1];
      const text = document === undefined ? undefined : textFiles.get(decodeURIComponent(document));
      const body = text === undefined ? JPEG : Buffer.from(text);
      res.writeHead(200, {
        "content-length": String(body.length),
        "content-type": text === undefined ? "image/jpeg" : "text/plain",
      });
      res.end(body);
    });
    files.listen(0, "127.0.0.1");
    await once(files, "listening");
    const { port } = files.address() as AddressInfo;
    const rig = new GenerationRig(
      sandbox,
      proxy,
      files,
      `http://127.0.0.1:${port}`,
      await loadCatalog(DEFAULT_CATALOG_PATH),
      textFiles,
      mediaFiles,
      options,
    );
    await rig.queue.start();
    return rig;
  }

  /** A sandbox account for the user, with its key linked in the bot. */
  async link(
    user: TestUser,
    account: { plan?: Plan; balance?: number; key?: NewKey } = {},
  ): Promise<IssuedKey> {
    const accountId = this.sandbox.accounts.create({
      plan: account.plan ?? "Pro",
      balance: account.balance ?? 10_000,
    });
    const key = this.sandbox.accounts.issueKey(accountId, account.key);
    await this.pipeline.features.account.links.link(user.id, key.apiKey);
    this.keys.set(user.id, key);
    return key;
  }

  /** Requests that reached the service (the catalog aside), as method and path. */
  calls(): string[] {
    return this.proxy.requests
      .filter((entry) => entry.path !== "/v1/models")
      .map((entry) => `${entry.method} ${entry.path}`);
  }

  /** Resolves when no job is waiting, running or delayed. */
  async settle(): Promise<void> {
    await settleQueue(this.queue);
  }

  /** The form card as last shown: its text and buttons. */
  card(user: TestUser) {
    return formCardOf(this.harness.calls, user.id);
  }

  /** The card's buttons by their text. */
  buttons(user: TestUser): string[] {
    return BotHarness.buttons(this.card(user).call).map((button) => button.text);
  }

  /** Presses the card's button whose text starts with `label` (marks of the chosen value aside). */
  async tap(user: TestUser, label: string) {
    const { call } = this.card(user);
    const bare = (text: string) => text.replace(/^(• )/, "");
    const button = BotHarness.buttons(call).find((candidate) => bare(candidate.text).startsWith(label));
    if (!button?.data) throw new Error(`no button "${label}" in ${JSON.stringify(BotHarness.buttons(call))}`);
    const messageId = Number(
      call?.payload.message_id ?? (call?.result as { message_id?: number })?.message_id ?? 1,
    );
    return this.harness.press(user, button.data, messageId);
  }

  /** Opens a group, then a field in it (by its label), then presses an option. */
  async choose(user: TestUser, group: string, field: string, option?: string) {
    await this.backToCard(user);
    await this.tap(user, group);
    await this.tap(user, `${field}:`);
    if (option !== undefined) await this.tap(user, option);
  }

  async backToCard(user: TestUser) {
    for (let step = 0; step < 4 && !this.card(user).text.includes("Price:"); step++) {
      if (!BotHarness.buttons(this.card(user).call).some((button) => button.text === "« Back")) return;
      await this.tap(user, "« Back");
    }
  }

  async create(user: TestUser) {
    await this.backToCard(user);
    await this.tap(user, "✅ Create");
    await this.settle();
  }

  async close(): Promise<void> {
    await this.queue.close(1_000);
    await this.pipeline.close();
    await this.proxy.close();
    await this.sandbox.close();
    this.files.closeAllConnections();
    this.files.close();
  }
}
