/**
 * HTTP client of the image and video generation service. Every call has a time-out. A 429 or 503 is
 * retried with jittered backoff that honours Retry-After; no other error status is. A broken or timed-out
 * connection is retried when repeating cannot do anything twice: reads, and POSTs, which all carry an
 * Idempotency-Key (the service answers a repeat with the first response). Each response's rate headers
 * go to shared storage, and each call waits its turn there first. The key is sent, never logged.
 */
import type { Readable } from "node:stream";
import { setTimeout as delay } from "node:timers/promises";
import { Agent, type Dispatcher, request } from "undici";
import type { z } from "zod";
import { DEFAULT_RETRY_POLICY, nextDelay, parseRetryAfter, type RetryPolicy } from "../http-client/retry.js";
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
import {
  encodeFilenameHeader,
  type FileUpload,
  rawUploadBody,
  UploadSizeMismatchError,
  UploadStreamError,
} from "./upload.js";

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

/** Failures that happen before a connection exists: the request cannot have reached the service. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "UND_ERR_CONNECT_TIMEOUT"]);
const TIMEOUT_CODES = new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "UND_ERR_CONNECT_TIMEOUT"]);

/** The statuses the spec says to retry. */
const RETRIED_STATUSES = new Set([429, 503]);

interface RequestBody {
  headers: Record<string, string>;
  payload: string | Readable;
  /** Releases what the body holds open when the attempt ends. */
  release?: () => void;
}

interface CallSpec<T> {
  operation: GenerationOperation;
  method: "GET" | "POST" | "DELETE";
  /** Absolute URL of the request. */
  url: string;
  accept: string;
  apiKey?: string;
  idempotencyKey?: string;
  /** Whole-attempt time-out; absent for downloads, whose size is not known in advance. */
  timeoutMs?: number;
  /** Time to the response's headers; undici restarts it while a body is being sent. */
  headersTimeoutMs: number;
  /** Longest silence while the response's body arrives. */
  bodyTimeoutMs: number;
  body?: () => RequestBody;
  receive: (response: Dispatcher.ResponseData) => Promise<T>;
  onRetry?: CallOptions["onRetry"];
}

interface Received<T> {
  value: T;
  replayed: boolean;
}

/** The outcome of one attempt that did not produce a value. */
interface AttemptFailure {
  error: GenerationServiceError;
  /** The request certainly did not reach the service. */
  notSent: boolean;
}

export class GenerationServiceClient {
  private readonly baseUrl: string;
  private readonly logger: Logger;
  private readonly rateLimits: KeyRateLimits;
  private readonly timeoutMs: number;
  private readonly dispatcher: Dispatcher;
  private readonly ownsDispatcher: boolean;
  private readonly retryPolicy: RetryPolicy;
  private readonly uploadBaseTimeoutMs: number;
  private readonly uploadMinBytesPerSecond: number;
  private readonly maxUploadBytes: Record<FileKind, number>;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private readonly now: () => number;
  private closed = false;

  constructor(options: GenerationServiceClientOptions) {
    this.baseUrl = new URL(options.baseUrl).href.replace(/\/+$/, "");
    this.logger = options.logger;
    this.rateLimits = options.rateLimits;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.ownsDispatcher = options.dispatcher === undefined;
    this.dispatcher = options.dispatcher ?? new Agent({ keepAliveTimeout: 4_000, connections: 32 });
    this.retryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.uploadBaseTimeoutMs = options.uploadBaseTimeoutMs ?? 120_000;
    this.uploadMinBytesPerSecond = options.uploadMinBytesPerSecond ?? 512 * 1024;
    this.maxUploadBytes = { ...DEFAULT_MAX_UPLOAD_BYTES, ...options.maxUploadBytes };
    this.sleep = options.sleep ?? ((ms) => delay(ms));
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
  }

