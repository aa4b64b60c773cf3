import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { MediaError } from "../../../src/media/accept.js";
import { confirmFormat, peek, sniffFormat } from "../../../src/media/sniff.js";

const fixture = (name: string) => readFileSync(new URL(`../../../dev/fixtures/${name}`, import.meta.url));

describe("sniffing", () => {
  it.each([
    ["sample.jpg", "jpeg"],
    ["sample.png", "png"],
    ["sample.webp", "webp"],
    ["sample.mp4", "mp4"],
    ["sample.mov", "mov"],
    ["sample.avi", "avi"],
    ["sample.mp3", "mp3"],
    ["sample.wav", "wav"],
    ["sample.m4a", "m4a"],
    ["sample.srt", "srt"],
    ["voice.ogg", "ogg_opus"],
    ["sample.webm", "webm"],
    ["sample.flv", "flv"],
    ["sample.mpg", "mpeg"],
    ["sample.m2v", "mpeg"],
    ["sample.flac", "flac"],
    ["sample-vorbis.ogg", "ogg"],
  ])("%s is %s", async (name, format) => {
    expect(await sniffFormat(fixture(name).subarray(0, 4100))).toBe(format);
  });

  /** An EBML header (ID 1A45DFA3) holding only a DocType element (ID 4282). */
  function ebml(docType: string): Buffer {
    const type = Buffer.from(docType, "latin1");
    const element = Buffer.concat([Buffer.from([0x42, 0x82, 0x80 | type.length]), type]);
    return Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | element.length]),
      element,
      Buffer.alloc(64),
    ]);
  }

  it("a Matroska file is WebM only when its DocType says webm", async () => {
    expect(await sniffFormat(ebml("webm"))).toBe("webm");
    expect(await sniffFormat(ebml("matroska"))).toBeUndefined();
  });

  it("an FLV header (signature, version 1, audio and video flags, header size 9)", async () => {
    const header = Buffer.from([0x46, 0x4c, 0x56, 0x01, 0x05, 0x00, 0x00, 0x00, 0x09, 0, 0, 0, 0]);
    expect(await sniffFormat(Buffer.concat([header, Buffer.alloc(64)]))).toBe("flv");
  });

  it("MPEG program streams (MPEG-1 and MPEG-2 pack headers) and a video elementary stream", async () => {
    // MPEG-1 pack: 0010 marker bits; MPEG-2 pack: 01 marker bits, then the SCR and mux rate.
    const mpeg1Pack = Buffer.from([0, 0, 1, 0xba, 0x21, 0x00, 0x01, 0x00, 0x01, 0x80, 0x1b, 0x91]);
    const mpeg2Pack = Buffer.from([
      0, 0, 1, 0xba, 0x44, 0x00, 0x04, 0x00, 0x04, 0x01, 0x01, 0x89, 0xc3, 0xf8,
    ]);
    // A sequence header: 160x120, 4:3, 25 fps.
    const sequence = Buffer.from([0, 0, 1, 0xb3, 0x0a, 0x00, 0x78, 0x23, 0xff, 0xff, 0xe0, 0x18]);
    for (const head of [mpeg1Pack, mpeg2Pack, sequence])
      expect(await sniffFormat(Buffer.concat([head, Buffer.alloc(64)]))).toBe("mpeg");
  });

  it("the task service's check refuses a clip only the generation service takes", async () => {
    await expect(confirmFormat(fixture("sample.webm"), "video")).rejects.toMatchObject({
      kind: "type_mismatch",
    });
    await expect(confirmFormat(fixture("sample-vorbis.ogg"), "audio")).rejects.toMatchObject({
      kind: "type_mismatch",
    });
  });

  it("a program renamed to video.mp4 is refused", async () => {
    const exe = Buffer.concat([
      Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00", "latin1"),
      Buffer.alloc(200),
    ]);
    const error = await confirmFormat(exe, "video").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).kind).toBe("type_mismatch");
  });

  it("a photo sent as a video is refused", async () => {
    await expect(confirmFormat(fixture("sample.jpg"), "video")).rejects.toMatchObject({
      kind: "type_mismatch",
    });
  });

  it("a QuickTime file named .mp4 is a video all the same, and reported as MOV", async () => {
    expect(await confirmFormat(fixture("sample.mov"), "video")).toBe("mov");
  });

  it("peeking gives back every byte, in order", async () => {
    const bytes = fixture("sample.mp4");
    const chunks = [];
    for (let i = 0; i < bytes.length; i += 700) chunks.push(bytes.subarray(i, i + 700));
    const { head, stream } = await peek(Readable.from(chunks));
    expect(head.equals(bytes.subarray(0, 4100))).toBe(true);
    expect((await buffer(stream)).equals(bytes)).toBe(true);
  });

  it("peeking a file shorter than the head", async () => {
    const { head, stream } = await peek(
      Readable.from([Buffer.from("1\n00:00:01,000 --> 00:00:02,000\nHi\n")]),
    );
    expect(head.length).toBe(35);
    expect((await buffer(stream)).toString()).toContain("Hi");
  });
});
