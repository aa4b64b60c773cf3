/**
 * HTTP client of the task service. Every call has a time-out; safe calls (reads, uploads) are retried
 * on 429, 5xx and network failures with jittered backoff; task creation is retried only when the
 * service certainly did not take it (a 429, or a connection that was never made). Uploads stream the
 * file: memory does not grow with its size. The API key is sent, never logged. undici and the
 * connection pool are made at the first call, not at start: most updates never reach the service.
 */
import type { Readable } from "node:stream";
import { setTimeout as delay } from "node:timers/promises";
import type { Dispatcher } from "undici";
import type { z } from "zod";
import { DEFAULT_RETRY_POLICY, nextDelay, parseRetryAfter, type RetryPolicy } from "../http-client/retry.js";
import type { Logger } from "../logger.js";
import {
  kindForStatus,
  type ServiceErrorKind,
  type ServiceOperation,
  TasksServiceError,
  type TasksServiceErrorInit,
} from "./errors.js";
import { multipartBody, UploadSizeMismatchError, type UploadSource, UploadSourceError } from "./multipart.js";
import type { KeyPacing, PacedCall } from "./pacing.js";
import type { ReadPriority, TasksServicePort } from "./ports.js";
import {
  CreateTaskResponseSchema,
  ErrorBodySchema,
  type Health,
  HealthSchema,
  type Profile,
  ProfileSchema,
  type Task,
  TaskListSchema,
  TaskSchema,
  type TaskStatus,
  type UploadResponse,
  UploadResponseSchema,
} from "./responses.js";
import type { TaskRequest } from "./schemas/index.js";

export type { UploadSource } from "./multipart.js";

/** A task request (validated by its schema before it gets here) plus the common delivery fields. */
/** A validated request of one of the eight types (webhook_url and send_to_messenger are common fields). */
export type CreateTaskRequest = TaskRequest;

export interface TasksServiceClientOptions {
  baseUrl: string;
  /** Time-out of a whole call that is not an upload (headers and body), per attempt. Default 30 s. */
  timeoutMs?: number;
  logger: Logger;
  pacing?: KeyPacing;
  /** Connection pool; by default the client owns one keep-alive Agent. */
  dispatcher?: Dispatcher;
  retry?: Partial<RetryPolicy>;
  /** Upload time-out: `uploadBaseTimeoutMs` plus the time the file takes at `uploadMinBytesPerSecond`. */
  uploadBaseTimeoutMs?: number;
  uploadMinBytesPerSecond?: number;
  /** Largest file sent; larger ones fail as too_large without a request. Default 500 MiB (the spec's limit). */
  maxUploadBytes?: number;
  /** Waits between attempts (tests replace it). */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** Largest response body read; answers of this API are a few kilobytes. */
const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/** Failures that happen before a connection exists: the request cannot have reached the service. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "UND_ERR_CONNECT_TIMEOUT"]);
const TIMEOUT_CODES = new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "UND_ERR_CONNECT_TIMEOUT"]);

type RetryRule = "safe" | "create";

let undici: Promise<typeof import("undici")> | undefined;
const loadUndici = () => {
  undici ??= import("undici");
  return undici;
};

interface CallSpec<T> {
  operation: ServiceOperation;
  method: "GET" | "POST";
  path: string;
  apiKey?: string;
  pace?: PacedCall;
  retry: RetryRule;
  timeoutMs: number;
  headersTimeoutMs?: number;
  okStatuses: readonly number[];
  schema: z.ZodType<T>;
  body?: () => RequestBody;
}

interface RequestBody {
  headers: Record<string, string>;
  payload: string | Readable;
  /** Releases what the body holds open when the attempt ends. */
  release?: () => void;
}

/** The outcome of one attempt that did not produce a value. */
interface AttemptFailure {
  error: TasksServiceError;
}

