/** A text file read as words, alike for a task form's text and a generation batch's lines. */
import { MAX_TEXT_DOCUMENT_BYTES, MediaError } from "../media/accept.js";
import type { TelegramMediaRef } from "../media/media-ref.js";
import { readAtMost } from "../media/read-at-most.js";
import { openTelegramFile, type TelegramDownloadDeps } from "../media/telegram-download.js";
import type { Notice } from "./forms/form-state.js";

/** A text file's words: UTF-8, without a byte order mark or the blank lines around them. */
export async function readTextDocument(
  telegram: TelegramDownloadDeps,
  ref: TelegramMediaRef,
): Promise<string | Notice> {
  if (ref.size !== undefined && ref.size > MAX_TEXT_DOCUMENT_BYTES) return { key: "text-file-too-big" };
  let content: Buffer | undefined;
  try {
    const download = await openTelegramFile(telegram, ref.fileId, ref.size);
    content = await readAtMost(download.stream, MAX_TEXT_DOCUMENT_BYTES);
  } catch (error) {
    // Telegram's own failures are the user's to retry; anything else is the program's.
    if (error instanceof MediaError) return { key: `media-error-${error.kind}`, params: error.params };
    throw error;
  }
  if (content === undefined) return { key: "text-file-too-big" };
  const text = content
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trim();
  return text === "" ? { key: "text-file-empty" } : text;
}