  /** Closes the connection pool when the client created it. */
  async close(): Promise<void> {
    if (!this.ownsDispatcher || this.closed) return;
    this.closed = true;
    await this.dispatcher.close();
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

  private async call<T>(spec: CallSpec<T>): Promise<Received<T>> {
    let waitedMs = 0;
    for (let attempt = 1; ; attempt += 1) {
      if (spec.apiKey !== undefined) await this.awaitTurn(spec.apiKey, spec.operation);
      const outcome = await this.attempt(spec, attempt);
      if (!("error" in outcome)) return outcome;
      const { error, notSent } = outcome;
      const wait = isRetryable(spec, error, notSent)
        ? nextDelay(this.retryPolicy, attempt, waitedMs, error.retryAfterMs, this.random)
        : undefined;
      if (wait === undefined) throw error;
      this.logger.warn(
        {
          op: spec.operation,
          method: spec.method,
          path: pathOf(spec.url),
          attempt,
          code: error.code,
          waitMs: wait,
        },
        "generation service call will be retried",
      );
      waitedMs += wait;
      await this.tell(spec, { code: error.code, attempt, waitMs: wait });
      await this.sleep(wait);
    }
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

  private async attempt<T>(spec: CallSpec<T>, attempt: number): Promise<Received<T> | AttemptFailure> {
    const started = performance.now();
    const signal = spec.timeoutMs === undefined ? undefined : AbortSignal.timeout(spec.timeoutMs);
    const headers: Record<string, string> = { accept: spec.accept };
    if (spec.apiKey !== undefined) headers.authorization = `Bearer ${spec.apiKey}`;
    if (spec.idempotencyKey !== undefined) headers["idempotency-key"] = spec.idempotencyKey;
    const log = (status: number | undefined, code?: string) => {
      const fields = {
        op: spec.operation,
        method: spec.method,
        path: pathOf(spec.url),
        status,
        latencyMs: Math.round(performance.now() - started),
        attempt,
        ...(code ? { code } : {}),
      };
      if (code) this.logger.warn(fields, "generation service call failed");
      else this.logger.debug(fields, "generation service call");
    };
    const fail = (error: GenerationServiceError, notSent = false): AttemptFailure => {
      log(error.status, error.code);
      return { error, notSent };
    };

    let body: RequestBody | undefined;
    let response: Dispatcher.ResponseData;
    try {
      body = spec.body?.();
      response = await request(spec.url, {
        method: spec.method,
        headers: { ...headers, ...body?.headers },
        body: body?.payload ?? null,
        dispatcher: this.dispatcher,
        ...(signal === undefined ? {} : { signal }),
        headersTimeout: spec.headersTimeoutMs,
        bodyTimeout: spec.bodyTimeoutMs,
      });
    } catch (error) {
      body?.release?.();
      return fail(...classifyThrown(spec.operation, error, signal));
    }

    const status = response.statusCode;
    const rate = readRateHeaders(response.headers, this.now());
    const apiKey = spec.apiKey;
    if (apiKey !== undefined && rate !== undefined) {
      await this.remember(apiKey, spec.operation, () => this.rateLimits.record(apiKey, rate));
    }

    if (status < 200 || status >= 300) {
      const error = await this.errorFromResponse(spec.operation, response, rate).finally(() =>
        body?.release?.(),
      );
      if (apiKey !== undefined && error.code === "rate_limit_exceeded" && error.retryAfterMs !== undefined) {
        const retryAfterMs = error.retryAfterMs;
        await this.remember(apiKey, spec.operation, () =>
          this.rateLimits.recordRefusal(apiKey, retryAfterMs, rate),
        );
      }
      return fail(error);
    }

    try {
      const value = await spec.receive(response);
      log(status);
      return { value, replayed: headerText(response.headers["idempotent-replay"])?.toLowerCase() === "true" };
    } catch (error) {
      if (error instanceof GenerationServiceError) return fail(error);
      return fail(...classifyThrown(spec.operation, error, signal));
    } finally {
      body?.release?.();
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

/** An upload's whole time-out: a fixed allowance plus the transfer time at the slowest accepted rate. */
export function uploadTimeoutMs(size: number, baseMs: number, minBytesPerSecond: number): number {
  return Math.ceil(baseMs + (size / minBytesPerSecond) * 1000);
}

function isRetryable<T>(spec: CallSpec<T>, error: GenerationServiceError, notSent: boolean): boolean {
  if (error.status !== undefined) return RETRIED_STATUSES.has(error.status);
  const broken =
    error instanceof ServiceTimeoutError ||
    error instanceof ServiceUnreachableError ||
    error instanceof UploadSourceFailedError;
  if (!broken) return false;
  // A DELETE that may have been done would answer its repeat with 404; only one never sent is repeated.
  return notSent || spec.method === "GET" || spec.idempotencyKey !== undefined;
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

type FailureArgs = [GenerationServiceError, boolean];

function classifyThrown(
  operation: GenerationOperation,
  error: unknown,
  signal: AbortSignal | undefined,
): FailureArgs {
  if (error instanceof ResponseTooLargeError) {
    return [new InvalidResponseError({ operation, detail: error.message, cause: error }), false];
  }
  if (error instanceof UploadSizeMismatchError) {
    return [new InvalidRequestError({ operation, detail: error.message, cause: error }), false];
  }
  if (error instanceof UploadStreamError) {
    return [new UploadSourceFailedError({ operation, detail: error.message, cause: error }), false];
  }
  const code = errorCode(error);
  const notSent = code !== undefined && NOT_SENT_CODES.has(code);
  if (signal?.aborted || (code !== undefined && TIMEOUT_CODES.has(code))) {
    return [new ServiceTimeoutError({ operation, cause: error }), notSent];
  }
  return [
    new ServiceUnreachableError({ operation, ...(code ? { detail: code } : {}), cause: error }),
    notSent,
  ];
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
    if (!Buffer.isBuffer(chunk)) throw new TypeError("response body chunks must be bytes");
    total += chunk.byteLength;
    if (total > limit) {
      body.destroy();
      throw new ResponseTooLargeError(`response body larger than ${limit} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
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

function summarizeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
    .join("; ");
}
