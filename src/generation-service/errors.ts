/**
 * Errors of the generation service client: one class per `error.code` the spec names, chosen by the
 * code in the body (never by status alone: 402, 403, 413 and 429 each carry several meanings), plus the
 * failures that happen on our side of the wire. Every error says which call failed; those the service
 * answered carry its status, message, `type`, `param`, Retry-After and the key's rate snapshot.
 */
import { ServiceCallError, type ServiceCallErrorInit } from "../http-client/errors.js";
import type { ValidationIssue } from "./responses.js";

/** The codes of the spec's error table, in its order. */
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
export type ServiceErrorCode = (typeof SERVICE_ERROR_CODES)[number];

/** Failures with no code of the service: its 422 body, broken transport, answers we cannot read. */
export type ClientErrorCode =
  | "validation_failed"
  | "unexpected_error"
  | "invalid_response"
  | "timeout"
  | "network"
  | "upload_source_failed";

export type GenerationErrorCode = ServiceErrorCode | ClientErrorCode;

export type GenerationOperation =
  | "listModels"
  | "getAccount"
  | "uploadFile"
  | "downloadFile"
  | "downloadSignedLink"
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

export interface GenerationErrorInit extends ServiceCallErrorInit<GenerationOperation> {
  errorType?: string;
  param?: string;
  rate?: RateSnapshot;
}

export abstract class GenerationServiceError extends ServiceCallError<GenerationOperation> {
  abstract readonly code: GenerationErrorCode;
  /** `error.type` of the body (`billing_error` for insufficient_credits). */
  readonly errorType?: string;
  /** `error.param`: the request field at fault, when the service names one. */
  readonly param?: string;
  readonly rate?: RateSnapshot;

  constructor(code: GenerationErrorCode, init: GenerationErrorInit) {
    super(code, init);
    this.name = new.target.name;
    if (init.errorType !== undefined) this.errorType = init.errorType;
    if (init.param !== undefined) this.param = init.param;
    if (init.rate !== undefined) this.rate = init.rate;
  }
}

/**
 * 400: malformed or contradictory fields, or a value the model does not accept (the detail lists the
 * allowed ones). Also raised before sending a request that breaks a fixed rule of the spec.
 */
export class InvalidRequestError extends GenerationServiceError {
  override readonly code = "invalid_request";
  constructor(init: GenerationErrorInit) {
    super("invalid_request", init);
  }
}

/** 400: the prompt count is neither 0, 1 nor the number of items. */
export class PromptCountMismatchError extends GenerationServiceError {
  override readonly code = "prompt_count_mismatch";
  constructor(init: GenerationErrorInit) {
    super("prompt_count_mismatch", init);
  }
}

/** 400: more than 500 generations in one request. */
export class BatchTooLargeError extends GenerationServiceError {
  override readonly code = "batch_too_large";
  constructor(init: GenerationErrorInit) {
    super("batch_too_large", init);
  }
}

/** 401: the key is missing, malformed or revoked. */
export class InvalidApiKeyError extends GenerationServiceError {
  override readonly code = "invalid_api_key";
  constructor(init: GenerationErrorInit) {
    super("invalid_api_key", init);
  }
}

/** 402: the balance cannot cover the whole request; nothing was queued. */
export class InsufficientCreditsError extends GenerationServiceError {
  override readonly code = "insufficient_credits";
  constructor(init: GenerationErrorInit) {
    super("insufficient_credits", init);
  }
}

/** 402: the key's own token budget is used up (the account may still have a balance). */
export class KeyBudgetExceededError extends GenerationServiceError {
  override readonly code = "key_budget_exceeded";
  constructor(init: GenerationErrorInit) {
    super("key_budget_exceeded", init);
  }
}

/** 403: the account's email is not verified. */
export class EmailNotVerifiedError extends GenerationServiceError {
  override readonly code = "email_not_verified";
  constructor(init: GenerationErrorInit) {
    super("email_not_verified", init);
  }
}

/** 403: the request needs the Pro plan. */
export class ProRequiredError extends GenerationServiceError {
  override readonly code = "pro_required";
  constructor(init: GenerationErrorInit) {
    super("pro_required", init);
  }
}

/** 403: a signed file link expired or was altered. */
export class InvalidSignatureError extends GenerationServiceError {
  override readonly code = "invalid_signature";
  constructor(init: GenerationErrorInit) {
    super("invalid_signature", init);
  }
}

/** 403: the key passed its expiry date. */
export class KeyExpiredError extends GenerationServiceError {
  override readonly code = "key_expired";
  constructor(init: GenerationErrorInit) {
    super("key_expired", init);
  }
}

/** 404: unknown id, or one of another account. */
export class NotFoundError extends GenerationServiceError {
  override readonly code = "not_found";
  constructor(init: GenerationErrorInit) {
    super("not_found", init);
  }
}

/** 409: cancel of a generation already with the provider; it will finish (or fail) on its own. */
export class AlreadyRunningError extends GenerationServiceError {
  override readonly code = "already_running";
  constructor(init: GenerationErrorInit) {
    super("already_running", init);
  }
}

