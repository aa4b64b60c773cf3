/** Receives the parts of a multipart/form-data body as they stream in. */
export interface PartSink {
  begin(headers: PartHeaders): PartWriter;
}

export interface PartWriter {
  write(chunk: Buffer): Promise<void> | void;
  end(): Promise<void> | void;
}

export interface PartHeaders {
  name: string;
  filename?: string;
  contentType?: string;
}

export class MultipartError extends Error {}

const HEADER_END = Buffer.from("\r\n\r\n");
const MAX_HEADER_BYTES = 16 * 1024;

/**
 * A streaming multipart/form-data parser: part bodies go to the sink chunk by chunk, so a large
 * upload never sits in memory. Accepts grammY's form (lower-case headers, unquoted filename).
 */
export async function parseMultipart(
  source: AsyncIterable<Uint8Array>,
  boundary: string,
  sink: PartSink,
): Promise<void> {
  // With a CRLF in front, the first boundary looks like every later delimiter.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let buffer: Buffer = Buffer.from("\r\n");
  let state = "preamble" as "preamble" | "after-delimiter" | "headers" | "body" | "done";
  let part: PartWriter | undefined;

  const step = async (): Promise<boolean> => {
    switch (state) {
      case "preamble": {
        const index = buffer.indexOf(delimiter);
        if (index < 0) {
          buffer = buffer.subarray(Math.max(0, buffer.length - delimiter.length + 1));
          return false;
        }
        buffer = buffer.subarray(index + delimiter.length);
        state = "after-delimiter";
        return true;
      }
      case "after-delimiter": {
        if (buffer.length < 2) return false;
        const marker = buffer.subarray(0, 2).toString("latin1");
        if (marker === "--") {
          state = "done";
          return false;
        }
        if (marker !== "\r\n") throw new MultipartError("malformed multipart delimiter");
        buffer = buffer.subarray(2);
        state = "headers";
        return true;
      }
      case "headers": {
        const index = buffer.indexOf(HEADER_END);
        if (index < 0) {
          if (buffer.length > MAX_HEADER_BYTES) throw new MultipartError("multipart headers too long");
          return false;
        }
        part = sink.begin(parsePartHeaders(buffer.subarray(0, index).toString("utf8")));
        buffer = buffer.subarray(index + HEADER_END.length);
        state = "body";
        return true;
      }
      case "body": {
        const index = buffer.indexOf(delimiter);
        if (index < 0) {
          const safe = buffer.length - delimiter.length + 1;
          if (safe > 0) {
            await part?.write(buffer.subarray(0, safe));
            buffer = buffer.subarray(safe);
          }
          return false;
        }
        if (index > 0) await part?.write(buffer.subarray(0, index));
        await part?.end();
        part = undefined;
        buffer = buffer.subarray(index + delimiter.length);
        state = "after-delimiter";
        return true;
      }
      case "done":
        return false;
    }
  };

  for await (const chunk of source) {
    if (state === "done") continue;
    buffer = buffer.length === 0 ? Buffer.from(chunk) : Buffer.concat([buffer, chunk]);
    while (await step()) {
      // each step consumes what it can of the buffer
    }
  }
  if (state !== "done") throw new MultipartError("multipart body ended early");
}

function parsePartHeaders(text: string): PartHeaders {
  const headers: PartHeaders = { name: "" };
  for (const line of text.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === "content-type") headers.contentType = value;
    if (key !== "content-disposition") continue;
    for (const piece of value.split(";").slice(1)) {
      const equals = piece.indexOf("=");
      if (equals < 0) continue;
      const param = piece.slice(0, equals).trim().toLowerCase();
      const raw = piece.slice(equals + 1).trim();
      const unquoted = raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
      if (param === "name") headers.name = unquoted;
      if (param === "filename") headers.filename = unquoted;
    }
  }
  if (!headers.name) throw new MultipartError("multipart part without a name");
  return headers;
}
