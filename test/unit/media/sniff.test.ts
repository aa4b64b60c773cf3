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
  ])("%s is %s", async (name, format) => {
    expect(await sniffFormat(fixture(name).subarray(0, 4100))).toBe(format);
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
    const { head, stream } = await peek(Readable.from(chunks), 4100);
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
