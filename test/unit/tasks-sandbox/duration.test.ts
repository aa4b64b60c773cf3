import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { bufferSource, durationOf, fileDuration } from "../../../dev/tasks-sandbox/duration/index.js";
import { parseFrameHeader } from "../../../dev/tasks-sandbox/duration/mp3.js";
import { FIXTURES_DIR } from "../../../dev/tasks-sandbox/index.js";
import { box, ftyp, mvhd, mvhdWide } from "../../support/mp4-boxes.js";

const fixture = (name: string) => readFile(`${FIXTURES_DIR}${name}`);

/** sample.mp3: 79 MPEG-2 layer III frames of 576 samples at 22,050 Hz, as its Info header and ffprobe say. */
const MP3_SECONDS = (79 * 576) / 22_050;

describe("durations of the committed fixtures, read from the files", () => {
  it.each([
    ["sample.mp4", "mp4", 2],
    ["sample.mov", "mov", 2],
    ["sample.m4a", "m4a", 2],
    ["sample.mp3", "mp3", MP3_SECONDS],
    ["sample.wav", "wav", 0.5],
    ["sample.avi", "avi", 1],
  ])("%s plays %d s", async (name, format, seconds) => {
    expect(await fileDuration(`${FIXTURES_DIR}${name}`, format)).toBeCloseTo(seconds, 9);
  });

  it.each([
    ["sample.jpg", "jpg"],
    ["sample.png", "png"],
    ["sample.webp", "webp"],
    ["sample.srt", "srt"],
  ])("%s has no duration", async (name, format) => {
    expect(await fileDuration(`${FIXTURES_DIR}${name}`, format)).toBeUndefined();
  });

  it("sample.wav is binary PCM with no line breaks: 78 header bytes and 4,000 samples at 8,000 bytes a second", async () => {
    const wav = await fixture("sample.wav");
    expect(wav.length).toBe(4078);
    expect(wav.includes(0x0a)).toBe(false);
    expect(wav.toString("latin1", 70, 74)).toBe("data");
    expect(wav.readUInt32LE(74)).toBe(4000);
    expect(wav.readUInt32LE(28)).toBe(8000);
  });
});

describe("MP4 and MOV: moov/mvhd", () => {
  it("reads a version 0 header after the media data (sample.mov keeps its moov at the end)", async () => {
    const mov = await fixture("sample.mov");
    expect(mov.toString("latin1", 32, 36)).toBe("mdat");
    const file = Buffer.concat([ftyp, box("mdat", Buffer.alloc(3000)), box("moov", mvhd(600, 4500))]);
    expect(await durationOf(bufferSource(file), "mov")).toBe(7.5);
  });

  it("reads a version 1 header with a 64-bit duration", async () => {
    const threeHours = BigInt(3 * 3600 * 90_000);
    const file = Buffer.concat([ftyp, box("moov", mvhdWide(90_000, threeHours))]);
    expect(await durationOf(bufferSource(file), "mp4")).toBe(3 * 3600);
  });

  it("steps over a box with a 64-bit size and finds moov in a box of size 0 (to the end of the file)", async () => {
    const large = Buffer.alloc(16 + 40);
    large.writeUInt32BE(1, 0);
    large.write("mdat", 4, "latin1");
    large.writeBigUInt64BE(BigInt(large.length), 8);
    const moov = box("moov", box("udta", Buffer.alloc(12)), mvhd(1000, 12_345));
    moov.writeUInt32BE(0, 0);
    const file = Buffer.concat([ftyp, large, moov]);
    expect(await durationOf(bufferSource(file), "mp4")).toBeCloseTo(12.345, 9);
  });

  it("gives no duration for an unknown length, a zero timescale, a missing moov or a broken box", async () => {
    const read = (file: Buffer) => durationOf(bufferSource(file), "mp4");
    expect(await read(Buffer.concat([ftyp, box("moov", mvhd(1000, 0xffffffff))]))).toBeUndefined();
    expect(await read(Buffer.concat([ftyp, box("moov", mvhd(0, 1000))]))).toBeUndefined();
    expect(await read(Buffer.concat([ftyp, box("mdat", Buffer.alloc(64))]))).toBeUndefined();
    const truncated = Buffer.concat([ftyp, box("moov", mvhd(1000, 2000))]).subarray(0, 60);
    expect(await read(truncated)).toBeUndefined();
  });
});

