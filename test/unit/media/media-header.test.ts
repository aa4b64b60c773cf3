import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { mediaDuration } from "../../../src/media/duration.js";
import { mp3Seconds, mp4Header } from "../../../src/media/media-header.js";
import { box, ftyp, mvhd, mvhdWide } from "../../support/mp4-boxes.js";

const fixture = (name: string) => readFileSync(new URL(`../../../dev/fixtures/${name}`, import.meta.url));

function tkhd(width: number, height: number): Buffer {
  const body = Buffer.alloc(84);
  body.writeUInt32BE(width * 65536, 76);
  body.writeUInt32BE(height * 65536, 80);
  return box("tkhd", body);
}

/** MPEG-1 layer III frames at 128 kbit/s and 44.1 kHz: 417 bytes, 1152 samples each. */
function mp3Frames(count: number, first?: Buffer): Buffer {
  const frame = () => {
    const bytes = Buffer.alloc(417);
    bytes.set([0xff, 0xfb, 0x90, 0x00]);
    return bytes;
  };
  const frames = Array.from({ length: count }, frame);
  if (first && frames[0]) first.copy(frames[0], 4 + 32);
  return Buffer.concat(frames);
}

/** A Xing tag stating `frames` frames (or, with no frame count, only its marker). */
function xing(frames?: number): Buffer {
  const tag = Buffer.alloc(16);
  tag.write("Xing", 0, "latin1");
  if (frames !== undefined) {
    tag.writeUInt32BE(1, 4);
    tag.writeUInt32BE(frames, 8);
  }
  return tag;
}

describe("an MP4 result's header", () => {
  it("states how long the fixture plays and its picture's size", () => {
    const header = mp4Header(fixture("sample.mp4"));
    expect(header.seconds).toBeCloseTo(2, 1);
    expect(header).toMatchObject({ width: expect.any(Number), height: expect.any(Number) });
  });

  it("reads 64-bit times and the picture track, not the sound track's zeros", () => {
    const file = Buffer.concat([
      ftyp,
      box("moov", mvhdWide(600, 600n * 42n), box("trak", tkhd(1280, 720)), box("trak", tkhd(0, 0))),
    ]);
    expect(mp4Header(file)).toEqual({ seconds: 42, width: 1280, height: 720 });
  });

  it("reads a movie header whose moov runs past the bytes read", () => {
    const file = Buffer.concat([
      ftyp,
      box("moov", mvhd(1000, 7500), box("trak", tkhd(640, 360), Buffer.alloc(4000))),
    ]);
    expect(mp4Header(file.subarray(0, file.length - 1000))).toEqual({
      seconds: 7.5,
      width: 640,
      height: 360,
    });
  });

  it("states nothing for a file that is not an MP4, a header after the media data, or no clock", () => {
    expect(mp4Header(fixture("sample.mp3"))).toEqual({});
    expect(mp4Header(Buffer.alloc(0))).toEqual({});
    expect(mp4Header(box("moov", mvhd(1000, 5000)))).toEqual({});
    const late = Buffer.concat([ftyp, box("mdat", Buffer.alloc(2000)), box("moov", mvhd(1000, 5000))]);
    expect(mp4Header(late.subarray(0, 1000))).toEqual({});
    expect(mp4Header(Buffer.concat([ftyp, box("moov", mvhd(0, 5000))]))).toEqual({});
  });

  it("states the length as written, even one the writer left unknown or zero", () => {
    expect(mp4Header(Buffer.concat([ftyp, box("moov", mvhd(1000, 0xffffffff))])).seconds).toBe(
      0xffffffff / 1000,
    );
    expect(mp4Header(Buffer.concat([ftyp, box("moov", mvhd(1000, 0))])).seconds).toBe(0);
  });
});

describe("an MP4's length for the card's estimate", () => {
  it("reads both header versions from a whole file", () => {
    expect(mediaDuration(Buffer.concat([ftyp, box("moov", mvhd(1000, 7500))]), "mp4")).toBe(7.5);
    expect(mediaDuration(box("moov", mvhdWide(600, 600n * 42n)), "mov")).toBe(42);
  });

  it("has no length when the writer left it unknown, zero, or the movie box is cut short", () => {
    expect(mediaDuration(Buffer.concat([ftyp, box("moov", mvhd(1000, 0xffffffff))]), "mp4")).toBeUndefined();
    expect(mediaDuration(box("moov", mvhdWide(1000, 0xffffffffffffffffn)), "mp4")).toBeUndefined();
    expect(mediaDuration(Buffer.concat([ftyp, box("moov", mvhd(1000, 0))]), "mp4")).toBeUndefined();
    expect(mediaDuration(Buffer.concat([ftyp, box("moov", mvhd(0, 5000))]), "mp4")).toBeUndefined();
    const cut = Buffer.concat([ftyp, box("moov", mvhd(1000, 7500), Buffer.alloc(100))]);
    expect(mediaDuration(cut.subarray(0, cut.length - 50), "mp4")).toBeUndefined();
    expect(mediaDuration(fixture("sample.mp3"), "mp4")).toBeUndefined();
  });
});

describe("an MP3 result's length", () => {
  it("is the fixture's, from its Info header, with or without the file's size", () => {
    const file = fixture("sample.mp3");
    // 79 frames of 576 samples at 22.05 kHz (MPEG-2).
    expect(mp3Seconds(file, file.length)).toBeCloseTo((79 * 576) / 22_050, 6);
    expect(mp3Seconds(file, undefined)).toBeCloseTo((79 * 576) / 22_050, 6);
  });

  it("is the Xing header's frame count when it has one, else the size at the first frame's bitrate", () => {
    expect(mp3Seconds(mp3Frames(3, xing(1000)), undefined)).toBeCloseTo((1000 * 1152) / 44_100, 6);
    const tagged = Buffer.concat([
      Buffer.from("ID3\x04\0\0\0\0\0\x05", "latin1"),
      Buffer.alloc(5),
      mp3Frames(3),
    ]);
    expect(mp3Seconds(tagged, 15 + 128_000)).toBe(8);
    expect(mp3Seconds(mp3Frames(3, xing()), 16_000)).toBe(1);
  });

  it("is unknown without the size of a file with no Xing header, or for a file that is not an MP3", () => {
    expect(mp3Seconds(mp3Frames(3), undefined)).toBeUndefined();
    expect(mp3Seconds(fixture("sample.wav"), 4078)).toBeUndefined();
    expect(mp3Seconds(Buffer.alloc(0), 100)).toBeUndefined();
  });
});
