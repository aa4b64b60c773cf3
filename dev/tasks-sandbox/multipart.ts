/** Thrown for a body that is not well-formed multipart/form-data. */
export class MultipartError extends Error {}

export interface PartInfo {
  name: string;
  filename: string | undefined;
  contentType: string | undefined;
}

/** Where one part's bytes go, chunk by chunk; `write` may return a promise to apply backpressure. */
export interface PartBody {
  write(chunk: Buffer): Promise<void> | void;
  end(): Promise<void> | void;
}

const MAX_HEADER_BYTES = 16 * 1024;
const HEADER_END = Buffer.from("\r\n\r\n");
const LINE_END = Buffer.from("\r\n");
const EMPTY = Buffer.alloc(0);

/** Reads the boundary parameter of a multipart/form-data Content-Type. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/**
 * Streams a multipart/form-data body: each part's bytes go to its PartBody as they arrive, so an upload of any
 * size passes through a small window of memory (at most one network chunk plus the delimiter length).
 */
export async function readMultipart(
  source: AsyncIterable<Uint8Array>,
  boundary: string,
  onPart: (part: PartInfo) => PartBody,
): Promise<void> {
  // With a CRLF in front, the first boundary looks like every later delimiter.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let buffer: Buffer = Buffer.from(LINE_END);
  let state = "preamble" as "preamble" | "after-delimiter" | "headers" | "body" | "epilogue";
  let body: PartBody | undefined;

  const drain = async (): Promise<void> => {
    for (;;) {
      if (state === "preamble") {
        const index = buffer.indexOf(delimiter);
        if (index < 0) {
          buffer = buffer.subarray(Math.max(0, buffer.length - delimiter.length + 1));
          return;
        }
        buffer = buffer.subarray(index + delimiter.length);
        state = "after-delimiter";
      } else if (state === "after-delimiter") {
        if (buffer.length < 2) return;
        if (buffer[0] === 0x2d && buffer[1] === 0x2d) {
          state = "epilogue";
          buffer = EMPTY;
          return;
        }
        const lineEnd = buffer.indexOf(LINE_END);
        if (lineEnd < 0) {
          if (buffer.length > MAX_HEADER_BYTES) throw new MultipartError("malformed boundary line");
          return;
        }
        buffer = buffer.subarray(lineEnd + LINE_END.length);
        state = "headers";
      } else if (state === "headers") {
        const end = buffer.indexOf(HEADER_END);
        if (end < 0) {
          if (buffer.length > MAX_HEADER_BYTES) throw new MultipartError("part headers too long");
          return;
        }
        body = onPart(parsePartHeaders(buffer.subarray(0, end).toString("utf8")));
        buffer = buffer.subarray(end + HEADER_END.length);
        state = "body";
      } else if (state === "body" && body) {
        const index = buffer.indexOf(delimiter);
        if (index < 0) {
          // Keep a tail that may be the start of a delimiter split across chunks.
          const keep = delimiter.length - 1;
          if (buffer.length > keep) {
            await body.write(buffer.subarray(0, buffer.length - keep));
            buffer = buffer.subarray(buffer.length - keep);
          }
          return;
        }
        if (index > 0) await body.write(buffer.subarray(0, index));
        await body.end();
        body = undefined;
        buffer = buffer.subarray(index + delimiter.length);
        state = "after-delimiter";
      } else {
        return;
      }
    }
  };

  for await (const chunk of source) {
    if (state === "epilogue") continue;
    buffer = buffer.length === 0 ? Buffer.from(chunk) : Buffer.concat([buffer, chunk]);
    await drain();
  }
  if (state !== "epilogue") throw new MultipartError("the body ended before the closing boundary");
}

function parsePartHeaders(text: string): PartInfo {
  let disposition = "";
  let contentType: string | undefined;
  for (const line of text.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === "content-disposition") disposition = value;
    if (name === "content-type") contentType = value;
  }
  const name = /(?:^|;)\s*name=(?:"([^"]*)"|([^;\s]+))/i.exec(disposition);
  if (!name) throw new MultipartError("a part has no name");
  const filename = /(?:^|;)\s*filename=(?:"([^"]*)"|([^;\s]+))/i.exec(disposition);
  return {
    name: name[1] ?? name[2] ?? "",
    filename: filename ? (filename[1] ?? filename[2]) : undefined,
    contentType,
  };
}
