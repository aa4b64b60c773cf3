import { describe, expect, it } from "vitest";
import { MultipartError, multipartBoundary, readMultipart } from "../../../dev/tasks-sandbox/multipart.js";

const boundary = "----sandbox-boundary-7MA4YWxk";

function body(parts: Array<{ headers: string; content: Buffer }>): Buffer {
  const pieces: Buffer[] = [Buffer.from("preamble to ignore\r\n")];
  for (const part of parts) {
    pieces.push(Buffer.from(`--${boundary}\r\n${part.headers}\r\n\r\n`), part.content, Buffer.from("\r\n"));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(pieces);
}

async function* chunks(buffer: Buffer, size: number): AsyncIterable<Uint8Array> {
  for (let offset = 0; offset < buffer.length; offset += size) yield buffer.subarray(offset, offset + size);
}

async function collect(source: AsyncIterable<Uint8Array>) {
  const parts: Array<{ name: string; filename: string | undefined; content: Buffer; writes: number }> = [];
  await readMultipart(source, boundary, (info) => {
    const part = { name: info.name, filename: info.filename, content: Buffer.alloc(0), writes: 0 };
    parts.push(part);
    return {
      write(chunk) {
        part.writes += 1;
        part.content = Buffer.concat([part.content, chunk]);
      },
      end() {},
    };
  });
  return parts;
}

describe("streaming multipart reader", () => {
  // Binary content that contains CR LF and dashes, as media does.
  const media = Buffer.concat([
    Buffer.from("\r\n--not-the-boundary\r\n"),
    Buffer.alloc(5000, 7),
    Buffer.from("\r\n-"),
  ]);
  const payload = body([
    { headers: 'Content-Disposition: form-data; name="note"', content: Buffer.from("hello") },
    {
      headers: 'Content-Disposition: form-data; name="file"; filename="clip.mp4"\r\nContent-Type: video/mp4',
      content: media,
    },
  ]);

  it.each([1, 7, 64, 100_000])("gives the same parts whatever the chunk size (%i bytes)", async (size) => {
    const parts = await collect(chunks(payload, size));
    expect(parts.map((part) => [part.name, part.filename])).toEqual([
      ["note", undefined],
      ["file", "clip.mp4"],
    ]);
    expect(parts[0]?.content.toString()).toBe("hello");
    expect(parts[1]?.content.equals(media)).toBe(true);
  });

  it("hands a large part over in pieces as they arrive instead of at the end", async () => {
    const parts = await collect(chunks(payload, 512));
    expect(parts[1]?.writes).toBeGreaterThan(5);
  });

  it("rejects a body cut off before the closing boundary", async () => {
    await expect(collect(chunks(payload.subarray(0, payload.length - 20), 64))).rejects.toBeInstanceOf(
      MultipartError,
    );
  });

  it("reads the boundary from the content type, quoted or not", () => {
    expect(multipartBoundary(`multipart/form-data; boundary=${boundary}`)).toBe(boundary);
    expect(multipartBoundary(`multipart/form-data; boundary="${boundary}"`)).toBe(boundary);
    expect(multipartBoundary("application/json")).toBeUndefined();
  });
});
