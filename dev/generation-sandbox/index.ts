/**
 * A local stand-in of the Image and Video Generation Service (see
 * /work/shared/spec/generation-service-api.md): a sample model catalog, accounts and API keys, uploads,
 * generations with reservation, concurrency slots and a queue, real result files behind signed links,
 * idempotency, per-key rate limits, signed webhooks with retries and deterministic fault injection.
 * In-memory; for development only. Its request checks are written from the spec, not taken from the bot.
 */
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ServerType, serve } from "@hono/node-server";
import { AccountStore, type IssuedKey, type NewAccount, type NewKey, type Plan } from "./accounts.js";
import { Background } from "./background.js";
import type { GenerationType } from "./catalog.js";
import { type FaultPlan, SandboxFaults } from "./faults.js";
import { type FileKind, FileStore } from "./files.js";
import { GenerationEngine, type StorageBlock } from "./generations.js";
import { IdempotencyStore } from "./idempotency.js";
import { LinkSigner } from "./links.js";
import { DAY_MS, REQUESTS_PER_MINUTE } from "./plans.js";
import { SlidingWindowLimiter } from "./rate-limit.js";
import { createSandboxApp, type KeyWithoutBudget } from "./server.js";
import { DEFAULT_WEBHOOK_RETRY_DELAYS_MS, type SandboxLogger, WebhookSender } from "./webhooks.js";

export type { IssuedKey, KeyEnv, NewAccount, NewKey, Plan } from "./accounts.js";
export {
  type CatalogEntry,
  catalogEntry,
  DEFAULT_MODELS,
  type GenerationType,
  priceChoices,
  SANDBOX_MODELS,
  type SandboxModel,
} from "./catalog.js";
export { ERROR_CODES, type ErrorCode } from "./errors.js";
export {
  type FaultPlan,
  PROVIDER_FAILURE_MESSAGE,
  PROVIDER_TIMEOUT_MESSAGE,
  SAFETY_FILTER_MESSAGE,
  SandboxFaults,
} from "./faults.js";
export { FIXTURES_DIR, type FileKind } from "./files.js";
export type { GenerationBody, GenerationStatus, StorageBlock } from "./generations.js";
export { PLAN_LIMITS } from "./plans.js";
export { DEFAULT_PROMPTS, type GenerationMode } from "./requests.js";
export type { KeyWithoutBudget } from "./server.js";
export {
  DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
  type SandboxLogger,
  SUCCEEDED_EVENT,
  webhookSignature,
} from "./webhooks.js";

export const MB = 1024 * 1024;

export interface GenerationSandboxOptions {
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** The address its signed links name, when clients reach it through a proxy. Default its own. */
  publicBaseUrl?: string;
  /** `<key_prefix>` of issued keys (`<key_prefix>_<env>_<key_id>_<secret>`). Default "gsk". */
  keyPrefix?: string;
  /** Requests a minute per key (the spec's 60) and per client IP for keyless requests (not given: 120); false: off. */
  rateLimits?: boolean | { perKey?: number; perIp?: number };
  /** Faults armed from the start; more can be armed at any time through `sandbox.faults`. */
  faults?: FaultPlan;
  /** Draws of `failFraction`. Default Math.random. */
  random?: () => number;
  /** Clock of timestamps and every expiry (links, keys, retention, idempotency, rate windows), in ms. */
  now?: () => number;
  logger?: SandboxLogger;
  /** How long a generation runs. Default 3 s for an image, 6 s for a video. */
  durationsMs?: Partial<Record<GenerationType, number>>;
  /** False: running generations finish only when `sandbox.step()` is called. Default true. */
  autoStep?: boolean;
  /** Upload limits by kind. Default the spec's 20 MB image and audio, 200 MB video. */
  maxUploadBytes?: Partial<Record<FileKind, number>>;
  /** Lifetime of signed links. Default 24 h. */
  linkLifetimeMs?: number;
  /** Waits between webhook attempts. Default the spec's 5 s, 30 s, 5 min. */
  webhookRetryDelaysMs?: readonly number[];
  /** When an attempt stops waiting for the receiver's answer. Default 10 s after the attempt starts. */
  webhookDeadline?: () => AbortSignal;
  /** Also accept http:// and private hosts as `webhook_url` (local receivers). Default false. */
  allowLocalWebhooks?: boolean;
  /** Balance of a new account when none is given. Default 10,000 tokens (10 USD). */
  defaultBalance?: number;
  /** Where uploads are stored; default a fresh temporary directory removed on close. */
  uploadDir?: string;
  /** What a failed or canceled generation reports as `cost_tokens`: its reservation (default), or 0 once refunded. */
  refundedCost?: "reserved" | "zero";
  /** How `GET /v1/account` shows a key without a budget of its own: `null` (default), `0`, or no field. */
  keyWithoutBudget?: KeyWithoutBudget;
}

