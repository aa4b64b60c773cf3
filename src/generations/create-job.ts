import type { z } from "zod";
import type { GenerationCredentials } from "../accounts/generation-links.js";
import type { CallOptions, CreatedBatch, GenerationServiceClient } from "../generation-service/client.js";
import { type GenerationServiceError, isGenerationServiceError } from "../generation-service/errors.js";
import { deriveIdempotencyKey } from "../generation-service/idempotency.js";
import {
  ImageGenerationRequestSchema,
  VideoGenerationRequestSchema,
} from "../generation-service/requests.js";
import { type Batch, keyBudgetOf } from "../generation-service/responses.js";
import { formatNumber } from "../i18n/format.js";
import { type JobContext, type JobDefinition, RetryLaterError } from "../jobs/queue.js";
import { ALBUM_SIZE, albums } from "../lifecycle/chat-delivery.js";
import { type TicketData, ticketJob, ticketTag } from "../lifecycle/tickets.js";
import { MediaError } from "../media/accept.js";
import type { Metrics } from "../metrics.js";
import { entryButton, entryForProblem } from "./account-buttons.js";
import type { BatchCards } from "./card.js";
import { formName } from "./card.js";
import { refusedInput } from "./model-inputs.js";
import { isTransient, type Problem, problemOf } from "./problems.js";
import { type BatchRecord, type ChunkRecord, storedOutput } from "./records.js";
import { resultButton } from "./result-actions.js";
import type { BatchJobDeps } from "./result-links.js";
import { RefusedFile, type UploadDeps, uploadReferences } from "./uploads.js";

const CREATE_ATTEMPTS = 5;
/** How long a creation waits for a busy service, from its first refusal, before it is given up. */
const DEFAULT_BUSY_LIMIT_MS = 2 * 60_000;
/** The first wait after the client's own retries gave up on a busy service; each later one doubles. */
const BUSY_FIRST_WAIT_MS = 5_000;
/** Refusals that say the service is busy (503) or that the key asks too often (429): nothing was made. */
const BUSY_CODES: ReadonlySet<string> = new Set(["provider_unavailable", "rate_limit_exceeded"]);

export interface CreateDeps extends UploadDeps, Pick<BatchJobDeps, "credentials" | "translate"> {
  cards: BatchCards;
  service: Pick<GenerationServiceClient, "uploadFile" | "createImages" | "createVideos" | "getAccount">;
  /** The batch's webhook address, or undefined when the service cannot reach us or could not sign. */
  webhookUrl(ticket: string, credentials: GenerationCredentials): string | undefined;
  firstPoll(userId: number): Promise<void>;
  refreshCard(ticket: string): Promise<void>;
  /** What follows a created batch beside its following: the key guardian, the retention notice. */
  afterCreate(record: BatchRecord): Promise<void>;
  metrics?: Pick<Metrics, "generationBatches">;
  busyLimitMs?: number;
  now?: () => number;
  random?: () => number;
}

async function showBusy(deps: CreateDeps, record: BatchRecord, waitMs: number): Promise<void> {
  const t = deps.translate(record.locale);
  await deps.cards.show(
    record,
    t("generation-card-busy", {
      name: formName(t, record),
      seconds: Math.max(1, Math.ceil(waitMs / 1000)),
    }),
  );
}

/**
 * A busy service: the creation waits off the worker, doubling (at least Retry-After), until the limit
 * since its first refusal; then it is given up, and as every answer was a refusal nothing was charged.
 */
async function waitForService(
  deps: CreateDeps,
  record: BatchRecord,
  error: GenerationServiceError,
  logger: JobContext["logger"],
): Promise<void> {
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const busyLimitMs = deps.busyLimitMs ?? DEFAULT_BUSY_LIMIT_MS;
  const since = record.busySince ?? now();
  const waited = now() - since;
  if (waited >= busyLimitMs) {
    logger.warn(
      { err: error, code: error.code, waited_ms: waited },
      "generation service stayed busy; batch given up",
    );
    await fail(deps, record, {
      key: "generation-error-busy-gave-up",
      params: { minutes: Math.max(1, Math.round(busyLimitMs / 60_000)) },
    });
    return;
  }
  const rounds = record.busyWaits ?? 0;
  const backoff = BUSY_FIRST_WAIT_MS * 2 ** rounds;
  const wanted = Math.max(error.retryAfterMs ?? 0, backoff + Math.floor((random() * backoff) / 2));
  // The last try falls on the limit, so the limit is what the user waits at most.
  const wait = Math.max(1_000, Math.min(wanted, busyLimitMs - waited));
  const current =
    (await deps.records.update(record.ticket, (stored) => ({
      ...stored,
      busySince: since,
      busyWaits: rounds + 1,
    }))) ?? record;
  logger.warn(
    { err: error, code: error.code, wait_ms: wait },
    "generation service busy; batch creation waits",
  );
  await showBusy(deps, current, wait);
  throw new RetryLaterError(wait);
}

