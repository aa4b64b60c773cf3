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
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "../http-client/retry.js";
import { HttpTransport, uploadTimeoutMs } from "../http-client/transport.js";
import type { Logger } from "../logger.js";
import {
  type CallOptions,
  type CallSpec,
  GenerationCalls,
  headerText,
  jsonBody,
  receiveJson,
} from "./calls.js";
import { type GenerationOperation, GenerationServiceError } from "./errors.js";
import type { KeyRateLimits } from "./rate-limits.js";
import {
  type BulkDeleteRequest,
  BulkDeleteRequestSchema,
  checked,
  checkedIdempotencyKey,
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
  type FileKind,
  type FileObject,
  FileObjectSchema,
  type Generation,
  type GenerationDeleted,
  GenerationDeletedSchema,
  type GenerationPage,
  GenerationPageSchema,
  GenerationSchema,
} from "./responses.js";
import { encodeFilenameHeader, type FileUpload, rawUploadBody } from "./upload.js";

export type { CallOptions, RetryNotice } from "./calls.js";

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

export class GenerationServiceClient {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly transport: HttpTransport;
  private readonly calls: GenerationCalls;
  private readonly uploadBaseTimeoutMs: number;
  private readonly uploadMinBytesPerSecond: number;
  private readonly maxUploadBytes: Record<FileKind, number>;

  constructor(options: GenerationServiceClientOptions) {
    this.baseUrl = new URL(options.baseUrl).href.replace(/\/+$/, "");
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.transport = new HttpTransport("generation service", options.dispatcher);
    this.calls = new GenerationCalls({
      logger: options.logger,
      rateLimits: options.rateLimits,
      transport: this.transport,
      retryPolicy: { ...DEFAULT_RETRY_POLICY, ...options.retry },
      sleep: options.sleep ?? ((ms) => delay(ms)),
      random: options.random ?? Math.random,
      now: options.now ?? Date.now,
    });
    this.uploadBaseTimeoutMs = options.uploadBaseTimeoutMs ?? 120_000;
    this.uploadMinBytesPerSecond = options.uploadMinBytesPerSecond ?? 512 * 1024;
    this.maxUploadBytes = { ...DEFAULT_MAX_UPLOAD_BYTES, ...options.maxUploadBytes };
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
    const { value, replayed } = await this.calls.call({
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
    const { value, replayed } = await this.calls.call({
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

  /** Cancels a generation still queued; one already running fails with already_running. */
  async cancelGeneration(
    apiKey: string,
    generationId: string,
    idempotencyKey: string,
  ): Promise<CanceledGeneration> {
    const id = checked("cancelGeneration", GenerationIdSchema, generationId);
    const path = `/v1/generations/${encodeURIComponent(id)}/cancel`;
    const { value, replayed } = await this.calls.call({
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
    const { value, replayed } = await this.calls.call({
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
      throw new GenerationServiceError("invalid_request", {
        operation: "uploadFile",
        detail: `bad file size ${upload.size}`,
      });
    }
    const limit = this.maxUploadBytes[upload.kind];
    if (upload.size > limit) {
      throw new GenerationServiceError("file_too_large", {
        operation: "uploadFile",
        detail: `${upload.size} bytes is more than the service takes for ${upload.kind} (${limit})`,
      });
    }
    const filename = upload.filename === undefined ? undefined : encodeFilenameHeader(upload.filename);
    const path = `/v1/files?${new URLSearchParams({ kind: upload.kind })}`;
    const { value, replayed } = await this.calls.call({
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
      throw new GenerationServiceError("invalid_request", {
        operation: "downloadSignedLink",
        detail: "not a URL",
        cause: error,
      });
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") {
      throw new GenerationServiceError("invalid_request", {
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
    const { value } = await this.calls.call({
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
    return (await this.calls.call(this.jsonSpec(operation, method, path, apiKey, schema))).value;
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
      receive: receiveJson(operation, schema),
    };
  }
}
