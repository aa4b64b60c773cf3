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

const KIND_OF_STATUS: Partial<Record<number, ServiceErrorKind>> = {
  401: "unauthorized",
  402: "insufficient_balance",
  403: "forbidden",
  404: "not_found",
  408: "timeout",
  410: "not_found",
  413: "too_large",
  415: "unsupported_type",
  429: "rate_limited",
};

/** The kind an HTTP error status stands for; a redirect or an informational one is no answer this API gives. */
export function kindForStatus(status: number): ServiceErrorKind {
  if (status >= 500) return "server";
  return KIND_OF_STATUS[status] ?? (status >= 400 ? "invalid_request" : "invalid_response");
}
