/**
 * The task lifecycle, wired: forms hand a submission to the submit job; callbacks, the messenger hook and
 * the poller wake the delivery job. Nothing here runs until the queue is started.
 */
import { Readable } from "node:stream";
import { setTimeout as wait } from "node:timers/promises";
import type { Api } from "grammy";
import type { ApiKeyReader, ExistingApiKeyReader } from "./accounts/ports.js";
import type { BotI18n } from "./bot/i18n.js";
import { PreferencesRepository } from "./bot/preferences.js";
import { createFlowDeps, readAccount } from "./bot/tasks/services.js";
import type { Catalog } from "./catalog/index.js";
import type { JoinTasks } from "./generations/join-clips.js";
import { taskHookRoutes } from "./http/task-hooks.js";
import type { Translate } from "./i18n/translate.js";
import type { JobQueue } from "./jobs/queue.js";
import { chatDeliveryOf } from "./lifecycle/chat-delivery.js";
import { hookUrlFor } from "./lifecycle/hook-url.js";
import { ResultIndex } from "./lifecycle/result-index.js";
import { translatorFor } from "./lifecycle/translate.js";
import type { Logger } from "./logger.js";
import { type IntakeLimits, uploadLimitBytes } from "./media/accept.js";
import { type TransferDeps, transferToService } from "./media/transfer.js";
import type { Metrics } from "./metrics.js";
import type { Storage } from "./storage/ports.js";
import { adoptJob, messengerIntake } from "./tasks/adopt-job.js";
import { AwaitingSrt, srtOf, startReview } from "./tasks/awaiting-srt.js";
import { ProgressCards } from "./tasks/card.js";
import { type SubmitDeps, submitJob } from "./tasks/create-job.js";
import { CreationCheck, creationSearchJob } from "./tasks/creation-check.js";
import { deliverJob } from "./tasks/deliver-job.js";
import { pollDelayMs, taskPoller } from "./tasks/poller.js";
import { TaskRecords } from "./tasks/records.js";
import { createResultFetcher, type ResultFetcher } from "./tasks/result-files.js";
import { createTaskResultSender } from "./tasks/send-result.js";
import { TaskSubmissions } from "./tasks/start.js";
import { type VoicePreviewPort, VoicePreviews } from "./tasks/voice-previews.js";
import type { TasksServicePort } from "./tasks-service/ports.js";
import { createJobsApi } from "./telegram/client-policy.js";

/** Unfinished this long after creation: the user hears that we stopped waiting. */
const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;

/** What the lifecycle asks of the task service; TasksServiceClient fits. */
export type TaskServiceCalls = TasksServicePort & SubmitDeps["tasksService"] & TransferDeps["tasksService"];

export interface PipelineOptions {
  botToken: string;
  botApiRoot: string;
  selfHostedBotApi: boolean;
  tasksBaseUrl: string;
  /** Where the service can reach this bot's HTTP server; read when a task is submitted. */
  publicUrl: () => string | undefined;
  messengerHookSecret: string | undefined;
  defaultLocale: string;
  storage: Storage;
  queue: JobQueue;
  logger: Logger;
  metrics: Metrics;
  apiKeys: ApiKeyReader & ExistingApiKeyReader;
  tasksService: TaskServiceCalls;
  catalog: Catalog;
  i18n: BotI18n;
  limits: IntakeLimits;
  /** The operator's key that pays for voice samples (VOICE_SAMPLE_API_KEY, or the playground's own). */
  voiceSampleApiKey: string | undefined;
  timings?: TaskTimings;
  /** The Bot API the jobs and forms call; by default one on `botApiRoot` with the jobs' retry policy. */
  api?: Api;
  /** Hands a form's file to the service; by default streamed from the Bot API into the service's uploads. */
  transfer?: SubmitDeps["transfer"];
  /** Where result files are read from; by default the service's result links. */
  resultFetcher?: ResultFetcher;
  /** What ▶ beside a voice does; by default samples made on `voiceSampleApiKey`, or the catalog's files. */
  voicePreviews?: VoicePreviewPort;
}

/** The defaults are production's; tests shorten them. */
export interface TaskTimings {
  /** Default 5 s. */
  pollTickMs?: number;
  /** The first poll of a task its callbacks left alone; later ones back off from it. Default 15 s. */
  firstPollMs?: number;
  /** Between reads of a voice sample's task while the service makes it. Default 2 s. */
  voiceSamplePollMs?: number;
}

function joinTasksOf(
  options: PipelineOptions,
  records: TaskRecords,
  submissions: TaskSubmissions,
): JoinTasks {
  const { apiKeys, tasksService, logger } = options;
  return {
    start: (task) => submissions.start(task),
    started: async (ticket) => (await records.get(ticket)) !== undefined,
    async balance(userId) {
      const account = await readAccount({ apiKeys, tasksService }, userId, (error) =>
        logger.warn({ err: error, user_id: userId }, "task balance not readable for a keyframe chain's card"),
      );
      return account?.balance;
    },
  };
}

