/**
 * The body of POST /v1/files: the file's raw bytes (the spec says not multipart), streamed as they
 * arrive with a Content-Length known in advance, so memory holds only the chunk in flight whatever the
 * size. Each attempt opens the file again: a stream is read once.
 */
import { Readable } from "node:stream";
import type { FileKind } from "./responses.js";

export interface FileUpload {
  kind: FileKind;
  /** Exact size in bytes; the stream must deliver exactly this many. */
  size: number;
  /** A fresh stream of the file on every call. */
  open: () => Readable;
  /** Sent as X-Filename; the service shows it back as the file's name. */
  filename?: string;
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

/** The file's own stream failed; another attempt opens it again. */
export class UploadStreamError extends Error {
  override readonly name = "UploadStreamError";
  constructor(cause: unknown) {
    super(`upload source failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** Bytes of a file name that may appear in a header as they are: visible ASCII and space, but not `%`. */
const PLAIN_FILENAME_CHARACTER = /[\x20-\x24\x26-\x7e]/;

/**
 * The X-Filename value for a name. The spec says only "string"; a header carries ASCII, so the name's
 * last path segment is sent with control characters dropped and every other byte outside visible
 * ASCII (and `%` itself) percent-encoded as UTF-8: a plain name arrives unchanged, any name arrives
 * readable, and a service that decodes percent-escapes recovers the exact UTF-8 name.
 */
export function encodeFilenameHeader(filename: string): string | undefined {
  const base = (filename.split(/[/\\]/).pop() ?? "").replace(/\p{Cc}/gu, "").trim();
  if (base.length === 0 || base === "." || base === "..") return undefined;
  let encoded = "";
  for (const character of base) {
    encoded += PLAIN_FILENAME_CHARACTER.test(character)
      ? character
      : [...Buffer.from(character, "utf8")]
          .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`)
          .join("");
  }
  return encoded;
}

export interface RawUploadBody {
  stream: Readable;
  /** Stops the file's stream (when the request ends early). */
  abort: () => void;
}

/** The file's bytes, checked against the declared size as they pass. */
export function rawUploadBody(upload: FileUpload): RawUploadBody {
  let source: Readable | undefined;

  async function* generate(): AsyncGenerator<Uint8Array> {
    let opened: Readable;
    try {
      opened = upload.open();
    } catch (error) {
      throw new UploadStreamError(error);
    }
    source = opened;
    let delivered = 0;
    const reader: AsyncIterator<unknown> = opened[Symbol.asyncIterator]();
    try {
      while (true) {
        let next: IteratorResult<unknown>;
        try {
          next = await reader.next();
        } catch (error) {
          throw new UploadStreamError(error);
        }
        if (next.done) break;
        const bytes = toBytes(next.value);
        delivered += bytes.byteLength;
        if (delivered > upload.size) throw new UploadSizeMismatchError(upload.size, delivered);
        yield bytes;
      }
    } finally {
      opened.destroy();
    }
    if (delivered !== upload.size) throw new UploadSizeMismatchError(upload.size, delivered);
  }

  const stream = Readable.from(generate(), { objectMode: false });
  return {
    stream,
    abort: () => {
      // The file's stream first: a stalled source would keep the body from ever ending.
      source?.destroy();
      stream.destroy();
    },
  };
}

function toBytes(chunk: unknown): Uint8Array {
  if (chunk instanceof Uint8Array) return chunk;
  if (typeof chunk === "string") return Buffer.from(chunk, "utf8");
  throw new UploadStreamError(new TypeError("upload source must yield bytes"));
}
