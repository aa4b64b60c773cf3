/**
 * Reading a file given as a link, as the service does before it renders: only the first bytes, enough for the
 * container's header (the length of a faststart MP4, an MP3's frame count, a WAV's or AVI's header), with a
 * short time-out, following redirects as a signed link may use them.
 */
import { fileTypeFromBuffer } from "file-type";
import { prefixDuration } from "./duration/index.js";

/** Bytes fetched from a link; a header further in than this is not read. */
export const LINK_READ_BYTES = 512 * 1024;

export type LinkRead =
  | {
      ok: true;
      /** The bytes are a picture (no length). */
      still: boolean;
      /** Seconds it plays; undefined for a still, or a header that is not understood or lies further in. */
      seconds: number | undefined;
    }
  | { ok: false; reason: string };

const CONTENT_RANGE_TOTAL = /^bytes \d+-\d+\/(\d+)$/;

/** The whole file's size from the answer's headers; undefined when it does not say. */
function declaredSize(response: Response): number | undefined {
  if (response.status === 206) {
    const total = CONTENT_RANGE_TOTAL.exec(response.headers.get("content-range") ?? "")?.[1];
    return total === undefined ? undefined : Number(total);
  }
  const length = response.headers.get("content-length");
  return length !== null && /^\d+$/.test(length) ? Number(length) : undefined;
}

/** Up to `limit` bytes of the body, then the rest is left unread; `complete` when the body ended within them. */
async function firstBytes(
  body: ReadableStream<Uint8Array>,
  limit: number,
): Promise<{ bytes: Buffer; complete: boolean }> {
  const reader = body.getReader();
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    while (total < limit) {
      const { done, value } = await reader.read();
      if (done) return { bytes: Buffer.concat(chunks), complete: true };
      chunks.push(Buffer.from(value));
      total += value.length;
    }
    return { bytes: Buffer.concat(chunks).subarray(0, limit), complete: false };
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

function failureReason(err: unknown, timeoutMs: number): string {
  if (err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError")) {
    return `no answer within ${timeoutMs} ms`;
  }
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : undefined;
  return cause ?? (err instanceof Error ? err.message : String(err));
}

export async function readLink(link: string, timeoutMs: number): Promise<LinkRead> {
  try {
    const response = await fetch(link, {
      headers: { range: `bytes=0-${LINK_READ_BYTES - 1}` },
      redirect: "follow",
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      return { ok: false, reason: `HTTP ${response.status}` };
    }
    const declared = declaredSize(response);
    const { bytes, complete } = await firstBytes(response.body, LINK_READ_BYTES);
    // A whole body is the whole file; a range of it has the size its headers declare, and a file whose size
    // is not known is read as if it went on, so a reader never stops short at the fetched part.
    const whole = complete && response.status !== 206;
    const size = whole ? bytes.length : (declared ?? Number.MAX_SAFE_INTEGER);
    const type = await fileTypeFromBuffer(bytes);
    if (type?.mime.startsWith("image/")) return { ok: true, still: true, seconds: undefined };
    const seconds = type ? await prefixDuration(bytes, size, type.ext) : undefined;
    return { ok: true, still: false, seconds };
  } catch (err) {
    return { ok: false, reason: failureReason(err, timeoutMs) };
  }
}
