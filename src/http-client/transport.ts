/**
 * One attempt of an HTTP call for every service client: time-outs, the answer's body read up to a limit,
 * and whether a failure certainly never reached the service (only then is a call that is not safe to
 * repeat sent again). undici and the pool are made at the first call: most updates never reach a service.
 */
import type { Readable } from "node:stream";
import type { Dispatcher } from "undici";
import type { z } from "zod";
import { summarizeIssues } from "./errors.js";
import { UploadSizeMismatchError, UploadSourceError } from "./upload-stream.js";

export interface RequestBody {
  headers: Record<string, string>;
  payload: string | Readable;
  release?: () => void;
}

export interface HttpRequest {
  method: "GET" | "POST" | "DELETE";
  url: string;
  headers: Record<string, string>;
  /** Made again for each attempt: a streamed body is read once. */
  body?: () => RequestBody;
  /** Whole-attempt time-out; absent for downloads, whose size is not known in advance. */
  timeoutMs?: number;
  /** Time to the response's headers; undici restarts it while a body is being sent. */
  headersTimeoutMs: number;
  /** Longest silence while the response's body arrives. */
  bodyTimeoutMs: number;
}

/** What went wrong on our side of the wire, before or while the answer arrived. */
export type TransportFailureKind =
  | "timeout"
  | "network"
  | "response_too_large"
  | "upload_size_mismatch"
  | "upload_source_failed";

export interface TransportFailure {
  kind: TransportFailureKind;
  notSent: boolean;
  /** The system error code of a network failure, or the message of a failure of ours. */
  detail?: string;
  cause: unknown;
}

/** One attempt's answer, or the failure that left it without one. */
export type Exchange =
  | {
      response: Dispatcher.ResponseData;
      /** What a failure while reading the answer means. */
      classify: (error: unknown) => TransportFailure;
      /** Ends the request body's hold on its source; call it once the answer is read. */
      release: () => void;
      failure?: never;
    }
  | { failure: TransportFailure; response?: never };

/** Failures that happen before a connection exists: the request cannot have reached the service. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "UND_ERR_CONNECT_TIMEOUT"]);
const TIMEOUT_CODES = new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "UND_ERR_CONNECT_TIMEOUT"]);

let undici: Promise<typeof import("undici")> | undefined;
const loadUndici = () => (undici ??= import("undici"));

export class HttpTransport {
  private ownDispatcher: Promise<Dispatcher> | undefined;
  private closed = false;

  /** `givenDispatcher` is the connection pool; without one the transport owns a keep-alive Agent. */
  constructor(
    private readonly name: string,
    private readonly givenDispatcher?: Dispatcher,
  ) {}

  /** Closes the connection pool when the transport created it. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await (await this.ownDispatcher)?.close();
  }

  private dispatcher(): Promise<Dispatcher> {
    if (this.givenDispatcher) return Promise.resolve(this.givenDispatcher);
    if (this.ownDispatcher === undefined && this.closed) {
      return Promise.reject(new Error(`the ${this.name} client is closed`));
    }
    this.ownDispatcher ??= loadUndici().then(
      ({ Agent }) =>
        new Agent({
          // Below common server idle limits (uvicorn closes after 5 s): reusing a socket the service is
          // closing fails a request ambiguously, and a call that is not safe to repeat is not repeated.
          keepAliveTimeout: 4_000,
          connections: 32,
        }),
    );
    return this.ownDispatcher;
  }

  /** Sends one attempt and waits for the answer's headers. */
  async send(spec: HttpRequest): Promise<Exchange> {
    const signal = spec.timeoutMs === undefined ? undefined : AbortSignal.timeout(spec.timeoutMs);
    const classify = (error: unknown) => classifyThrown(error, signal);
    let body: RequestBody | undefined;
    try {
      body = spec.body?.();
      const { request } = await loadUndici();
      const response = await request(spec.url, {
        method: spec.method,
        headers: { ...spec.headers, ...body?.headers },
        body: body?.payload ?? null,
        dispatcher: await this.dispatcher(),
        ...(signal === undefined ? {} : { signal }),
        headersTimeout: spec.headersTimeoutMs,
        bodyTimeout: spec.bodyTimeoutMs,
      });
      return { response, classify, release: () => body?.release?.() };
    } catch (error) {
      body?.release?.();
      return { failure: classify(error) };
    }
  }
}

