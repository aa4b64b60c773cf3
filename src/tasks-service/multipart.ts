/**
 * A multipart/form-data body with exactly one file part, produced as a stream: a preamble, the file's
 * own bytes as they arrive, an epilogue. Its length is known in advance, so the request carries a
 * Content-Length and nothing is ever held in memory beyond the chunk in flight.
 */
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";

export interface UploadSource {
  filename: string;
  contentType: string;
  /** Exact size in bytes; the stream must deliver exactly this many. */
  size: number;
  /** A fresh stream of the file on every call (a stream is one-shot; a retry opens it again). */
  open: () => Readable;
}

/** The source delivered more or fewer bytes than it declared. Not retried: it would happen again. */
export class UploadSizeMismatchError extends Error {
  override readonly name = "UploadSizeMismatchError";
  constructor(
    readonly declared: number,
    readonly delivered: number,
  ) {
    super(
      `upload source declared ${declared} bytes but delivered ${delivered}${delivered > declared ? "+" : ""}`,
    );
  }
}

/** The file's own stream failed (for example its download broke); another attempt opens it again. */
export class UploadSourceError extends Error {
  override readonly name = "UploadSourceError";
  constructor(cause: unknown) {
    super(`upload source failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

export interface MultipartBody {
  boundary: string;
  contentType: string;
  contentLength: number;
  /** The body, readable once. */
  stream: Readable;
  /** Stops the file's stream (when the request ends early). */
  abort: () => void;
}

const tokenPattern = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+\/[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Content types the header may carry; anything else (parameters, line breaks) becomes a plain binary type. */
function safeContentType(contentType: string): string {
  const trimmed = contentType.trim();
  return tokenPattern.test(trimmed) ? trimmed.toLowerCase() : "application/octet-stream";
}

/**
 * A filename as browsers encode it in form data (WHATWG): quotes and line breaks escaped, UTF-8 kept.
 * Only the last path segment is sent, as browsers do: user-supplied names may carry directories.
 */
function encodeFilename(filename: string): string {
  const base = filename.split(/[/\\]/).pop() ?? "";
  const name = base.replace(/\r/g, "%0D").replace(/\n/g, "%0A").replace(/"/g, "%22");
  return name.length > 0 && name !== "." && name !== ".." ? name : "file";
}

function newBoundary(): string {
  return `----CompanionBotFormBoundary${randomBytes(16).toString("hex")}`;
}

export function multipartBody(source: UploadSource, boundary: string = newBoundary()): MultipartBody {
  if (!Number.isSafeInteger(source.size) || source.size < 0) {
    throw new RangeError(`upload size must be a non-negative integer, got ${source.size}`);
  }
  const preamble = Buffer.from(
    `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="file"; filename="${encodeFilename(source.filename)}"\r\n` +
      `Content-Type: ${safeContentType(source.contentType)}\r\n\r\n`,
    "utf8",
  );
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`, "utf8");
  let stream: Readable | undefined;

  async function* generate(): AsyncGenerator<Uint8Array> {
    let opened: Readable;
    try {
      opened = source.open();
    } catch (error) {
      throw new UploadSourceError(error);
    }
    stream = opened;
    yield preamble;
    let delivered = 0;
    const reader: AsyncIterator<unknown> = opened[Symbol.asyncIterator]();
    try {
      while (true) {
        let next: IteratorResult<unknown>;
        try {
          next = await reader.next();
        } catch (error) {
          throw new UploadSourceError(error);
        }
        if (next.done) break;
        const bytes = toBytes(next.value);
        delivered += bytes.byteLength;
        if (delivered > source.size) throw new UploadSizeMismatchError(source.size, delivered);
        yield bytes;
      }
    } finally {
      opened.destroy();
    }
    if (delivered !== source.size) throw new UploadSizeMismatchError(source.size, delivered);
    yield epilogue;
  }

  const body = Readable.from(generate(), { objectMode: false });
  return {
    boundary,
    contentType: `multipart/form-data; boundary=${boundary}`,
    contentLength: preamble.byteLength + source.size + epilogue.byteLength,
    stream: body,
    abort: () => {
      // The file's stream first: a stalled source would keep the body from ever ending.
      stream?.destroy();
      body.destroy();
    },
  };
}

function toBytes(chunk: unknown): Uint8Array {
  if (chunk instanceof Uint8Array) return chunk;
  if (typeof chunk === "string") return Buffer.from(chunk, "utf8");
  throw new UploadSourceError(new TypeError("upload source must yield bytes"));
}
