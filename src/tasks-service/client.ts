/**
 * HTTP client of the task service. Reads and uploads are retried on 429, 5xx and network failures; task
 * creation only when the service certainly did not take it (a 429, or a connection never made). The API
 * key is sent, never logged.
 */
import type { z } from "zod";
import {
  type ServiceClientBasics,
  type ServiceClientOptions,
  serviceClientBasics,
} from "../http-client/client-options.js";
import { parseRetryAfter, withRetries } from "../http-client/retry.js";
import {
  attemptLog,
  jsonRequestBody,
  parseJsonAs,
  type RequestBody,
  readText,
  type TransportFailure,
  type TransportFailureKind,
} from "../http-client/transport.js";
import type { Logger } from "../logger.js";
import {
  kindForStatus,
  type ServiceErrorKind,
  type ServiceOperation,
  TasksServiceError,
  type TasksServiceErrorInit,
} from "./errors.js";
import { multipartBody, type UploadSource } from "./multipart.js";
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

export interface TasksServiceClientOptions extends ServiceClientOptions {
  logger: Logger;
  pacing?: KeyPacing;
  /** Largest file sent; larger ones fail as too_large without a request. Default 500 MiB (the spec's limit). */
  maxUploadBytes?: number;
  /** How the deployment bills is learned from every profile read. */
  onProfile?: (profile: Profile) => Promise<void>;
}

/** Largest response body read; answers of this API are a few kilobytes. */
const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

type RetryRule = "safe" | "create";

interface CallSpec<T> {
  operation: ServiceOperation;
  /** Default: GET. */
  method?: "GET" | "POST";
  path: string;
  apiKey?: string;
  pace?: PacedCall;
  /** Default: safe. */
  retry?: RetryRule;
  /** Default: the client's time-out of a call. */
  timeoutMs?: number;
  headersTimeoutMs?: number;
  /** Default: 200 only. */
  okStatuses?: readonly number[];
  schema: z.ZodType<T>;
  body?: () => RequestBody;
}

export class TasksServiceClient implements TasksServicePort {
  private readonly basics: ServiceClientBasics;
  private readonly logger: Logger;
  private readonly maxUploadBytes: number;

  constructor(private readonly options: TasksServiceClientOptions) {
    this.basics = serviceClientBasics("tasks service", options);
    this.logger = options.logger;
    this.maxUploadBytes = options.maxUploadBytes ?? 500 * 1024 * 1024;
  }

  /** Closes the connection pool when the client created it. */
  close(): Promise<void> {
    return this.basics.transport.close();
  }

  health(): Promise<Health> {
    return this.call({
      operation: "health",
      path: "/health",
      schema: HealthSchema,
    });
  }

  async me(apiKey: string): Promise<Profile> {
    const profile = await this.call({
      operation: "me",
      path: "/v1/me",
      apiKey,
      pace: "read",
      schema: ProfileSchema,
    });
    // What is learned from the profile never costs the caller its answer.
    await this.options
      .onProfile?.(profile)
      .catch((error: unknown) =>
        this.logger.warn({ err: error }, "what the profile says of billing was not kept"),
      );
    return profile;
  }

  /** Streams the file as the one part `file` of a multipart form; `file.open()` is called per attempt. */
  upload(apiKey: string, file: UploadSource): Promise<UploadResponse> {
    if (!Number.isSafeInteger(file.size) || file.size < 0) {
      return refused("upload", "invalid_request", `bad file size ${file.size}`);
    }
    if (file.size > this.maxUploadBytes) {
      return refused(
        "upload",
        "too_large",
        `${file.size} bytes is more than the service accepts (${this.maxUploadBytes})`,
      );
    }
    return this.call({
      operation: "upload",
      method: "POST",
      path: "/v1/uploads",
      apiKey,
      pace: "upload",
      timeoutMs: this.basics.uploadTimeoutMs(file.size),
      // Undici restarts this clock while the body is sent; it bounds the service's silence after it.
      headersTimeoutMs: this.basics.uploadBaseTimeoutMs,
      okStatuses: [200, 201],
      schema: UploadResponseSchema,
      body: () => multipartBody(file),
    });
  }

  createTask(apiKey: string, taskRequest: TaskRequest): Promise<{ task_id: number; status: TaskStatus }> {
    return this.call({
      operation: "createTask",
      method: "POST",
      path: "/v1/tasks",
      apiKey,
      pace: "create",
      retry: "create",
      okStatuses: [200, 201, 202],
      schema: CreateTaskResponseSchema,
      body: jsonRequestBody(taskRequest),
    });
  }

