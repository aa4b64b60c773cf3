/**
 * How long a result plays and how it is framed, read from the first bytes of the file: an MP4's movie
 * header (when it comes before the media data, as files made for streaming have it) and an MP3's first
 * frame. Telegram shows what the bot states, so a result sent without these shows no length.
 */

export interface MediaHeader {
  seconds?: number;
  width?: number;
  height?: number;
}

/**
 * The MP4 boxes between `start` and `end`, walked by their sizes (32-bit, 64-bit, or 0 for "to the end"):
 * where each one's body lies; `whole` is false for the last box when it runs past what was read.
 */
function* mp4Boxes(
  bytes: Buffer,
  start: number,
  end: number,
): Generator<{ type: string; start: number; end: number; whole: boolean }> {
  let offset = start;
  while (offset + 8 <= end) {
    const size32 = bytes.readUInt32BE(offset);
    const type = bytes.toString("latin1", offset + 4, offset + 8);
    let header = 8;
    let size = size32;
    if (size32 === 1) {
      if (offset + 16 > end) return;
      size = Number(bytes.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size32 === 0) {
      size = end - offset;
    }
    if (size < header) return;
    yield { type, start: offset + header, end: Math.min(offset + size, end), whole: offset + size <= end };
    offset += size;
  }
}

/** An MP4's movie header and the size of its picture track, read from its first moov box. */
interface Mp4Movie {
  timescale?: number;
  duration?: number;
  /** All ones: the writer did not know the length. */
  unstated?: boolean;
  /** False when the moov box runs past the bytes read. */
  whole: boolean;
  width?: number;
  height?: number;
}

export function mp4Movie(bytes: Buffer): Mp4Movie | undefined {
  const moov = [...mp4Boxes(bytes, 0, bytes.length)].find((box) => box.type === "moov");
  if (!moov) return undefined;
  const movie: Mp4Movie = { whole: moov.whole };
  for (const box of mp4Boxes(bytes, moov.start, moov.end)) {
    const body = bytes.subarray(box.start, box.end);
    // Version 1 has 64-bit times.
    const wide = body[0] === 1;
    if (box.type === "mvhd" && movie.timescale === undefined) {
      if ((body[0] !== 0 && !wide) || body.length < (wide ? 32 : 20)) continue;
      const duration = wide ? body.readBigUInt64BE(24) : BigInt(body.readUInt32BE(16));
      movie.timescale = body.readUInt32BE(wide ? 20 : 12);
      movie.duration = Number(duration);
      movie.unstated = duration === (wide ? 0xffffffffffffffffn : 0xffffffffn);
    }
    if (box.type !== "trak") continue;
    for (const track of mp4Boxes(bytes, box.start, box.end)) {
      if (track.type !== "tkhd" || track.end - track.start < 84) continue;
      // Width and height are the box's last eight bytes, 16.16 fixed point; sound tracks have zeros.
      const width = bytes.readUInt32BE(track.end - 8) / 65536;
      const height = bytes.readUInt32BE(track.end - 4) / 65536;
      if (width > 0 && height > 0)
        Object.assign(movie, { width: Math.round(width), height: Math.round(height) });
    }
  }
  return movie;
}

/** What a result states as written, a length left unknown included; nothing for a file that is not an MP4. */
export function mp4Header(prefix: Buffer): MediaHeader {
  const header: MediaHeader = {};
  const movie =
    prefix.length >= 8 && prefix.toString("latin1", 4, 8) === "ftyp" ? mp4Movie(prefix) : undefined;
  if (movie?.timescale && movie.duration !== undefined) header.seconds = movie.duration / movie.timescale;
  if (movie?.width !== undefined) Object.assign(header, { width: movie.width, height: movie.height });
  return header;
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

export function mp3FrameAt(bytes: Buffer, offset: number) {
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
    bitrate,
    mono: (bytes[offset + 3] ?? 0) >> 6 === 3,
    mpeg1,
    crc: (b1 & 1) === 0,
  };
}

/** Where the data after the leading ID3 tags starts. */
export function afterId3Tags(bytes: Buffer): number {
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

/**
 * An MP3's first frame: one the next frame (or the end) follows, as a stray 0xFF is not a frame; with the
 * seconds its Xing/Info header states, and whether it has such a header at all.
 */
export function firstMp3Frame(bytes: Buffer) {
  const start = afterId3Tags(bytes);
  const limit = Math.min(bytes.length, start + SYNC_SEARCH_BYTES);
  for (let offset = start; offset + 4 <= limit; offset++) {
    const frame = mp3FrameAt(bytes, offset);
    if (!frame || (offset + frame.bytes < bytes.length && !mp3FrameAt(bytes, offset + frame.bytes))) continue;
    const sideInfo = frame.mpeg1 ? (frame.mono ? 17 : 32) : frame.mono ? 9 : 17;
    const tag = offset + 4 + (frame.crc ? 2 : 0) + sideInfo;
    const tagId = tag + 12 <= bytes.length ? bytes.toString("latin1", tag, tag + 4) : "";
    const tagged = tagId === "Xing" || tagId === "Info";
    const counted = tagged && (bytes.readUInt32BE(tag + 4) & 1) !== 0;
    return {
      offset,
      frame,
      tagged,
      ...(counted ? { seconds: (bytes.readUInt32BE(tag + 8) * frame.samples) / frame.sampleRate } : {}),
    };
  }
  return undefined;
}

/**
 * Seconds of an MP3 of `totalBytes`: the frame count of a Xing/Info header when the first frame has
 * one, otherwise the size at the first frame's bitrate (what a constant-bitrate voiceover has).
 */
export function mp3Seconds(prefix: Buffer, totalBytes: number | undefined): number | undefined {
  const first = firstMp3Frame(prefix);
  if (!first || first.seconds !== undefined || totalBytes === undefined) return first?.seconds;
  return ((totalBytes - first.offset) * 8) / first.frame.bitrate;
}
