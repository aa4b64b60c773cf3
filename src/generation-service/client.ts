/**
 * HTTP client of the image and video generation service. Every call has a time-out. A 429 or 503 is
 * retried with jittered backoff that honours Retry-After; no other error status is. A broken or timed-out
 * connection is retried when repeating cannot do anything twice: reads, and POSTs, which all carry an
 * Idempotency-Key (the service answers a repeat with the first response). Each response's rate headers
 * go to shared storage, and each call waits its turn there first. The key is sent, never logged.
 */
import type { Readable } from "node:stream";
import { setTimeout as delay } from "node:timers/promises";
import type { Dispatcher } from "undici";
import type { z } from "zod";
import { summarizeIssues } from "../http-client/errors.js";
import {
  DEFAULT_RETRY_POLICY,
  parseRetryAfter,
  type RetryPolicy,
  withRetries,
} from "../http-client/retry.js";
import {
  attemptLog,
  type Exchange,
  type HttpRequest,
  HttpTransport,
  readText,
  type TransportFailure,
  uploadTimeoutMs,
} from "../http-client/transport.js";
import type { Logger } from "../logger.js";
import {
  errorForCode,
  FileTooLargeError,
  type GenerationErrorInit,
  type GenerationOperation,
  GenerationServiceError,
  InvalidRequestError,
  InvalidResponseError,
  RateLimitExceededError,
  type RateSnapshot,
  ServiceTimeoutError,
  ServiceUnreachableError,
  UnexpectedServiceError,
  UploadSourceFailedError,
  ValidationFailedError,
} from "./errors.js";
import { isIdempotencyKey } from "./idempotency.js";
import { type KeyRateLimits, readRateHeaders } from "./rate-limits.js";
import {
  type BulkDeleteRequest,
  BulkDeleteRequestSchema,
  FileIdSchema,
  GenerationIdSchema,
  type ImageGenerationRequest,
  ImageGenerationRequestSchema,
  type ListGenerationsQuery,
  ListGenerationsQuerySchema,
  type VideoGenerationRequest,
  VideoGenerationRequestSchema,
} from "./requests.js";
import {
  type Account,
  AccountSchema,
  type Batch,
  BatchSchema,
  type BulkDeleteResult,
  BulkDeleteResultSchema,
  CancelResponseSchema,
  type Catalog,
  CatalogSchema,
  ErrorBodySchema,
  type FileKind,
  type FileObject,
  FileObjectSchema,
  type Generation,
  type GenerationDeleted,
  GenerationDeletedSchema,
  type GenerationPage,
  GenerationPageSchema,
  GenerationSchema,
  ValidationErrorBodySchema,
} from "./responses.js";
import { encodeFilenameHeader, type FileUpload, rawUploadBody } from "./upload.js";

