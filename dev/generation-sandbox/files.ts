import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { rm, stat } from "node:fs/promises";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { fileTypeFromFile } from "file-type";
import type { ResultFormat } from "./catalog.js";
import { ServiceError } from "./errors.js";

export const FILE_KINDS = ["image", "video", "audio"] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** The committed media fixtures; results are copies of them, so the sandbox never needs ffmpeg. */
export const FIXTURES_DIR = fileURLToPath(new URL("../fixtures/", import.meta.url));

export interface StoredBytes {
  path: string;
  mime: string;
  bytes: number;
}

export interface StoredFile extends StoredBytes {
  id: string;
  accountId: string;
  kind: FileKind;
  filename: string;
  /** An upload the caller sent, or a generation's result (which counts against the storage quota). */
  origin: "upload" | "result";
  /** A video result's poster frame. */
  poster: StoredBytes | undefined;
  /** ms */
  created: number;
}

/** The spec's upload table: formats by kind, keyed by the extension file-type reports for the bytes. */
const ACCEPTED_FORMATS: Record<FileKind, ReadonlySet<string>> = {
  image: new Set(["jpg", "png", "webp"]),
  // m4v is an MP4 with Apple's brand; mpg is MPEG program stream.
  video: new Set(["mp4", "m4v", "webm", "avi", "flv", "mpg"]),
  // Ogg audio is reported as ogg (Vorbis), opus or oga.
  audio: new Set(["mp3", "m4a", "wav", "ogg", "opus", "oga", "flac"]),
};

const FORMAT_NAMES: Record<FileKind, string> = {
  image: "JPEG, PNG, WebP",
  video: "MP4, WebM, AVI, FLV, MPEG",
  audio: "MP3, M4A, WAV, OGG, FLAC",
};

const RESULT_FIXTURES: Record<ResultFormat, { file: string; mime: string }> = {
  jpeg: { file: "sample.jpg", mime: "image/jpeg" },
  png: { file: "sample.png", mime: "image/png" },
  webp: { file: "sample.webp", mime: "image/webp" },
  mp4: { file: "sample.mp4", mime: "video/mp4" },
};
/**
 * Video results as long as the catalog's durations, so a reader of the result (the task service pricing a
 * joined video by its clips) sees the length the generation was asked for; other lengths get sample.mp4 (2 s).
 */
const CLIP_FIXTURES: ReadonlyMap<number, { file: string; mime: string }> = new Map(
  [5, 6, 8, 10, 15].map((seconds) => [seconds, { file: `clip-${seconds}s.mp4`, mime: "video/mp4" }]),
);
const POSTER_FIXTURE = RESULT_FIXTURES.jpeg;

export interface FileStoreOptions {
  directory: string;
  maxBytes: Record<FileKind, number>;
  now: () => number;
}

/**
 * Uploaded and generated files. Upload bodies stream to `directory` (never held whole in memory) and their type
 * is detected from the bytes; results point at the fixtures and are never written.
 */
export class FileStore {
  readonly #files = new Map<string, StoredFile>();

  private constructor(
    private readonly options: FileStoreOptions,
    /** Size of each result fixture, read once so a generation finishes synchronously. */
    private readonly fixtureSizes: ReadonlyMap<string, number>,
  ) {}

  static async open(options: FileStoreOptions): Promise<FileStore> {
    const sizes = new Map<string, number>();
    for (const { file } of [...Object.values(RESULT_FIXTURES), ...CLIP_FIXTURES.values()]) {
      sizes.set(file, (await stat(`${FIXTURES_DIR}${file}`)).size);
    }
    return new FileStore(options, sizes);
  }