/** 413: the account's storage is full; new generations are refused until results are deleted. */
export class StorageFullError extends GenerationServiceError {
  override readonly code = "storage_full";
  constructor(init: GenerationErrorInit) {
    super("storage_full", init);
  }
}

/** 413: an upload over the limit of its kind. Also raised before sending a file known to be too large. */
export class FileTooLargeError extends GenerationServiceError {
  override readonly code = "file_too_large";
  constructor(init: GenerationErrorInit) {
    super("file_too_large", init);
  }
}

/** 415: the bytes are not a supported file of the requested kind. */
export class UnsupportedMediaTypeError extends GenerationServiceError {
  override readonly code = "unsupported_media_type";
  constructor(init: GenerationErrorInit) {
    super("unsupported_media_type", init);
  }
}

/**
 * 429: over the key's request rate. Also raised before sending when the shared rate state says the wait
 * is longer than the client may wait.
 */
export class RateLimitExceededError extends GenerationServiceError {
  override readonly code = "rate_limit_exceeded";
  constructor(init: GenerationErrorInit) {
    super("rate_limit_exceeded", init);
  }
}

/** 429: the account already has the most generations in flight. */
export class QueueFullError extends GenerationServiceError {
  override readonly code = "queue_full";
  constructor(init: GenerationErrorInit) {
    super("queue_full", init);
  }
}

/** 503: the generation backend is down. */
export class ProviderUnavailableError extends GenerationServiceError {
  override readonly code = "provider_unavailable";
  constructor(init: GenerationErrorInit) {
    super("provider_unavailable", init);
  }
}

/** 422: the machine-readable description's validation refused a parameter or the body. */
export class ValidationFailedError extends GenerationServiceError {
  override readonly code = "validation_failed";
  readonly issues: readonly ValidationIssue[];
  constructor(init: GenerationErrorInit & { issues: readonly ValidationIssue[] }) {
    super("validation_failed", init);
    this.issues = init.issues;
  }
}

/** An error status whose body carries no code this client knows (a new code, or a proxy's page). */
export class UnexpectedServiceError extends GenerationServiceError {
  override readonly code = "unexpected_error";
  /** The body's `error.code` when there was one. */
  readonly serviceCode?: string;
  constructor(init: GenerationErrorInit & { serviceCode?: string }) {
    super("unexpected_error", init);
    if (init.serviceCode !== undefined) this.serviceCode = init.serviceCode;
  }
}

/** A success status whose body is not the documented shape. */
export class InvalidResponseError extends GenerationServiceError {
  override readonly code = "invalid_response";
  constructor(init: GenerationErrorInit) {
    super("invalid_response", init);
  }
}

/** No answer in time. */
export class ServiceTimeoutError extends GenerationServiceError {
  override readonly code = "timeout";
  constructor(init: GenerationErrorInit) {
    super("timeout", init);
  }
}

/** The connection failed or broke. */
export class ServiceUnreachableError extends GenerationServiceError {
  override readonly code = "network";
  constructor(init: GenerationErrorInit) {
    super("network", init);
  }
}

/** The stream of a file being uploaded failed (for example its download broke). */
export class UploadSourceFailedError extends GenerationServiceError {
  override readonly code = "upload_source_failed";
  constructor(init: GenerationErrorInit) {
    super("upload_source_failed", init);
  }
}

const classByCode: Record<ServiceErrorCode, new (init: GenerationErrorInit) => GenerationServiceError> = {
  invalid_request: InvalidRequestError,
  prompt_count_mismatch: PromptCountMismatchError,
  batch_too_large: BatchTooLargeError,
  invalid_api_key: InvalidApiKeyError,
  insufficient_credits: InsufficientCreditsError,
  key_budget_exceeded: KeyBudgetExceededError,
  email_not_verified: EmailNotVerifiedError,
  pro_required: ProRequiredError,
  invalid_signature: InvalidSignatureError,
  key_expired: KeyExpiredError,
  not_found: NotFoundError,
  already_running: AlreadyRunningError,
  storage_full: StorageFullError,
  file_too_large: FileTooLargeError,
  unsupported_media_type: UnsupportedMediaTypeError,
  rate_limit_exceeded: RateLimitExceededError,
  queue_full: QueueFullError,
  provider_unavailable: ProviderUnavailableError,
};

function isServiceErrorCode(code: string): code is ServiceErrorCode {
  return (SERVICE_ERROR_CODES as readonly string[]).includes(code);
}

/** The error for a body's `error.code`; codes this client does not know become UnexpectedServiceError. */
export function errorForCode(code: string, init: GenerationErrorInit): GenerationServiceError {
  if (isServiceErrorCode(code)) return new classByCode[code](init);
  return new UnexpectedServiceError({ ...init, serviceCode: code });
}

export function isGenerationServiceError(error: unknown): error is GenerationServiceError {
  return error instanceof GenerationServiceError;
}
