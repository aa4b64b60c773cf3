/**
 * The composition root: config -> storage -> services -> bot -> HTTP server -> updates. In the playground
 * it first starts the Telegram emulator, the service sandbox and the web chat page, all in this process.
 */
import { randomBytes } from "node:crypto";
import type { Update } from "grammy/types";
import type { Hono } from "hono";
import { ApiKeys } from "./accounts/api-keys.js";
import type { KeyRegistry } from "./accounts/registry.js";
import { KeyVault } from "./accounts/vault.js";
import { generationIntakeOffers } from "./bot/generations/entries.js";
import { createI18n, menuCommands, setBotCommands } from "./bot/i18n.js";
import { type CompanionBot, createBot } from "./bot/index.js";
import { catalogPort, loadCatalog } from "./catalog/index.js";
import type { Config } from "./config.js";
import type {
  GenerationPipeline,
  GenerationPipelineOptions,
  GenerationTimings,
} from "./generation-pipeline.js";
import { inlinePlaceholderRoute } from "./http/inline-placeholder.js";
import { createHttpApp, startHttpServer } from "./http/server.js";
import { telegramWebhook } from "./http/telegram-webhook.js";
import { BullJobQueue } from "./jobs/bullmq-queue.js";
import { MemoryJobQueue } from "./jobs/memory-queue.js";
import type { JobQueue } from "./jobs/queue.js";
import type { Logger } from "./logger.js";
import { createMetrics, type Metrics, serviceAttemptCounter } from "./metrics.js";
import { announcePlayground, playgroundSampleKey } from "./playground.js";
import { createRedisClient, createStorage } from "./storage/index.js";
import type { Storage } from "./storage/ports.js";
import { createTaskPipeline, type TaskTimings } from "./task-pipeline.js";
import { TaskBilling } from "./tasks-service/billing.js";
import { TasksServiceClient } from "./tasks-service/client.js";
import { KeyPacing } from "./tasks-service/pacing.js";
import { createJobsApi } from "./telegram/client-policy.js";
import { messageDeletionJob, scheduleDeletionWith } from "./telegram/message-deletion.js";
import { inChatOrder } from "./updates/chat-order.js";
import { type PollingHandle, startPolling } from "./updates/runtime.js";
import { HANDLED_UPDATES, handleThroughOutages, readUpdate } from "./updates/updates.js";

export type App = Awaited<ReturnType<typeof startApp>>;

/** How often the lifecycles' periodic work runs; production's defaults unless a test shortens them. */
export interface AppTimings {
  tasks?: TaskTimings;
  generations?: GenerationTimings;
}

/** What the rest stands on: storage, keys, the catalog, the playground when there is one, the task service. */
async function startFoundations(
  config: Config,
  logger: Logger,
  closers: Closers,
  here: { httpUrl?: string },
) {
  const storage = createStorage(config, logger);
  closers.unshift(() => storage.close());
  await storage.ping();

  // Without Redis nothing outlives the process, so a per-run vault secret loses nothing.
  const vault = new KeyVault(config.keyVaultSecret ?? randomBytes(32));
  const apiKeys = new ApiKeys({ storage, vault, prefix: config.apiKeyPrefix });
  const taskBilling = new TaskBilling(storage.kv);
  const [catalog] = await Promise.all([loadCatalog(config.catalogPath), taskBilling.load()]);
  const metrics = createMetrics();

  // The playground's sandbox calls the messenger hook with a secret made for this run.
  const messengerHookSecret =
    config.messengerHookSecret ??
    (config.mode === "playground" ? randomBytes(32).toString("hex") : undefined);
  const playground =
    config.mode === "playground"
      ? await startPlayground(apiKeys.registry, logger, {
          url: () => (here.httpUrl ? `${here.httpUrl}/hooks/messenger` : undefined),
          secret: messengerHookSecret ?? "",
        })
      : undefined;
  if (playground) closers.unshift(() => playground.close());
  const botToken = playground?.botToken ?? config.botToken;
  const botApiRoot = playground?.botApiRoot ?? config.botApiRoot;
  const tasksBaseUrl = config.tasksBaseUrl ?? playground?.tasksBaseUrl;
  if (!botToken || !tasksBaseUrl) throw new Error("no Bot API or task service to talk to");
  const voiceSampleApiKey =
    config.voiceSampleApiKey ??
    (playground ? await playgroundSampleKey(apiKeys.registry, config.apiKeyPrefix) : undefined);

  const tasksService = new TasksServiceClient({
    baseUrl: tasksBaseUrl,
    logger: logger.child({ component: "tasks-service" }),
    // A poll that cannot go within a second gives its job worker back and is queued again for when its
    // key's window has room: workers held by waiting polls would keep callbacks waiting for one.
    pacing: new KeyPacing(storage.windows, { pollMaxWaitMs: 1_000 }),
    onProfile: (profile) => taskBilling.note(profile.billing),
    observeAttempt: serviceAttemptCounter(metrics),
  });
  closers.unshift(() => tasksService.close());
  return {
    storage,
    taskBilling,
    vault,
    apiKeys,
    catalog,
    messengerHookSecret,
    playground,
    botToken,
    botApiRoot,
    tasksBaseUrl,
    voiceSampleApiKey,
    tasksService,
    metrics,
  };
}

