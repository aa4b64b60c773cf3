import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { mediaDuration } from "../../../src/media/duration.js";

const fixture = (name: string) => readFileSync(new URL(`../../../dev/fixtures/${name}`, import.meta.url));

/** One OGG page of stream `serial` holding `packet` whole (the checksum is left zero: it is not read). */
function oggPage(serial: number, granule: bigint, packet: Buffer, flags = 0): Buffer {
  const lacing: number[] = [];
  let left = packet.length;
  while (left >= 255) {
    lacing.push(255);
    left -= 255;
  }
  lacing.push(left);
  const header = Buffer.alloc(27);
  header.write("OggS", 0, "latin1");
  header[5] = flags;
  header.writeBigInt64LE(granule, 6);
  header.writeUInt32LE(serial, 14);
  header[26] = lacing.length;
  return Buffer.concat([header, Buffer.from(lacing), packet]);
}

function opusHead(preSkip: number): Buffer {
  const head = Buffer.alloc(19);
  head.write("OpusHead", 0, "latin1");
  head[8] = 1;
  head[9] = 1;
  head.writeUInt16LE(preSkip, 10);
  head.writeUInt32LE(16_000, 12);
  return head;
}

function vorbisHead(sampleRate: number): Buffer {
  const head = Buffer.alloc(30);
  head.write("\x01vorbis", 0, "latin1");
  head[11] = 1;
  head.writeUInt32LE(sampleRate, 12);
  return head;
}

/** A FLAC stream's marker and STREAMINFO: 20 bits of sample rate, then 36 bits of total samples. */
function flacHeader(sampleRate: number, samples: number): Buffer {
  const info = Buffer.alloc(34);
  info.writeUInt16BE(4096, 0);
  info.writeUInt16BE(4096, 2);
  info[10] = sampleRate >> 12;
  info[11] = (sampleRate >> 4) & 0xff;
  // Low 4 bits of the rate, one channel (000), 16 bits a sample (01111), then the top 4 bits of the count.
  info[12] = ((sampleRate & 0x0f) << 4) | 0b0000_0001;
  info[13] = 0b1111_0000 | Math.floor(samples / 2 ** 32);
  info.writeUInt32BE(samples % 2 ** 32, 14);
  return Buffer.concat([Buffer.from("fLaC", "latin1"), Buffer.from([0x80, 0, 0, 34]), info]);
}

describe("OGG", () => {
  it("a Telegram voice note (Opus) plays as long as ffmpeg made it, less its pre-skip", () => {
    expect(mediaDuration(fixture("voice.ogg"), "ogg_opus")).toBeCloseTo(2, 2);
    expect(mediaDuration(fixture("voice-16s.ogg"), "ogg_opus")).toBeCloseTo(16, 2);
  });

  it("a Vorbis file is read by the sample rate of its identification header", () => {
    expect(mediaDuration(fixture("sample-vorbis.ogg"), "ogg")).toBeCloseTo(2, 2);
  });

  it("the last page of the first stream counts, at 48 kHz for Opus whatever the input rate", () => {
    const file = Buffer.concat([
      oggPage(7, 0n, opusHead(312), 0x02),
      oggPage(7, 0n, Buffer.from("OpusTags")),
      oggPage(7, 48_000n * 10n, Buffer.alloc(300)),
      // A second stream's later page does not make the recording longer.
      oggPage(9, 48_000n * 60n, Buffer.alloc(20)),
      oggPage(7, 48_000n * 20n + 312n, Buffer.alloc(40), 0x04),
    ]);
    expect(mediaDuration(file, "ogg")).toBe(20);
  });

  it("a page on which no packet ends (granule -1) is passed over", () => {
    const file = Buffer.concat([
      oggPage(1, 0n, vorbisHead(8000), 0x02),
      oggPage(1, 8000n * 17n, Buffer.alloc(100)),
      oggPage(1, -1n, Buffer.alloc(100)),
    ]);
    expect(mediaDuration(file, "ogg")).toBe(17);
  });

  it("a file cut short is read to its last whole page", () => {
    const whole = Buffer.concat([
      oggPage(1, 0n, vorbisHead(8000), 0x02),
      oggPage(1, 8000n * 5n, Buffer.alloc(100)),
      oggPage(1, 8000n * 9n, Buffer.alloc(100)),
    ]);
    expect(mediaDuration(whole.subarray(0, whole.length - 10), "ogg")).toBe(5);
  });

  it("an OGG whose first stream is neither Opus, Vorbis nor FLAC, or only a head, has no length", () => {
    expect(mediaDuration(oggPage(1, 48_000n, Buffer.from("Speex   ")), "ogg")).toBeUndefined();
    expect(mediaDuration(oggPage(1, 0n, opusHead(312), 0x02), "ogg_opus")).toBeUndefined();
    expect(mediaDuration(fixture("sample.mp3"), "ogg")).toBeUndefined();
  });

  it("FLAC in OGG counts samples at its STREAMINFO rate", () => {
    const head = Buffer.concat([
      Buffer.from([0x7f]),
      Buffer.from("FLAC", "latin1"),
      Buffer.from([1, 0, 0, 1]),
      flacHeader(22_050, 0),
    ]);
    const file = Buffer.concat([oggPage(3, 0n, head, 0x02), oggPage(3, 22_050n * 16n, Buffer.alloc(64))]);
    expect(mediaDuration(file, "ogg")).toBe(16);
  });
});

describe("FLAC", () => {
  it("a FLAC file made by ffmpeg", () => {
    expect(mediaDuration(fixture("sample.flac"), "flac")).toBeCloseTo(2, 3);
  });

  it("total samples over the sample rate, from the header alone", () => {
    expect(mediaDuration(flacHeader(44_100, 44_100 * 16 + 22_050), "flac")).toBe(16.5);
    expect(mediaDuration(flacHeader(96_000, 2 ** 33), "flac")).toBeCloseTo(2 ** 33 / 96_000, 6);
  });

  it("an unknown total (zero samples) or a file that is not FLAC has no length", () => {
    expect(mediaDuration(flacHeader(44_100, 0), "flac")).toBeUndefined();
    expect(mediaDuration(fixture("sample.wav"), "flac")).toBeUndefined();
  });
});

describe("the formats read before", () => {
  it.each([
    ["sample.mp4", "mp4", 2],
    ["sample.m4a", "m4a", 2],
    ["sample.mp3", "mp3", 2],
    ["sample.wav", "wav", 0.5],
    ["sample.avi", "avi", 1],
  ] as const)("%s read as %s plays about %s seconds", (name, format, seconds) => {
    // An MP3 carries its encoder's padding: within a tenth of a second.
    expect(Math.abs((mediaDuration(fixture(name), format) ?? 0) - seconds)).toBeLessThan(0.1);
  });
});
