/**
 * How long an audio or video file plays, read from its container without decoding it (an OGG from its
 * last page, so it needs its end as well): a file sent as a document comes without the length Telegram
 * states for videos and audio, and the card's estimate and the talking video's 15-second limit need it.
 */
import type { MediaFormat } from "./accept.js";
import { mp4Boxes } from "./media-header.js";

/** Seconds `bytes` plays when read as `format`; undefined for a header it cannot read or a format without length. */
export function mediaDuration(bytes: Buffer, format: MediaFormat): number | undefined {
  return DURATION_READERS[format]?.(bytes);
}

/** The first whole box of `type`; the walk stops at a box that runs past `end`. */
function child(bytes: Buffer, type: string, start: number, end: number) {
  for (const box of mp4Boxes(bytes, start, end)) {
    if (!box.whole) return undefined;
    if (box.type === type) return box;
  }
  return undefined;
}

function mp4Duration(bytes: Buffer): number | undefined {
  const moov = child(bytes, "moov", 0, bytes.length);
  const mvhd = moov && child(bytes, "mvhd", moov.start, moov.end);
  const body = mvhd && bytes.subarray(mvhd.start, mvhd.end);
  // Version 1 has 64-bit times.
  const wide = body?.[0] === 1;
  if (!body || (body[0] !== 0 && !wide) || body.length < (wide ? 32 : 20)) return undefined;
  const timescale = body.readUInt32BE(wide ? 20 : 12);
  const duration = wide ? body.readBigUInt64BE(24) : BigInt(body.readUInt32BE(16));
  // All ones: the writer did not know the length.
  if (duration === (wide ? 0xffffffffffffffffn : 0xffffffffn)) return undefined;
  return timescale > 0 && duration > 0n ? Number(duration) / timescale : undefined;
}

interface Frame {
  sampleRate: number;
  samples: number;
  bytes: number;
  mono: boolean;
  mpeg1: boolean;
  crc: boolean;
}

/** kbit/s by bitrate index 1..14 (ISO 11172-3 / 13818-3), by layer: MPEG-2 and 2.5 share layers II and III's. */
const V2_LAYER23 = [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const BITRATES = {
  mpeg1: [
    [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  mpeg2: [[32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256], V2_LAYER23, V2_LAYER23],
};
/** Sample rates by the version bits: MPEG-2.5, reserved, MPEG-2, MPEG-1. */
const SAMPLE_RATES = [[11025, 12000, 8000], [], [22050, 24000, 16000], [44100, 48000, 32000]];

function frameAt(bytes: Buffer, offset: number): Frame | undefined {
  if (offset + 4 > bytes.length) return undefined;
  const b1 = bytes[offset + 1] ?? 0;
  const b2 = bytes[offset + 2] ?? 0;
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return undefined;
  const versionBits = (b1 >> 3) & 3;
  const layerBits = (b1 >> 1) & 3;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (versionBits === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3)
    return undefined;
  const mpeg1 = versionBits === 3;
  const layer = 4 - layerBits;
  const bitrate = (BITRATES[mpeg1 ? "mpeg1" : "mpeg2"][layer - 1]?.[bitrateIndex - 1] ?? 0) * 1000;
  const sampleRate = SAMPLE_RATES[versionBits]?.[rateIndex];
  if (!sampleRate || bitrate === 0) return undefined;
  const padding = (b2 >> 1) & 1;
  const samples = layer === 1 ? 384 : layer === 2 || mpeg1 ? 1152 : 576;
  const frameBytes =
    layer === 1
      ? (Math.floor((12 * bitrate) / sampleRate) + padding) * 4
      : Math.floor(((samples / 8) * bitrate) / sampleRate) + padding;
  return {
    sampleRate,
    samples,
    bytes: frameBytes,
    mono: (bytes[offset + 3] ?? 0) >> 6 === 3,
    mpeg1,
    crc: (b1 & 1) === 0,
  };
}

/** Where the data after the leading ID3 tags starts. */
function afterId3Tags(bytes: Buffer): number {
  let offset = 0;
  while (offset + 10 <= bytes.length && bytes.toString("latin1", offset, offset + 3) === "ID3") {
    const size =
      ((bytes[offset + 6] ?? 0) << 21) |
      ((bytes[offset + 7] ?? 0) << 14) |
      ((bytes[offset + 8] ?? 0) << 7) |
      (bytes[offset + 9] ?? 0);
    offset += 10 + size + (((bytes[offset + 5] ?? 0) & 0x10) !== 0 ? 10 : 0);
  }
  return offset;
}

/** How far past the tags the first frame is looked for. */
const SYNC_SEARCH_BYTES = 64 * 1024;

function mp3Duration(bytes: Buffer): number | undefined {
  let offset = afterId3Tags(bytes);
  const limit = Math.min(bytes.length, offset + SYNC_SEARCH_BYTES);
  let first: Frame | undefined;
  // A frame counts when the next one (or the end) follows it: a stray 0xFF is not a frame.
  for (; offset + 4 <= limit; offset++) {
    const frame = frameAt(bytes, offset);
    if (frame && (offset + frame.bytes >= bytes.length || frameAt(bytes, offset + frame.bytes))) {
      first = frame;
      break;
    }
  }
  if (!first) return undefined;
  const sideInfo = first.mpeg1 ? (first.mono ? 17 : 32) : first.mono ? 9 : 17;
  const tag = offset + 4 + (first.crc ? 2 : 0) + sideInfo;
  const tagId = tag + 12 <= bytes.length ? bytes.toString("latin1", tag, tag + 4) : "";
  if (tagId === "Xing" || tagId === "Info") {
    if ((bytes.readUInt32BE(tag + 4) & 1) !== 0)
      return (bytes.readUInt32BE(tag + 8) * first.samples) / first.sampleRate;
    offset += first.bytes;
  }
  let seconds = 0;
  for (let frame = frameAt(bytes, offset); frame; frame = frameAt(bytes, offset)) {
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
