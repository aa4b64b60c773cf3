/** A small file's whole content from a stream, or undefined (and the stream closed) past `maxBytes`. */
export async function readAtMost(
  stream: AsyncIterable<Uint8Array | string> & { destroy?: () => void },
  maxBytes: number,
): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.from(chunk);
    size += buffer.length;
    if (size > maxBytes) {
      stream.destroy?.();
      return undefined;
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
