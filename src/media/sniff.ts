/**
 * Confirms from a file's first bytes that it is what its name and Telegram said, so a renamed program is
 * refused; the head is put back for the caller to stream on. file-type is loaded at the first sniff.
 */

import { Readable } from "node:stream";
import {
  ACCEPTED_FORMATS_TEXT,
  FORMATS,
  formatOfExtension,
  type MediaClass,
  MediaError,
  type MediaFormat,
} from "./accept.js";

/** file-type reads at most this much to decide. */
const HEAD_BYTES = 4100;

/** Reads the head of a stream without losing it: `stream` is the whole file again. */
export async function peek(source: Readable): Promise<{ head: Buffer; stream: Readable }> {
  const iterator: AsyncIterator<Buffer> = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < HEAD_BYTES) {
    const next = await iterator.next();
    ended = next.done === true;
    if (next.done) break;
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    chunks.push(chunk);
    length += chunk.length;
  }
  const head = Buffer.concat(chunks);
  async function* whole(): AsyncGenerator<Buffer> {
    if (head.length > 0) yield head;
    if (ended) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  const stream = Readable.from(whole(), { objectMode: false });
  stream.once("close", () => {
    if (!source.destroyed) source.destroy();
  });
  return { head: head.subarray(0, HEAD_BYTES), stream };
}

/**
 * file-type names what it found by its extension, as the formats list theirs, except a QuickTime file
 * ("qt") and an OGG whose first stream is Opus ("opus"), which is what voice notes hold.
 */
function detectedFormat(extension: string): MediaFormat | undefined {
  if (extension === "qt") return "mov";
  return extension === "opus" ? "ogg_opus" : formatOfExtension(extension);
}

/** SRT has no magic number: text that starts like a cue (an index, then a timecode line). */
function looksLikeSrt(head: Buffer): boolean {
  if (head.includes(0)) return false;
  const text = head.toString("utf8").replace(/^\uFEFF/, "");
  return /^\s*\d+\s*\r?\n\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}\s*-->/.test(text);
}

export async function sniffFormat(head: Buffer): Promise<MediaFormat | undefined> {
  const { fileTypeFromBuffer } = await import("file-type");
  const detected = await fileTypeFromBuffer(head);
  if (detected) return detectedFormat(detected.ext);
  return looksLikeSrt(head) ? "srt" : undefined;
}

/**
 * The format the bytes really are (a "video.mp4" that is QuickTime is uploaded as MOV), of the expected
 * class and taken by the Media Task Service, or MediaError "type_mismatch".
 */
export async function confirmFormat(head: Buffer, expected: MediaClass): Promise<MediaFormat> {
  const sniffed = await sniffFormat(head);
  // MPEG-4 audio with a generic ftyp brand is reported as MP4.
  const format = expected === "audio" && sniffed === "mp4" ? "m4a" : sniffed;
  if (format === undefined || !FORMATS[format].tasks || FORMATS[format].mediaClass !== expected) {
    throw new MediaError("type_mismatch", `content is ${sniffed ?? "unrecognised"}, expected ${expected}`, {
      formats: ACCEPTED_FORMATS_TEXT,
    });
  }
  return format;
}
