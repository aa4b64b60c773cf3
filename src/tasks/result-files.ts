/**
 * A finished task's files, read from the service only at https addresses or at the service's own origin
 * (the local sandbox), never at an address a callback named. undici is loaded at the first read, not at
 * start.
 */
import type { Readable } from "node:stream";
import { readAtMost } from "../media/read-at-most.js";

export class ResultUnavailableError extends Error {
  override readonly name = "ResultUnavailableError";
}

export interface ResultFetcher {
  /** As the server states it, or undefined. */
  size(url: string): Promise<number | undefined>;
  /** A fresh stream on every call. */
  open(url: string): Promise<Readable>;
  /** Refuses a file over maxBytes. */
  text(url: string, maxBytes: number): Promise<string>;
  head(url: string, maxBytes: number): Promise<Buffer>;
}

/** A stream's first chunks, up to at least `maxBytes` where it has them; the rest is not read. */
export async function readHead(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    chunks.push(bytes);
    length += bytes.length;
    if (length >= maxBytes) break;
  }
  stream.destroy();
  return Buffer.concat(chunks);
}

/** Longest wait for a result file's headers, and between two chunks of it. */
const RESULT_TIMEOUT_MS = 60_000;

export function createResultFetcher(options: { serviceBaseUrl: string }): ResultFetcher {
  const serviceOrigin = new URL(options.serviceBaseUrl).origin;
  const allowed = (url: string): URL => {
    const parsed = new URL(url);
    if (parsed.protocol === "https:" || parsed.origin === serviceOrigin) return parsed;
    throw new ResultUnavailableError(`result address refused: ${parsed.origin}`);
  };
  const get = async (url: string, method: "GET" | "HEAD") => {
    const { request } = await import("undici");
    const response = await request(allowed(url), {
      method,
      headersTimeout: RESULT_TIMEOUT_MS,
      bodyTimeout: RESULT_TIMEOUT_MS,
    });
    if (response.statusCode < 200 || response.statusCode >= 300) {
      await response.body.dump();
      throw new ResultUnavailableError(`result answered HTTP ${response.statusCode}`);
    }
    return response;
  };
  return {
    async size(url) {
      const response = await get(url, "HEAD");
      await response.body.dump();
      const length = Number(response.headers["content-length"]);
      return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
    },
    async open(url) {
      return (await get(url, "GET")).body;
    },
    async text(url, maxBytes) {
      const content = await readAtMost((await get(url, "GET")).body, maxBytes);
      if (content === undefined) throw new ResultUnavailableError(`result is larger than ${maxBytes} bytes`);
      return content.toString("utf8");
    },
    async head(url, maxBytes) {
      return (await readHead((await get(url, "GET")).body, maxBytes)).subarray(0, maxBytes);
    },
  };
}
