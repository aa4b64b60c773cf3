/**
 * HTTP client of the image and video generation service. Every call has a time-out. A 429 or 503 is
 * retried with jittered backoff that honours Retry-After; no other error status is. A broken or timed-out
 * connection is retried when repeating cannot do anything twice: reads, and POSTs, which all carry an
 * Idempotency-Key (the service answers a repeat with the first response). Each response's rate headers
 * go to shared storage, and each call waits its turn there first. The key is sent, never logged.
 */
import type { z } from "zod";
import {
  type ServiceClientBasics,
  type ServiceClientOptions,
  serviceClientBasics,
} from "../http-client/client-options.js";
import { jsonRequestBody } from "../http-client/transport.js";
import { uploadStream } from "../http-client/upload-stream.js";
import type { Logger } from "../logger.js";
import { type CallOptions, type CallSpec, GenerationCalls } from "./calls.js";
import { type GenerationErrorCode, type GenerationOperation, GenerationServiceError } from "./errors.js";
import type { KeyRateLimits } from "./rate-limits.js";
import {
  type BulkDeleteRequest,
  BulkDeleteRequestSchema,
  checked,
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
import { encodeFilenameHeader, type FileUpload } from "./upload.js";

export type { CallOptions } from "./calls.js";

export interface GenerationServiceClientOptions extends ServiceClientOptions {
  logger: Logger;
  /** The per-key budget shared by every instance; each keyed call waits its turn there. */
  rateLimits: KeyRateLimits;
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

/** Where each kind of batch is created, and the schema its request must pass first. */
const BATCH_CREATIONS = {
  createImages: { path: "/v1/images/generations", schema: ImageGenerationRequestSchema },
  createVideos: { path: "/v1/videos/generations", schema: VideoGenerationRequestSchema },
} as const;

/** `replayed`: the service answered with the response of an earlier request with this Idempotency-Key. */
type Replayed<Name extends string, T> = Record<Name, T> & { replayed: boolean };
export type CreatedBatch = Replayed<"batch", Batch>;
export type DeletedGenerations = Replayed<"result", BulkDeleteResult>;

/** Creates a batch from a request of one kind; the Idempotency-Key makes a repeat answer as the first. */
type CreateBatch<Request> = (
  apiKey: string,
  generationRequest: Request,
  idempotencyKey: string,
  options?: CallOptions,
) => Promise<CreatedBatch>;

export class GenerationServiceClient {
  private readonly basics: ServiceClientBasics;
  private readonly calls: GenerationCalls;

  constructor(options: GenerationServiceClientOptions) {
    this.basics = serviceClientBasics("generation service", options);
    this.calls = new GenerationCalls({
      ...this.basics,
      logger: options.logger,
      rateLimits: options.rateLimits,
      now: options.now ?? Date.now,
    });
  }

  /** Closes the connection pool when the client created it. */
  close(): Promise<void> {
    return this.basics.transport.close();
  }

  /** GET /v1/models: the catalog. Needs no key; the service limits it per client address instead. */
  async listModels(): Promise<Catalog> {
    return await this.read("listModels", "GET", "/v1/models", undefined, CatalogSchema);
  }

  async getAccount(apiKey: string): Promise<Account> {
    return await this.read("getAccount", "GET", "/v1/account", apiKey, AccountSchema);
  }

  readonly createImages: CreateBatch<ImageGenerationRequest> = (...call) =>
    this.createBatch("createImages", ...call);

  readonly createVideos: CreateBatch<VideoGenerationRequest> = (...call) =>
    this.createBatch("createVideos", ...call);

  /** Checks the request against its schema before sending it. */
  private async createBatch(
    operation: keyof typeof BATCH_CREATIONS,
    apiKey: string,
    generationRequest: unknown,
    idempotencyKey: string,
    options: CallOptions = {},
  ): Promise<CreatedBatch> {
    const { path, schema } = BATCH_CREATIONS[operation];
    const body: unknown = checked(operation, schema, generationRequest);
    const { value, replayed } = await this.calls.call({
      ...this.jsonSpec(operation, "POST", path, apiKey, BatchSchema),
      body: jsonRequestBody(body),
      idempotencyKey,
      ...options,
    });
    return { batch: value, replayed };
  }

  async getGeneration(apiKey: string, generationId: string): Promise<Generation> {
    const path = generationPath("getGeneration", generationId);
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
  ): Promise<Replayed<"generation", Generation | undefined>> {
    const path = `${generationPath("cancelGeneration", generationId)}/cancel`;
    const { value, replayed } = await this.calls.call({
      ...this.jsonSpec("cancelGeneration", "POST", path, apiKey, CancelResponseSchema),
      idempotencyKey,
    });
    return { generation: value, replayed };
  }

  /** Removes a finished generation's file and history row for good. */
  async deleteGeneration(apiKey: string, generationId: string): Promise<GenerationDeleted> {
    const path = generationPath("deleteGeneration", generationId);
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
      body: jsonRequestBody(body),
      idempotencyKey,
    });
    return { result: value, replayed };
  }

  /** POST /v1/files: the raw bytes streamed, `upload.open()` once per attempt, so memory stays flat. */
  async uploadFile(
    apiKey: string,
    upload: FileUpload,
    idempotencyKey: string,
    options: CallOptions = {},
  ): Promise<Replayed<"file", FileObject>> {
    if (!Number.isSafeInteger(upload.size) || upload.size < 0) {
      throw uploadRefusal("invalid_request", `bad file size ${upload.size}`);
    }
    const limit = DEFAULT_MAX_UPLOAD_BYTES[upload.kind];
    if (upload.size > limit) {
      const detail = `${upload.size} bytes is more than the service takes for ${upload.kind} (${limit})`;
      throw uploadRefusal("file_too_large", detail);
    }
    const filename = upload.filename === undefined ? undefined : encodeFilenameHeader(upload.filename);
    const path = `/v1/files?${new URLSearchParams({ kind: upload.kind })}`;
    const { value, replayed } = await this.calls.call({
      ...this.jsonSpec("uploadFile", "POST", path, apiKey, FileObjectSchema),
      idempotencyKey,
      timeoutMs: this.basics.uploadTimeoutMs(upload.size),
      headersTimeoutMs: this.basics.uploadBaseTimeoutMs,
      body: () => {
        // The file's bytes, checked against the declared size as they pass.
        const raw = uploadStream(() => upload.open(), upload.size);
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
      url: `${this.basics.baseUrl}${path}`,
      ...(apiKey === undefined ? {} : { apiKey }),
      timeoutMs: this.basics.timeoutMs,
      headersTimeoutMs: this.basics.timeoutMs,
      bodyTimeoutMs: this.basics.timeoutMs,
      schema,
    };
  }
}

/** A generation's path, its id checked first. */
function generationPath(operation: GenerationOperation, generationId: string): string {
  return `/v1/generations/${encodeURIComponent(checked(operation, GenerationIdSchema, generationId))}`;
}

/** An upload refused before sending: nothing reached the service. */
function uploadRefusal(code: GenerationErrorCode, detail: string): GenerationServiceError {
  return new GenerationServiceError(code, { operation: "uploadFile", detail });
}
