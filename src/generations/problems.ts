/** A service failure as the user reads it: each refusal its own message; failures on the way, try later. */
import type { z } from "zod";
import { type GenerationServiceError, isGenerationServiceError } from "../generation-service/errors.js";
import type { ProblemSchema } from "../lifecycle/records.js";

export type Problem = z.infer<typeof ProblemSchema>;

/** Codes with a message of their own: `generation-error-<code>`. */
const OWN_MESSAGE = new Set<string>([
  "invalid_api_key",
  "key_expired",
  "key_budget_exceeded",
  "email_not_verified",
  "pro_required",
  "insufficient_credits",
  "storage_full",
  "queue_full",
  "not_found",
  "already_running",
  "file_too_large",
  "unsupported_media_type",
  "batch_too_large",
  "prompt_count_mismatch",
]);

/** The service could not do it now; the same request may work later. */
const UNAVAILABLE = new Set<string>([
  "provider_unavailable",
  "rate_limit_exceeded",
  "timeout",
  "network",
  "unexpected_error",
  "invalid_response",
]);

export function problemOf(error: GenerationServiceError): Problem {
  if (OWN_MESSAGE.has(error.code)) return { key: `generation-error-${error.code}` };
  if (UNAVAILABLE.has(error.code)) return { key: "generation-error-unavailable" };
  // What the service refused (a value, a field): its own message names what it takes.
  return { key: "generation-error-refused", params: { detail: error.detail ?? error.code } };
}

/** The problem of a generation service failure; undefined for anything else. */
export function generationProblem(error: unknown): Problem | undefined {
  return isGenerationServiceError(error) ? problemOf(error) : undefined;
}

/** Failures after which the same request may succeed: the service was down, busy or unreachable. */
export function isTransient(error: GenerationServiceError): boolean {
  return UNAVAILABLE.has(error.code);
}
