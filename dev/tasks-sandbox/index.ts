/**
 * A local stand-in of the Media Task Service (see /work/shared/spec/tasks-service-api.md): uploads, task
 * creation checked by its own reading of the spec (contract/), a timer-driven lifecycle, token charging by the
 * media's real length, completion webhooks, real result files, per-key rate limits and deterministic fault
 * injection. In-memory; for development only.
 */
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ServerType, serve } from "@hono/node-server";
import { type PlanFeatures, SandboxAccounts, type Tariff } from "./accounts.js";
import type { TaskRequest } from "./contract/index.js";
import { type FaultPlan, SandboxFaults } from "./faults.js";
import { readLink } from "./links.js";
import { SlidingWindowLimiter } from "./rate-limit.js";
import { ResultStore } from "./results.js";
import { createSandboxApp, type VerifyKey } from "./server.js";
import { type SandboxLogger, TaskEngine } from "./tasks.js";
import { UploadStore } from "./uploads.js";

export type { PlanFeatures, Tariff } from "./accounts.js";
export { DEFAULT_FAILURE_MESSAGE, type FaultPlan, SandboxFaults } from "./faults.js";
export { PRICES, SPEECH_PRICES } from "./pricing.js";
export { FIXTURES_DIR } from "./results.js";
export type { VerifiedKey, VerifyKey } from "./server.js";
export type { SandboxLogger, WebhookBody } from "./tasks.js";

export const MB = 1024 * 1024;

export interface TasksSandboxOptions {
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** The bot's key registry check: which user a key belongs to, or undefined for an unknown key (401). */
  verifyKey: VerifyKey;
  /** The spec's per-key limits (30 requests, 20 uploads a minute -> 429 with Retry-After). Default true. */
  rateLimits?: boolean;
  /** Faults armed from the start; more can be armed at any time through `sandbox.faults`. */
  faults?: FaultPlan;
  /** Clock of timestamps and expiry (uploads, result links, rate windows), in ms. Default Date.now. */
  now?: () => number;
  logger?: SandboxLogger;
  /** Time of one lifecycle step (pending, each processing step, finishing). Default 1000 ms. */
  stepMs?: number;
  /** False: tasks move only when `sandbox.step()` is called. Default true (a timer every stepMs). */
  autoStep?: boolean;
  /** Processing steps between pending and the end; progress rises by 100/steps. Default 4. */
  steps?: number;
  /** Largest upload accepted (413 above). Default 500 MB. */
  maxUploadBytes?: number;
  /** Upload lifetime (404 after). Default 2 hours. */
  uploadLifetimeMs?: number;
  /** Result link lifetime (404 after result_url_expires_at). Default 24 hours. */
  resultLifetimeMs?: number;
  /** Balance of a user seen for the first time. Default 10,000 tokens (10 USD). */
  defaultBalance?: number;
  /**
   * Seconds counted for audio or video whose length the sandbox does not read: links when `readLinks` is off,
   * and uploads or linked files whose header it does not understand. Default 60.
   */
  unmeasuredMediaSeconds?: number;
  /**
   * Fetch linked files (their first 512 KB) when a task is created, to charge linked audio and video by their
   * real length, as the service does; a link that cannot be fetched fails the task. Default false: links are
   * never fetched, so tests with made-up links stay off the network.
   */
  readLinks?: boolean;
  /** How long one link may take to answer with its first bytes. Default 5 s. */
  linkReadTimeoutMs?: number;
  /** Also accept http:// webhook URLs (local receivers). Default false: https only, as the spec says. */
  allowHttpWebhooks?: boolean;
  /** Called when a task with send_to_messenger finishes (completed or failed). */
  messengerHook?: (task: { task_id: number; user_id: number }) => Promise<void>;
  /** Told of every task that finishes, when it does. */
  onTaskFinished?: (task: { task_id: number; user_id: number; status: string }) => void;
  /** Where uploads are stored; default a fresh temporary directory removed on close. */
  uploadDir?: string;
  serviceName?: string;
}

