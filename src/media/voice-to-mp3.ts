/**
 * Voice notes are OGG Opus, which the service does not take: they become MP3 chunk by chunk, so memory
 * holds one chunk's samples at a time. The decoder and the encoder are loaded at the first voice note.
 */

import { MediaError } from "./accept.js";

/** Opus always decodes at 48 kHz. */
const SAMPLE_RATE = 48_000;
/** Speech in mono: 64 kbit/s keeps it clear for transcription. */
const BITRATE_KBPS = 64;

function toInt16(channels: Float32Array[], length: number): Int16Array {
  const pcm = new Int16Array(length);
  const count = channels.length;
  for (let i = 0; i < length; i++) {
    let sum = 0;
    for (const channel of channels) sum += channel[i] ?? 0;
    const sample = Math.max(-1, Math.min(1, sum / count));
    pcm[i] = sample < 0 ? sample * 0x8000 : sample * 0x7fff;
  }
  return pcm;
}

/** lamejs hands out signed bytes; the stream carries them as a Buffer over the same memory. */
function bytes(mp3: ArrayBufferView): Buffer {
  return Buffer.from(mp3.buffer, mp3.byteOffset, mp3.byteLength);
}

/** MP3 bytes of an OGG Opus stream, produced as the input arrives. Throws MediaError "conversion_failed". */
export async function* oggOpusToMp3(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): AsyncGenerator<Buffer> {
  const [{ OggOpusDecoder }, { Mp3Encoder }] = await Promise.all([
    import("ogg-opus-decoder"),
    import("@breezystack/lamejs"),
  ]);
  const decoder = new OggOpusDecoder();
  const encoder = new Mp3Encoder(1, SAMPLE_RATE, BITRATE_KBPS);
  let samples = 0;
  const encode = (decoded: { channelData: Float32Array[]; samplesDecoded: number }) => {
    samples += decoded.samplesDecoded;
    const mp3 = encoder.encodeBuffer(toInt16(decoded.channelData, decoded.samplesDecoded));
    return mp3.length > 0 ? [bytes(mp3)] : [];
  };
  try {
    await decoder.ready;
    for await (const chunk of source) {
      // decode is asynchronous, whatever the package's typings say.
      const decoded = await decoder.decode(chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk));
      if (decoded.errors.length > 0) {
        throw new Error(`Opus decoding failed: ${decoded.errors[0]?.message ?? "unknown error"}`);
      }
      if (decoded.samplesDecoded > 0) yield* encode(decoded);
    }
    const rest = await decoder.flush();
    if (rest.samplesDecoded > 0) yield* encode(rest);
    if (samples === 0) throw new Error("no audio in the voice note");
    const tail = encoder.flush();
    if (tail.length > 0) yield bytes(tail);
  } catch (error) {
    if (error instanceof MediaError) throw error;
    throw new MediaError(
      "conversion_failed",
      error instanceof Error ? error.message : String(error),
      {},
      { cause: error },
    );
  } finally {
    decoder.free();
  }
}
