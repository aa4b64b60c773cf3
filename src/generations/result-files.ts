/**
 * Result files read from their signed links (https, or the service's origin) to disk before anything goes
 * to Telegram: a failing link fails alone, and every upload can be read again for a retry.
 */
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseRetryAfter } from "../http-client/retry.js";
import { RetryLaterError } from "../jobs/queue.js";
import { requestResult } from "../lifecycle/result-link.js";

export class ResultUnavailableError extends Error {
  override readonly name = "ResultUnavailableError";
  constructor(
    message: string,
    readonly status?: number,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export function createResultReader(options: { serviceBaseUrl: string }) {
  const serviceOrigin = new URL(options.serviceBaseUrl).origin;
  return {
    async open(url: string): Promise<Readable> {
      const answer = await requestResult(url, "GET", serviceOrigin, (message, failed) => {
        const retryAfterMs = failed && parseRetryAfter(failed.headers["retry-after"], Date.now());
        return new ResultUnavailableError(message, failed?.statusCode, retryAfterMs);
      });
      return answer.body;
    },
  };
}

export type ResultReader = ReturnType<typeof createResultReader>;

/** A folder of its own for one delivery's files, removed whatever happens. */
export async function withDownloads<T>(work: (folder: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(path.join(tmpdir(), "generation-"));
  try {
    return await work(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export async function download(reader: ResultReader, url: string, file: string): Promise<void> {
  await pipeline(await reader.open(url), createWriteStream(file));
}

/** The file name a result goes out under, by its media type. */
export function resultFileName(position: number, mime: string): string {
  const [kind, rest] = mime.split("/");
  const subtype = rest?.split(";")[0]?.trim() ?? "bin";
  return `${kind === "video" ? "video" : "image"}-${position + 1}.${subtype === "jpeg" ? "jpg" : subtype}`;
}

/** A result's file in `folder`; a link's rate limit is waited out by the job. */
export async function fetchResult(
  reader: ResultReader,
  folder: string,
  position: number,
  output: { url: string; mime: string },
): Promise<string> {
  const file = path.join(folder, resultFileName(position, output.mime));
  try {
    await download(reader, output.url, file);
  } catch (error) {
    if (error instanceof ResultUnavailableError && error.status === 429) {
      throw new RetryLaterError(error.retryAfterMs ?? 5_000);
    }
    throw error;
  }
  return file;
}
