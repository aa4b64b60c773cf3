import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { open, rm } from "node:fs/promises";
import { basename, join } from "node:path";
import { fileTypeFromFile } from "file-type";
import { UPLOAD_FORMATS, type UploadFormat, type UploadKind } from "./contract/index.js";
import { fileDuration } from "./duration/index.js";
import { MultipartError, multipartBoundary, readMultipart } from "./multipart.js";

export interface StoredUpload {
  uploadId: string;
  userId: number;
  filename: string;
  sizeBytes: number;
  kind: UploadKind;
  /** File extension of the detected format: jpg, png, webp, mp4, mov, avi, mp3, wav, m4a, srt. */
  format: UploadFormat;
  /** Seconds an audio or video plays, read from its header; undefined for stills, SRT, or a header not understood. */
  durationSeconds: number | undefined;
  path: string;
  expiresAt: number;
}

export type UploadOutcome =
  | { ok: true; upload: StoredUpload }
  | { ok: false; status: 413 | 415 | 422; detail: string };

/** The spec's table of accepted uploads, keyed by the extension file-type reports for the bytes. */
const ACCEPTED_FORMATS = new Map<string, { kind: UploadKind; format: UploadFormat }>(
  (["image", "video", "audio"] as const).flatMap((kind) =>
    UPLOAD_FORMATS[kind].map((format) => [format, { kind, format }] as const),
  ),
);

/** An SRT has no magic number; a timecode line in its first kilobytes identifies it. */
const SRT_TIMECODE = /^\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}\s*-->\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}/m;
const SRT_SNIFF_BYTES = 4096;

/**
 * Uploads of the sandbox: bodies stream to files in `directory` (never held whole in memory), the format is
 * detected from the bytes, and an upload is gone after its lifetime.
 */
export class UploadStore {
  readonly #uploads = new Map<string, StoredUpload>();

  constructor(
    private readonly options: {
      directory: string;
      maxBytes: number;
      lifetimeMs: number;
      now: () => number;
    },
  ) {}

  async receive(input: {
    userId: number;
    contentType: string | undefined;
    body: AsyncIterable<Uint8Array> | null;
  }): Promise<UploadOutcome> {
    const boundary = multipartBoundary(input.contentType);
    if (!boundary || !input.body) {
      return { ok: false, status: 422, detail: "Expected a multipart/form-data body with a part named file" };
    }
    const uploadId = randomUUID();
    const path = join(this.options.directory, uploadId);
    let filename: string | undefined;
    let size = 0;
    let tooLarge = false;
    let stream: ReturnType<typeof createWriteStream> | undefined;
    try {
      await readMultipart(input.body, boundary, (part) => {
        if (part.name !== "file" || filename !== undefined) return { write() {}, end() {} };
        filename = basename(part.filename ?? "file").slice(0, 255) || "file";
        const out = createWriteStream(path);
        stream = out;
        return {
          write: async (chunk) => {
            size += chunk.length;
            if (size > this.options.maxBytes) {
              // Keep reading so the client sees the 413 instead of a reset connection; store nothing more.
              tooLarge = true;
              return;
            }
            if (!out.write(chunk)) await once(out, "drain");
          },
          end: () =>
            new Promise<void>((resolve, reject) =>
              out.end((err?: Error | null) => (err ? reject(err) : resolve())),
            ),
        };
      });
    } catch (err) {
      stream?.destroy();
      await rm(path, { force: true });
      if (err instanceof MultipartError)
        return { ok: false, status: 422, detail: `Bad multipart body: ${err.message}` };
      throw err;
    }
    if (filename === undefined) {
      return { ok: false, status: 422, detail: "The multipart body has no part named file" };
    }
    if (tooLarge) {
      await rm(path, { force: true });
      return {
        ok: false,
        status: 413,
        detail: `File larger than the upload limit of ${this.options.maxBytes} bytes`,
      };
    }
    const detected = await detectFormat(path);
    if (!detected) {
      await rm(path, { force: true });
      return {
        ok: false,
        status: 415,
        detail: "Unsupported file type; accepted: JPEG, PNG, WebP, MP4, MOV, AVI, MP3, WAV, M4A, SRT",
      };
    }
    const upload: StoredUpload = {
      uploadId,
      userId: input.userId,
      filename,
      sizeBytes: size,
      kind: detected.kind,
      format: detected.format,
      durationSeconds: await fileDuration(path, detected.format),
      path,
      expiresAt: this.options.now() + this.options.lifetimeMs,
    };
    this.#uploads.set(uploadId, upload);
    return { ok: true, upload };
  }

  /** The user's live upload, or undefined when it is unknown, another user's, or expired. */
  async find(uploadId: string, userId: number): Promise<StoredUpload | undefined> {
    const upload = this.#uploads.get(uploadId.toLowerCase());
    if (!upload || upload.userId !== userId) return undefined;
    if (this.options.now() >= upload.expiresAt) {
      this.#uploads.delete(upload.uploadId);
      await rm(upload.path, { force: true });
      return undefined;
    }
    return upload;
  }
}

async function detectFormat(path: string): Promise<{ kind: UploadKind; format: UploadFormat } | undefined> {
  const type = await fileTypeFromFile(path);
  if (type) return ACCEPTED_FORMATS.get(type.ext);
  const handle = await open(path, "r");
  try {
    const head = Buffer.alloc(SRT_SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SRT_SNIFF_BYTES, 0);
    const text = head.subarray(0, bytesRead).toString("utf8");
    return SRT_TIMECODE.test(text) ? { kind: "subtitles", format: "srt" } : undefined;
  } finally {
    await handle.close();
  }
}
