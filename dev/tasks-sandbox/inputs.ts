import type { FileField } from "./contract/index.js";
import type { StoredUpload } from "./uploads.js";

/** A file a task reads, as the result texts see it. */
export interface TaskInput {
  role: FileField["role"];
  /** How the result texts name it: the upload's file name and size, or the link. */
  label: string;
}

/** The sandbox never fetches links. */
export function linkedInput(field: FileField): TaskInput {
  return { role: field.role, label: field.reference };
}

export function uploadedInput(field: FileField, upload: StoredUpload): TaskInput {
  return { role: field.role, label: `${upload.filename} (${upload.sizeBytes} bytes)` };
}
