import type { FileField } from "./contract/index.js";
import type { LinkRead } from "./links.js";
import type { StoredUpload } from "./uploads.js";

/** A file a task reads, as pricing and the result texts see it. */
export interface TaskInput {
  role: FileField["role"];
  /** How the result texts name it: the upload's file name and size, or the link. */
  label: string;
  /** Seconds it plays; null for a still image, and for SRT and music files (not priced by length). */
  seconds: number | null;
  /** Why a linked file could not be fetched: the task fails when it runs, and is not charged. */
  unreadable?: string;
}

const IMAGE_PATH = /\.(?:jpe?g|png|webp)$/i;

/**
 * A linked file. One that was fetched (`read`) is a still or plays as long as its header says, or
 * `unmeasuredSeconds` when the header is not understood within the bytes fetched. Without fetching, a link to
 * an image (by its path's extension) is a still and any other linked media counts as `unmeasuredSeconds`; so
 * does one that could not be fetched, for the balance check at creation only, since it is never charged.
 */
export function linkedInput(field: FileField, unmeasuredSeconds: number, read?: LinkRead): TaskInput {
  const label = field.reference;
  if (field.role !== "media") {
    return {
      role: field.role,
      label,
      seconds: null,
      ...(read?.ok === false ? { unreadable: read.reason } : {}),
    };
  }
  if (read?.ok === true) {
    return { role: field.role, label, seconds: read.still ? null : (read.seconds ?? unmeasuredSeconds) };
  }
  if (read?.ok === false)
    return { role: field.role, label, seconds: unmeasuredSeconds, unreadable: read.reason };
  const still = IMAGE_PATH.test(new URL(field.reference).pathname);
  return { role: field.role, label, seconds: still ? null : unmeasuredSeconds };
}

/** An uploaded audio or video plays as long as its header says, or `unmeasuredSeconds` when it cannot be read. */
export function uploadedInput(field: FileField, upload: StoredUpload, unmeasuredSeconds: number): TaskInput {
  const plays = field.role === "media" && (upload.kind === "audio" || upload.kind === "video");
  return {
    role: field.role,
    label: `${upload.filename} (${upload.sizeBytes} bytes)`,
    seconds: plays ? (upload.durationSeconds ?? unmeasuredSeconds) : null,
  };
}
