/** A finished task's files, read from their links (`requestResult` says which links are read). */
import type { Readable } from "node:stream";
import { requestResult } from "../lifecycle/result-link.js";
import { readAtMost } from "../media/read-at-most.js";

export class ResultUnavailableError extends Error {
  override readonly name = "ResultUnavailableError";
}

export interface ResultFetcher {
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

export function createResultFetcher(options: { serviceBaseUrl: string }): ResultFetcher {
  const serviceOrigin = new URL(options.serviceBaseUrl).origin;
  const get = (url: string, method: "GET" | "HEAD") =>
    requestResult(url, method, serviceOrigin, (message) => new ResultUnavailableError(message));
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
