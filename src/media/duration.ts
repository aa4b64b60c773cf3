/**
 * How long an audio or video file plays, read from its container (an OGG from its last page): a document
 * comes without Telegram's length, and the card's estimate and the talking video's 15-second limit need it.
 */
import type { MediaFormat } from "./accept.js";
import { afterId3Tags, firstMp3Frame, mp3FrameAt, mp4Movie } from "./media-header.js";

/** Seconds `bytes` plays when read as `format`; undefined for a header it cannot read or a format without length. */
export function mediaDuration(bytes: Buffer, format: MediaFormat): number | undefined {
  return DURATION_READERS[format]?.(bytes);
}

function mp4Duration(bytes: Buffer): number | undefined {
  const movie = mp4Movie(bytes);
  if (!movie?.whole || movie.unstated || !movie.timescale || !movie.duration) return undefined;
  return movie.duration / movie.timescale;
}

function mp3Duration(bytes: Buffer): number | undefined {
  const first = firstMp3Frame(bytes);
  if (!first || first.seconds !== undefined) return first?.seconds;
  // The frame of a Xing/Info header holds no sound.
  let offset = first.offset + (first.tagged ? first.frame.bytes : 0);
  let seconds = 0;
  for (let frame = mp3FrameAt(bytes, offset); frame; frame = mp3FrameAt(bytes, offset)) {
    if (offset + frame.bytes > bytes.length) break;
    seconds += frame.samples / frame.sampleRate;
    offset += frame.bytes;
  }
  return seconds > 0 ? seconds : undefined;
}

/** RIFF chunks from `start` to `end`; each chunk's content is padded to an even length. */
function* chunks(bytes: Buffer, start: number, end: number) {
  for (let offset = start; offset + 8 <= end; ) {
    const size = bytes.readUInt32LE(offset + 4);
    yield { type: bytes.toString("latin1", offset, offset + 4), start: offset + 8, end, size };
    offset += 8 + size + (size % 2);
  }
}

function riffForm(bytes: Buffer): string | undefined {
  return bytes.length >= 12 && bytes.toString("latin1", 0, 4) === "RIFF"
    ? bytes.toString("latin1", 8, 12)
    : undefined;
}

function wavDuration(bytes: Buffer): number | undefined {
  if (riffForm(bytes) !== "WAVE") return undefined;
  let byteRate: number | undefined;
  let dataBytes: number | undefined;
  for (const chunk of chunks(bytes, 12, bytes.length)) {
    if (chunk.type === "fmt " && chunk.start + 12 <= bytes.length)
      byteRate = bytes.readUInt32LE(chunk.start + 8);
    // A size larger than the file (a recording cut short) counts the bytes present.
    if (chunk.type === "data") dataBytes = Math.min(chunk.size, bytes.length - chunk.start);
  }
  return byteRate && dataBytes !== undefined ? dataBytes / byteRate : undefined;
}

function aviDuration(bytes: Buffer): number | undefined {
  if (riffForm(bytes) !== "AVI ") return undefined;
  for (const list of chunks(bytes, 12, bytes.length)) {
    if (list.type !== "LIST" || bytes.toString("latin1", list.start, list.start + 4) !== "hdrl") continue;
    const listEnd = Math.min(bytes.length, list.start + list.size);
    for (const inner of chunks(bytes, list.start + 4, listEnd)) {
      if (inner.type !== "avih" || inner.start + 20 > bytes.length) continue;
      // microseconds per frame (4), three more fields (12), total frames (4)
      const seconds = (bytes.readUInt32LE(inner.start) * bytes.readUInt32LE(inner.start + 16)) / 1_000_000;
      return seconds > 0 ? seconds : undefined;
    }
  }
  return undefined;
}

