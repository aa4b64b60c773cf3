/**
 * The one error of the generation service client. Its `code` is the body's `error.code` when the spec
 * names it (never chosen by status alone: 402, 403, 413 and 429 each carry several meanings), or one of
 * ours for failures on our side of the wire.
 */
import { ServiceCallError, type ServiceCallErrorInit } from "../http-client/errors.js";
import type { ValidationIssue } from "./responses.js";

/**
 * The codes of the spec's error table, in its order (their statuses and meanings are there);
 * invalid_request, file_too_large and rate_limit_exceeded are also ours for refusals found before sending.
 */
export const SERVICE_ERROR_CODES = [
  "invalid_request",
  "prompt_count_mismatch",
  "batch_too_large",
  "invalid_api_key",
  "insufficient_credits",
  "key_budget_exceeded",
  "email_not_verified",
  "pro_required",
  "invalid_signature",
  "key_expired",
  "not_found",
  "already_running",
  "storage_full",
  "file_too_large",
  "unsupported_media_type",
  "rate_limit_exceeded",
  "queue_full",
  "provider_unavailable",
] as const;

/** The service's codes, then ours for failures with no code of the service. */
export type GenerationErrorCode =
  | (typeof SERVICE_ERROR_CODES)[number]
  /** 422: the machine-readable description's validation refused a parameter or the body. */
  | "validation_failed"
  /** An error status whose body carries no code this client knows (a new code, or a proxy's page). */
  | "unexpected_error"
  /** A success status whose body is not the documented shape. */
  | "invalid_response"
  | "timeout"
  | "network"
  /** The stream of a file being uploaded failed (for example its download broke). */
  | "upload_source_failed";

export type GenerationOperation =
  | "listModels"
  | "getAccount"
  | "uploadFile"
  | "createImages"
  | "createVideos"
  | "listGenerations"
  | "getGeneration"
  | "cancelGeneration"
  | "deleteGeneration"
  | "deleteGenerations";

/** The key's request budget as the X-RateLimit-* headers of a response reported it. */
export interface RateSnapshot {
  limit: number;
  remaining: number;
  /** Epoch milliseconds when the window resets. */
  resetAt: number;
}

export type GenerationErrorInit = ServiceCallErrorInit<GenerationOperation> &
  Pick<GenerationServiceError, "errorType" | "param" | "rate" | "issues" | "serviceCode">;

export class GenerationServiceError extends ServiceCallError<GenerationOperation> {
  override readonly name = "GenerationServiceError";
  readonly code: GenerationErrorCode;
  readonly errorType?: string;
  readonly param?: string;
  readonly rate?: RateSnapshot;
  /** validation_failed: what the service's validation refused. */
  readonly issues?: readonly ValidationIssue[];
  /** unexpected_error: the body's `error.code` when there was one. */
  readonly serviceCode?: string;

  constructor(code: GenerationErrorCode, init: GenerationErrorInit) {
    super(code, init);
    this.code = code;
    const { errorType, param, rate, issues, serviceCode } = init;
    Object.assign(this, { errorType, param, rate, issues, serviceCode });
  }
}

/** The error for a body's `error.code`; a code this client does not know becomes unexpected_error. */
export function errorForCode(code: string, init: GenerationErrorInit): GenerationServiceError {
  const known = SERVICE_ERROR_CODES.find((name) => name === code);
  if (known) return new GenerationServiceError(known, init);
  return new GenerationServiceError("unexpected_error", { ...init, serviceCode: code });
}

export function isGenerationServiceError(error: unknown): error is GenerationServiceError {
  return error instanceof GenerationServiceError;
}