  getTask(apiKey: string, id: number, options: { priority?: ReadPriority } = {}): Promise<Task> {
    if (!Number.isSafeInteger(id) || id < 0) {
      return refused("getTask", "invalid_request", `bad task id ${id}`);
    }
    return this.call({
      operation: "getTask",
      path: `/v1/tasks/${id}`,
      apiKey,
      pace: options.priority === "background" ? "poll" : "read",
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
      return refused(
        "listTasks",
        "invalid_request",
        `limit must be 1..100 and offset >= 0 (got ${limit}, ${offset})`,
      );
    }
    return this.call({
      operation: "listTasks",
      path: `/v1/tasks?limit=${limit}&offset=${offset}`,
      apiKey,
      pace: options.priority === "background" ? "poll" : "read",
      schema: TaskListSchema,
    });
  }

  private call<T>(given: CallSpec<T>): Promise<T> {
    const spec = { ...given, method: given.method ?? "GET" };
    return withRetries({
      policy: this.basics.retryPolicy,
      random: this.basics.random,
      sleep: this.basics.sleep,
      attempt: async (attempt) => {
        if (spec.apiKey !== undefined && spec.pace !== undefined) {
          await this.options.pacing?.acquire(spec.apiKey, spec.pace, spec.operation);
        }
        return await this.attempt(spec, attempt);
      },
      retryable: (error: TasksServiceError) => isRetryable(spec.retry ?? "safe", error.kind, error.notSent),
      beforeWait: (error, attempt, waitMs) => {
        this.logger.warn(
          { op: spec.operation, method: spec.method, path: spec.path, attempt, kind: error.kind, waitMs },
          "tasks service call will be retried",
        );
      },
    });
  }

  private async attempt<T>(
    spec: CallSpec<T> & Required<Pick<CallSpec<T>, "method">>,
    attempt: number,
  ): Promise<{ value: T } | { error: TasksServiceError }> {
    const log = attemptLog(
      this.logger,
      "tasks",
      { op: spec.operation, method: spec.method, path: spec.path, attempt },
      this.basics.observeAttempt,
    );
    const fail = (init: Omit<TasksServiceErrorInit, "operation">) => {
      log(init.status, { kind: init.kind });
      return { error: new TasksServiceError({ ...init, operation: spec.operation }) };
    };
    const headers: Record<string, string> = { accept: "application/json" };
    if (spec.apiKey !== undefined) headers["x-api-key"] = spec.apiKey;
    const timeoutMs = spec.timeoutMs ?? this.basics.timeoutMs;
    const exchange = await this.basics.transport.send({
      method: spec.method,
      url: `${this.basics.baseUrl}${spec.path}`,
      headers,
      ...(spec.body === undefined ? {} : { body: spec.body }),
      timeoutMs,
      headersTimeoutMs: spec.headersTimeoutMs ?? timeoutMs,
      bodyTimeoutMs: timeoutMs,
    });
    if (exchange.failure) return fail(failureInit(exchange.failure));

    const { response } = exchange;
    const status = response.statusCode;
    const okStatuses = spec.okStatuses ?? [200];
    let text: string;
    try {
      text = await readText(response.body, MAX_RESPONSE_BYTES);
    } catch (error) {
      if (!okStatuses.includes(status) && status >= 400) {
        // The status alone says what happened even when its body was cut off.
        return fail({ kind: kindForStatus(status), status, cause: error });
      }
      return fail(failureInit(exchange.classify(error)));
    } finally {
      exchange.release();
    }

    if (!okStatuses.includes(status)) {
      const retryAfterMs = parseRetryAfter(response.headers["retry-after"], Date.now());
      return fail({
        kind: kindForStatus(status),
        status,
        detail: errorDetail(text),
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      });
    }

    const parsed = parseJsonAs(text, spec.schema);
    if (!("value" in parsed)) return fail({ kind: "invalid_response", status, ...parsed });
    log(status);
    return { value: parsed.value };
  }
}

function refused(operation: ServiceOperation, kind: ServiceErrorKind, detail: string): Promise<never> {
  return Promise.reject(new TasksServiceError({ kind, operation, detail }));
}

const KIND_OF_FAILURE: Record<TransportFailureKind, ServiceErrorKind> = {
  timeout: "timeout",
  network: "network",
  response_too_large: "invalid_response",
  upload_size_mismatch: "invalid_request",
  upload_source_failed: "network",
};

function failureInit(failure: TransportFailure): Omit<TasksServiceErrorInit, "operation"> {
  return { ...failure, kind: KIND_OF_FAILURE[failure.kind] };
}

function isRetryable(rule: RetryRule, kind: ServiceErrorKind, notSent: boolean): boolean {
  // The service refused it (429) or never saw it: creating again cannot make a second task.
  if (kind === "rate_limited" || notSent) return true;
  if (rule === "create") return false;
  return kind === "server" || kind === "network" || kind === "timeout";
}

function errorDetail(text: string): string | undefined {
  const parsed = parseJsonAs(text, ErrorBodySchema);
  return "value" in parsed ? parsed.value.detail : undefined;
}
