import { createReadStream, readFileSync } from "node:fs";
import { fileTypeFromBuffer } from "file-type";
import { describe, expect, it } from "vitest";
import { MediaError } from "../../../src/media/accept.js";
import { oggOpusToMp3 } from "../../../src/media/voice-to-mp3.js";

const voicePath = new URL("../../../dev/fixtures/voice.ogg", import.meta.url);

/** Seconds of audio in an MPEG-1 Layer III stream, counted frame by frame. */
function mp3Duration(bytes: Buffer): { seconds: number; frames: number } {
  const bitrates = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
  const rates = [44100, 48000, 32000];
  let offset = 0;
  let frames = 0;
  let seconds = 0;
  while (offset + 4 <= bytes.length) {
    const header = bytes.readUInt32BE(offset);
    const sync = header >>> 21 === 0x7ff;
    const version = (header >>> 19) & 3;
    const layer = (header >>> 17) & 3;
    const bitrate = bitrates[(header >>> 12) & 15];
    const rate = rates[(header >>> 10) & 3];
    if (!sync || version !== 3 || layer !== 1 || !bitrate || !rate)
      throw new Error(`no MP3 frame at ${offset}`);
    const padding = (header >>> 9) & 1;
    offset += Math.floor((144 * bitrate * 1000) / rate) + padding;
    frames += 1;
    seconds += 1152 / rate;
  }
  return { seconds, frames };
}

describe("voice notes to MP3", () => {
  it("converts a real OGG Opus voice note, streaming, into a valid MP3 of the same length", async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of oggOpusToMp3(createReadStream(voicePath, { highWaterMark: 256 })))
      chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(1);
    const mp3 = Buffer.concat(chunks);
    expect(await fileTypeFromBuffer(mp3)).toEqual({ ext: "mp3", mime: "audio/mpeg" });
    const { seconds } = mp3Duration(mp3);
    // The fixture is 2 s; the encoder adds at most a couple of frames of padding.
    expect(seconds).toBeGreaterThan(1.9);
    expect(seconds).toBeLessThan(2.2);
  });

  it("a file that is not OGG Opus fails as a conversion failure", async () => {
    const mp3 = readFileSync(new URL("../../../dev/fixtures/sample.mp3", import.meta.url));
    const run = async () => {
      for await (const _ of oggOpusToMp3([mp3])) {
        // drained
      }
    };
    const error = await run().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).kind).toBe("conversion_failed");
  });
});
