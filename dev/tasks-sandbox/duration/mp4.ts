import type { ByteSource } from "./byte-source.js";

interface Box {
  type: string;
  /** Where the box's content starts (after its header). */
  contentStart: number;
  end: number;
}

/** The box starting at `offset`, or undefined when the bytes there are not a well-formed box header. */
async function boxAt(source: ByteSource, offset: number, parentEnd: number): Promise<Box | undefined> {
  const header = await source.read(offset, 16);
  if (header.length < 8) return undefined;
  const size32 = header.readUInt32BE(0);
  const type = header.toString("latin1", 4, 8);
  let headerSize = 8;
  let size = size32;
  if (size32 === 1) {
    // A 64-bit size follows the type (boxes over 4 GB, or writers that always use it).
    if (header.length < 16) return undefined;
    size = Number(header.readBigUInt64BE(8));
    headerSize = 16;
  } else if (size32 === 0) {
    // Size 0: the box runs to the end of its container.
    size = parentEnd - offset;
  }
  if (size < headerSize || offset + size > parentEnd) return undefined;
  return { type, contentStart: offset + headerSize, end: offset + size };
}

async function findChild(
  source: ByteSource,
  type: string,
  start: number,
  end: number,
): Promise<Box | undefined> {
  let offset = start;
  while (offset < end) {
    const box = await boxAt(source, offset, end);
    if (!box) return undefined;
    if (box.type === type) return box;
    offset = box.end;
  }
  return undefined;
}

/**
 * Seconds of an MP4, MOV or M4A file from its movie header (`moov/mvhd`): duration / timescale. The `moov` box
 * may come before or after the media data, so the top-level boxes are walked by their sizes.
 */
export async function mp4Duration(source: ByteSource): Promise<number | undefined> {
  const moov = await findChild(source, "moov", 0, source.size);
  if (!moov) return undefined;
  const mvhd = await findChild(source, "mvhd", moov.contentStart, moov.end);
  if (!mvhd) return undefined;
  const body = await source.read(mvhd.contentStart, mvhd.end - mvhd.contentStart);
  const version = body[0];
  let timescale: number;
  let duration: number;
  if (version === 0 && body.length >= 20) {
    // version, flags (4), creation and modification times (4 + 4), timescale (4), duration (4)
    timescale = body.readUInt32BE(12);
    const raw = body.readUInt32BE(16);
    // All ones means the duration is not known.
    duration = raw === 0xffffffff ? 0 : raw;
  } else if (version === 1 && body.length >= 32) {
    // version, flags (4), creation and modification times (8 + 8), timescale (4), duration (8)
    timescale = body.readUInt32BE(20);
    const raw = body.readBigUInt64BE(24);
    duration = raw === 0xffffffffffffffffn ? 0 : Number(raw);
  } else {
    return undefined;
  }
  if (timescale === 0 || duration === 0) return undefined;
  return duration / timescale;
}