export interface GenerationServiceClientOptions {
  baseUrl: string;
  logger: Logger;
  /** The per-key budget shared by every instance; each keyed call waits its turn there. */
  rateLimits: KeyRateLimits;
  /** Time-out of a whole call that is not a file transfer, per attempt. Default 30 s. */
  timeoutMs?: number;
  /** Connection pool; by default the client owns one keep-alive Agent. */
  dispatcher?: Dispatcher;
  retry?: Partial<RetryPolicy>;
  /** Upload time-out: `uploadBaseTimeoutMs` plus the time the file takes at `uploadMinBytesPerSecond`. */
  uploadBaseTimeoutMs?: number;
  uploadMinBytesPerSecond?: number;
  /** Largest file sent per kind; larger ones fail as file_too_large without a request. */
  maxUploadBytes?: Partial<Record<FileKind, number>>;
  /** Waits between attempts (tests replace it). */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

/**
 * The spec's upload limits (20 MB image and audio, 200 MB video), read as binary megabytes: should the
 * service mean decimal ones, the few files in between are refused by it with 413 rather than by us.
 */
export const DEFAULT_MAX_UPLOAD_BYTES: Record<FileKind, number> = {
  image: 20 * 1024 * 1024,
  video: 200 * 1024 * 1024,
  audio: 20 * 1024 * 1024,
};

/** Said before the client waits to send a call again: why, and for how long. */
export interface RetryNotice {
  /** The error code of the attempt that failed. */
  code: string;
  /** The attempt that failed, from 1. */
  attempt: number;
  waitMs: number;
}

/** What a caller may ask of one call. */
export interface CallOptions {
  /** Told before each wait for another attempt, so the caller can say what is going on. */
  onRetry?: (notice: RetryNotice) => Promise<void>;
}

export interface CreatedBatch {
  batch: Batch;
  /** The service answered with the response of an earlier request with this Idempotency-Key. */
  replayed: boolean;
}

export interface UploadedFile {
  file: FileObject;
  replayed: boolean;
}

export interface CanceledGeneration {
  /** The canceled generation when the service answers with it (the spec does not show the answer). */
  generation: Generation | undefined;
  replayed: boolean;
}

export interface DeletedGenerations {
  result: BulkDeleteResult;
  replayed: boolean;
}

/** A file's content as it arrives. The caller reads the stream to its end or destroys it. */
export interface FileContent {
  stream: Readable;
  contentType: string | undefined;
  contentLength: number | undefined;
}

/** Largest JSON answer read; answers of this API are well under a megabyte. */
const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/** The statuses the spec says to retry. */
const RETRIED_STATUSES = new Set([429, 503]);

interface CallSpec<T> extends Omit<HttpRequest, "headers"> {
  operation: GenerationOperation;
  accept: string;
  apiKey?: string;
  idempotencyKey?: string;
  receive: (response: Dispatcher.ResponseData) => Promise<T>;
  onRetry?: CallOptions["onRetry"];
}

interface Received<T> {
  value: T;
  replayed: boolean;
}

export class GenerationServiceClient {
  private readonly baseUrl: string;
  private readonly logger: Logger;
  private readonly rateLimits: KeyRateLimits;
  private readonly timeoutMs: number;
  private readonly transport: HttpTransport;
  private readonly retryPolicy: RetryPolicy;
  private readonly uploadBaseTimeoutMs: number;
  private readonly uploadMinBytesPerSecond: number;
  private readonly maxUploadBytes: Record<FileKind, number>;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private readonly now: () => number;

  constructor(options: GenerationServiceClientOptions) {
    this.baseUrl = new URL(options.baseUrl).href.replace(/\/+$/, "");
    this.logger = options.logger;
    this.rateLimits = options.rateLimits;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.transport = new HttpTransport("generation service", options.dispatcher);
    this.retryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.uploadBaseTimeoutMs = options.uploadBaseTimeoutMs ?? 120_000;
    this.uploadMinBytesPerSecond = options.uploadMinBytesPerSecond ?? 512 * 1024;
    this.maxUploadBytes = { ...DEFAULT_MAX_UPLOAD_BYTES, ...options.maxUploadBytes };
    this.sleep = options.sleep ?? ((ms) => delay(ms));
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
  }

  /** Closes the connection pool when the client created it. */
  close(): Promise<void> {
    return this.transport.close();
  }

  /** GET /v1/models: the catalog. Needs no key; the service limits it per client address instead. */
  async listModels(): Promise<Catalog> {
    return await this.read("listModels", "GET", "/v1/models", undefined, CatalogSchema);
  }

  async getAccount(apiKey: string): Promise<Account> {
    return await this.read("getAccount", "GET", "/v1/account", apiKey, AccountSchema);
  }

  async createImages(
    apiKey: string,
    generationRequest: ImageGenerationRequest,
    idempotencyKey: string,
    options: CallOptions = {},
  ): Promise<CreatedBatch> {
    const body = checked("createImages", ImageGenerationRequestSchema, generationRequest);
    const { value, replayed } = await this.call({
      ...this.jsonSpec("createImages", "POST", "/v1/images/generations", apiKey, BatchSchema),
      ...jsonBody(body, "createImages", idempotencyKey),
      ...options,
    });
    return { batch: value, replayed };
  }

