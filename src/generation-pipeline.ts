/**
 * The generation service, wired: its client, the accounts, the forms' deps, and a batch's lifecycle.
 * Built once by app.ts when the service is configured; nothing runs until the queue starts.
 */
import type { Api } from "grammy";
import { type GenerationCredentials, GenerationLinks } from "./accounts/generation-links.js";
import type { KeyVault } from "./accounts/vault.js";
import { joinPlan } from "./bot/generations/result-actions.js";
import { createGenerationFlowDeps, inlineImageDeps } from "./bot/generations/services.js";
import type { BotI18n } from "./bot/i18n.js";
import type { GenerationFeatures } from "./bot/index.js";
import { readTextDocument } from "./bot/text-document.js";
import type { Catalog as TaskCatalog } from "./catalog/index.js";
import { GenerationServiceClient } from "./generation-service/client.js";
import { KeyRateLimits } from "./generation-service/rate-limits.js";
import { BatchCards, cardRefresher, cardRefreshJob } from "./generations/card.js";
import { GenerationCatalogCache } from "./generations/catalog-cache.js";
import { createJob } from "./generations/create-job.js";
import { deliverJob } from "./generations/deliver-job.js";
import { failureCheckJob } from "./generations/failure-check.js";
import { Follower, observeJob } from "./generations/follower.js";
import { chosenJoin, type JoinTasks, joinJob, startJoin } from "./generations/join-clips.js";
import { KeyGuardian, keyGuardJob } from "./generations/key-guardian.js";
import { generationPoller, pollJob } from "./generations/poller.js";
import { cancelQueueJob } from "./generations/queue-card.js";
import { GenerationRecords } from "./generations/records.js";
import { resendFromGallery, resendJob } from "./generations/resend.js";
import { cancelJob, originalJob, resultLink } from "./generations/result-actions.js";
import { createResultReader } from "./generations/result-files.js";
import { resumeGenerations } from "./generations/resume.js";
import { DeletionMarks, RETENTION_SET, retentionNoticeJob, retentionWatch } from "./generations/retention.js";
import { retryFailed } from "./generations/retry-failed.js";
import { GenerationSubmissions } from "./generations/start.js";
import { generationHookRoutes } from "./http/generation-hooks.js";
import type { JobDefinition, JobQueue } from "./jobs/queue.js";
import { chatDeliveryOf } from "./lifecycle/chat-delivery.js";
import { hookUrlFor } from "./lifecycle/hook-url.js";
import { ResultIndex } from "./lifecycle/result-index.js";
import { ticketTag } from "./lifecycle/tickets.js";
import { translatorFor } from "./lifecycle/translate.js";
import type { Logger } from "./logger.js";
import { type IntakeLimits, uploadLimitBytes } from "./media/accept.js";
import { openTelegramFile } from "./media/telegram-download.js";
import { type Metrics, serviceAttemptCounter } from "./metrics.js";
import type { Storage } from "./storage/ports.js";
import { createJobsApi } from "./telegram/client-policy.js";

/** How often things happen; tests shorten them. */
export interface GenerationTimings {
  /** Card edits of one batch at most this often. Default 4 s. */
  cardIntervalMs?: number;
  pollTickMs?: number;
  /** Between poll passes of a user without a signing secret: polling is all there is. Default 5 s. */
  pollWithoutWebhooksMs?: number;
  /** Between poll passes beside webhooks: the backstop, and the only way failures are found. Default 30 s. */
  pollWithWebhooksMs?: number;
  /** The first pass after a batch is created. Default 3 s (the shortest image takes about 10 s). */
  firstPollMs?: number;
  /** How often a held-back result's batch has its failed list read. Default 4 s. */
  failureCheckMs?: number;
  retentionTickMs?: number;
  /** The first wait before a call refused with 429 or 503 goes again; later ones double. Default 1 s. */
  serviceRetryBaseMs?: number;
}

export interface GenerationPipelineOptions {
  baseUrl: string;
  botToken: string;
  botApiRoot: string;
  /** Where the service can reach this bot's HTTP server; read when a batch is created. */
  publicUrl: () => string | undefined;
  storage: Storage;
  queue: JobQueue;
  vault: KeyVault;
  logger: Logger;
  metrics?: Pick<Metrics, "generationBatches" | "serviceCallSeconds" | "serviceErrors">;
  i18n: BotI18n;
  taskCatalog: TaskCatalog;
  limits: IntakeLimits;
  /** The playground links each user to an account of its sandbox on first use. */
  autoLink?: (userId: number) => Promise<GenerationCredentials | undefined>;
  timings?: GenerationTimings;
  /** The largest file the bot uploads to a chat; by default that of the Bot API it uses. */
  uploadLimitBytes?: number;
  /** The Api jobs send through; by default a paced one of its own (tests hand in a recorded one). */
  api?: Api;
  /** Tasks on the Media Task Service (joined clips), started with the user's key. */
  tasks: JoinTasks;
}

export type GenerationPipeline = ReturnType<typeof createGenerationPipeline>;

