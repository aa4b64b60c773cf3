import type { Context } from "hono";

/** Every `error.code` of the spec's error table, plus the sandbox's own 500 (the spec lists none). */
export type ErrorCode =
  | "invalid_request"
  | "prompt_count_mismatch"
  | "batch_too_large"
  | "invalid_api_key"
  | "insufficient_credits"
  | "key_budget_exceeded"
  | "email_not_verified"
  | "pro_required"
  | "invalid_signature"
  | "key_expired"
  | "not_found"
  | "already_running"
  | "storage_full"
  | "file_too_large"
  | "unsupported_media_type"
  | "rate_limit_exceeded"
  | "queue_full"
  | "provider_unavailable"
  | "internal_error";

type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503;

/**
 * HTTP status and `error.type` of each code. The spec names only `billing_error`; the other types follow the
 * usual names of such APIs and are the sandbox's choice.
 */
export const ERROR_CODES: Record<ErrorCode, { status: ErrorStatus; type: string }> = {
  invalid_request: { status: 400, type: "invalid_request_error" },
  prompt_count_mismatch: { status: 400, type: "invalid_request_error" },
  batch_too_large: { status: 400, type: "invalid_request_error" },
  invalid_api_key: { status: 401, type: "authentication_error" },
  insufficient_credits: { status: 402, type: "billing_error" },
  key_budget_exceeded: { status: 402, type: "billing_error" },
  email_not_verified: { status: 403, type: "authentication_error" },
  pro_required: { status: 403, type: "permission_error" },
  invalid_signature: { status: 403, type: "authentication_error" },
  key_expired: { status: 403, type: "authentication_error" },
  not_found: { status: 404, type: "invalid_request_error" },
  already_running: { status: 409, type: "invalid_request_error" },
  storage_full: { status: 413, type: "invalid_request_error" },
  file_too_large: { status: 413, type: "invalid_request_error" },
  unsupported_media_type: { status: 415, type: "invalid_request_error" },
  rate_limit_exceeded: { status: 429, type: "rate_limit_error" },
  queue_full: { status: 429, type: "rate_limit_error" },
  provider_unavailable: { status: 503, type: "api_error" },
  internal_error: { status: 500, type: "api_error" },
};

/** A refusal with the spec's error body; thrown anywhere below a route and answered by the app. */
export class ServiceError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly param: string | null = null,
  ) {
    super(message);
    this.name = "ServiceError";
  }
}

export function errorBody(error: ServiceError) {
  return {
    error: {
      type: ERROR_CODES[error.code].type,
      code: error.code,
      message: error.message,
      param: error.param,
    },
  };
}

export function errorResponse(c: Context, error: ServiceError): Response {
  return c.json(errorBody(error), ERROR_CODES[error.code].status);
}

/** One entry of the framework's 422 body (`{detail: [...]}`) for parameters the description types. */
export interface ValidationDetail {
  loc: Array<string | number>;
  msg: string;
  type: string;
  input?: unknown;
}

export function validationResponse(c: Context, detail: ValidationDetail[]): Response {
  return c.json({ detail }, 422);
}