  async createVideos(
    apiKey: string,
    generationRequest: VideoGenerationRequest,
    idempotencyKey: string,
    options: CallOptions = {},
  ): Promise<CreatedBatch> {
    const body = checked("createVideos", VideoGenerationRequestSchema, generationRequest);
    const { value, replayed } = await this.call({
      ...this.jsonSpec("createVideos", "POST", "/v1/videos/generations", apiKey, BatchSchema),
      ...jsonBody(body, "createVideos", idempotencyKey),
      ...options,
    });
    return { batch: value, replayed };
  }

  async getGeneration(apiKey: string, generationId: string): Promise<Generation> {
    const id = checked("getGeneration", GenerationIdSchema, generationId);
    const path = `/v1/generations/${encodeURIComponent(id)}`;
    return await this.read("getGeneration", "GET", path, apiKey, GenerationSchema);
  }

  /** One page, newest first; pass the page's `next_cursor` as `starting_after` for the next. */
  async listGenerations(apiKey: string, query: ListGenerationsQuery = {}): Promise<GenerationPage> {
    const filters = checked("listGenerations", ListGenerationsQuerySchema, query);
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(filters)) {
      if (value !== undefined) search.set(name, String(value));
    }
    const path = search.size > 0 ? `/v1/generations?${search}` : "/v1/generations";
    return await this.read("listGenerations", "GET", path, apiKey, GenerationPageSchema);
  }

  /** Cancels a generation still queued; one already running gives AlreadyRunningError. */
  async cancelGeneration(
    apiKey: string,
    generationId: string,
    idempotencyKey: string,
  ): Promise<CanceledGeneration> {
    const id = checked("cancelGeneration", GenerationIdSchema, generationId);
    const path = `/v1/generations/${encodeURIComponent(id)}/cancel`;
    const { value, replayed } = await this.call({
      ...this.jsonSpec("cancelGeneration", "POST", path, apiKey, CancelResponseSchema),
      idempotencyKey: checkedIdempotencyKey("cancelGeneration", idempotencyKey),
    });
    return { generation: value, replayed };
  }

  /** Removes a finished generation's file and history row for good. */
  async deleteGeneration(apiKey: string, generationId: string): Promise<GenerationDeleted> {
    const id = checked("deleteGeneration", GenerationIdSchema, generationId);
    const path = `/v1/generations/${encodeURIComponent(id)}`;
    return await this.read("deleteGeneration", "DELETE", path, apiKey, GenerationDeletedSchema);
  }

  /** POST /v1/generations/delete: by ids (up to 500) or everything older than some days. */
  async deleteGenerations(
    apiKey: string,
    deletion: BulkDeleteRequest,
    idempotencyKey: string,
  ): Promise<DeletedGenerations> {
    const body = checked("deleteGenerations", BulkDeleteRequestSchema, deletion);
    const { value, replayed } = await this.call({
      ...this.jsonSpec("deleteGenerations", "POST", "/v1/generations/delete", apiKey, BulkDeleteResultSchema),
      ...jsonBody(body, "deleteGenerations", idempotencyKey),
    });
    return { result: value, replayed };
  }

  /**
   * POST /v1/files: the file's raw bytes as the body, streamed. `upload.open()` is called once per
   * attempt; memory stays flat whatever the size.
   */
  async uploadFile(
    apiKey: string,
    upload: FileUpload,
    idempotencyKey: string,
    options: CallOptions = {},
  ): Promise<UploadedFile> {
    if (!Number.isSafeInteger(upload.size) || upload.size < 0) {
      throw new InvalidRequestError({ operation: "uploadFile", detail: `bad file size ${upload.size}` });
    }
    const limit = this.maxUploadBytes[upload.kind];
    if (upload.size > limit) {
      throw new FileTooLargeError({
        operation: "uploadFile",
        detail: `${upload.size} bytes is more than the service takes for ${upload.kind} (${limit})`,
      });
    }
    const filename = upload.filename === undefined ? undefined : encodeFilenameHeader(upload.filename);
    const path = `/v1/files?${new URLSearchParams({ kind: upload.kind })}`;
    const { value, replayed } = await this.call({
      ...this.jsonSpec("uploadFile", "POST", path, apiKey, FileObjectSchema),
      idempotencyKey: checkedIdempotencyKey("uploadFile", idempotencyKey),
      timeoutMs: uploadTimeoutMs(upload.size, this.uploadBaseTimeoutMs, this.uploadMinBytesPerSecond),
      headersTimeoutMs: this.uploadBaseTimeoutMs,
      body: () => {
        const raw = rawUploadBody(upload);
        return {
          // The service detects the type from the bytes and does not trust this header.
          headers: {
            "content-type": "application/octet-stream",
            "content-length": String(upload.size),
            ...(filename === undefined ? {} : { "x-filename": filename }),
          },
          payload: raw.stream,
          release: raw.abort,
        };
      },
      ...options,
    });
    return { file: value, replayed };
  }

