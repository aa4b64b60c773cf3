/**
 * A file's bytes streamed into a request body, checked against the size declared in advance (the
 * Content-Length), between optional fixed bytes (a multipart part's framing); each attempt opens it again.
 */
import { Readable } from "node:stream";

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

/**
 * The bytes of `open()`, exactly `size` of them, between the framing's fixed bytes; `abort` stops the
 * file's stream (when the request ends early).
 */
export function uploadStream(
  open: () => Readable,
  size: number,
  framing: { before?: Buffer; after?: Buffer } = {},
) {
  let source: Readable | undefined;

  async function* generate(): AsyncGenerator<Uint8Array> {
    let opened: Readable;
    try {
      opened = open();
    } catch (error) {
      throw new UploadSourceError(error);
    }
    source = opened;
    if (framing.before) yield framing.before;
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
        if (delivered > size) throw new UploadSizeMismatchError(size, delivered);
        yield bytes;
      }
    } finally {
      opened.destroy();
    }
    if (delivered !== size) throw new UploadSizeMismatchError(size, delivered);
    if (framing.after) yield framing.after;
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
  throw new UploadSourceError(new TypeError("upload source must yield bytes"));
}
