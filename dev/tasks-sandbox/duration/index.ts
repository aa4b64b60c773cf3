/**
 * How long an uploaded or linked audio or video file plays, read from the bytes of its container's header (no
 * ffmpeg). Formats are the extensions file-type detects; images and subtitles have no duration.
 */
import { BeyondPrefixError, type ByteSource, prefixSource, withFileSource } from "./byte-source.js";
import { mp3Duration } from "./mp3.js";
import { mp4Duration } from "./mp4.js";
import { aviDuration, wavDuration } from "./riff.js";

export { type ByteSource, bufferSource, prefixSource } from "./byte-source.js";

const READERS = new Map<string, (source: ByteSource) => Promise<number | undefined>>([
  ["mp4", mp4Duration],
  ["mov", mp4Duration],
  ["m4a", mp4Duration],
  ["mp3", mp3Duration],
  ["wav", wavDuration],
  ["avi", aviDuration],
]);

/** Seconds of `source` read as `format`, or undefined for a format without a duration or a header it cannot read. */
export async function durationOf(source: ByteSource, format: string): Promise<number | undefined> {
  const reader = READERS.get(format);
  return reader ? reader(source) : undefined;
}

export function fileDuration(path: string, format: string): Promise<number | undefined> {
  if (!READERS.has(format)) return Promise.resolve(undefined);
  return withFileSource(path, (source) => durationOf(source, format));
}

/** Seconds of a file of `size` bytes of which only `prefix` was fetched; undefined when the header lies further. */
export async function prefixDuration(
  prefix: Buffer,
  size: number,
  format: string,
): Promise<number | undefined> {
  try {
    return await durationOf(prefixSource(prefix, size), format);
  } catch (err) {
    if (err instanceof BeyondPrefixError) return undefined;
    throw err;
  }
}