/** The transcript a dubbing's render takes, uploaded again: as the user left it, or the service's own. */
function transcriptReupload(deps: {
  records: TaskRecords;
  awaitingSrt: AwaitingSrt;
  tasksService: TaskServiceCalls;
  fetcher: ResultFetcher;
}) {
  return async (ticket: string, apiKey: string): Promise<string> => {
    const parent = await deps.records.get(ticket);
    if (parent?.taskId === undefined) throw new Error("the transcribe step is unknown");
    const review = await deps.awaitingSrt.review(ticket);
    let text = review ? srtOf(review) : undefined;
    if (text === undefined) {
      const task = await deps.tasksService.getTask(apiKey, parent.taskId);
      const url = task.result_urls?.srt_url ?? task.result_url;
      if (!url) throw new Error("the transcribe step has no SRT");
      text = await deps.fetcher.text(url, 5 * 1024 * 1024);
    }
    const srt = Buffer.from(text, "utf8");
    const uploaded = await deps.tasksService.upload(apiKey, {
      filename: "transcript.srt",
      contentType: "application/x-subrip",
      size: srt.length,
      open: () => Readable.from([srt]),
    });
    return uploaded.upload_id;
  };
}

/** Samples made on the operator's key, or the catalog's files, sent by a job of their own. */
function voiceSamples(
  options: PipelineOptions,
  deps: { api: Api; fetcher: ResultFetcher; translate: (locale: string) => Translate },
): VoicePreviewPort {
  const previews = new VoicePreviews({
    storage: options.storage,
    queue: options.queue,
    api: deps.api,
    catalog: options.catalog,
    sampleApiKey: options.voiceSampleApiKey,
    tasksService: options.tasksService,
    openResult: (url) => deps.fetcher.open(url),
    translate: deps.translate,
    logger: options.logger,
    sleep: (ms) => wait(options.timings?.voiceSamplePollMs ?? ms),
  });
  options.queue.register(previews.job);
  return previews;
}

export function createTaskPipeline(options: PipelineOptions) {
  const { storage, queue, logger, metrics, apiKeys, tasksService, i18n } = options;
  const translate = translatorFor(i18n);
  const timings = options.timings ?? {};
  const pollDelay = (polls: number): number => pollDelayMs(polls, timings.firstPollMs);
  const api =
    options.api ??
    createJobsApi({
      token: options.botToken,
      apiRoot: options.botApiRoot,
      buckets: storage.buckets,
    });
  const records = new TaskRecords(storage);
  const cards = new ProgressCards(api, records);
  const fetcher = options.resultFetcher ?? createResultFetcher({ serviceBaseUrl: options.tasksBaseUrl });
  const telegram = { api, botApiRoot: options.botApiRoot, token: options.botToken };
  const results = createTaskResultSender({
    uploadLimitBytes: uploadLimitBytes(options.selfHostedBotApi),
    fetcher,
  });
  const awaitingSrt = new AwaitingSrt(storage.kv);
  const lifecycle = { records, cards, apiKeys, tasksService, translate, metrics };
  const creation = new CreationCheck({ ...lifecycle, locks: storage.locks, firstPollDelayMs: pollDelay(0) });

  const submit = submitJob({
    ...lifecycle,
    transfer:
      options.transfer ?? ((ref, apiKey) => transferToService({ telegram, tasksService }, ref, apiKey)),
    reuploadResult: transcriptReupload({ records, awaitingSrt, tasksService, fetcher }),
    webhookUrl: (ticket) => hookUrlFor(options.publicUrl(), "tasks", ticket),
    firstPollDelayMs: pollDelay(0),
    creation,
  });
  const submissions = new TaskSubmissions(records, queue, submit);

  const deliver = deliverJob({
    ...chatDeliveryOf(storage, translate),
    ...lifecycle,
    creation,
    sendResult: (request) => results.send(api, request),
    async sendMessage(chatId, text, replyMarkup) {
      await api.sendMessage(chatId, text, {
        link_preview_options: { is_disabled: true },
        ...(replyMarkup ? { reply_markup: replyMarkup } : {}),
      });
    },
    deleteMessage: (chatId, messageId) => api.deleteMessage(chatId, messageId),
    startReview: (record, task, t) => startReview({ awaiting: awaitingSrt, fetcher, api }, record, task, t),
    pollDelayMs: pollDelay,
    giveUpAfterMs: GIVE_UP_AFTER_MS,
    resultIndex: new ResultIndex(storage.sortedSets),
  });
  const preferences = new PreferencesRepository(storage.kv);
  const adopt = adoptJob({
    records,
    queue,
    deliverJob: deliver,
    apiKeys,
    tasksService,
    localeOf: async (userId) => (await preferences.get(userId)).language ?? options.defaultLocale,
  });
  const previews = options.voicePreviews ?? voiceSamples(options, { api, fetcher, translate });
  const search = creationSearchJob(creation);
  queue.register(submit, deliver, search, adopt);

  const poller = taskPoller({
    records,
    queue,
    job: deliver,
    searchJob: search,
    logger: logger.child({ component: "task-poller" }),
    intervalMs: timings.pollTickMs ?? 5_000,
  });
  queue.every(poller);

  const routes = taskHookRoutes({
    records,
    queue,
    deliverJob: deliver,
    logger: logger.child({ component: "task-hooks" }),
    messenger: options.messengerHookSecret
      ? {
          secret: options.messengerHookSecret,
          accept: messengerIntake({ records, apiKeys, tasksService, queue, adoptJob: adopt }),
        }
      : undefined,
  });

  const flow = createFlowDeps({
    i18n,
    catalog: options.catalog,
    limits: options.limits,
    submissions,
    kv: storage.kv,
    telegram,
    previews,
    apiKeys,
    tasksService,
  });
  // This service's side of a keyframe chain's join: the video task, and the balance that pays for it.
  const joinTasks = joinTasksOf(options, records, submissions);
  return { forms: { flow, records, submissions }, records, results, routes, poller, joinTasks };
}