export interface SandboxAccountsApi {
  setBalance(userId: number, tokens: number): void;
  balance(userId: number): number;
  /** Features of the user's plan; a missing one gives 403 (smart_clip, motion, ai_graphics). */
  setPlan(userId: number, features: Partial<PlanFeatures>): void;
  /** Quota billing for the user (GET /v1/me shows tariff, tariff_expires_at; no 402); undefined: tokens. */
  setTariff(userId: number, tariff: Tariff | undefined): void;
}

export interface TasksSandbox {
  readonly baseUrl: string;
  readonly faults: SandboxFaults;
  readonly accounts: SandboxAccountsApi;
  /** Moves every unfinished task one lifecycle step (slow tasks one step per `factor` calls). */
  step(count?: number): void;
  /** The tasks a user created, oldest first, each with the request as the sandbox took it (tests read it). */
  tasksOf(userId: number): Array<{ task_id: number; status: string; request: TaskRequest }>;
  /** Resolves when webhook and messenger calls are done and (with autoStep) every task has finished. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const noopLogger: SandboxLogger = { warn() {}, debug() {} };

export async function startTasksSandbox(options: TasksSandboxOptions): Promise<TasksSandbox> {
  const now = options.now ?? Date.now;
  const linkReadTimeoutMs = options.linkReadTimeoutMs ?? 5000;
  const logger = options.logger ?? noopLogger;
  const ownsUploadDir = options.uploadDir === undefined;
  const uploadDir = options.uploadDir ?? (await mkdtemp(join(tmpdir(), "tasks-sandbox-")));
  let baseUrl = "";

  const accounts = new SandboxAccounts(options.defaultBalance ?? 10_000);
  const faults = new SandboxFaults(options.faults);
  const results = new ResultStore(() => baseUrl, now);
  const uploads = new UploadStore({
    directory: uploadDir,
    maxBytes: options.maxUploadBytes ?? 500 * MB,
    lifetimeMs: options.uploadLifetimeMs ?? 2 * 60 * 60_000,
    now,
  });
  const tasks = new TaskEngine({
    accounts,
    faults,
    results,
    now,
    stepMs: options.stepMs ?? 1000,
    autoStep: options.autoStep ?? true,
    steps: options.steps ?? 4,
    resultTtlMs: options.resultLifetimeMs ?? 24 * 60 * 60_000,
    webhookTimeoutMs: 10_000,
    logger,
    messengerHook: options.messengerHook,
    onTaskFinished: options.onTaskFinished,
  });
  const app = createSandboxApp({
    serviceName: options.serviceName ?? "media-task-service-sandbox",
    verifyKey: options.verifyKey,
    accounts,
    faults,
    uploads,
    tasks,
    results,
    limits:
      options.rateLimits === false
        ? undefined
        : { requests: new SlidingWindowLimiter(30, now), uploads: new SlidingWindowLimiter(20, now) },
    now,
    unmeasuredMediaSeconds: options.unmeasuredMediaSeconds ?? 60,
    allowHttpWebhooks: options.allowHttpWebhooks ?? false,
    readLink: options.readLinks ? (link) => readLink(link, linkReadTimeoutMs) : undefined,
  });

  const server = await new Promise<ServerType>((resolve, reject) => {
    const started: ServerType = serve(
      { fetch: app.fetch, hostname: options.host ?? "127.0.0.1", port: options.port ?? 0 },
      () => {
        started.off("error", reject);
        resolve(started);
      },
    );
    started.on("error", reject);
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  baseUrl = `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${address.port}`;

  return {
    baseUrl,
    faults,
    accounts: {
      setBalance: (userId, tokens) => accounts.setBalance(userId, tokens),
      balance: (userId) => accounts.balance(userId),
      setPlan: (userId, features) => accounts.setPlan(userId, features),
      setTariff: (userId, tariff) => accounts.setTariff(userId, tariff),
    },
    step: (count = 1) => {
      for (let index = 0; index < count; index += 1) tasks.step();
    },
    tasksOf: (userId) =>
      tasks
        .list(userId, Number.MAX_SAFE_INTEGER, 0)
        .tasks.reverse()
        .map((task) => ({ task_id: task.taskId, status: task.status, request: task.request })),
    idle: () => tasks.idle(),
    async close() {
      tasks.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ("closeAllConnections" in server) server.closeAllConnections();
      });
      if (ownsUploadDir) await rm(uploadDir, { recursive: true, force: true });
    },
  };
}
