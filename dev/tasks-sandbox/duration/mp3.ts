import type { ByteSource } from "./byte-source.js";

/** One MPEG audio frame header (ISO 11172-3 / 13818-3), as far as a duration needs it. */
export interface FrameHeader {
  /** 1 for MPEG-1, 2 for MPEG-2, 2.5 for MPEG-2.5. */
  version: 1 | 2 | 2.5;
  layer: 1 | 2 | 3;
  sampleRate: number;
  samplesPerFrame: number;
  /** Bytes of the whole frame, header included. */
  frameBytes: number;
  mono: boolean;
  hasCrc: boolean;
}

/** kbit/s by bitrate index 1..14; index 0 (free format) and 15 are not usable for sizing frames. */
const BITRATES = {
  v1l1: [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  v1l2: [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  v1l3: [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2l1: [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  v2l23: [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
} as const;

const SAMPLE_RATES = {
  1: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  2.5: [11025, 12000, 8000],
} as const;

export function parseFrameHeader(bytes: Buffer): FrameHeader | undefined {
  if (bytes.length < 4) return undefined;
  const [b0 = 0, b1 = 0, b2 = 0, b3 = 0] = bytes;
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return undefined;
  const versionBits = (b1 >> 3) & 0b11;
  const layerBits = (b1 >> 1) & 0b11;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 0b11;
  if (
    versionBits === 0b01 ||
    layerBits === 0 ||
    bitrateIndex === 0 ||
    bitrateIndex === 15 ||
    rateIndex === 3
  ) {
    return undefined;
  }
  const version = versionBits === 0b11 ? 1 : versionBits === 0b10 ? 2 : 2.5;
  const layer = layerBits === 0b11 ? 1 : layerBits === 0b10 ? 2 : 3;
  const table =
    version === 1
      ? layer === 1
        ? BITRATES.v1l1
        : layer === 2
          ? BITRATES.v1l2
          : BITRATES.v1l3
      : layer === 1
        ? BITRATES.v2l1
        : BITRATES.v2l23;
  const bitrate = (table[bitrateIndex - 1] ?? 0) * 1000;
  const sampleRate = SAMPLE_RATES[version][rateIndex] ?? 0;
  const padding = (b2 >> 1) & 1;
  const samplesPerFrame = layer === 1 ? 384 : layer === 2 || version === 1 ? 1152 : 576;
  const frameBytes =
    layer === 1
      ? (Math.floor((12 * bitrate) / sampleRate) + padding) * 4
      : Math.floor(((samplesPerFrame / 8) * bitrate) / sampleRate) + padding;
  return {
    version,
    layer,
    sampleRate,
    samplesPerFrame,
    frameBytes,
    mono: b3 >> 6 === 0b11,
    hasCrc: (b1 & 1) === 0,
  };
}

/** Bytes of the ID3v2 tags at `offset` (zero when there is none): 10-byte header, syncsafe size, optional footer. */
async function id3v2Length(source: ByteSource, offset: number): Promise<number> {
  const header = await source.read(offset, 10);
  if (header.length < 10 || header.toString("latin1", 0, 3) !== "ID3") return 0;
  const size =
    ((header[6] ?? 0) << 21) | ((header[7] ?? 0) << 14) | ((header[8] ?? 0) << 7) | (header[9] ?? 0);
  const hasFooter = ((header[5] ?? 0) & 0x10) !== 0;
  return 10 + size + (hasFooter ? 10 : 0);
}

/** How far past the tags to look for the first frame when junk precedes it. */
const SYNC_SEARCH_BYTES = 64 * 1024;

/** A frame header at `offset` whose successor (or the end of the data) confirms it is not a stray 0xFF byte. */
async function confirmedFrame(source: ByteSource, offset: number): Promise<FrameHeader | undefined> {
  const header = parseFrameHeader(await source.read(offset, 4));
  if (!header) return undefined;
  const next = offset + header.frameBytes;
  if (next >= source.size) return header;
  return parseFrameHeader(await source.read(next, 4)) ? header : undefined;
}

async function firstFrame(
  source: ByteSource,
  start: number,
): Promise<{ offset: number; header: FrameHeader } | undefined> {
  const limit = Math.min(source.size, start + SYNC_SEARCH_BYTES);
  for (let offset = start; offset + 4 <= limit; offset += 1) {
    const header = await confirmedFrame(source, offset);
    if (header) return { offset, header };
  }
  return undefined;
}

/** The frame count of a Xing or Info header in this frame, when it has one; the header frame itself is silent. */
async function xingFrames(
  source: ByteSource,
  offset: number,
  header: FrameHeader,
): Promise<{ present: boolean; frames: number | undefined }> {
  const sideInfo = header.version === 1 ? (header.mono ? 17 : 32) : header.mono ? 9 : 17;
  const tagOffset = offset + 4 + (header.hasCrc ? 2 : 0) + sideInfo;
  const tag = await source.read(tagOffset, 12);
  const id = tag.toString("latin1", 0, 4);
  if (tag.length < 8 || (id !== "Xing" && id !== "Info")) return { present: false, frames: undefined };
  const flags = tag.readUInt32BE(4);
  const hasFrameCount = (flags & 1) !== 0 && tag.length >= 12;
  return { present: true, frames: hasFrameCount ? tag.readUInt32BE(8) : undefined };
}

/**
 * Seconds of an MP3: after any ID3v2 tag, the frame count of a Xing/Info header when the first frame carries one,
 * otherwise the sum of every frame's duration, frame by frame to the first bytes that are not a frame (an ID3v1 or
 * APE tag at the end). Encoder delay and padding are counted, as players and ffprobe count them.
 */
export async function mp3Duration(source: ByteSource): Promise<number | undefined> {
  let start = 0;
  for (let tag = await id3v2Length(source, 0); tag > 0; tag = await id3v2Length(source, start)) start += tag;
  const first = await firstFrame(source, start);
  if (!first) return undefined;
  let offset = first.offset;
  const xing = await xingFrames(source, offset, first.header);
  if (xing.frames !== undefined)
    return (xing.frames * first.header.samplesPerFrame) / first.header.sampleRate;
  if (xing.present) offset += first.header.frameBytes;
  let seconds = 0;
  while (offset + 4 <= source.size) {
    const header = parseFrameHeader(await source.read(offset, 4));
    if (!header || offset + header.frameBytes > source.size) break;
    seconds += header.samplesPerFrame / header.sampleRate;
    offset += header.frameBytes;
  }
  return seconds > 0 ? seconds : undefined;
}
