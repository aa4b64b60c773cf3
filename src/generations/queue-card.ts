/**
 * The queue card: the account's running and queued generations, its slots, and when all should be done
 * by the spec's typical durations; its Cancel stops every queued one, as a job, saying what came back.
 */
import type { Api } from "grammy";
import { z } from "zod";
import type { GenerationServiceClient } from "../generation-service/client.js";
import { isGenerationServiceError } from "../generation-service/errors.js";
import { deriveIdempotencyKey } from "../generation-service/idempotency.js";
import type { ListGenerationsQuery } from "../generation-service/requests.js";
import type { Generation, GenerationType } from "../generation-service/responses.js";
import type { Translate } from "../i18n/translate.js";
import { RetryLaterError } from "../jobs/queue.js";
import { defineJob } from "../lifecycle/tickets.js";
import { readStored } from "../storage/json.js";
import type { KeyValueStore } from "../storage/ports.js";
import { entryButton } from "./account-buttons.js";
import type { Observation } from "./follower.js";
import { isTransient, problemOf } from "./problems.js";
import type { BatchJobDeps } from "./result-links.js";

/** The spec's typical durations, in seconds: the band's two ends for one generation. */
export const TYPICAL_SECONDS: Record<GenerationType, { low: number; high: number }> = {
  image: { low: 10, high: 40 },
  video: { low: 60, high: 360 },
};

const PAGE_SIZE = 100;
const CANCEL_ATTEMPTS = 4;
/** The service keeps at most 1,000 in flight: ten pages hold them all. */
const MAX_QUEUED_PAGES = 10;

export type QueueService = Pick<GenerationServiceClient, "getAccount" | "listGenerations">;

/** The pages of the user's generations with the status, newest first, up to `maxPages`. */
export async function* pages(
  service: Pick<QueueService, "listGenerations">,
  apiKey: string,
  status: ListGenerationsQuery["status"],
  maxPages: number,
): AsyncGenerator<Generation[]> {
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const answer = await service.listGenerations(apiKey, {
      status,
      limit: PAGE_SIZE,
      ...(cursor ? { starting_after: cursor } : {}),
    });
    yield answer.data;
    cursor = answer.next_cursor ?? undefined;
    if (!answer.has_more || !cursor) return;
  }
}

/** Every generation with the status, newest first, page by page. */
export async function listAll(
  service: Pick<QueueService, "listGenerations">,
  apiKey: string,
  status: "queued" | "running",
  maxPages = MAX_QUEUED_PAGES,
): Promise<Generation[]> {
  const found: Generation[] = [];
  for await (const data of pages(service, apiKey, status, maxPages)) found.push(...data);
  return found;
}

/** The account, and its running and queued generations, newest first as the service lists them. */
export async function readQueue(service: QueueService, apiKey: string) {
  const account = await service.getAccount(apiKey);
  const running = await listAll(service, apiKey, "running", 1);
  const queued = await listAll(service, apiKey, "queued");
  return { account, running, queued };
}

/** Seconds until all should be done: typical durations spread over the slots, never under the longest. */
export function timeBand(
  types: readonly GenerationType[],
  slots: number,
): { low: number; high: number } | undefined {
  if (types.length === 0) return undefined;
  const end = (side: "low" | "high") => {
    const each = types.map((type) => TYPICAL_SECONDS[type][side]);
    const spread = each.reduce((total, seconds) => total + seconds, 0) / Math.max(1, slots);
    return Math.ceil(Math.max(...each, spread));
  };
  return { low: end("low"), high: end("high") };
}

/** The band in the unit its upper end reads best in: seconds, minutes or hours. */
export function bandText(t: Translate, band: { low: number; high: number }): string {
  const [unit, size] =
    band.high < 120 ? ["seconds", 1] : band.high < 2 * 3600 ? ["minutes", 60] : ["hours", 3600];
  return t(`queue-band-${unit}`, {
    low: Math.max(1, Math.floor(band.low / size)),
    high: Math.ceil(band.high / size),
  });
}

