/**
 * Checks made before anything is downloaded, without I/O: is this media a format the services take, is it
 * small enough for the way the bot fetches it, and which task types can use it.
 */

import { CLOUD_INTAKE_LIMIT_MB, SERVICE_INTAKE_LIMIT_MB } from "../config.js";
import type { TaskType } from "../tasks-service/schemas/index.js";
import type { MediaKind, MediaRef, TelegramMediaRef } from "./media-ref.js";

/** Stable codes; each is shown as the locale message `media-error-<code>`. */
export const MEDIA_ERROR_CODES = [
  "unsupported_type",
  "empty_file",
  "too_big_for_bot_api",
  "too_big_for_intake",
  "too_big_for_service",
  "too_many_media",
  "mixed_media",
  "link_not_https",
  "link_malformed",
  "download_failed",
  "type_mismatch",
  "conversion_failed",
] as const;
export type MediaErrorCode = (typeof MEDIA_ERROR_CODES)[number];

export type MediaProblem = { code: MediaErrorCode; params: Record<string, string | number> };

/** A failure with a stable kind; `media-error-<kind>` is its message for the user. */
export class MediaError extends Error {
  override readonly name = "MediaError";
  constructor(
    readonly kind: MediaErrorCode,
    message: string,
    readonly params: MediaProblem["params"] = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export type MediaClass = "image" | "video" | "audio" | "subtitles";

/** `tasks`: whether the Media Task Service takes it; the others go only to the generation service. */
function format(
  mediaClass: MediaClass,
  mimes: readonly string[],
  extensions: readonly string[],
  tasks = true,
) {
  return { mediaClass, mimes, extensions, tasks };
}
type FormatInfo = ReturnType<typeof format>;

/** The two services' upload tables, with Telegram voice notes (converted to MP3 for the task service). */
export const FORMATS = {
  jpeg: format("image", ["image/jpeg", "image/jpg", "image/pjpeg"], ["jpg", "jpeg"]),
  png: format("image", ["image/png"], ["png"]),
  webp: format("image", ["image/webp"], ["webp"]),
  mp4: format("video", ["video/mp4"], ["mp4", "m4v"]),
  mov: format("video", ["video/quicktime"], ["mov"]),
  avi: format("video", ["video/x-msvideo", "video/avi", "video/msvideo", "video/vnd.avi"], ["avi"]),
  webm: format("video", ["video/webm"], ["webm"], false),
  flv: format("video", ["video/x-flv", "video/flv"], ["flv"], false),
  mpeg: format("video", ["video/mpeg", "video/mpg"], ["mpg", "mpeg"], false),
  mp3: format("audio", ["audio/mpeg", "audio/mp3", "audio/mpeg3"], ["mp3"]),
  wav: format("audio", ["audio/wav", "audio/x-wav", "audio/wave", "audio/vnd.wave"], ["wav"]),
  m4a: format("audio", ["audio/mp4", "audio/x-m4a", "audio/m4a", "audio/aac"], ["m4a"]),
  // An OGG file may hold Opus or Vorbis; only a voice note is converted for the task service.
  ogg: format("audio", ["audio/ogg", "audio/opus", "audio/vorbis"], ["ogg", "oga", "opus"], false),
  flac: format("audio", ["audio/flac", "audio/x-flac"], ["flac"], false),
  srt: format("subtitles", ["application/x-subrip", "text/srt", "application/srt"], ["srt"]),
  // Known by Telegram's kind alone: a file named .ogg is an OGG file.
  ogg_opus: format("audio", [], []),
};
export type MediaFormat = keyof typeof FORMATS;

const FORMAT_ENTRIES = Object.entries(FORMATS) as Array<[MediaFormat, FormatInfo]>;

export function formatOfExtension(extension: string): MediaFormat | undefined {
  return FORMAT_ENTRIES.find(([, info]) => info.extensions.includes(extension))?.[0];
}

/** Shown to the user when a format is refused. Voice notes are accepted but not advertised as files. */
export const ACCEPTED_FORMATS_TEXT = "JPEG, PNG, WebP, MP4, MOV, AVI, MP3, WAV, M4A, SRT";
/** The same where the generation service's formats are taken too. */
export const ACCEPTED_FORMATS_WITH_GENERATION_TEXT =
  "JPEG, PNG, WebP, MP4, MOV, AVI, WebM, FLV, MPEG, MP3, WAV, M4A, OGG, FLAC, SRT";

/** The video task takes at most this many photos and clips. */
export const MAX_MEDIA_ITEMS = 30;

const MIB = 1024 * 1024;

export interface IntakeLimits {
  maxIntakeMb: number;
  /** A self-hosted Bot API server (or the emulator) downloads files of any size. */
  selfHostedBotApi: boolean;
}

/** Telegram's upload limit for bots: 50 MB on the cloud Bot API, 2000 MB on a self-hosted server. */
export function uploadLimitBytes(selfHostedBotApi: boolean): number {
  return (selfHostedBotApi ? 2000 : 50) * MIB;
}

function extensionOf(fileName: string | undefined): string | undefined {
  return fileName?.toLowerCase().match(/\.([a-z0-9]{1,5})$/)?.[1];
}

function mimeOf(ref: TelegramMediaRef): string | undefined {
  return ref.mime?.toLowerCase().split(";")[0]?.trim();
}

/**
 * A Telegram file's format by what Telegram says: its kind, its mime type, then its file name (Telegram
 * often labels documents application/octet-stream). Undefined: neither service takes it.
 */
export function formatOf(ref: TelegramMediaRef): MediaFormat | undefined {
  if (ref.kind === "photo") return "jpeg";
  if (ref.kind === "video_note") return "mp4";
  if (ref.kind === "voice") return "ogg_opus";
  const mime = mimeOf(ref);
  const extension = extensionOf(ref.fileName);
  const byMime = mime ? FORMAT_ENTRIES.find(([, info]) => info.mimes.includes(mime))?.[0] : undefined;
  const byExtension = extension ? formatOfExtension(extension) : undefined;
  if (byMime && byExtension && byMime !== byExtension) {
    // A generic or wrong label is common for documents; a name that says SRT is what the user sent.
    return mime === "application/octet-stream" || mime?.startsWith("text/") ? byExtension : byMime;
  }
  return byMime ?? byExtension;
}

/**
 * A plain-text document (a .txt file): its words are a task's text, never its media. An SRT labelled
 * text/plain is subtitles, as formatOf says.
 */
export function isTextDocument(ref: MediaRef): ref is TelegramMediaRef {
  if (ref.source !== "telegram" || ref.kind !== "document") return false;
  if (extensionOf(ref.fileName) === "txt") return true;
  return mimeOf(ref) === "text/plain" && formatOf(ref) === undefined;
}

/** A text file bigger than this is not a script to be read out: 20,000 characters are at most 80 kB. */
export const MAX_TEXT_DOCUMENT_BYTES = 256 * 1024;

/** The class of media a ref holds; for links, what the path suggests (undefined: unknown until fetched). */
export function mediaClassOf(ref: MediaRef): MediaClass | undefined {
  if (ref.source === "link") return ref.kindHint && CLASS_OF_LINK_KIND[ref.kindHint];
  const format = formatOf(ref);
  return format ? FORMATS[format].mediaClass : undefined;
}

const CLASS_OF_LINK_KIND: Record<MediaKind, MediaClass> = {
  photo: "image",
  video: "video",
  video_note: "video",
  audio: "audio",
  voice: "audio",
  document: "subtitles",
};

const TASKS_BY_CLASS: Record<MediaClass, readonly TaskType[]> = {
  image: ["video"],
  video: ["video", "transcription", "subtitles", "pause_removal", "dubbing", "smart_clip", "motion"],
  // motion takes a voice-over (source "voice").
  audio: ["transcription", "motion"],
  // dubbing takes an SRT as srt_file (manual and semi-automatic modes).
  subtitles: ["dubbing"],
};

/** Whether the Media Task Service may take a file: a format unknown here (a link) the service judges. */
export function tasksTake(ref: MediaRef): boolean {
  if (ref.source === "link") return true;
  const format = formatOf(ref);
  return format === undefined || FORMATS[format].tasks;
}

/** Task types that can use this whole set of media (one item, or an album for the video task). */
export function tasksAccepting(refs: readonly MediaRef[]): TaskType[] {
  if (refs.length === 0 || !refs.every(tasksTake)) return [];
  const classes = refs.map(mediaClassOf);
  if (refs.length > 1) {
    // Only the video task takes several files: photos and clips, up to 30.
    const allVisual = classes.every((c) => c === "image" || c === "video" || c === undefined);
    return allVisual && refs.length <= MAX_MEDIA_ITEMS ? ["video"] : [];
  }
  // A link whose path does not name a format: the service will judge it.
  return [...TASKS_BY_CLASS[classes[0] ?? "video"]];
}

/**
 * Size and format checks for one file, before any download, for where it may go: "tasks" for a task
 * form's files, "any" for a generation form's or the intake's, whose files may go to either service.
 */
export function checkMediaRef(
  ref: MediaRef,
  limits: IntakeLimits,
  services: "tasks" | "any",
): MediaProblem | undefined {
  if (ref.source === "link") return undefined;
  const format = formatOf(ref);
  if (format === undefined || (services === "tasks" && !FORMATS[format].tasks)) {
    return {
      code: "unsupported_type",
      params: {
        formats: services === "tasks" ? ACCEPTED_FORMATS_TEXT : ACCEPTED_FORMATS_WITH_GENERATION_TEXT,
        name: ref.fileName ?? ref.mime ?? ref.kind,
      },
    };
  }
  const size = ref.size;
  if (size === undefined) return undefined;
  if (size === 0) return { code: "empty_file", params: { name: ref.fileName ?? ref.kind } };
  if (size > SERVICE_INTAKE_LIMIT_MB * MIB)
    return { code: "too_big_for_service", params: { limitMb: SERVICE_INTAKE_LIMIT_MB } };
  if (!limits.selfHostedBotApi && size > CLOUD_INTAKE_LIMIT_MB * MIB) {
    return { code: "too_big_for_bot_api", params: { limitMb: CLOUD_INTAKE_LIMIT_MB } };
  }
  if (size > limits.maxIntakeMb * MIB)
    return { code: "too_big_for_intake", params: { limitMb: limits.maxIntakeMb } };
  return undefined;
}
