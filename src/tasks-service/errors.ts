/**
 * One error type for everything that can go wrong talking to the task service. `kind` is stable: the
 * bot shows the locale message `service-error-<kind>`, and retry decisions are made on it.
 */

export const SERVICE_ERROR_KINDS = [
  "unauthorized",
  "insufficient_balance",
  "forbidden",
  "not_found",
  "too_large",
  "unsupported_type",
  "rate_limited",
  "server",
  "timeout",
  "network",
  "invalid_request",
  "invalid_response",
] as const;
export type ServiceErrorKind = (typeof SERVICE_ERROR_KINDS)[number];

/** The client call that failed, for logs and for callers that handle the same kind differently. */
export type ServiceOperation = "health" | "me" | "upload" | "createTask" | "getTask" | "listTasks";

export interface TasksServiceErrorInit {
  kind: ServiceErrorKind;
  operation: ServiceOperation;
  status?: number;
  detail?: string;
  retryAfterMs?: number;
  /** The request certainly did not reach the service: no connection was made. */
  notSent?: boolean;
  cause?: unknown;
}

export class TasksServiceError extends Error {
  override readonly name = "TasksServiceError";
  readonly kind: ServiceErrorKind;
  readonly operation: ServiceOperation;
  /** HTTP status when the service answered. */
  readonly status?: number;
  /** The service's own explanation (`detail` of its error body), when it gave one. */
  readonly detail?: string;
  /** How long the service (or our pacing) asked to wait before trying again. */
  readonly retryAfterMs?: number;
  /**
   * The request certainly did not reach the service (no connection was made). When false, a failure
   * after sending (a time-out, a broken connection, a 5xx) leaves open whether the service acted on it.
   */
  readonly notSent: boolean;

  constructor(init: TasksServiceErrorInit) {
    const where = init.status === undefined ? init.operation : `${init.operation} (HTTP ${init.status})`;
    super(init.detail ? `${where}: ${init.kind}: ${init.detail}` : `${where}: ${init.kind}`, {
      cause: init.cause,
    });
    this.kind = init.kind;
    this.operation = init.operation;
    if (init.status !== undefined) this.status = init.status;
    if (init.detail !== undefined) this.detail = init.detail;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
    this.notSent = init.notSent ?? false;
  }
}

export function isTasksServiceError(error: unknown): error is TasksServiceError {
  return error instanceof TasksServiceError;
}

/** The kind an HTTP error status stands for. */
export function kindForStatus(status: number): ServiceErrorKind {
  switch (status) {
    case 401:
      return "unauthorized";
    case 402:
      return "insufficient_balance";
    case 403:
      return "forbidden";
    case 404:
    case 410:
      return "not_found";
    case 413:
      return "too_large";
    case 415:
      return "unsupported_type";
    case 429:
      return "rate_limited";
    case 408:
      return "timeout";
  }
  if (status >= 500) return "server";
  if (status >= 400) return "invalid_request";
  // A redirect or an informational status is not an answer this API gives.
  return "invalid_response";
}
