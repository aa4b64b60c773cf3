import { once } from "node:events";
import { createWriteStream, type WriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import { badRequest, ENTITY_TOO_LARGE } from "./errors.js";
import { MultipartError, type PartWriter, parseMultipart } from "./multipart.js";

/** A file part of a multipart request, written to a temporary file as it arrived. */
export interface Upload {
  path: string;
  size: number;
  filename?: string;
  contentType?: string;
}

export interface RequestBody {
  fields: Record<string, unknown>;
  uploads: Map<string, Upload>;
  /** True for JSON bodies, whose values arrive typed; form values are all strings. */
  json: boolean;
}

const MAX_FIELD_BYTES = 1024 * 1024;

/** Reads a Bot API request: query string plus a JSON, urlencoded or multipart body. */
export async function readRequestBody(
  request: IncomingMessage,
  options: { maxBytes: number; tempPath: () => Promise<string> },
): Promise<RequestBody> {
  const url = new URL(request.url ?? "/", "http://emulator");
  const fields: Record<string, unknown> = Object.fromEntries(url.searchParams);
  const uploads = new Map<string, Upload>();
  const type = (request.headers["content-type"] ?? "").toLowerCase();
  const counter = new ByteCounter(options.maxBytes);

  if (type.startsWith("multipart/form-data")) {
    const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(request.headers["content-type"] ?? "");
    const boundaryText = boundary?.[1] ?? boundary?.[2];
    if (!boundaryText) throw badRequest("invalid multipart/form-data request");
    const written: string[] = [];
    try {
      await parseMultipart(counter.count(request), boundaryText.trim(), {
        begin: (headers) => {
          if (headers.filename === undefined)
            return fieldWriter((value) => {
              fields[headers.name] = value;
            });
          const upload: Upload = {
            path: "",
            size: 0,
            filename: headers.filename,
            ...(headers.contentType ? { contentType: headers.contentType } : {}),
          };
          uploads.set(headers.name, upload);
          return fileWriter(upload, options.tempPath, written);
        },
      });
    } catch (error) {
      await Promise.all(written.map((path) => rm(path, { force: true })));
      if (counter.exceeded) throw ENTITY_TOO_LARGE();
      if (error instanceof MultipartError)
        throw badRequest(`invalid multipart/form-data request: ${error.message}`);
      throw error;
    }
    if (counter.exceeded) {
      await Promise.all(written.map((path) => rm(path, { force: true })));
      throw ENTITY_TOO_LARGE();
    }
    return { fields, uploads, json: false };
  }

  const chunks: Buffer[] = [];
  for await (const chunk of counter.count(request)) chunks.push(Buffer.from(chunk));
  if (counter.exceeded) throw ENTITY_TOO_LARGE();
  const text = Buffer.concat(chunks).toString("utf8");
  if (type.startsWith("application/json")) {
    if (text.trim() === "") return { fields, uploads, json: true };
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw badRequest("can't parse JSON object");
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw badRequest("JSON object expected");
    }
    return { fields: { ...fields, ...(parsed as Record<string, unknown>) }, uploads, json: true };
  }
  for (const [key, value] of new URLSearchParams(text)) fields[key] = value;
  return { fields, uploads, json: false };
}

/** Counts body bytes; past the limit it keeps draining the request but passes nothing on. */
class ByteCounter {
  exceeded = false;
  private total = 0;

  constructor(private readonly maxBytes: number) {}

  async *count(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    for await (const chunk of source) {
      this.total += chunk.length;
      if (this.total > this.maxBytes) this.exceeded = true;
      if (!this.exceeded) yield chunk;
    }
  }
}

function fieldWriter(done: (value: string) => void): PartWriter {
  const chunks: Buffer[] = [];
  let size = 0;
  return {
    write(chunk) {
      size += chunk.length;
      if (size > MAX_FIELD_BYTES) throw new MultipartError("form field too long");
      chunks.push(Buffer.from(chunk));
    },
    end() {
      done(Buffer.concat(chunks).toString("utf8"));
    },
  };
}

function fileWriter(upload: Upload, tempPath: () => Promise<string>, written: string[]): PartWriter {
  let stream: WriteStream | undefined;
  const open = async (): Promise<WriteStream> => {
    if (!stream) {
      upload.path = await tempPath();
      written.push(upload.path);
      stream = createWriteStream(upload.path);
    }
    return stream;
  };
  return {
    async write(chunk) {
      const target = await open();
      upload.size += chunk.length;
      if (!target.write(chunk)) await once(target, "drain");
    },
    async end() {
      const target = await open();
      target.end();
      await once(target, "finish");
    },
  };
}
