/**
 * Streams a file a user sent from the Bot API (getFile, then a GET with undici, or a local server's path
 * from the disk). The URL carries the bot token: it is never logged, stored or put in an error message.
 */

import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { PassThrough, type Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { GrammyError } from "grammy";
import type { Dispatcher } from "undici";
import { z } from "zod";
import { CLOUD_INTAKE_LIMIT_MB } from "../config.js";
import { MediaError } from "./accept.js";

export interface TelegramDownloadDeps {
  /** The one Bot API call a download needs (grammY's `bot.api` fits). */
  api: { getFile(fileId: string): Promise<unknown> };
  botApiRoot: string;
  token: string;
}

const DOWNLOAD_TIMEOUT_MS = 600_000;
/** Longest silence between two chunks. */
const IDLE_TIMEOUT_MS = 60_000;

export interface TelegramDownload {
  stream: Readable;
  /** Exact byte count the stream delivers (the stream fails if the source sends another amount). */
  size: number;
}

const FileSchema = z.object({
  file_id: z.string(),
  file_size: z.number().int().nonnegative().optional(),
  file_path: z.string().min(1).optional(),
});

/** A failed download, its cause's words included and the token removed from them, however it got there. */
function failure(message: string, token: string, cause?: unknown): MediaError {
  const text = cause instanceof Error ? `${message}: ${cause.message}` : message;
  return new MediaError("download_failed", token === "" ? text : text.split(token).join("<redacted>"));
}

/** Fails the stream when it delivers more or fewer bytes than announced. */
function exactLength(expected: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > expected) callback(new Error(`file is longer than the announced ${expected} bytes`));
      else callback(null, chunk);
    },
    flush(callback: TransformCallback) {
      callback(seen === expected ? null : new Error(`file ended after ${seen} of ${expected} bytes`));
    },
  });
}

/** A Telegram file as a stream of exactly its size; a size other than the message's `expectedSize` fails. */
export async function openTelegramFile(
  deps: TelegramDownloadDeps,
  fileId: string,
  expectedSize?: number,
): Promise<TelegramDownload> {
  let file: z.infer<typeof FileSchema>;
  try {
    file = FileSchema.parse(await deps.api.getFile(fileId));
  } catch (error) {
    // A Bot API server that is not running in --local mode refuses files over Telegram's 20 MB, whatever
    // MAX_INTAKE_MB says: sending it again cannot help, a link can.
    if (error instanceof GrammyError && /file is too big/i.test(error.description)) {
      throw new MediaError(
        "too_big_for_bot_api",
        `getFile refused the file as too big (${expectedSize ?? "unknown"} bytes)`,
        { limitMb: CLOUD_INTAKE_LIMIT_MB },
      );
    }
    throw failure("getFile failed", deps.token, error);
  }
  if (!file.file_path) throw failure("getFile gave no file path", deps.token);
  const knownSize = file.file_size ?? expectedSize;
  if (file.file_size !== undefined && expectedSize !== undefined && file.file_size !== expectedSize) {
    throw failure(`getFile reports ${file.file_size} bytes, the message ${expectedSize}`, deps.token);
  }

  if (path.isAbsolute(file.file_path)) return openLocalFile(file.file_path, knownSize, deps.token);

  const { request } = await import("undici");
  const controller = new AbortController();
  const deadline = setTimeout(() => controller.abort(), DOWNLOAD_TIMEOUT_MS);
  deadline.unref();
  const url = `${deps.botApiRoot}/file/bot${deps.token}/${file.file_path}`;
  let response: Dispatcher.ResponseData | undefined;
  try {
    response = await request(url, {
      method: "GET",
      signal: controller.signal,
      headersTimeout: 60_000,
      bodyTimeout: IDLE_TIMEOUT_MS,
    });
    if (response.statusCode !== 200) {
      await response.body.dump().catch(() => undefined);
      throw failure(`download answered HTTP ${response.statusCode}`, deps.token);
    }
    const header = response.headers["content-length"];
    const announced = typeof header === "string" && /^\d+$/.test(header) ? Number(header) : undefined;
    if (announced !== undefined && knownSize !== undefined && announced !== knownSize) {
      throw failure(`download is ${announced} bytes, Telegram said ${knownSize}`, deps.token);
    }
    const size = knownSize ?? announced;
    if (size === undefined) throw failure("the file's size is unknown", deps.token);
    const output = new PassThrough();
    pipeline(response.body, exactLength(size), output)
      .catch((error: unknown) => {
        // The stream's consumer sees the failure, without the URL.
        output.destroy(failure("download broke off", deps.token, error));
      })
      .finally(() => clearTimeout(deadline));
    return { stream: output, size };
  } catch (error) {
    clearTimeout(deadline);
    response?.body.destroy();
    throw error instanceof MediaError ? error : failure("download request failed", deps.token, error);
  }
}

async function openLocalFile(
  filePath: string,
  knownSize: number | undefined,
  token: string,
): Promise<TelegramDownload> {
  let size: number;
  try {
    size = (await stat(filePath)).size;
  } catch (error) {
    throw failure("the Bot API server's file is not readable", token, error);
  }
  if (knownSize !== undefined && knownSize !== size) {
    throw failure(`the local file is ${size} bytes, Telegram said ${knownSize}`, token);
  }
  return { stream: createReadStream(filePath), size };
}
