import { open } from "node:fs/promises";

/** Random access to a file's bytes, so a header can be read without holding a 500 MB upload in memory. */
export interface ByteSource {
  readonly size: number;
  /** Up to `length` bytes from `offset`; fewer at the end of the data. */
  read(offset: number, length: number): Promise<Buffer>;
}

export function bufferSource(bytes: Buffer): ByteSource {
  return {
    size: bytes.length,
    read: async (offset, length) => bytes.subarray(offset, Math.min(bytes.length, offset + length)),
  };
}

/** Frame-by-frame readers ask for a few bytes at a time; one read-ahead window serves most of them. */
const WINDOW_BYTES = 64 * 1024;

/** Opens the file for `use` and closes it after, whatever `use` does. */
export async function withFileSource<T>(path: string, use: (source: ByteSource) => Promise<T>): Promise<T> {
  const handle = await open(path, "r");
  try {
    const { size } = await handle.stat();
    let windowStart = 0;
    let window = Buffer.alloc(0);
    const source: ByteSource = {
      size,
      async read(offset, length) {
        const end = Math.min(size, offset + length);
        if (offset < windowStart || end > windowStart + window.length) {
          const wanted = Math.max(length, WINDOW_BYTES);
          const buffer = Buffer.alloc(Math.max(0, Math.min(wanted, size - offset)));
          const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
          windowStart = offset;
          window = buffer.subarray(0, bytesRead);
        }
        return window.subarray(offset - windowStart, end - windowStart);
      },
    };
    return await use(source);
  } finally {
    await handle.close();
  }
}

/** A read that needs bytes past the part of a file that was fetched. */
export class BeyondPrefixError extends Error {
  constructor(offset: number, available: number) {
    super(`bytes from ${offset} were not fetched (only the first ${available})`);
    this.name = "BeyondPrefixError";
  }
}

/**
 * The first bytes of a file of `size` bytes: a read that needs more than them throws BeyondPrefixError, so a
 * reader that must look further (an MP4 whose `moov` follows the media, an MP3 without a frame count) gives
 * no length rather than the length of the part that was fetched.
 */
export function prefixSource(prefix: Buffer, size: number): ByteSource {
  return {
    size,
    read: async (offset, length) => {
      const end = Math.min(size, offset + length);
      if (end > prefix.length) throw new BeyondPrefixError(offset, prefix.length);
      return prefix.subarray(offset, end);
    },
  };
}