async function fail(deps: CreateDeps, record: BatchRecord, problem: Problem): Promise<void> {
  const t = deps.translate(record.locale);
  const failed = await deps.records.update(record.ticket, (current) => ({
    ...current,
    state: "submit_failed",
    problem,
  }));
  if (record.inlineMessageId !== undefined) {
    await deps.cards.showInline(
      record.inlineMessageId,
      t("inline-image-not-made", { reason: t(problem.key, problem.params) }),
    );
    return;
  }
  const entry = entryForProblem(problem.key);
  await deps.cards.show(
    failed ?? record,
    t("generation-card-not-created", { name: formName(t, record), reason: t(problem.key, problem.params) }),
    {
      inline_keyboard: [
        ...(entry ? [[entryButton(t, entry)]] : []),
        [resultButton(t("generation-button-change"), record.ticket, "again")],
      ],
    },
  );
}

/** Why money stopped the request, with the numbers: the quote against the balance or the key's budget. */
async function moneyProblem(
  deps: CreateDeps,
  record: BatchRecord,
  error: GenerationServiceError,
  apiKey: string,
): Promise<Problem> {
  // Without the numbers the refusal is still explained.
  const account = await deps.service.getAccount(apiKey).catch(() => undefined);
  if (!account) return problemOf(error);
  const { locale, quote } = record;
  const need =
    quote.min === quote.max
      ? formatNumber(quote.min, locale)
      : `${formatNumber(quote.min, locale)}–${formatNumber(quote.max, locale)}`;
  if (error.code === "insufficient_credits") {
    return {
      key: "generation-error-insufficient_credits-numbers",
      params: { need, balance: formatNumber(account.balance_tokens, locale) },
    };
  }
  const own = keyBudgetOf(account.key);
  // A key that reports no budget of its own was still refused for it: the refusal is said without numbers.
  if (!own) return problemOf(error);
  return {
    key: "generation-error-key_budget_exceeded-numbers",
    params: { need, left: formatNumber(own.left, locale), budget: formatNumber(own.budget, locale) },
  };
}

async function recordBatch(deps: CreateDeps, record: BatchRecord, batch: Batch): Promise<void> {
  const { generations } = batch;
  for (const [index, album] of albums(generations).entries()) {
    // Written only once: a webhook may already have changed a chunk recorded by an earlier run.
    if (await deps.records.chunk(record.ticket, index)) continue;
    const chunk: ChunkRecord = {
      ticket: record.ticket,
      index,
      delivered: false,
      items: album.map((generation, offset) => ({
        id: generation.id,
        position: index * ALBUM_SIZE + offset,
        prompt: generation.prompt,
        status: generation.status,
        costTokens: generation.cost_tokens,
        reservedTokens: generation.cost_tokens,
        aspect: generation.aspect,
        ...(generation.resolution ? { resolution: generation.resolution } : {}),
        ...(generation.output ? { output: storedOutput(generation.output) } : {}),
      })),
    };
    await deps.records.putChunk(chunk);
  }
  for (const [position, generation] of generations.entries()) {
    await deps.records.place(generation.id, { ticket: record.ticket, position });
    await deps.records.follow(record.userId, generation.id, generation.created * 1000);
  }
  await deps.records.open.add(record.ticket, record.createdAt);
  const recorded = await deps.records.update(record.ticket, (current) => ({
    ...current,
    state: "created",
    batchId: batch.id,
    costTokens: batch.cost_tokens,
    balanceTokens: batch.balance_tokens,
    count: generations.length,
  }));
  await deps.firstPoll(record.userId);
  await deps.refreshCard(record.ticket);
  await deps.afterCreate(recorded ?? record);
}