  /**
   * Streams an upload to disk and keeps it when its bytes are a format of `kind` within the kind's limit.
   * Returns the file and the SHA-256 of its bytes (what an idempotent repeat is compared by).
   */
  async receive(input: {
    accountId: string;
    kind: FileKind;
    filename: string | undefined;
    body: AsyncIterable<Uint8Array> | null;
  }): Promise<{ file: StoredFile; sha256: string }> {
    const id = newId("file");
    const path = join(this.options.directory, id);
    const limit = this.options.maxBytes[input.kind];
    const hash = createHash("sha256");
    const out = createWriteStream(path);
    let size = 0;
    try {
      for await (const chunk of input.body ?? []) {
        size += chunk.length;
        hash.update(chunk);
        // Past the limit keep reading, so the client sees the 413 instead of a reset connection; store nothing more.
        if (size > limit) continue;
        if (!out.write(chunk)) await once(out, "drain");
      }
      await new Promise<void>((resolve, reject) =>
        out.end((err?: Error | null) => (err ? reject(err) : resolve())),
      );
    } catch (err) {
      out.destroy();
      await rm(path, { force: true });
      throw err;
    }
    if (size > limit) {
      await rm(path, { force: true });
      throw new ServiceError(
        "file_too_large",
        `The ${input.kind} is ${size} bytes; the limit for ${input.kind} uploads is ${limit} bytes`,
      );
    }
    const type = size === 0 ? undefined : await fileTypeFromFile(path);
    if (!type || !ACCEPTED_FORMATS[input.kind].has(type.ext)) {
      await rm(path, { force: true });
      const found = type ? `${type.mime} bytes` : "bytes of no supported type";
      throw new ServiceError(
        "unsupported_media_type",
        `kind=${input.kind} takes ${FORMAT_NAMES[input.kind]}; the upload has ${found}`,
      );
    }
    const file: StoredFile = {
      id,
      accountId: input.accountId,
      kind: input.kind,
      filename: cleanFilename(input.filename) ?? `upload.${type.ext}`,
      origin: "upload",
      path,
      mime: type.mime,
      bytes: size,
      poster: undefined,
      created: this.options.now(),
    };
    this.#files.set(id, file);
    return { file, sha256: hash.digest("hex") };
  }

  /** A generation's result: a fixture of its format (and length), and a poster frame for a video. */
  addResult(input: {
    accountId: string;
    format: ResultFormat;
    seconds: number | undefined;
    name: string;
  }): StoredFile {
    const isVideo = input.format === "mp4";
    const clip = isVideo && input.seconds !== undefined ? CLIP_FIXTURES.get(input.seconds) : undefined;
    const result = this.#fixture(clip ?? RESULT_FIXTURES[input.format]);
    const file: StoredFile = {
      ...result,
      id: newId("file"),
      accountId: input.accountId,
      kind: isVideo ? "video" : "image",
      filename: `${input.name}.${input.format === "jpeg" ? "jpg" : input.format}`,
      origin: "result",
      poster: isVideo ? this.#fixture(POSTER_FIXTURE) : undefined,
      created: this.options.now(),
    };
    this.#files.set(file.id, file);
    return file;
  }

  /** The account's file; another account's file is as unknown as a missing one. */
  get(fileId: string, accountId?: string): StoredFile | undefined {
    const file = this.#files.get(fileId);
    return file && (accountId === undefined || file.accountId === accountId) ? file : undefined;
  }

  async remove(fileId: string): Promise<void> {
    const file = this.#files.get(fileId);
    if (!file) return;
    this.#files.delete(fileId);
    if (file.origin === "upload") await rm(file.path, { force: true });
  }

  /** Bytes of the account's results: what counts against its storage quota. */
  resultBytes(accountId: string): number {
    let total = 0;
    for (const file of this.#files.values()) {
      if (file.accountId === accountId && file.origin === "result")
        total += file.bytes + (file.poster?.bytes ?? 0);
    }
    return total;
  }

  /** Removes uploads the predicate calls expired. */
  async sweepUploads(expired: (file: StoredFile) => boolean): Promise<void> {
    for (const file of [...this.#files.values()]) {
      if (file.origin === "upload" && expired(file)) await this.remove(file.id);
    }
  }

  #fixture(fixture: { file: string; mime: string }): StoredBytes {
    return {
      path: `${FIXTURES_DIR}${fixture.file}`,
      mime: fixture.mime,
      bytes: this.fixtureSizes.get(fixture.file) ?? 0,
    };
  }
}

export function newId(prefix: "gen" | "batch" | "file"): string {
  return `${prefix}_${randomBytes(12).toString("hex")}`;
}

/** `X-Filename` may be percent-encoded (headers carry no raw UTF-8); only the last path segment is kept. */
function cleanFilename(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  let name = header;
  try {
    name = decodeURIComponent(header);
  } catch {
    // Not percent-encoding: the header is the name as it is.
  }
  const cleaned = basename(name.replaceAll("\\", "/")).trim().slice(0, 255);
  return cleaned === "" ? undefined : cleaned;
}