export class TasksServiceClient implements TasksServicePort {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly logger: Logger;
  private readonly pacing: KeyPacing | undefined;
  private readonly givenDispatcher: Dispatcher | undefined;
  private ownDispatcher: Promise<Dispatcher> | undefined;
  private readonly retryPolicy: RetryPolicy;
  private readonly uploadBaseTimeoutMs: number;
  private readonly uploadMinBytesPerSecond: number;
  private readonly maxUploadBytes: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private closed = false;

  constructor(options: TasksServiceClientOptions) {
    this.baseUrl = new URL(options.baseUrl).href.replace(/\/+$/, "");
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.logger = options.logger;
    this.pacing = options.pacing;
    this.givenDispatcher = options.dispatcher;
    this.retryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.uploadBaseTimeoutMs = options.uploadBaseTimeoutMs ?? 120_000;
    this.uploadMinBytesPerSecond = options.uploadMinBytesPerSecond ?? 512 * 1024;
    this.maxUploadBytes = options.maxUploadBytes ?? 500 * 1024 * 1024;
    this.sleep = options.sleep ?? ((ms) => delay(ms));
    this.random = options.random ?? Math.random;
  }

  /** Closes the connection pool when the client created it. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await (await this.ownDispatcher)?.close();
  }

  private dispatcher(): Promise<Dispatcher> {
    if (this.givenDispatcher) return Promise.resolve(this.givenDispatcher);
    if (this.ownDispatcher === undefined && this.closed) {
      return Promise.reject(new Error("the tasks service client is closed"));
    }
    this.ownDispatcher ??= loadUndici().then(
      ({ Agent }) =>
        new Agent({
          // Below common server idle limits (uvicorn closes after 5 s): reusing a socket the service is
          // closing fails a request ambiguously, and a task creation is not repeated after that.
          keepAliveTimeout: 4_000,
          connections: 32,
        }),
    );
    return this.ownDispatcher;
  }

  health(): Promise<Health> {
    return this.call({
      operation: "health",
      method: "GET",
      path: "/health",
      retry: "safe",
      timeoutMs: this.timeoutMs,
      okStatuses: [200],
      schema: HealthSchema,
    });
  }

  me(apiKey: string): Promise<Profile> {
    return this.call({
      operation: "me",
      method: "GET",
      path: "/v1/me",
      apiKey,
      pace: "read",
      retry: "safe",
      timeoutMs: this.timeoutMs,
      okStatuses: [200],
      schema: ProfileSchema,
    });
  }

  /** Streams the file as the one part `file` of a multipart form; `file.open()` is called per attempt. */
  upload(apiKey: string, file: UploadSource): Promise<UploadResponse> {
    if (!Number.isSafeInteger(file.size) || file.size < 0) {
      return Promise.reject(
        new TasksServiceError({
          kind: "invalid_request",
          operation: "upload",
          detail: `bad file size ${file.size}`,
        }),
      );
    }
    if (file.size > this.maxUploadBytes) {
      return Promise.reject(
        new TasksServiceError({
          kind: "too_large",
          operation: "upload",
          detail: `${file.size} bytes is more than the service accepts (${this.maxUploadBytes})`,
        }),
      );
    }
    return this.call({
      operation: "upload",
      method: "POST",
      path: "/v1/uploads",
      apiKey,
      pace: "upload",
      retry: "safe",
      timeoutMs: uploadTimeoutMs(file.size, this.uploadBaseTimeoutMs, this.uploadMinBytesPerSecond),
      // Undici restarts this clock while the body is sent; it bounds the service's silence after it.
      headersTimeoutMs: this.uploadBaseTimeoutMs,
      okStatuses: [200, 201],
      schema: UploadResponseSchema,
      body: () => {
        const form = multipartBody(file);
        return {
          headers: { "content-type": form.contentType, "content-length": String(form.contentLength) },
          payload: form.stream,
          release: form.abort,
        };
      },
    });
  }

