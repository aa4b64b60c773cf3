/**
 * One error type for everything that can go wrong talking to the task service. `kind` is stable: the
 * bot shows the locale message `service-error-<kind>`, and retry decisions are made on it.
 */
import { ServiceCallError, type ServiceCallErrorInit } from "../http-client/errors.js";

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

export interface TasksServiceErrorInit extends ServiceCallErrorInit<ServiceOperation> {
  kind: ServiceErrorKind;
}

export class TasksServiceError extends ServiceCallError<ServiceOperation> {
  override readonly name = "TasksServiceError";
  readonly kind: ServiceErrorKind;

  constructor(init: TasksServiceErrorInit) {
    super(init.kind, init);
    this.kind = init.kind;
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