export interface SandboxAccountsApi {
  /** A new account (Free, email verified, the default balance unless told otherwise); returns its id. */
  create(options?: NewAccount): string;
  /** A new API key of the account, with an optional expiry and token budget; the full key is only here. */
  issueKey(accountId: string, options?: NewKey): IssuedKey;
  /** A new key in place of the old one, which stops working at once; expiry, budget and secret carry over. */
  rotateKey(keyId: string): IssuedKey;
  revokeKey(keyId: string): void;
  setPlan(accountId: string, plan: Plan): void;
  plan(accountId: string): Plan;
  setBalance(accountId: string, tokens: number): void;
  /** Tokens left after reservations (`balance_tokens`). */
  balance(accountId: string): number;
  setEmailVerified(accountId: string, verified: boolean): void;
  /** Bytes the web application keeps in the account's store (the quota is shared with it). */
  setWebAppStorage(accountId: string, bytes: number): void;
  storage(accountId: string): StorageBlock;
  /** What the key has reserved and been charged (`key.budget_used_tokens`). */
  keyBudgetUsed(keyId: string): number;
}

export interface GenerationSandbox {
  readonly baseUrl: string;
  readonly faults: SandboxFaults;
  readonly accounts: SandboxAccountsApi;
  /** Manual stepping: every running generation moves one step (a slow one needs `factor` steps). */
  step(count?: number): void;
  /** Resolves when webhooks (retries included) are done and, with autoStep, every generation has finished. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const noopLogger: SandboxLogger = { warn() {}, debug() {} };

export async function startGenerationSandbox(
  options: GenerationSandboxOptions = {},
): Promise<GenerationSandbox> {
  const now = options.now ?? Date.now;
  const logger = options.logger ?? noopLogger;
  const ownsUploadDir = options.uploadDir === undefined;
  const uploadDir = options.uploadDir ?? (await mkdtemp(join(tmpdir(), "generation-sandbox-")));
  let baseUrl = "";

  const background = new Background();
  const accounts = new AccountStore({
    keyPrefix: options.keyPrefix ?? "gsk",
    defaultBalance: options.defaultBalance ?? 10_000,
    now,
  });
  const faults = new SandboxFaults(options.faults, options.random);
  const files = await FileStore.open({
    directory: uploadDir,
    maxBytes: { image: 20 * MB, video: 200 * MB, audio: 20 * MB, ...options.maxUploadBytes },
    now,
  });
  const links = new LinkSigner({ baseUrl: () => baseUrl, now, lifetimeMs: options.linkLifetimeMs ?? DAY_MS });
  const webhooks = new WebhookSender({
    background,
    faults,
    now,
    retryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
    deadline: options.webhookDeadline ?? (() => AbortSignal.timeout(10_000)),
    logger,
  });
  const engine = new GenerationEngine({
    accounts,
    files,
    links,
    faults,
    webhooks,
    background,
    now,
    durationsMs: { image: 3_000, video: 6_000, ...options.durationsMs },
    autoStep: options.autoStep ?? true,
    refundedCost: options.refundedCost ?? "reserved",
  });
  const rates = options.rateLimits ?? true;
  const app = createSandboxApp({
    accounts,
    files,
    engine,
    links,
    faults,
    idempotency: new IdempotencyStore(now, DAY_MS),
    limits:
      rates === false
        ? undefined
        : {
            perKey: new SlidingWindowLimiter(
              (rates === true ? undefined : rates.perKey) ?? REQUESTS_PER_MINUTE,
              now,
            ),
            perIp: new SlidingWindowLimiter((rates === true ? undefined : rates.perIp) ?? 120, now),
          },
    allowLocalWebhooks: options.allowLocalWebhooks ?? false,
    keyWithoutBudget: options.keyWithoutBudget ?? "null",
    logger,
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
  const ownBaseUrl = `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${address.port}`;
  baseUrl = options.publicBaseUrl ?? ownBaseUrl;

  const key = (keyId: string) => {
    const record = accounts.key(keyId);
    if (!record) throw new Error(`unknown key ${keyId}`);
    return record;
  };

  return {
    baseUrl: ownBaseUrl,
    faults,
    accounts: {
      create: (account) => accounts.create(account).id,
      issueKey: (accountId, keyOptions) => accounts.issueKey(accountId, keyOptions),
      rotateKey: (keyId) => accounts.rotateKey(keyId),
      revokeKey: (keyId) => accounts.revokeKey(keyId),
      setPlan: (accountId, plan) => {
        accounts.get(accountId).plan = plan;
        engine.pump(accountId);
      },
      plan: (accountId) => accounts.get(accountId).plan,
      setBalance: (accountId, tokens) => {
        accounts.get(accountId).balance = tokens;
      },
      balance: (accountId) => accounts.get(accountId).balance,
      setEmailVerified: (accountId, verified) => {
        accounts.get(accountId).emailVerified = verified;
      },
      setWebAppStorage: (accountId, bytes) => {
        accounts.get(accountId).webAppBytes = bytes;
      },
      storage: (accountId) => engine.storage(accounts.get(accountId)),
      keyBudgetUsed: (keyId) => key(keyId).budgetUsedTokens,
    },
    step: (count = 1) => {
      for (let index = 0; index < count; index += 1) engine.step();
    },
    idle: () => engine.idle(),
    async close() {
      background.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ("closeAllConnections" in server) server.closeAllConnections();
      });
      if (ownsUploadDir) await rm(uploadDir, { recursive: true, force: true });
    },
  };
}