class ResponseTooLargeError extends Error {
  override readonly name = "ResponseTooLargeError";
}

/** Reads a whole body as UTF-8 text; a body over `limit` bytes is cut off and fails. */
export async function readText(body: Dispatcher.ResponseData["body"], limit: number): Promise<string> {
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

/** A header's value: the first of a repeated header, trimmed. */
export function headerText(value: string | string[] | undefined): string | undefined {
  return (Array.isArray(value) ? value[0] : value)?.trim();
}

/** A JSON request body, made again for each attempt. */
export function jsonRequestBody(value: unknown): () => RequestBody {
  const payload = JSON.stringify(value);
  return () => ({ headers: { "content-type": "application/json" }, payload });
}

/** JSON text (undefined for none) in the schema's shape, or why not: not JSON, or what zod found. */
export function parseJsonAs<T>(
  text: string | undefined,
  schema: z.ZodType<T>,
): { value: T } | { detail: string; cause: unknown } {
  let json: unknown;
  try {
    json = text === undefined ? undefined : JSON.parse(text);
  } catch (error) {
    return { detail: "body is not JSON", cause: error };
  }
  const parsed = schema.safeParse(json);
  return parsed.success
    ? { value: parsed.data }
    : { detail: summarizeIssues(parsed.error), cause: parsed.error };
}

const THROWN_KINDS = [
  [ResponseTooLargeError, "response_too_large"],
  [UploadSizeMismatchError, "upload_size_mismatch"],
  [UploadSourceError, "upload_source_failed"],
] as const;

function classifyThrown(error: unknown, signal: AbortSignal | undefined): TransportFailure {
  for (const [type, kind] of THROWN_KINDS) {
    if (error instanceof type) return { kind, notSent: false, detail: error.message, cause: error };
  }
  const code = errorCode(error);
  const notSent = code !== undefined && NOT_SENT_CODES.has(code);
  if (signal?.aborted || (code !== undefined && TIMEOUT_CODES.has(code))) {
    return { kind: "timeout", notSent, cause: error };
  }
  return { kind: "network", notSent, ...(code === undefined ? {} : { detail: code }), cause: error };
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

/** An upload's whole time-out: a fixed allowance plus the file's transfer time at the slowest accepted rate. */
export function uploadTimeoutMs(size: number, baseMs: number, minBytesPerSecond: number): number {
  return Math.ceil(baseMs + (size / minBytesPerSecond) * 1000);
}

/** The part of a logger an attempt writes to (the program's logger fits it). */
export interface AttemptLogger {
  warn(fields: object, message: string): void;
  debug(fields: object, message: string): void;
}

/** Told of each attempt's outcome (the program's service metrics). */
export type AttemptObserver = (attempt: {
  service: string;
  operation: string;
  status: number | undefined;
  seconds: number;
  failure: string | undefined;
}) => void;

/** Logs one attempt (a failure as a warning, with what it was; a success at debug) for the observer too. */
export function attemptLog(
  logger: AttemptLogger,
  service: string,
  call: { op: string; method: string; path: string; attempt: number },
  observe?: AttemptObserver,
): (status: number | undefined, failure?: Record<string, string>) => void {
  const started = performance.now();
  const { op, method, path, attempt } = call;
  return (status, failure) => {
    const latencyMs = performance.now() - started;
    observe?.({
      service,
      operation: op,
      status,
      seconds: latencyMs / 1000,
      failure: failure === undefined ? undefined : Object.values(failure).join(" "),
    });
    const fields = { op, method, path, status, latencyMs: Math.round(latencyMs), attempt, ...failure };
    if (failure) logger.warn(fields, `${service} service call failed`);
    else logger.debug(fields, `${service} service call`);
  };
}
