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

/** Box types whose children are boxes, on the way to mvhd and tkhd. */
const CONTAINER_BOXES = new Set(["moov", "trak"]);

/**
 * The MP4 boxes between `start` and `end`, walked by their sizes (32-bit, 64-bit, or 0 for "to the end"):
 * where each one's body lies; `whole` is false for the last box when it runs past what was read.
 */
export function* mp4Boxes(
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

function readMp4(data: Buffer, header: MediaHeader): void {
  for (const { type, start: from, end: to } of mp4Boxes(data, 0, data.length)) {
    // A box running past what was read (the media data) is named but not opened.
    const body = data.subarray(from, to);
    if (CONTAINER_BOXES.has(type)) readMp4(body, header);
    else if (type === "mvhd" && body.length >= 20) {
      const version = body[0];
      const scale = version === 1 ? body.readUInt32BE(20) : body.readUInt32BE(12);
      const duration =
        version === 1 && body.length >= 32 ? Number(body.readBigUInt64BE(24)) : body.readUInt32BE(16);
      if (scale > 0) header.seconds = duration / scale;
    } else if (type === "tkhd" && body.length >= 84) {
      // Width and height are the box's last eight bytes, 16.16 fixed point; sound tracks have zeros.
      const width = body.readUInt32BE(body.length - 8) / 65536;
      const height = body.readUInt32BE(body.length - 4) / 65536;
      if (width > 0 && height > 0) {
        header.width = Math.round(width);
        header.height = Math.round(height);
      }
    }
  }
}

export function mp4Header(prefix: Buffer): MediaHeader {
  const header: MediaHeader = {};
  if (prefix.length >= 8 && prefix.toString("latin1", 4, 8) === "ftyp") readMp4(prefix, header);
  return header;
}

/** kbit/s of MPEG-1 and MPEG-2 layer III by bitrate index 1..14. */
const LAYER3_BITRATES = {
  1: [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  2: [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
} as const;
const SAMPLE_RATES = { 1: [44100, 48000, 32000], 2: [22050, 24000, 16000] } as const;

/**
 * Seconds of an MP3 of `totalBytes`: the frame count of a Xing/Info header when the first frame has
 * one, otherwise the size at the first frame's bitrate (what a constant-bitrate voiceover has).
 */
export function mp3Seconds(prefix: Buffer, totalBytes: number | undefined): number | undefined {
  let offset = 0;
  if (prefix.toString("latin1", 0, 3) === "ID3" && prefix.length >= 10) {
    const size =
      ((prefix[6] ?? 0) << 21) | ((prefix[7] ?? 0) << 14) | ((prefix[8] ?? 0) << 7) | (prefix[9] ?? 0);
    offset = 10 + size;
  }
  for (; offset + 4 <= prefix.length; offset += 1) {
    const b1 = prefix[offset + 1] ?? 0;
    const b2 = prefix[offset + 2] ?? 0;
    if (prefix[offset] !== 0xff || (b1 & 0xe6) !== 0xe2) continue;
    const version = (b1 >> 3) & 1 ? 1 : 2;
    const bitrate = LAYER3_BITRATES[version][(b2 >> 4) - 1];
    const sampleRate = SAMPLE_RATES[version][(b2 >> 2) & 0b11];
    if (bitrate === undefined || sampleRate === undefined) continue;
    const mono = (prefix[offset + 3] ?? 0) >> 6 === 0b11;
    const samplesPerFrame = version === 1 ? 1152 : 576;
    const sideInfo = version === 1 ? (mono ? 17 : 32) : mono ? 9 : 17;
    const tag = offset + 4 + sideInfo;
    const id = prefix.toString("latin1", tag, tag + 4);
    if (
      (id === "Xing" || id === "Info") &&
      prefix.length >= tag + 12 &&
      (prefix.readUInt32BE(tag + 4) & 1) !== 0
    ) {
      return (prefix.readUInt32BE(tag + 8) * samplesPerFrame) / sampleRate;
    }
    if (totalBytes === undefined) return undefined;
    return ((totalBytes - offset) * 8) / (bitrate * 1000);
  }
  return undefined;
}