/** What every part shares: the service's client, the linked accounts, the Api, the records. */
function generationCore(options: GenerationPipelineOptions) {
  const { storage, logger } = options;
  const timings = options.timings ?? {};
  const rateLimits = new KeyRateLimits(storage.kv);
  const client = new GenerationServiceClient({
    baseUrl: options.baseUrl,
    logger: logger.child({ component: "generation-service" }),
    rateLimits,
    ...(options.metrics ? { observeAttempt: serviceAttemptCounter(options.metrics) } : {}),
    ...(timings.serviceRetryBaseMs === undefined
      ? {}
      : { retry: { baseDelayMs: timings.serviceRetryBaseMs } }),
  });
  const links = new GenerationLinks({
    storage,
    vault: options.vault,
    ...(options.autoLink ? { autoLink: options.autoLink } : {}),
  });
  const api =
    options.api ??
    createJobsApi({ token: options.botToken, apiRoot: options.botApiRoot, buckets: storage.buckets });
  const translate = translatorFor(options.i18n);
  const records = new GenerationRecords(storage);
  return {
    timings,
    translate,
    rateLimits,
    client,
    links,
    api,
    telegram: { api, botApiRoot: options.botApiRoot, token: options.botToken },
    records,
    jobDeps: { records, credentials: links, service: client, api, translate },
    uploadLimitBytes: options.uploadLimitBytes ?? uploadLimitBytes(options.limits.selfHostedBotApi),
  };
}
type GenerationCore = ReturnType<typeof generationCore>;

/** What watches a batch's key and tells the user before results leave the service. */
function keyAndRetentionJobs(options: GenerationPipelineOptions, core: GenerationCore) {
  const { storage, queue, logger } = options;
  const guardian = new KeyGuardian(storage.kv);
  const guard = keyGuardJob({ ...core.jobDeps, guardian });
  const marks = new DeletionMarks(core.records, storage.kv);
  const retentionNotice = retentionNoticeJob({
    ...core.jobDeps,
    marks,
    reschedule: (ticket, dueAt) => storage.sortedSets.add(RETENTION_SET, ticket, dueAt),
  });
  const retention = retentionWatch({
    sortedSets: storage.sortedSets,
    queue,
    job: retentionNotice,
    logger: logger.child({ component: "generation-retention" }),
    intervalMs: core.timings.retentionTickMs ?? 10 * 60_000,
  });
  return { guardian, guard, marks, retentionNotice, retention };
}

/** The batch's lifecycle after Create: its card, delivery, following, notices, and the jobs buttons start. */
function followingJobs(options: GenerationPipelineOptions, core: GenerationCore) {
  const { storage, queue, logger } = options;
  const { timings, translate, rateLimits, api, records } = core;
  const cards = new BatchCards(api, records);
  const cardIntervalMs = timings.cardIntervalMs ?? 4_000;
  const cardJob = cardRefreshJob({ records, cards, translate, queue, intervalMs: cardIntervalMs });
  const refreshCard = cardRefresher(queue, cardJob, cardIntervalMs);
  const results = createResultReader({ serviceBaseUrl: options.baseUrl });
  const deliver = deliverJob({
    ...chatDeliveryOf(storage, translate),
    ...core.jobDeps,
    queue,
    results,
    uploadLimitBytes: core.uploadLimitBytes,
    resultIndex: new ResultIndex(storage.sortedSets),
    refreshCard,
    finished: (record) => joinChosen(record),
  });
  const follower = new Follower({ records, queue, deliverJob: deliver, refreshCard });
  // The poll pass and the failure check read the user's lists alike, under the same lock and budget.
  const listReading = {
    ...core.jobDeps,
    follower,
    locks: storage.locks,
    budget: (apiKey: string) => rateLimits.current(apiKey),
  };
  const poll = pollJob({
    ...listReading,
    intervalMs: (withWebhooks) =>
      withWebhooks ? (timings.pollWithWebhooksMs ?? 30_000) : (timings.pollWithoutWebhooksMs ?? 5_000),
  });
  const poller = generationPoller({
    records,
    queue,
    job: poll,
    logger: logger.child({ component: "generation-poller" }),
    intervalMs: timings.pollTickMs ?? 1_000,
  });
  const failures = failureCheckJob({
    ...listReading,
    queue,
    intervalMs: timings.failureCheckMs ?? 4_000,
  });
  const observe = observeJob(follower, failures.checkSoon);
  const { guardian, guard, marks, retentionNotice, retention } = keyAndRetentionJobs(options, core);
  const cancelQueue = cancelQueueJob({
    ...core.jobDeps,
    observe: (observation) => follower.observe(observation),
    kv: storage.kv,
  });
  const create = createJob({
    ...core.jobDeps,
    cards,
    openTelegramFile: (ref) => openTelegramFile(core.telegram, ref.fileId, ref.size),
    webhookUrl: (ticket, credentials) =>
      credentials.signingSecret ? hookUrlFor(options.publicUrl(), "generations", ticket) : undefined,
    firstPoll: (userId) => records.schedulePoll(userId, Date.now() + (timings.firstPollMs ?? 3_000)),
    refreshCard,
    async afterCreate(record) {
      await retention.schedule(record);
      await queue.enqueue(
        guard,
        { ticket: record.ticket },
        { jobId: `generation-guard-${ticketTag(record.ticket)}` },
      );
    },
    ...(options.metrics ? { metrics: options.metrics } : {}),
  });
  const sending = { ...core.jobDeps, results };
  const original = originalJob(sending);
  const resend = resendJob({ ...sending, uploadLimitBytes: core.uploadLimitBytes });
  const cancel = cancelJob({ ...sending, follower, refreshCard });
  const joining = { ...sending, kv: storage.kv, tasks: options.tasks };
  const join = joinJob(joining);
  const joinChosen = chosenJoin({
    ...joining,
    queue,
    job: join,
    plan: (record) => joinPlan(records, record),
  });
  queue.register(create, deliver, poll, observe, failures.job, cardJob, original, cancel, guard);
  queue.register(retentionNotice, cancelQueue, join, resend);
  queue.every(poller);
  queue.every(retention);
  return {
    create,
    deliver,
    observe,
    original,
    resend,
    cancel,
    cancelQueue,
    join,
    poller,
    retention,
    marks,
    guardian,
  };
}
type FollowingJobs = ReturnType<typeof followingJobs>;

