/** A service failure as the user reads it: each refusal its own message; failures on the way, try later. */
import type { z } from "zod";
import {
  type GenerationServiceError,
  isGenerationServiceError,
  SERVICE_ERROR_CODES,
} from "../generation-service/errors.js";
import type { ProblemSchema } from "../lifecycle/records.js";

export type Problem = z.infer<typeof ProblemSchema>;

/** The service could not do it now; the same request may work later. */
const UNAVAILABLE = new Set<string>([
  "provider_unavailable",
  "rate_limit_exceeded",
  "timeout",
  "network",
  "unexpected_error",
  "invalid_response",
]);

/** The spec's codes without a message of their own (`generation-error-<code>`): the service's detail says them. */
const NO_OWN_MESSAGE = new Set<string>(["invalid_request", "invalid_signature"]);

export function problemOf(error: GenerationServiceError): Problem {
  if (UNAVAILABLE.has(error.code)) return { key: "generation-error-unavailable" };
  if (SERVICE_ERROR_CODES.some((code) => code === error.code) && !NO_OWN_MESSAGE.has(error.code)) {
    return { key: `generation-error-${error.code}` };
  }
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
