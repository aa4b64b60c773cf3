/** A result's links with time enough left; a link about to expire is renewed by reading the generation. */
import type { Api } from "grammy";
import type { GenerationCredentialsReader } from "../accounts/generation-links.js";
import type { GenerationServiceClient } from "../generation-service/client.js";
import { isGenerationServiceError } from "../generation-service/errors.js";
import type { Translate } from "../i18n/translate.js";
import { RetryLaterError } from "../jobs/queue.js";
import { type Problem, problemOf } from "./problems.js";
import { type ChunkItem, type GenerationRecords, type StoredOutput, storedOutput } from "./records.js";

export interface ResultLinkDeps {
  credentials: GenerationCredentialsReader;
  service: Pick<GenerationServiceClient, "getGeneration">;
}

/** What most jobs on a batch reach: its records, the owner's key, the service, the chat and its words. */
export interface BatchJobDeps extends ResultLinkDeps {
  records: GenerationRecords;
  service: Pick<
    GenerationServiceClient,
    "getGeneration" | "getAccount" | "listGenerations" | "cancelGeneration"
  >;
  api: Pick<Api, "sendMessage">;
  translate(locale: string): Translate;
}

/** The item's links with `marginMs` left, or why not (`gone`: its result no longer there). */
export async function freshOutput(
  deps: ResultLinkDeps,
  userId: number,
  item: ChunkItem,
  marginMs: number,
  gone: Problem = { key: "generation-error-not_found" },
): Promise<{ output: StoredOutput } | { problem: Problem }> {
  if (item.output && item.output.expiresAt * 1000 - Date.now() >= marginMs) return { output: item.output };
  const credentials = await deps.credentials.credentials(userId);
  if (!credentials) return { problem: { key: "generation-not-linked" } };
  try {
    const generation = await deps.service.getGeneration(credentials.apiKey, item.id);
    return generation.output ? { output: storedOutput(generation.output) } : { problem: gone };
  } catch (error) {
    if (!isGenerationServiceError(error)) throw error;
    if (error.code === "rate_limit_exceeded") throw new RetryLaterError(error.retryAfterMs ?? 10_000);
    return { problem: error.code === "not_found" ? gone : problemOf(error) };
  }
}
