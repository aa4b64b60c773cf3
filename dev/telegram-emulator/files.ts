import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { Readable } from "node:stream";

export type FileKind = "photo" | "video" | "audio" | "voice" | "video_note" | "document" | "animation";

/** Where a file's bytes are: memory, a temporary file, or nowhere (a declared size for limit tests). */
export type FileContent =
  | { type: "bytes"; data: Buffer }
  | { type: "disk"; path: string }
  | { type: "declared" };

export interface StoredFile {
  fileId: string;
  fileUniqueId: string;
  kind: FileKind;
  size: number;
  mimeType?: string;
  fileName?: string;
  /** Set by getFile; the download is served at /file/bot<token>/<filePath>. */
  filePath?: string;
  content: FileContent;
}

const ID_PREFIX: Record<FileKind, string> = {
  photo: "AgACAgIAAxkBAAI",
  video: "BAACAgIAAxkBAAI",
  audio: "CQACAgIAAxkBAAI",
  voice: "AwACAgIAAxkBAAI",
  video_note: "DQACAgIAAxkBAAI",
  document: "BQACAgIAAxkBAAI",
  animation: "CgACAgIAAxkBAAI",
};

const FOLDER: Record<FileKind, string> = {
  photo: "photos",
  video: "videos",
  audio: "music",
  voice: "voice",
  video_note: "video_notes",
  document: "documents",
  animation: "animations",
};

const DEFAULT_EXTENSION: Record<FileKind, string> = {
  photo: ".jpg",
  video: ".mp4",
  audio: ".mp3",
  voice: ".oga",
  video_note: ".mp4",
  document: "",
  animation: ".mp4",
};

const FILLER_CHUNK = Buffer.alloc(64 * 1024, 0x2e);

/** Every file the emulator knows, by file_id and by download path. */
export class FileStore {
  private readonly byId = new Map<string, StoredFile>();
  private readonly byPath = new Map<string, StoredFile>();
  private pathCounter = 0;
  private tempCounter = 0;
  private directory: Promise<string> | undefined;

  add(
    kind: FileKind,
    content: FileContent,
    size: number,
    meta: { mimeType?: string; fileName?: string } = {},
  ): StoredFile {
    const file: StoredFile = {
      fileId: `${ID_PREFIX[kind]}${randomBytes(30).toString("base64url")}`,
      fileUniqueId: `AgAD${randomBytes(9).toString("base64url")}`,
      kind,
      size,
      content,
      ...(meta.mimeType ? { mimeType: meta.mimeType } : {}),
      ...(meta.fileName ? { fileName: meta.fileName } : {}),
    };
    this.byId.set(file.fileId, file);
    return file;
  }

  /** Another file_id for the same bytes (the several sizes of one photo). */
  alias(file: StoredFile, size: number): StoredFile {
    return this.add(file.kind, file.content, size, file.mimeType ? { mimeType: file.mimeType } : {});
  }

  /** Telegram no longer has the file: its file_id is refused from now on. */
  forget(fileId: string): void {
    this.byId.delete(fileId);
  }

  get(fileId: string): StoredFile | undefined {
    return this.byId.get(fileId);
  }

  /** Gives the file a download path, as getFile does. */
  assignPath(file: StoredFile): string {
    if (!file.filePath) {
      this.pathCounter += 1;
      const ext = (file.fileName ? extname(file.fileName) : "") || DEFAULT_EXTENSION[file.kind];
      file.filePath = `${FOLDER[file.kind]}/file_${this.pathCounter}${ext}`;
      this.byPath.set(file.filePath, file);
    }
    return file.filePath;
  }

  atPath(path: string): StoredFile | undefined {
    return this.byPath.get(path);
  }

  /** The file's bytes as a stream; a declared-only file yields filler bytes of its declared size. */
  open(file: StoredFile): Readable {
    switch (file.content.type) {
      case "bytes":
        return Readable.from([file.content.data]);
      case "disk":
        return createReadStream(file.content.path);
      case "declared":
        return Readable.from(filler(file.size));
    }
  }

  async read(file: StoredFile): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.open(file)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** A fresh path in the emulator's temporary folder, for uploads. */
  async tempPath(): Promise<string> {
    this.directory ??= mkdtemp(join(tmpdir(), "telegram-emulator-"));
    this.tempCounter += 1;
    return join(await this.directory, `upload-${this.tempCounter}`);
  }

  async close(): Promise<void> {
    if (this.directory) await rm(await this.directory, { recursive: true, force: true });
  }
}

function* filler(size: number): Generator<Buffer> {
  let left = size;
  while (left > 0) {
    const length = Math.min(left, FILLER_CHUNK.length);
    yield length === FILLER_CHUNK.length ? FILLER_CHUNK : FILLER_CHUNK.subarray(0, length);
    left -= length;
  }
}

const MIME_BY_EXTENSION: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".mp4": "video/mp4",
  ".mov": "video/quicktime",
  ".webm": "video/webm",
  ".mkv": "video/x-matroska",
  ".mp3": "audio/mpeg",
  ".m4a": "audio/mp4",
  ".ogg": "audio/ogg",
  ".oga": "audio/ogg",
  ".opus": "audio/ogg",
  ".wav": "audio/wav",
  ".flac": "audio/flac",
  ".txt": "text/plain",
  ".srt": "application/x-subrip",
  ".pdf": "application/pdf",
  ".zip": "application/zip",
  ".json": "application/json",
};

export function mimeFromName(name: string | undefined): string | undefined {
  return name ? MIME_BY_EXTENSION[extname(name).toLowerCase()] : undefined;
}