  async createTask(
    apiKey: string,
    taskRequest: CreateTaskRequest,
  ): Promise<{ task_id: number; status: TaskStatus }> {
    const json = JSON.stringify(taskRequest);
    const created = await this.call({
      operation: "createTask",
      method: "POST",
      path: "/v1/tasks",
      apiKey,
      pace: "create",
      retry: "create",
      timeoutMs: this.timeoutMs,
      okStatuses: [200, 201, 202],
      schema: CreateTaskResponseSchema,
      body: () => ({
        headers: { "content-type": "application/json" },
        payload: json,
      }),
    });
    return { task_id: created.task_id, status: created.status };
  }

  getTask(apiKey: string, id: number, options: { priority?: ReadPriority } = {}): Promise<Task> {
    if (!Number.isSafeInteger(id) || id < 0) {
      return Promise.reject(
        new TasksServiceError({ kind: "invalid_request", operation: "getTask", detail: `bad task id ${id}` }),
      );
    }
    return this.call({
      operation: "getTask",
      method: "GET",
      path: `/v1/tasks/${id}`,
      apiKey,
      pace: options.priority === "background" ? "poll" : "read",
      retry: "safe",
      timeoutMs: this.timeoutMs,
      okStatuses: [200],
      schema: TaskSchema,
    });
  }

  listTasks(
    apiKey: string,
    page: { limit: number; offset: number },
    options: { priority?: ReadPriority } = {},
  ): Promise<Task[]> {
    const { limit, offset } = page;
    if (!Number.isInteger(limit) || limit < 1 || limit > 100 || !Number.isSafeInteger(offset) || offset < 0) {
      return Promise.reject(
        new TasksServiceError({
          kind: "invalid_request",
          operation: "listTasks",
          detail: `limit must be 1..100 and offset >= 0 (got ${limit}, ${offset})`,
        }),
      );
    }
    return this.call({
      operation: "listTasks",
      method: "GET",
      path: `/v1/tasks?limit=${limit}&offset=${offset}`,
      apiKey,
      pace: options.priority === "background" ? "poll" : "read",
      retry: "safe",
      timeoutMs: this.timeoutMs,
      okStatuses: [200],
      schema: TaskListSchema,
    });
  }

  private async call<T>(spec: CallSpec<T>): Promise<T> {
    let waitedMs = 0;
    for (let attempt = 1; ; attempt += 1) {
      if (spec.apiKey !== undefined && spec.pace !== undefined && this.pacing) {
        await this.pacing.acquire(spec.apiKey, spec.pace, spec.operation);
      }
      const outcome = await this.attempt(spec, attempt);
      if (!("error" in outcome)) return outcome.value;
      const { error } = outcome;
      const retryable = isRetryable(spec.retry, error.kind, error.notSent);
      const wait = retryable
        ? nextDelay(this.retryPolicy, attempt, waitedMs, error.retryAfterMs, this.random)
        : undefined;
      if (wait === undefined) throw error;
      this.logger.warn(
        { op: spec.operation, method: spec.method, path: spec.path, attempt, kind: error.kind, waitMs: wait },
        "tasks service call will be retried",
      );
      waitedMs += wait;
      await this.sleep(wait);
    }
  }