type Closers = Array<() => Promise<unknown>>;

export async function startApp(config: Config, logger: Logger, timings: AppTimings = {}) {
  const closers: Closers = [];
  const here: { httpUrl?: string } = {};
  const base = await startFoundations(config, logger, closers, here);
  const { storage, apiKeys, catalog, playground, botToken, botApiRoot, tasksService, metrics } = base;

  const queue = createQueue(config, logger);
  queue.onFailure((job, final) => metrics.jobFailures.inc({ job, final: String(final) }));
  const deletionJob = messageDeletionJob(
    createJobsApi({ token: botToken, apiRoot: botApiRoot, buckets: storage.buckets }),
  );
  queue.register(deletionJob);
  const i18n = createI18n(config.defaultLocale);
  const limits = { maxIntakeMb: config.maxIntakeMb, selfHostedBotApi: config.selfHostedBotApi };
  const shared = { ...base, queue, i18n, limits, publicUrl: () => config.publicUrl ?? here.httpUrl };
  const pipeline = createTaskPipeline({
    ...shared,
    selfHostedBotApi: config.selfHostedBotApi,
    defaultLocale: config.defaultLocale,
    logger: logger.child({ component: "delivery" }),
    ...(timings.tasks ? { timings: timings.tasks } : {}),
  });
  const generation = await startGeneration(config, {
    ...shared,
    logger: logger.child({ component: "generation" }),
    taskCatalog: catalog,
    tasks: pipeline.joinTasks,
    ...(timings.generations ? { timings: timings.generations } : {}),
  });
  if (generation) closers.unshift(() => generation.close());
  const bot = createBot(
    {
      config: { defaultLocale: config.defaultLocale, botToken, botApiRoot },
      logger: logger.child({ component: "bot" }),
      storage,
      apiKeys,
      catalog: catalogPort(catalog),
      tasksService,
      scheduleDeletion: scheduleDeletionWith(queue, deletionJob),
      results: pipeline.results,
      metrics,
    },
    undefined,
    {
      intake: {
        limits,
        ...(generation ? { moreOffers: generationIntakeOffers } : {}),
      },
      forms: pipeline.forms,
      i18n,
      taskBilling: base.taskBilling,
      ...(generation ? { generation: generation.features } : {}),
    },
  );

  const handle = updateHandler(config, bot, storage, logger);
  const routes: Array<(app: Hono) => void> = [pipeline.routes];
  if (generation) routes.push(generation.routes, inlinePlaceholderRoute);
  const webhook =
    config.mode === "webhook"
      ? telegramWebhook({
          secretToken: config.webhookSecret,
          kv: storage.kv,
          logger: logger.child({ component: "telegram-webhook" }),
          handle,
        })
      : undefined;
  if (webhook) routes.push(webhook.mount);
  if (playground) routes.push(playground.mount);
  const httpApp = createHttpApp({
    logger: logger.child({ component: "http" }),
    metrics,
    queue,
    storageUp: () => storage.isUp(),
    readiness: [
      {
        name: "storage",
        check: async () => {
          if (!storage.isUp()) throw new Error("storage is unreachable");
          await storage.ping();
        },
      },
      { name: "tasks-service", check: async () => void (await tasksService.health()) },
    ],
    routes,
  });
  const serveHttp = async () => {
    const http = await startHttpServer(httpApp, config.http);
    closers.unshift(() => http.close());
    here.httpUrl = http.url;
    return http;
  };

  // Updates come first: an update is answered without the job workers (a job it queues waits for its
  // worker), and starting them, BullMQ above all, would only hold the first getUpdates back. So is the
  // HTTP server when polling, where no update comes through it; a webhook's updates do.
  const httpBeforeUpdates = webhook ? await serveHttp() : undefined;
  const polling = await takeUpdates(config, bot, handle, { storage, logger, metrics });
  const http = httpBeforeUpdates ?? (await serveHttp());
  await queue.start();
  await generation?.resume();

  // The command menu is for people opening the chat later: updates need not wait for it.
  const commandMenu = setBotCommands(
    bot.api,
    bot.i18n,
    config.defaultLocale,
    menuCommands(generation !== undefined),
  ).catch((err: unknown) =>
    logger.warn({ err }, "could not set the command menu; it will be set at the next start"),
  );

  const playgroundUrl = playground ? `${http.url}/playground/` : undefined;
  logger.info({ mode: config.mode, http: http.url, storage: storage.kind, queue: queue.kind }, "bot started");
  if (playgroundUrl) announcePlayground(playgroundUrl, config.generationBaseUrl === undefined);

  return {
    httpUrl: http.url,
    playgroundUrl,
    localStack: playground,
    /** Counts an error nothing handled (the process-level handlers in main.ts report them here). */
    noteUnhandledError: (kind: "rejection" | "exception") => metrics.unhandledErrors.inc({ kind }),
    async stop(deadlineMs: number) {
      // Stop taking updates first, let running jobs finish, then close connections.
      await polling?.stop();
      await webhook?.drain();
      await commandMenu;
      await queue.close(deadlineMs);
      for (const close of closers) {
        await close().catch((err: unknown) => logger.warn({ err }, "error while closing"));
      }
    },
  };
}