  /** GET /v1/files/{id}/content with the key; `poster` gives a video's poster frame. */
  async downloadFile(
    apiKey: string,
    fileId: string,
    options: { poster?: boolean } = {},
  ): Promise<FileContent> {
    const id = checked("downloadFile", FileIdSchema, fileId);
    const query = options.poster ? "?kind=poster" : "";
    return this.download(
      "downloadFile",
      `${this.baseUrl}/v1/files/${encodeURIComponent(id)}/content${query}`,
      apiKey,
    );
  }

  /** A signed result link (`output.url`, `poster_url`, a file's `url`), fetched without the key. */
  async downloadSignedLink(link: string): Promise<FileContent> {
    let url: URL;
    try {
      url = new URL(link);
    } catch (error) {
      throw new InvalidRequestError({ operation: "downloadSignedLink", detail: "not a URL", cause: error });
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") {
      throw new InvalidRequestError({
        operation: "downloadSignedLink",
        detail: `not a web link (${url.protocol})`,
      });
    }
    return this.download("downloadSignedLink", url.href, undefined);
  }

  private async download(
    operation: GenerationOperation,
    url: string,
    apiKey: string | undefined,
  ): Promise<FileContent> {
    const { value } = await this.call({
      operation,
      method: "GET",
      url,
      accept: "*/*",
      ...(apiKey === undefined ? {} : { apiKey }),
      headersTimeoutMs: this.timeoutMs,
      bodyTimeoutMs: this.timeoutMs,
      receive: async (response) => {
        const length = headerText(response.headers["content-length"]);
        return {
          stream: response.body,
          contentType: headerText(response.headers["content-type"]),
          contentLength: length !== undefined && /^\d+$/.test(length) ? Number(length) : undefined,
        };
      },
    });
    return value;
  }

  /** A call without a body whose JSON answer is all the caller needs. */
  private async read<T>(
    operation: GenerationOperation,
    method: "GET" | "DELETE",
    path: string,
    apiKey: string | undefined,
    schema: z.ZodType<T>,
  ): Promise<T> {
    return (await this.call(this.jsonSpec(operation, method, path, apiKey, schema))).value;
  }

  private jsonSpec<T>(
    operation: GenerationOperation,
    method: CallSpec<T>["method"],
    path: string,
    apiKey: string | undefined,
    schema: z.ZodType<T>,
  ): CallSpec<T> {
    return {
      operation,
      method,
      url: `${this.baseUrl}${path}`,
      accept: "application/json",
      ...(apiKey === undefined ? {} : { apiKey }),
      timeoutMs: this.timeoutMs,
      headersTimeoutMs: this.timeoutMs,
      bodyTimeoutMs: this.timeoutMs,
      receive: async (response) => {
        const status = response.statusCode;
        const text = await readText(response.body, MAX_RESPONSE_BYTES);
        let json: unknown;
        try {
          json = text.length === 0 ? undefined : JSON.parse(text);
        } catch (error) {
          throw new InvalidResponseError({ operation, status, detail: "body is not JSON", cause: error });
        }
        const parsed = schema.safeParse(json);
        if (!parsed.success) {
          throw new InvalidResponseError({
            operation,
            status,
            detail: summarizeIssues(parsed.error),
            cause: parsed.error,
          });
        }
        return parsed.data;
      },
    };
  }