export function queueCardText(t: Translate, snapshot: Awaited<ReturnType<typeof readQueue>>): string {
  const { account, running, queued } = snapshot;
  const slots = account.limits.concurrent_generations;
  const lines = [t("queue-title"), ""];
  if (running.length === 0 && queued.length === 0) {
    lines.push(t("queue-empty", { slots }));
    return lines.join("\n");
  }
  lines.push(t("queue-counts", { running: running.length, queued: queued.length }));
  lines.push(t("queue-slots", { used: Math.min(running.length, slots), slots, plan: account.plan }));
  const band = timeBand(
    [...running, ...queued].map((generation) => generation.type),
    slots,
  );
  if (band) lines.push(t("queue-band", { band: bandText(t, band) }));
  if (queued.length > 0) {
    const held = queued.reduce((total, generation) => total + generation.cost_tokens, 0);
    lines.push("", t("queue-held", { count: queued.length, tokens: held }));
  }
  return lines.join("\n");
}

const CancelQueueDataSchema = z.object({
  userId: z.number().int(),
  chatId: z.number().int(),
  messageId: z.number().int(),
  locale: z.string().min(2),
});
export type CancelQueueData = z.infer<typeof CancelQueueDataSchema>;

const tallied = z.number().int().nonnegative();
const TallySchema = z.object({ canceled: tallied, refunded: tallied, running: tallied });
const NO_TALLY: z.infer<typeof TallySchema> = { canceled: 0, refunded: 0, running: 0 };

/** Cancels a queued generation: as the service then has it, "running" once started, undefined when gone. */
export async function cancelOne(
  service: Pick<GenerationServiceClient, "cancelGeneration">,
  apiKey: string,
  id: string,
  idempotencyKey: string,
): Promise<Observation | "running" | undefined> {
  try {
    const answer = await service.cancelGeneration(apiKey, id, idempotencyKey);
    return answer.generation ?? { id, status: "canceled" };
  } catch (error) {
    if (!isGenerationServiceError(error)) throw error;
    if (error.code === "already_running") return "running";
    if (error.code !== "not_found") throw error;
    return undefined;
  }
}

/** `observe`: batch cards of this bot learn of the cancels as of any other news. */
export function cancelQueueJob(
  deps: BatchJobDeps & {
    observe(observation: Observation): Promise<unknown>;
    kv: KeyValueStore;
    api: Pick<Api, "sendMessage" | "editMessageText">;
  },
) {
  const tuning = { attempts: CANCEL_ATTEMPTS, backoffMs: 3_000, concurrency: 2 };
  return defineJob("cancel-generation-queue", CancelQueueDataSchema, tuning, async (data, context) => {
    const { userId, chatId, messageId, locale } = data;
    const t = deps.translate(locale);
    const edit = (text: string) =>
      deps.api.editMessageText(chatId, messageId, text, {
        reply_markup: { inline_keyboard: [[entryButton(t, "queue")]] },
      });
    const credentials = await deps.credentials.credentials(userId);
    if (!credentials) {
      await edit(t("generation-not-linked"));
      return;
    }
    const tallyKey = `queue-cancel:${chatId}:${messageId}`;
    // What a run has done so far survives a retry, so the refund said at the end is the whole of it.
    const tally = (await readStored(deps.kv, tallyKey, TallySchema)) ?? { ...NO_TALLY };
    const save = () => deps.kv.set(tallyKey, JSON.stringify(tally), { ttlMs: 24 * 60 * 60 * 1000 });
    try {
      const queued = await listAll(deps.service, credentials.apiKey, "queued");
      for (const generation of queued) {
        const { id } = generation;
        const key = deriveIdempotencyKey(`queue:${chatId}:${messageId}`, `cancel:${id}`);
        const outcome = await cancelOne(deps.service, credentials.apiKey, id, key);
        if (outcome === "running") tally.running += 1;
        else if (outcome) {
          tally.canceled += 1;
          // What it held while queued comes back; once refunded, the service may report its cost as 0.
          tally.refunded += generation.cost_tokens;
          await deps.observe(outcome);
        }
        await save();
      }
    } catch (error) {
      if (!isGenerationServiceError(error)) throw error;
      if (error.code === "rate_limit_exceeded") throw new RetryLaterError(error.retryAfterMs ?? 10_000);
      if (isTransient(error) && context.attempt < CANCEL_ATTEMPTS) throw error;
      const problem = problemOf(error);
      await edit(t(problem.key, problem.params));
      return;
    }
    await edit(
      [
        t("queue-canceled", { count: tally.canceled, tokens: tally.refunded }),
        ...(tally.running > 0 ? [t("queue-canceled-running", { count: tally.running })] : []),
      ].join("\n"),
    );
  });
}
