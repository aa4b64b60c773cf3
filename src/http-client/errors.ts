/**
 * The common part of each service's error: which call failed, what the service answered and whether the
 * request certainly never reached it. Each service adds its own name for what went wrong.
 */
import type { z } from "zod";

export type ServiceCallErrorInit<Operation extends string> = Pick<
  ServiceCallError<Operation>,
  "operation" | "status" | "detail" | "retryAfterMs"
> & { notSent?: boolean; cause?: unknown };

export class ServiceCallError<Operation extends string> extends Error {
  readonly operation: Operation;
  /** Absent when the service did not answer (or the client refused before sending). */
  readonly status?: number;
  /** The service's own explanation, or ours when it did not answer. */
  readonly detail?: string;
  /** How long the service (or our own pacing) asked to wait before trying again. */
  readonly retryAfterMs?: number;
  /**
   * The request certainly did not reach the service (no connection was made). When false, a failure
   * after sending (a time-out, a broken connection, a 5xx) leaves open whether the service acted on it.
   */
  readonly notSent: boolean;

  /** `what` names the failure in the message: `operation (HTTP status): what: detail`. */
  constructor(what: string, init: ServiceCallErrorInit<Operation>) {
    const where = init.status === undefined ? init.operation : `${init.operation} (HTTP ${init.status})`;
    super(init.detail ? `${where}: ${what}: ${init.detail}` : `${where}: ${what}`, { cause: init.cause });
    this.operation = init.operation;
    this.notSent = init.notSent ?? false;
    const { status, detail, retryAfterMs } = init;
    Object.assign(this, { status, detail, retryAfterMs });
  }
}

/** The first few problems zod found, as one line for an error's detail. */
export function summarizeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
    .join("; ");
}

/** A validation issue of a FastAPI-style 422 as one line: where (without the leading `body`) and what. */
export function describeValidationIssue(issue: { loc?: (string | number)[] | null; msg: string }): string {
  const where = (issue.loc ?? []).filter((part) => part !== "body").join(".");
  return where ? `${where}: ${issue.msg}` : issue.msg;
}