  private call<T>(spec: CallSpec<T>): Promise<Received<T>> {
    return withRetries({
      policy: this.retryPolicy,
      random: this.random,
      sleep: this.sleep,
      attempt: async (attempt) => {
        if (spec.apiKey !== undefined) await this.awaitTurn(spec.apiKey, spec.operation);
        return await this.attempt(spec, attempt);
      },
      retryable: (error: GenerationServiceError) => isRetryable(spec, error),
      beforeWait: async (error, attempt, waitMs) => {
        this.logger.warn(
          {
            op: spec.operation,
            method: spec.method,
            path: pathOf(spec.url),
            attempt,
            code: error.code,
            waitMs,
          },
          "generation service call will be retried",
        );
        await this.tell(spec, { code: error.code, attempt, waitMs });
      },
    });
  }

  /** Tells the caller of a wait; what it does with the news cannot stop the call. */
  private async tell<T>(spec: CallSpec<T>, notice: RetryNotice): Promise<void> {
    if (!spec.onRetry) return;
    try {
      await spec.onRetry(notice);
    } catch (error) {
      this.logger.warn({ op: spec.operation, err: error }, "a retry notice could not be handled");
    }
  }

  /**
   * Waits while the shared state says the key has nothing left. Storage trouble does not stop the call:
   * the service still enforces its rate, and its 429 is retried.
   */
  private async awaitTurn(apiKey: string, operation: GenerationOperation): Promise<void> {
    try {
      await this.rateLimits.awaitTurn(apiKey, operation);
    } catch (error) {
      if (error instanceof RateLimitExceededError) throw error;
      this.logger.warn({ op: operation, err: error }, "generation rate state unreadable; sending anyway");
    }
  }

  private async remember(apiKey: string, operation: GenerationOperation, write: () => Promise<void>) {
    try {
      await write();
    } catch (error) {
      // A call that succeeded (a batch created, tokens reserved) must not fail over its bookkeeping.
      this.logger.warn(
        { op: operation, err: error, keyId: this.rateLimits.storageKey(apiKey) },
        "generation rate state not saved",
      );
    }
  }

  private async attempt<T>(
    spec: CallSpec<T>,
    attempt: number,
  ): Promise<{ value: Received<T> } | { error: GenerationServiceError }> {
    const { operation, method, url, apiKey } = spec;
    const log = attemptLog(this.logger, "generation", { op: operation, method, path: pathOf(url), attempt });
    const fail = (error: GenerationServiceError) => {
      log(error.status, { code: error.code });
      return { error };
    };
    const headers: Record<string, string> = { accept: spec.accept };
    if (apiKey !== undefined) headers.authorization = `Bearer ${apiKey}`;
    if (spec.idempotencyKey !== undefined) headers["idempotency-key"] = spec.idempotencyKey;
    const exchange = await this.transport.send({ ...spec, headers });
    if (exchange.failure) return fail(errorOfFailure(operation, exchange.failure));

    const { response } = exchange;
    const status = response.statusCode;
    const rate = readRateHeaders(response.headers, this.now());
    if (apiKey !== undefined && rate !== undefined) {
      await this.remember(apiKey, operation, () => this.rateLimits.record(apiKey, rate));
    }
    if (status < 200 || status >= 300) {
      const error = await this.errorFromResponse(operation, response, rate).finally(exchange.release);
      if (apiKey !== undefined && error.code === "rate_limit_exceeded" && error.retryAfterMs !== undefined) {
        const retryAfterMs = error.retryAfterMs;
        await this.remember(apiKey, operation, () =>
          this.rateLimits.recordRefusal(apiKey, retryAfterMs, rate),
        );
      }
      return fail(error);
    }
    return await this.receive(spec, exchange, log);
  }

  private async receive<T>(
    spec: CallSpec<T>,
    exchange: Exchange & { response: Dispatcher.ResponseData },
    log: ReturnType<typeof attemptLog>,
  ): Promise<{ value: Received<T> } | { error: GenerationServiceError }> {
    const { response } = exchange;
    try {
      const value = await spec.receive(response);
      log(response.statusCode);
      const replayed = headerText(response.headers["idempotent-replay"])?.toLowerCase() === "true";
      return { value: { value, replayed } };
    } catch (error) {
      const failed =
        error instanceof GenerationServiceError
          ? error
          : errorOfFailure(spec.operation, exchange.classify(error));
      log(failed.status, { code: failed.code });
      return { error: failed };
    } finally {
      exchange.release();
    }
  }

