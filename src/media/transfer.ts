/**
 * Hands one piece of media to the task service: a link as it is, a Telegram file (checked, sniffed, a voice
 * note as MP3) streamed into POST /v1/uploads in one request, so a failure leaves no upload behind.
 */

import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { UploadSource } from "../tasks-service/multipart.js";
import type { UploadResponse } from "../tasks-service/responses.js";
import { ACCEPTED_FORMATS_TEXT, FORMATS, formatOf, MediaError, type MediaFormat } from "./accept.js";
import type { MediaRef, TelegramMediaRef } from "./media-ref.js";
import { confirmFormat, peek } from "./sniff.js";
import { openTelegramFile, type TelegramDownloadDeps } from "./telegram-download.js";
import { oggOpusToMp3 } from "./voice-to-mp3.js";

export interface TransferDeps {
  telegram: TelegramDownloadDeps;
  /** TasksServiceClient fits. */
  tasksService: { upload(apiKey: string, file: UploadSource): Promise<UploadResponse> };
  /** Where converted voice notes wait for their upload; the system's temporary directory by default. */
  tempDirectory?: string;
}

export type TransferResult = { uploadId: string } | { url: string };

/** Long enough for any name a person gives a file; the service shows it back in task lists. */
const MAX_FILE_NAME_CHARS = 100;

/**
 * The file name the service sees: the user's own, capped, without control or formatting characters (which
 * could make "gpj.exe" read as "exe.jpg"), with the extension of what the bytes really are.
 */
export function uploadFileName(
  ref: Pick<TelegramMediaRef, "fileName" | "kind">,
  format: MediaFormat,
): string {
  const extension = format === "jpeg" ? "jpg" : format === "ogg_opus" ? "ogg" : format;
  const cleaned = path
    .basename((ref.fileName ?? "").replace(/[\p{Cc}\p{Cf}\\]/gu, ""))
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .trim();
  const base = [...cleaned].slice(0, MAX_FILE_NAME_CHARS).join("").trim() || ref.kind;
  return `${base}.${extension}`;
}

async function openVerified(deps: TransferDeps, ref: TelegramMediaRef) {
  const declared = formatOf(ref);
  if (declared === undefined || !FORMATS[declared].tasks) {
    throw new MediaError("unsupported_type", `${ref.kind} ${ref.mime ?? ""} is not accepted`, {
      formats: ACCEPTED_FORMATS_TEXT,
      name: ref.fileName ?? ref.mime ?? ref.kind,
    });
  }
  const download = await openTelegramFile(deps.telegram, ref.fileId, ref.size);
  try {
    const { head, stream } = await peek(download.stream);
    const format = await confirmFormat(head, FORMATS[declared].mediaClass);
    return { stream, size: download.size, format };
  } catch (error) {
    download.stream.destroy();
    throw error;
  }
}

type VerifiedFile = Awaited<ReturnType<typeof openVerified>>;

/** The MediaError behind a failure, if one caused it (a download that broke during the upload). */
function mediaErrorIn(error: unknown): MediaError | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 6; depth++) {
    if (current instanceof MediaError) return current;
    current = current.cause;
  }
  return undefined;
}

async function uploadVerified(
  deps: TransferDeps,
  ref: TelegramMediaRef,
  apiKey: string,
  first: VerifiedFile,
): Promise<UploadResponse> {
  let unread: Readable | undefined = first.stream;
  const open = (): Readable => {
    const stream = unread;
    unread = undefined;
    if (stream) return stream;
    // A retry: the earlier stream is spent, so fetch the file again (and check it again).
    const output = new PassThrough();
    openVerified(deps, ref)
      .then(({ stream }) => pipeline(stream, output))
      .catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
    return output;
  };
  try {
    return await deps.tasksService.upload(apiKey, {
      filename: uploadFileName(ref, first.format),
      contentType: FORMATS[first.format].mimes[0] ?? "application/octet-stream",
      size: first.size,
      open,
    });
  } finally {
    // Refused before the first attempt read it: let the download go.
    unread?.destroy();
  }
}

/** Converts a voice note to MP3 in a temporary file (its MP3 size must be known before the upload starts). */
async function uploadVoiceAsMp3(
  deps: TransferDeps,
  ref: TelegramMediaRef,
  apiKey: string,
  first: VerifiedFile,
): Promise<UploadResponse> {
  const directory = await mkdtemp(path.join(deps.tempDirectory ?? tmpdir(), "voice-"));
  const mp3Path = path.join(directory, "voice.mp3");
  try {
    try {
      await pipeline(Readable.from(oggOpusToMp3(first.stream)), createWriteStream(mp3Path));
    } finally {
      first.stream.destroy();
    }
    const { size } = await stat(mp3Path);
    return await deps.tasksService.upload(apiKey, {
      filename: uploadFileName({ ...ref, fileName: ref.fileName ?? "voice" }, "mp3"),
      contentType: "audio/mpeg",
      size,
      open: () => createReadStream(mp3Path),
    });
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/**
 * What the task request carries for this media: an upload id, or the user's https link.
 * Throws MediaError (`media-error-<kind>`) for the media itself, TasksServiceError for the service.
 */
export async function transferToService(
  deps: TransferDeps,
  ref: MediaRef,
  apiKey: string,
): Promise<TransferResult> {
  if (ref.source === "link") return { url: ref.url };
  try {
    const first = await openVerified(deps, ref);
    const uploaded =
      first.format === "ogg_opus"
        ? await uploadVoiceAsMp3(deps, ref, apiKey, first)
        : await uploadVerified(deps, ref, apiKey, first);
    return { uploadId: uploaded.upload_id };
  } catch (error) {
    throw mediaErrorIn(error) ?? error;
  }
}
