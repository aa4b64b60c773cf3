import type { FileField } from "./contract/index.js";
import type { StoredUpload } from "./uploads.js";

/** A file a task reads, as pricing and the result texts see it. */
export interface TaskInput {
  role: FileField["role"];
  /** How the result texts name it: the upload's file name and size, or the link. */
  label: string;
  /** Seconds it plays; null for a still image, and for SRT and music files (not priced by length). */
  seconds: number | null;
}

const IMAGE_PATH = /\.(?:jpe?g|png|webp)$/i;

/**
 * The sandbox never fetches links, so a linked file's length is unknown: a link to an image (by its path's
 * extension) is a still, any other linked media counts as `unmeasuredSeconds`.
 */
export function linkedInput(field: FileField, unmeasuredSeconds: number): TaskInput {
  const still = field.role !== "media" || IMAGE_PATH.test(new URL(field.reference).pathname);
  return { role: field.role, label: field.reference, seconds: still ? null : unmeasuredSeconds };
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