/** How an update reaches the bot: through storage outages, and behind a load balancer in its chat's order. */
function updateHandler(config: Config, bot: CompanionBot, storage: Storage, logger: Logger) {
  const handleUpdate = (update: Update) => bot.handleUpdate(update);
  return handleThroughOutages(config.mode === "webhook" ? inChatOrder(handleUpdate, storage) : handleUpdate, {
    storage,
    logger: logger.child({ component: "updates" }),
  });
}

/** Where updates come from: Telegram's webhook, set here, or long polling started here. */
async function takeUpdates(
  config: Config,
  bot: CompanionBot,
  handle: (update: Update) => Promise<void>,
  { storage, logger, metrics }: { storage: Storage; logger: Logger; metrics: Metrics },
): Promise<PollingHandle | undefined> {
  if (config.mode === "webhook") {
    await bot.init();
    await bot.api.setWebhook(`${config.publicUrl}/telegram`, {
      secret_token: config.webhookSecret,
      allowed_updates: [...HANDLED_UPDATES],
    });
    return undefined;
  }
  return startPolling(bot, {
    handle: async (update) => {
      const read = readUpdate(update);
      if (read.kind === "update") return handle(read.update);
      logger.warn(
        { update_id: update.update_id, kind: read.kind },
        "update of no shape the bot uses; skipped",
      );
    },
    storage,
    onError: (error) => {
      metrics.unhandledErrors.inc({ kind: "update" });
      logger.error({ err: error }, "update failed past every boundary");
    },
  });
}

/**
 * The generation service's side: GENERATION_BASE_URL, else the playground's sandbox (accounts linked to
 * users at first use). Loaded only then: a bot without the service never loads its client.
 */
async function startGeneration(
  config: Config,
  deps: Omit<GenerationPipelineOptions, "baseUrl" | "autoLink"> & { playground: Playground | undefined },
): Promise<GenerationPipeline | undefined> {
  const { playground, ...pipelineDeps } = deps;
  const baseUrl = config.generationBaseUrl ?? playground?.generationBaseUrl;
  if (!baseUrl) return undefined;
  const { createGenerationPipeline } = await import("./generation-pipeline.js");
  const sandboxServes = config.generationBaseUrl === undefined && playground !== undefined;
  return createGenerationPipeline({
    ...pipelineDeps,
    baseUrl,
    ...(sandboxServes ? { autoLink: async (userId: number) => playground.generationKeyFor(userId) } : {}),
  });
}

function createQueue(config: Config, logger: Logger): JobQueue {
  const queueLogger = logger.child({ component: "jobs" });
  const { redisUrl } = config;
  if (!redisUrl) return new MemoryJobQueue(queueLogger);
  const connection = createRedisClient(redisUrl, logger, { name: "queue", maxRetriesPerRequest: null });
  return new BullJobQueue(
    connection,
    () => createRedisClient(redisUrl, logger, { name: "worker", maxRetriesPerRequest: null }),
    queueLogger,
  );
}

type Playground = Awaited<ReturnType<typeof startPlayground>>;

async function startPlayground(
  registry: KeyRegistry,
  logger: Logger,
  messengerHook: { url: () => string | undefined; secret: string },
) {
  // Loaded only here so production never imports the development stack.
  const { startLocalStack } = await import("../dev/local-stack.js");
  return startLocalStack({
    verifyKey: (apiKey: string) => registry.verify(apiKey),
    logger: logger.child({ component: "playground" }),
    messengerHook,
  });
}
