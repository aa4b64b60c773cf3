import { createWriteStream } from "node:fs";
import { open } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Audio, Document, PhotoSize, Video, VideoNote, Voice } from "grammy/types";
import { badRequest, WRONG_FILE } from "./errors.js";
import { type FileKind, type FileStore, mimeFromName, type StoredFile } from "./files.js";
import type { Upload } from "./request-body.js";

export interface MediaSource {
  uploads: Map<string, Upload>;
  files: FileStore;
  /** Hosts, besides loopback, whose http(s) URLs may be fetched. */
  urlAllowList: readonly string[];
  maxUrlBytes: number;
}

const KIND_NAME: Record<FileKind, string> = {
  photo: "Photo",
  video: "Video",
  audio: "Audio",
  voice: "VoiceNote",
  video_note: "VideoNote",
  document: "Document",
  animation: "Animation",
};

/**
 * Resolves what a bot passed for a file: an attach:// part, a part under the field's own name, an
 * http(s) URL Telegram would fetch, or a file_id it sent or received before.
 */
export async function resolveInputFile(
  field: string,
  value: unknown,
  kind: FileKind,
  source: MediaSource,
): Promise<StoredFile> {
  const direct = source.uploads.get(field);
  if (value === undefined && direct) return fromUpload(direct, kind, source.files);
  if (typeof value !== "string" || value === "") throw badRequest(`there is no ${field} in the request`);
  if (value.startsWith("attach://")) {
    const upload = source.uploads.get(value.slice("attach://".length));
    if (!upload) throw badRequest(`there is no ${field} in the request`);
    return fromUpload(upload, kind, source.files);
  }
  if (/^https?:\/\//i.test(value)) return fromUrl(value, kind, source);
  const known = source.files.get(value);
  if (!known) throw WRONG_FILE();
  if (known.kind !== kind && kind !== "document") {
    throw badRequest(`can't use file of type ${KIND_NAME[known.kind]} as ${KIND_NAME[kind]}`);
  }
  return known;
}

function fromUpload(upload: Upload, kind: FileKind, files: FileStore): StoredFile {
  if (upload.size === 0) throw badRequest("file must be non-empty");
  const declared =
    upload.contentType && upload.contentType !== "application/octet-stream" ? upload.contentType : undefined;
  const mimeType = mimeFromName(upload.filename) ?? declared;
  return files.add(kind, { type: "disk", path: upload.path }, upload.size, {
    ...(mimeType ? { mimeType } : {}),
    ...(upload.filename ? { fileName: upload.filename } : {}),
  });
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

/**
 * What Telegram accepts by URL per method (Bot API, "Sending files"): the right MIME type, and for
 * sendDocument only PDF and ZIP. Video notes cannot be sent by URL at all.
 */
const URL_CONTENT: Record<FileKind, (mimeType: string) => boolean> = {
  photo: (type) => /^image\/(jpeg|png|webp|gif)$/.test(type),
  video: (type) => type.startsWith("video/"),
  animation: (type) => type === "image/gif" || type === "video/mp4",
  audio: (type) => ["audio/mpeg", "audio/mp3", "audio/mp4", "audio/x-m4a", "audio/m4a"].includes(type),
  voice: (type) => type === "audio/ogg" || type === "audio/opus",
  video_note: () => false,
  document: (type) => ["application/pdf", "application/zip", "application/x-zip-compressed"].includes(type),
};

async function fromUrl(url: string, kind: FileKind, source: MediaSource): Promise<StoredFile> {
  const target = new URL(url);
  if (kind === "video_note") throw WRONG_FILE();
  if (!LOOPBACK.has(target.hostname) && !source.urlAllowList.includes(target.hostname)) throw WRONG_FILE();
  const failed = () => badRequest("failed to get HTTP URL content");
  let response: Response;
  try {
    response = await fetch(target, { signal: AbortSignal.timeout(30_000), redirect: "follow" });
  } catch {
    throw failed();
  }
  const declaredLength = Number(response.headers.get("content-length") ?? "0");
  if (!response.ok || !response.body || declaredLength > source.maxUrlBytes) {
    await response.body?.cancel();
    throw failed();
  }
  const fileName = decodeURIComponent(target.pathname.split("/").pop() ?? "") || undefined;
  const mimeType =
    response.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() || mimeFromName(fileName);
  if (!mimeType || !URL_CONTENT[kind](mimeType)) {
    await response.body.cancel();
    throw badRequest("wrong type of the web page content");
  }
  const path = await source.files.tempPath();
  let size = 0;
  const limit = source.maxUrlBytes;
  try {
    await pipeline(
      Readable.fromWeb(response.body as import("node:stream/web").ReadableStream<Uint8Array>),
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          size += chunk.length;
          if (size > limit) throw failed();
          yield chunk;
        }
      },
      createWriteStream(path),
    );
  } catch {
    throw failed();
  }
  if (size === 0) throw failed();
  return source.files.add(kind, { type: "disk", path }, size, {
    mimeType,
    ...(fileName ? { fileName } : {}),
  });
}

/** Width and height of a PNG or JPEG from its first bytes. */
export function imageDimensions(head: Buffer): { width: number; height: number } | undefined {
  if (head.length >= 24 && head.readUInt32BE(0) === 0x89504e47) {
    return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
  }
  if (head.length < 4 || head[0] !== 0xff || head[1] !== 0xd8) return undefined;
  let offset = 2;
  while (offset + 9 < head.length) {
    if (head[offset] !== 0xff) return undefined;
    const marker = head[offset + 1] as number;
    const length = head.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { width: head.readUInt16BE(offset + 7), height: head.readUInt16BE(offset + 5) };
    }
    offset += 2 + length;
  }
  return undefined;
}