describe("MP3: ID3v2, Xing/Info, frame headers", () => {
  it("reads frame headers of MPEG-1, MPEG-2 and MPEG-2.5 layer III", () => {
    // MPEG-1 layer III, 128 kbit/s, 44,100 Hz, no padding: 417 bytes, 1,152 samples.
    expect(parseFrameHeader(Buffer.from([0xff, 0xfb, 0x90, 0x64]))).toMatchObject({
      version: 1,
      layer: 3,
      sampleRate: 44_100,
      samplesPerFrame: 1152,
      frameBytes: 417,
    });
    // MPEG-2 layer III, 16 kbit/s, 22,050 Hz, padded: 53 bytes, 576 samples.
    expect(parseFrameHeader(Buffer.from([0xff, 0xf3, 0x22, 0xc4]))).toMatchObject({
      version: 2,
      sampleRate: 22_050,
      samplesPerFrame: 576,
      frameBytes: 53,
      mono: true,
    });
    // MPEG-2.5 layer III, 8 kbit/s, 8,000 Hz: 72 bytes.
    expect(parseFrameHeader(Buffer.from([0xff, 0xe3, 0x18, 0xc4]))).toMatchObject({
      version: 2.5,
      sampleRate: 8000,
      frameBytes: 72,
    });
    expect(parseFrameHeader(Buffer.from([0xff, 0xfb, 0xf0, 0x64]))).toBeUndefined();
    expect(parseFrameHeader(Buffer.from("TAG!"))).toBeUndefined();
  });

  /** The fixture's frames after its ID3v2 tag: the silent Info frame, then the 79 audio frames. */
  async function fixtureFrames(): Promise<{ tag: Buffer; info: Buffer; audio: Buffer }> {
    const mp3 = await fixture("sample.mp3");
    const tagLength =
      10 + ((mp3[6] ?? 0) << 21) + ((mp3[7] ?? 0) << 14) + ((mp3[8] ?? 0) << 7) + (mp3[9] ?? 0);
    const infoBytes = parseFrameHeader(mp3.subarray(tagLength))?.frameBytes ?? 0;
    return {
      tag: mp3.subarray(0, tagLength),
      info: mp3.subarray(tagLength, tagLength + infoBytes),
      audio: mp3.subarray(tagLength + infoBytes),
    };
  }

  it("sums the frames one by one when there is no Xing/Info header, to the same length as the header says", async () => {
    const { tag, audio } = await fixtureFrames();
    expect(await durationOf(bufferSource(Buffer.concat([tag, audio])), "mp3")).toBeCloseTo(MP3_SECONDS, 9);
    expect(await durationOf(bufferSource(audio), "mp3")).toBeCloseTo(MP3_SECONDS, 9);
  });

  it("trusts the Info header's frame count over the frames present", async () => {
    const { tag, info, audio } = await fixtureFrames();
    const firstHalf = audio.subarray(0, Math.floor(audio.length / 2));
    const file = Buffer.concat([tag, info, firstHalf]);
    expect(await durationOf(bufferSource(file), "mp3")).toBeCloseTo(MP3_SECONDS, 9);
  });

  it("skips an ID3v2 tag with a footer, junk before the first frame, and an ID3v1 tag at the end", async () => {
    const { audio } = await fixtureFrames();
    const tag = Buffer.alloc(10 + 20 + 10);
    tag.write("ID3", 0, "latin1");
    tag[3] = 4;
    tag[5] = 0x10;
    tag[9] = 20;
    const junk = Buffer.from([0x00, 0xff, 0x13, 0x37, 0xff]);
    const id3v1 = Buffer.alloc(128);
    id3v1.write("TAG", 0, "latin1");
    const file = Buffer.concat([tag, junk, audio, id3v1]);
    expect(await durationOf(bufferSource(file), "mp3")).toBeCloseTo(MP3_SECONDS, 9);
  });

  it("gives no duration for bytes without frames", async () => {
    expect(await durationOf(bufferSource(Buffer.from("not audio at all")), "mp3")).toBeUndefined();
  });
});

function riff(form: string, ...chunks: Buffer[]): Buffer {
  const body = Buffer.concat([Buffer.from(form, "latin1"), ...chunks]);
  const header = Buffer.alloc(8);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}

function chunk(id: string, content: Buffer, declaredSize = content.length): Buffer {
  const header = Buffer.alloc(8);
  header.write(id, 0, "latin1");
  header.writeUInt32LE(declaredSize, 4);
  return Buffer.concat([header, content, Buffer.alloc(content.length % 2)]);
}

function fmt(byteRate: number): Buffer {
  const body = Buffer.alloc(16);
  body.writeUInt16LE(1, 0);
  body.writeUInt16LE(2, 2);
  body.writeUInt32LE(44_100, 4);
  body.writeUInt32LE(byteRate, 8);
  return chunk("fmt ", body);
}

describe("WAV: RIFF fmt and data", () => {
  it("divides the data size by the byte rate, past odd-sized chunks before the data", async () => {
    const file = riff(
      "WAVE",
      fmt(176_400),
      chunk("LIST", Buffer.alloc(7)),
      chunk("data", Buffer.alloc(88_200)),
    );
    expect(await durationOf(bufferSource(file), "wav")).toBe(0.5);
  });

  it("counts only the bytes present when the declared data size was never written", async () => {
    const file = riff("WAVE", fmt(8000), chunk("data", Buffer.alloc(2000), 0xffffffff));
    expect(await durationOf(bufferSource(file), "wav")).toBe(0.25);
  });

  it("gives no duration without a fmt chunk, without a data chunk, or for another RIFF form", async () => {
    const read = (file: Buffer, format = "wav") => durationOf(bufferSource(file), format);
    expect(await read(riff("WAVE", chunk("data", Buffer.alloc(100))))).toBeUndefined();
    expect(await read(riff("WAVE", fmt(8000)))).toBeUndefined();
    expect(await read(await fixture("sample.webp"))).toBeUndefined();
    expect(await read(await fixture("sample.wav"), "avi")).toBeUndefined();
  });
});
