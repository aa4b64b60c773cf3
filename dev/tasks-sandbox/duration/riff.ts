import type { ByteSource } from "./byte-source.js";

interface Chunk {
  id: string;
  contentStart: number;
  /** Declared size; may exceed the file when a writer never came back to fill it in. */
  size: number;
}

/** The chunks of a RIFF list from `start` to `end`, in order; each chunk's content is padded to an even length. */
async function* chunks(source: ByteSource, start: number, end: number): AsyncGenerator<Chunk> {
  let offset = start;
  while (offset + 8 <= end) {
    const header = await source.read(offset, 8);
    if (header.length < 8) return;
    const chunk = {
      id: header.toString("latin1", 0, 4),
      contentStart: offset + 8,
      size: header.readUInt32LE(4),
    };
    yield chunk;
    offset = chunk.contentStart + chunk.size + (chunk.size % 2);
  }
}

async function riffForm(source: ByteSource): Promise<string | undefined> {
  const header = await source.read(0, 12);
  if (header.length < 12 || header.toString("latin1", 0, 4) !== "RIFF") return undefined;
  return header.toString("latin1", 8, 12);
}

/**
 * Seconds of a WAV file from its RIFF header: the `data` chunk's size over the `fmt ` chunk's byte rate. A data
 * size larger than what the file holds (a recording cut short, or a streamed file whose size was never written)
 * counts only the bytes present.
 */
export async function wavDuration(source: ByteSource): Promise<number | undefined> {
  if ((await riffForm(source)) !== "WAVE") return undefined;
  let byteRate: number | undefined;
  let dataBytes: number | undefined;
  for await (const chunk of chunks(source, 12, source.size)) {
    if (chunk.id === "fmt ") {
      const format = await source.read(chunk.contentStart, 16);
      // format tag (2), channels (2), sample rate (4), average bytes per second (4)
      if (format.length >= 12) byteRate = format.readUInt32LE(8);
    } else if (chunk.id === "data") {
      dataBytes = Math.min(chunk.size, source.size - chunk.contentStart);
    }
    if (byteRate !== undefined && dataBytes !== undefined) break;
  }
  if (!byteRate || dataBytes === undefined) return undefined;
  return dataBytes / byteRate;
}

/**
 * Seconds of an AVI file from its main header (`hdrl/avih`): frames times microseconds per frame. This counts the
 * first RIFF part's frames, which is the whole file below the 1 GB where OpenDML adds parts.
 */
export async function aviDuration(source: ByteSource): Promise<number | undefined> {
  if ((await riffForm(source)) !== "AVI ") return undefined;
  for await (const chunk of chunks(source, 12, source.size)) {
    if (chunk.id !== "LIST") continue;
    const listType = (await source.read(chunk.contentStart, 4)).toString("latin1");
    if (listType !== "hdrl") continue;
    for await (const inner of chunks(source, chunk.contentStart + 4, chunk.contentStart + chunk.size)) {
      if (inner.id !== "avih") continue;
      const header = await source.read(inner.contentStart, 20);
      if (header.length < 20) return undefined;
      // microseconds per frame (4), max bytes per second (4), padding granularity (4), flags (4), total frames (4)
      const microsecondsPerFrame = header.readUInt32LE(0);
      const frames = header.readUInt32LE(16);
      const seconds = (microsecondsPerFrame * frames) / 1_000_000;
      return seconds > 0 ? seconds : undefined;
    }
    return undefined;
  }
  return undefined;
}
