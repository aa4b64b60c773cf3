/**
 * The body of POST /v1/files: the file's raw bytes (the spec says not multipart), streamed as they
 * arrive with a Content-Length known in advance, so memory holds only the chunk in flight whatever the
 * size. Each attempt opens the file again: a stream is read once.
 */
import type { Readable } from "node:stream";
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
