/**
 * The files a request carries, by the service's upload table: each field's kind, and each kind's formats
 * and size, checked on what Telegram says before it is offered and on its first bytes before upload.
 */
import type { FileKind } from "../generation-service/responses.js";
import { FORMATS, formatOf, type MediaFormat } from "../media/accept.js";
import type { MediaRef } from "../media/media-ref.js";

/** Request fields that carry files sent in the chat, each with the kind it is uploaded as. */
export const FILE_FIELDS = {
  reference_file_ids: "image",
  image_file_ids: "image",
  image_file_id: "image",
  keyframe_file_ids: "image",
  video_file_ids: "video",
  audio_file_ids: "audio",
} as const satisfies Record<string, FileKind>;
export type FileField = keyof typeof FILE_FIELDS;

const MIB = 1024 * 1024;

/** The formats of the upload table, the limit of each kind, and its formats as the user reads them. */
export const KIND_RULES: Record<
  FileKind,
  { formats: readonly MediaFormat[]; maxBytes: number; formatsText: string }
> = {
  image: { formats: ["jpeg", "png", "webp"], maxBytes: 20 * MIB, formatsText: "JPEG, PNG, WebP" },
  video: {
    formats: ["mp4", "avi", "webm", "flv", "mpeg"],
    maxBytes: 200 * MIB,
    formatsText: "MP4, WebM, AVI, FLV, MPEG",
  },
  audio: {
    formats: ["mp3", "m4a", "wav", "ogg", "flac", "ogg_opus"],
    maxBytes: 20 * MIB,
    formatsText: "MP3, M4A, WAV, OGG, FLAC",
  },
};

/** Seconds of each audio reference the service uses: it trims a longer upload to them. */
export const MAX_AUDIO_REFERENCE_SECONDS = 15;

/** Whether a file sent in the chat is, by what Telegram says of it, one the service takes as `kind`. */
export function takesFile(ref: MediaRef, kind: FileKind): boolean {
  if (ref.source !== "telegram") return false;
  const format = formatOf(ref);
  const rule = KIND_RULES[kind];
  return (
    format !== undefined &&
    rule.formats.includes(format) &&
    FORMATS[format].mediaClass === kind &&
    (ref.size === undefined || ref.size <= rule.maxBytes)
  );
}

/** The limit in MB a file of a format the service takes is over, by Telegram's word; else undefined. */
export function sizeLimitMbExceeded(ref: MediaRef): number | undefined {
  if (ref.source !== "telegram" || ref.size === undefined) return undefined;
  const format = formatOf(ref);
  const rule = Object.values(KIND_RULES).find(
    (kind) => format !== undefined && kind.formats.includes(format),
  );
  return rule && ref.size > rule.maxBytes ? rule.maxBytes / MIB : undefined;
}

/** Whether bytes sniffed as `format` are a file of `kind` the service takes. */
export function formatTaken(format: MediaFormat | undefined, kind: FileKind): boolean {
  return format !== undefined && KIND_RULES[kind].formats.includes(format);
}