/** What the chat's generation features are handed: the forms' deps and the actions their buttons take. */
function generationFeatures(
  options: GenerationPipelineOptions,
  core: GenerationCore,
  jobs: FollowingJobs,
): GenerationFeatures {
  const { storage, queue } = options;
  const { client, links, records, telegram } = core;
  const services = {
    i18n: options.i18n,
    catalog: options.taskCatalog,
    limits: options.limits,
    credentials: links,
    models: new GenerationCatalogCache(storage.kv, client),
    service: client,
    submissions: new GenerationSubmissions(records, queue, jobs.create),
    kv: storage.kv,
    telegram,
    taskBalance: (userId: number) => options.tasks.balance(userId),
  };
  const flow = createGenerationFlowDeps(services);
  // A press repeated within this window is the same press (a double tap): one job.
  const pressSlot = () => Math.floor(Date.now() / 10_000);
  const press = <T>(job: JobDefinition<T>, data: T, id: string) =>
    queue.enqueue(job, data, { jobId: `${id}-${pressSlot()}` });
  const resend = resendFromGallery(records, queue, jobs.resend);
  return {
    account: { links, service: client },
    inlineImage: inlineImageDeps(services, options.publicUrl, options.logger),
    batchFiles: { flow, readFile: (ref) => readTextDocument(telegram, ref) },
    forms: {
      flow,
      records,
      actions: {
        sendOriginal: (ticket, position) =>
          press(jobs.original, { ticket, position }, `generation-original-${ticketTag(ticket)}-${position}`),
        cancelQueued: (ticket) => press(jobs.cancel, { ticket }, `generation-cancel-${ticketTag(ticket)}`),
        retryFailed: (record) => retryFailed(records, services.submissions, record),
        joinClips: (data) => startJoin(storage.kv, queue, jobs.join, data),
        resultLink: (userId, item, marginMs) =>
          resultLink({ credentials: links, service: client }, userId, item, marginMs),
        async deleteGeneration(userId, generationId) {
          const credentials = await links.credentials(userId);
          if (!credentials) throw new Error("no generation account is linked");
          await client.deleteGeneration(credentials.apiKey, generationId);
        },
      },
    },
    gallery: {
      credentials: links,
      service: client,
      marks: jobs.marks,
      guardian: jobs.guardian,
      records,
      resend: (id, userId, chatId) => resend(id, userId, chatId, pressSlot()),
      cancelQueue: (data) =>
        press(jobs.cancelQueue, data, `generation-queue-cancel-${data.chatId}-${data.messageId}`),
    },
  };
}

/** Its poller and retention watch tick by the queue; `resume` takes up what a dead process left. */
export function createGenerationPipeline(options: GenerationPipelineOptions) {
  const { storage, queue, logger } = options;
  const core = generationCore(options);
  const jobs = followingJobs(options, core);
  const routes = generationHookRoutes({
    records: core.records,
    credentials: core.links,
    queue,
    observeJob: jobs.observe,
    kv: storage.kv,
    logger: logger.child({ component: "generation-hooks" }),
  });
  async function resume(): Promise<void> {
    try {
      const resumed = await resumeGenerations({ records: core.records, queue, deliverJob: jobs.deliver });
      if (resumed.users > 0 || resumed.albums > 0)
        logger.info(resumed, "generation polls and albums resumed");
    } catch (error) {
      // The polls and the albums' hand-ons still take them up, only later.
      logger.warn({ err: error }, "generation polls and albums not resumed at start");
    }
  }
  return {
    features: generationFeatures(options, core, jobs),
    routes,
    poller: jobs.poller,
    retention: jobs.retention,
    resume,
    close: () => core.client.close(),
  };
}