  private async attempt<T>(spec: CallSpec<T>, attempt: number): Promise<{ value: T } | AttemptFailure> {
    const started = performance.now();
    const signal = AbortSignal.timeout(spec.timeoutMs);
    const headers: Record<string, string> = { accept: "application/json" };
    if (spec.apiKey !== undefined) headers["x-api-key"] = spec.apiKey;
    let body: RequestBody | undefined;
    const log = (status: number | undefined, kind?: ServiceErrorKind) => {
      const fields = {
        op: spec.operation,
        method: spec.method,
        path: spec.path,
        status,
        latencyMs: Math.round(performance.now() - started),
        attempt,
        ...(kind ? { kind } : {}),
      };
      if (kind) this.logger.warn(fields, "tasks service call failed");
      else this.logger.debug(fields, "tasks service call");
    };
    const fail = (init: Omit<TasksServiceErrorInit, "operation">, notSent = false) => {
      log(init.status, init.kind);
      return { error: new TasksServiceError({ ...init, operation: spec.operation, notSent }) };
    };

    let response: Dispatcher.ResponseData;
    try {
      body = spec.body?.();
      const { request } = await loadUndici();
      response = await request(`${this.baseUrl}${spec.path}`, {
        method: spec.method,
        headers: { ...headers, ...body?.headers },
        body: body?.payload ?? null,
        dispatcher: await this.dispatcher(),
        signal,
        headersTimeout: spec.headersTimeoutMs ?? spec.timeoutMs,
        bodyTimeout: spec.timeoutMs,
      });
    } catch (error) {
      body?.release?.();
      return fail(...classifyThrown(error, signal));
    }

    const status = response.statusCode;
    let text: string;
    try {
      text = await readText(response.body, MAX_RESPONSE_BYTES);
    } catch (error) {
      if (!spec.okStatuses.includes(status) && status >= 400) {
        // The status alone says what happened even when its body was cut off.
        return fail({ kind: kindForStatus(status), status, cause: error });
      }
      return fail(...classifyThrown(error, signal));
    } finally {
      body?.release?.();
    }

    if (!spec.okStatuses.includes(status)) {
      const retryAfterMs = parseRetryAfter(response.headers["retry-after"], Date.now());
      return fail({
        kind: kindForStatus(status),
        status,
        detail: errorDetail(text),
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      });
    }

    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      return fail({ kind: "invalid_response", status, detail: "body is not JSON", cause: error });
    }
    const parsed = spec.schema.safeParse(json);
    if (!parsed.success) {
      return fail({
        kind: "invalid_response",
        status,
        detail: summarizeIssues(parsed.error),
        cause: parsed.error,
      });
    }
    log(status);
    return { value: parsed.data };
  }
}

/** An upload's whole time-out: a fixed allowance plus the file's transfer time at the slowest accepted rate. */
export function uploadTimeoutMs(size: number, baseMs: number, minBytesPerSecond: number): number {
  return Math.ceil(baseMs + (size / minBytesPerSecond) * 1000);
}

function isRetryable(rule: RetryRule, kind: ServiceErrorKind, notSent: boolean): boolean {
  // The service refused it (429) or never saw it: creating again cannot make a second task.
  if (kind === "rate_limited" || notSent) return true;
  if (rule === "create") return false;
  return kind === "server" || kind === "network" || kind === "timeout";
}

type FailureInit = [Omit<TasksServiceErrorInit, "operation">, boolean];

function classifyThrown(error: unknown, signal: AbortSignal): FailureInit {
  if (error instanceof ResponseTooLargeError) {
    return [{ kind: "invalid_response", detail: error.message, cause: error }, false];
  }
  if (error instanceof UploadSizeMismatchError) {
    return [{ kind: "invalid_request", detail: error.message, cause: error }, false];
  }
  if (error instanceof UploadSourceError) {
    return [{ kind: "network", detail: error.message, cause: error }, false];
  }
  const code = errorCode(error);
  const notSent = code !== undefined && NOT_SENT_CODES.has(code);
  if (signal.aborted || (code !== undefined && TIMEOUT_CODES.has(code))) {
    return [{ kind: "timeout", cause: error }, notSent];
  }
  return [{ kind: "network", detail: code, cause: error }, notSent];
}

/** The system or undici error code, looking through causes and the attempts of a multi-address connect. */
function errorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== "object") return undefined;
    if ("code" in current && typeof current.code === "string") return current.code;
    if (current instanceof AggregateError) current = current.errors[0];
    else current = "cause" in current ? current.cause : undefined;
  }
  return undefined;
}

class ResponseTooLargeError extends Error {
  override readonly name = "ResponseTooLargeError";
}

async function readText(body: Dispatcher.ResponseData["body"], limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    const bytes = chunk as Buffer;
    total += bytes.byteLength;
    if (total > limit) {
      body.destroy();
      throw new ResponseTooLargeError(`response body larger than ${limit} bytes`);
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function errorDetail(text: string): string | undefined {
  try {
    const parsed = ErrorBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.detail : undefined;
  } catch {
    return undefined;
  }
}

function summarizeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
    .join("; ");
}