  /** The typed error of an error status, chosen by the body's `error.code`. */
  private async errorFromResponse(
    operation: GenerationOperation,
    response: Dispatcher.ResponseData,
    rate: RateSnapshot | undefined,
  ): Promise<GenerationServiceError> {
    const status = response.statusCode;
    const retryAfterMs = parseRetryAfter(response.headers["retry-after"], this.now());
    const init: GenerationErrorInit = {
      operation,
      status,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      ...(rate === undefined ? {} : { rate }),
    };
    let json: unknown;
    try {
      json = JSON.parse(await readText(response.body, MAX_RESPONSE_BYTES));
    } catch (error) {
      // The status still says what happened when the body is cut off or is not JSON (a proxy's page).
      return new UnexpectedServiceError({ ...init, cause: error });
    }
    const serviceError = ErrorBodySchema.safeParse(json);
    if (serviceError.success) {
      const { code, message, type, param } = serviceError.data.error;
      return errorForCode(code, {
        ...init,
        detail: message,
        ...(type == null ? {} : { errorType: type }),
        ...(param == null ? {} : { param }),
      });
    }
    const validation = ValidationErrorBodySchema.safeParse(json);
    if (status === 422 && validation.success) {
      return new ValidationFailedError({
        ...init,
        detail: validation.data.detail.map(describeValidationIssue).join("; "),
        issues: validation.data.detail,
      });
    }
    return new UnexpectedServiceError(init);
  }
}

function isRetryable<T>(spec: CallSpec<T>, error: GenerationServiceError): boolean {
  if (error.status !== undefined) return RETRIED_STATUSES.has(error.status);
  const broken =
    error instanceof ServiceTimeoutError ||
    error instanceof ServiceUnreachableError ||
    error instanceof UploadSourceFailedError;
  if (!broken) return false;
  // A DELETE that may have been done would answer its repeat with 404; only one never sent is repeated.
  return error.notSent || spec.method === "GET" || spec.idempotencyKey !== undefined;
}

function checked<T>(operation: GenerationOperation, schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0]?.path.join(".");
  throw new InvalidRequestError({
    operation,
    detail: summarizeIssues(parsed.error),
    ...(first ? { param: first } : {}),
    cause: parsed.error,
  });
}

function checkedIdempotencyKey(operation: GenerationOperation, key: string): string {
  if (isIdempotencyKey(key)) return key;
  throw new InvalidRequestError({
    operation,
    param: "Idempotency-Key",
    detail: "an idempotency key is 1 to 255 visible ASCII characters",
  });
}

function jsonBody(
  body: unknown,
  operation: GenerationOperation,
  idempotencyKey: string,
): Pick<CallSpec<unknown>, "body" | "idempotencyKey"> {
  const json = JSON.stringify(body);
  return {
    idempotencyKey: checkedIdempotencyKey(operation, idempotencyKey),
    body: () => ({ headers: { "content-type": "application/json" }, payload: json }),
  };
}

/** The error each failure on our side of the wire is told as. */
function errorOfFailure(operation: GenerationOperation, failure: TransportFailure): GenerationServiceError {
  const init = {
    operation,
    ...(failure.detail === undefined ? {} : { detail: failure.detail }),
    notSent: failure.notSent,
    cause: failure.cause,
  };
  switch (failure.kind) {
    case "response_too_large":
      return new InvalidResponseError(init);
    case "upload_size_mismatch":
      return new InvalidRequestError(init);
    case "upload_source_failed":
      return new UploadSourceFailedError(init);
    case "timeout":
      return new ServiceTimeoutError(init);
    case "network":
      return new ServiceUnreachableError(init);
  }
}

function headerText(value: string | string[] | undefined): string | undefined {
  return (Array.isArray(value) ? value[0] : value)?.trim();
}

/** The path without its query: signed links carry their signature there. */
function pathOf(url: string): string {
  return new URL(url).pathname;
}

function describeValidationIssue(issue: { loc: (string | number)[]; msg: string }): string {
  const where = issue.loc.filter((part) => part !== "body").join(".");
  return where ? `${where}: ${issue.msg}` : issue.msg;
}