/** STREAMINFO's sample rate (20 bits) and total samples (36 bits), from the start of its body. */
function streamInfo(bytes: Buffer, start: number): { sampleRate: number; samples: number } | undefined {
  if (start + 18 > bytes.length) return undefined;
  const sampleRate =
    ((bytes[start + 10] ?? 0) << 12) | ((bytes[start + 11] ?? 0) << 4) | ((bytes[start + 12] ?? 0) >> 4);
  const samples = ((bytes[start + 13] ?? 0) & 0x0f) * 2 ** 32 + bytes.readUInt32BE(start + 14);
  return { sampleRate, samples };
}

function flacDuration(bytes: Buffer): number | undefined {
  const offset = afterId3Tags(bytes);
  if (offset + 8 > bytes.length || bytes.toString("latin1", offset, offset + 4) !== "fLaC") return undefined;
  // STREAMINFO is the first metadata block (type 0), right after the marker and the block's 4-byte header.
  if (((bytes[offset + 4] ?? 0) & 0x7f) !== 0) return undefined;
  const info = streamInfo(bytes, offset + 8);
  // Zero samples: the encoder did not know the length.
  return info && info.sampleRate > 0 && info.samples > 0 ? info.samples / info.sampleRate : undefined;
}

interface OggPage {
  granule: bigint;
  serial: number;
  /** Where the page's data starts, and where the page ends. */
  body: number;
  end: number;
}

/** The pages of an OGG file in order, walked by their segment tables; stops at the first broken page. */
function* oggPages(bytes: Buffer): Generator<OggPage> {
  let offset = 0;
  while (offset + 27 <= bytes.length && bytes.toString("latin1", offset, offset + 4) === "OggS") {
    const segments = bytes[offset + 26] ?? 0;
    const body = offset + 27 + segments;
    if (body > bytes.length) return;
    let size = 0;
    for (let i = 0; i < segments; i++) size += bytes[offset + 27 + i] ?? 0;
    if (body + size > bytes.length) return;
    yield {
      granule: bytes.readBigInt64LE(offset + 6),
      serial: bytes.readUInt32LE(offset + 14),
      body,
      end: body + size,
    };
    offset = body + size;
  }
}

/**
 * How the first stream counts its granule positions, from its identification header: Opus always at 48 kHz
 * less the pre-skip, Vorbis and FLAC at their sample rate.
 */
function oggClock(bytes: Buffer, page: OggPage): { rate: number; skip: number } | undefined {
  const packet = bytes.subarray(page.body, page.end);
  if (packet.length >= 12 && packet.toString("latin1", 0, 8) === "OpusHead")
    return { rate: 48_000, skip: packet.readUInt16LE(10) };
  if (packet.length >= 16 && packet.toString("latin1", 0, 7) === "\x01vorbis")
    return { rate: packet.readUInt32LE(12), skip: 0 };
  // Ogg FLAC: 0x7F "FLAC", version (2), header count (2), "fLaC", the STREAMINFO block's header (4).
  if (packet.length >= 13 && packet.toString("latin1", 0, 5) === "\x7fFLAC") {
    const info = streamInfo(packet, 17);
    return info ? { rate: info.sampleRate, skip: 0 } : undefined;
  }
  return undefined;
}

function oggDuration(bytes: Buffer): number | undefined {
  let first: OggPage | undefined;
  let last: bigint | undefined;
  for (const page of oggPages(bytes)) {
    first ??= page;
    // -1: no packet ends on this page.
    if (page.serial === first.serial && page.granule >= 0n) last = page.granule;
  }
  const clock = first && oggClock(bytes, first);
  if (!clock || clock.rate <= 0 || last === undefined) return undefined;
  const seconds = (Number(last) - clock.skip) / clock.rate;
  return seconds > 0 ? seconds : undefined;
}

const DURATION_READERS: Partial<Record<MediaFormat, (bytes: Buffer) => number | undefined>> = {
  mp4: mp4Duration,
  mov: mp4Duration,
  m4a: mp4Duration,
  mp3: mp3Duration,
  wav: wavDuration,
  avi: aviDuration,
  flac: flacDuration,
  ogg: oggDuration,
  ogg_opus: oggDuration,
};
