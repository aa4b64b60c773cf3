/**
 * A multipart/form-data body of one file part, streamed: its length is known in advance, so the request
 * carries a Content-Length and nothing is held in memory beyond the chunk in flight.
 */
import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import type { RequestBody } from "../http-client/transport.js";
import { uploadStream } from "../http-client/upload-stream.js";

export interface UploadSource {
  filename: string;
  contentType: string;
  /** The stream must deliver exactly this many bytes. */
  size: number;
  /** A fresh stream of the file on every call (a stream is one-shot; a retry opens it again). */
  open: () => Readable;
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

/** Its release stops the file's stream when the request ends early. */
export function multipartBody(source: UploadSource): RequestBody {
  const boundary = `----CompanionBotFormBoundary${randomBytes(16).toString("hex")}`;
  const preamble = Buffer.from(
    `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="file"; filename="${encodeFilename(source.filename)}"\r\n` +
      `Content-Type: ${safeContentType(source.contentType)}\r\n\r\n`,
    "utf8",
  );
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`, "utf8");
  const body = uploadStream(() => source.open(), source.size, { before: preamble, after: epilogue });
  const contentLength = preamble.byteLength + source.size + epilogue.byteLength;
  return {
    headers: {
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": String(contentLength),
    },
    payload: body.stream,
    release: body.abort,
  };
}