/** What a failed creation tells the user; a failure the next attempt may get past is thrown on. */
async function failureProblem(
  deps: CreateDeps,
  record: BatchRecord,
  error: unknown,
  { apiKey, lastAttempt, logger }: { apiKey: string; lastAttempt: boolean; logger: JobContext["logger"] },
): Promise<Problem> {
  if (error instanceof RefusedFile) return error.problem;
  if (error instanceof MediaError) return { key: `media-error-${error.kind}`, params: error.params };
  if (!isGenerationServiceError(error)) {
    if (!lastAttempt) throw error;
    logger.error({ err: error }, "generation batch not created");
    return { key: "error-generic" };
  }
  if (error.code === "insufficient_credits" || error.code === "key_budget_exceeded") {
    return moneyProblem(deps, record, error, apiKey);
  }
  if (isTransient(error) && !lastAttempt) {
    // The next attempt sends the same Idempotency-Key: a batch made meanwhile is answered, not made again.
    logger.warn({ err: error }, "generation batch not created yet; trying again");
    throw error;
  }
  logger.warn({ err: error, code: error.code }, "generation batch refused");
  // The catalog does not say which inputs a model takes; a refusal of the input itself says so.
  const input = record.type === "video" ? refusedInput(record.request, error) : undefined;
  return input
    ? { key: "video-refs-model-refuses", params: { model: record.modelLabel, input } }
    : problemOf(error);
}

export function createJob(deps: CreateDeps): JobDefinition<TicketData> {
  const tuning = { attempts: CREATE_ATTEMPTS, backoffMs: 3_000, concurrency: 8 };
  return ticketJob("create-generations", tuning, async (ticket, context) => {
    const record = await deps.records.get(ticket);
    if (record?.state !== "submitting") return;
    const t = deps.translate(record.locale);
    const logger = context.logger.child({ ticket: ticketTag(ticket), user_id: record.userId });
    const lastAttempt = context.attempt >= CREATE_ATTEMPTS;
    const credentials = await deps.credentials.credentials(record.userId);
    if (!credentials) {
      await fail(deps, record, { key: "generation-not-linked" });
      return;
    }
    // While the client waits to ask a busy service again, the card says so.
    const options: CallOptions = {
      onRetry: async (notice) => {
        if (BUSY_CODES.has(notice.code)) await showBusy(deps, record, notice.waitMs);
      },
    };
    try {
      const uploaded = await uploadReferences(deps, record, credentials.apiKey, t, options);
      const current = uploaded.record;
      const webhook = deps.webhookUrl(ticket, credentials);
      const request = {
        ...current.request,
        ...uploaded.files,
        ...(webhook ? { webhook_url: webhook } : {}),
      };
      const key = deriveIdempotencyKey(current.formInstance, "create");
      const apiKey = credentials.apiKey;
      const send = <B>(schema: z.ZodType<B>, post: (body: B) => Promise<CreatedBatch>) => {
        const body = schema.safeParse(request);
        return body.success ? post(body.data) : Promise.resolve(body.error.issues);
      };
      await deps.cards.show(current, t("generation-card-creating", { name: formName(t, current) }));
      const created = await (current.type === "video"
        ? send(VideoGenerationRequestSchema, (body) => deps.service.createVideos(apiKey, body, key, options))
        : send(ImageGenerationRequestSchema, (body) =>
            deps.service.createImages(apiKey, body, key, options),
          ));
      if (Array.isArray(created)) {
        logger.error({ issues: created }, "a form built a request the spec does not allow");
        await fail(deps, record, { key: "error-generic" });
        return;
      }
      logger.info(
        { batch_id: created.batch.id, count: created.batch.generations.length, replayed: created.replayed },
        "generation batch created",
      );
      deps.metrics?.generationBatches.inc({ type: current.type });
      await recordBatch(deps, current, created.batch);
    } catch (error) {
      if (isGenerationServiceError(error) && BUSY_CODES.has(error.code)) {
        await waitForService(deps, record, error, logger);
        return;
      }
      await fail(
        deps,
        record,
        await failureProblem(deps, record, error, { apiKey: credentials.apiKey, lastAttempt, logger }),
      );
    }
  });
}