async function headOf(file: StoredFile): Promise<Buffer> {
  if (file.content.type === "bytes") return file.content.data.subarray(0, 65536);
  if (file.content.type === "declared") return Buffer.alloc(0);
  const handle = await open(file.content.path, "r");
  try {
    const buffer = Buffer.alloc(65536);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const PHOTO_SIDES = [90, 320, 800, 1280, 2560];

/** The sizes Telegram makes of a photo: thumbnails up to the original, each with its own file_id. */
export async function photoSizes(
  file: StoredFile,
  files: FileStore,
  known?: { width: number; height: number },
): Promise<PhotoSize[]> {
  const dimensions = known ?? imageDimensions(await headOf(file)) ?? { width: 1280, height: 960 };
  const longest = Math.max(dimensions.width, dimensions.height, 1);
  const sides = PHOTO_SIDES.filter((side) => side < longest);
  const sizes: PhotoSize[] = [];
  for (const side of sides) {
    const scale = side / longest;
    const alias = files.alias(file, Math.max(1, Math.round(file.size * scale * scale)));
    sizes.push({
      file_id: alias.fileId,
      file_unique_id: alias.fileUniqueId,
      width: Math.round(dimensions.width * scale),
      height: Math.round(dimensions.height * scale),
      file_size: alias.size,
    });
  }
  sizes.push({
    file_id: file.fileId,
    file_unique_id: file.fileUniqueId,
    width: dimensions.width,
    height: dimensions.height,
    file_size: file.size,
  });
  return sizes;
}

/** Telegram's rules for a thumbnail: a JPEG under 200 kB, at most 320 px a side (it scales a larger one down). */
const MAX_THUMBNAIL_BYTES = 200 * 1024;
const THUMBNAIL_SIDE = 320;

/**
 * A media's thumbnail as Telegram keeps it, from the request's `thumbnail`: only a JPEG uploaded with the
 * request (`attach://<name>`) counts. Telegram ignores anything else rather than refusing the message.
 */
export async function thumbnailOf(value: unknown, source: MediaSource): Promise<PhotoSize | undefined> {
  if (typeof value !== "string" || !value.startsWith("attach://")) return undefined;
  const upload = source.uploads.get(value.slice("attach://".length));
  if (!upload || upload.size === 0 || upload.size > MAX_THUMBNAIL_BYTES) return undefined;
  const file = fromUpload(upload, "photo", source.files);
  const head = await headOf(file);
  if (head[0] !== 0xff || head[1] !== 0xd8) return undefined;
  const dimensions = imageDimensions(head) ?? { width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE };
  const scale = Math.min(1, THUMBNAIL_SIDE / Math.max(dimensions.width, dimensions.height, 1));
  return {
    file_id: file.fileId,
    file_unique_id: file.fileUniqueId,
    width: Math.max(1, Math.round(dimensions.width * scale)),
    height: Math.max(1, Math.round(dimensions.height * scale)),
    file_size: file.size,
  };
}

export interface MediaDetails {
  /** What `thumbnailOf` kept of the request's thumbnail. */
  thumbnail?: PhotoSize;
  duration?: number;
  width?: number;
  height?: number;
  length?: number;
  performer?: string;
  title?: string;
  mimeType?: string;
  fileName?: string;
}

function base(file: StoredFile) {
  return { file_id: file.fileId, file_unique_id: file.fileUniqueId, file_size: file.size };
}

export function videoObject(file: StoredFile, details: MediaDetails): Video {
  return {
    ...base(file),
    width: details.width ?? 0,
    height: details.height ?? 0,
    duration: details.duration ?? 0,
    ...(details.thumbnail ? { thumbnail: details.thumbnail } : {}),
    mime_type: details.mimeType ?? file.mimeType ?? "video/mp4",
    ...((details.fileName ?? file.fileName) ? { file_name: details.fileName ?? file.fileName } : {}),
  };
}

export function audioObject(file: StoredFile, details: MediaDetails): Audio {
  return {
    ...base(file),
    duration: details.duration ?? 0,
    mime_type: details.mimeType ?? file.mimeType ?? "audio/mpeg",
    ...(details.performer ? { performer: details.performer } : {}),
    ...(details.title ? { title: details.title } : {}),
    ...((details.fileName ?? file.fileName) ? { file_name: details.fileName ?? file.fileName } : {}),
  };
}

export function voiceObject(file: StoredFile, details: MediaDetails): Voice {
  return { ...base(file), duration: details.duration ?? 0, mime_type: details.mimeType ?? "audio/ogg" };
}

export function videoNoteObject(file: StoredFile, details: MediaDetails): VideoNote {
  return { ...base(file), length: details.length ?? details.width ?? 240, duration: details.duration ?? 0 };
}

export function documentObject(file: StoredFile, details: MediaDetails): Document {
  const mimeType = details.mimeType ?? file.mimeType;
  const fileName = details.fileName ?? file.fileName;
  return {
    ...base(file),
    ...(fileName ? { file_name: fileName } : {}),
    ...(mimeType ? { mime_type: mimeType } : {}),
  };
}
