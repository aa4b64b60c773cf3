import { readFile } from "node:fs/promises";
import { fileTypeFromBuffer } from "file-type";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FIXTURES_DIR } from "../../../dev/generation-sandbox/index.js";
import { errorOf, type FileJson, type Harness, START_SECONDS, startHarness } from "./harness.js";

let harness: Harness;

beforeEach(async () => {
  harness = await startHarness();
});
afterEach(async () => {
  await harness.close();
});

/** Just the magic numbers of formats the fixtures lack; file-type recognises each. */
const pad = (bytes: number[]) => new Uint8Array([...bytes, ...new Array(4096).fill(0)]);
const SYNTHETIC = {
  flac: pad([0x66, 0x4c, 0x61, 0x43, 0, 0, 0, 0x22]),
  flv: pad([0x46, 0x4c, 0x56, 0x01, 0x05, 0, 0, 0, 9]),
  mpeg: pad([0, 0, 1, 0xba, 0x44, 0, 4, 0, 4, 1]),
  webm: pad([
    0x1a, 0x45, 0xdf, 0xa3, 0x8f, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x02, 0x42,
    0x85, 0x81, 0x02,
  ]),
};

describe("POST /v1/files", () => {
  it.each([
    ["sample.jpg", undefined, "image"],
    ["sample.png", "image", "image"],
    ["sample.webp", "image", "image"],
    ["sample.mp4", "video", "video"],
    ["sample.avi", "video", "video"],
    ["sample.mp3", "audio", "audio"],
    ["sample.m4a", "audio", "audio"],
    ["sample.wav", "audio", "audio"],
    ["voice.ogg", "audio", "audio"],
  ])("accepts %s as kind=%s, typed from its bytes", async (fixture, kind, expected) => {
    const response = await harness.upload(fixture, kind ? { kind } : {});
    expect(response.status).toBe(200);
    const body = (await response.json()) as FileJson;
    const size = (await readFile(`${FIXTURES_DIR}${fixture}`)).length;
    expect(body).toEqual({
      id: expect.stringMatching(/^file_[0-9a-f]+$/),
      object: "file",
      kind: expected,
      filename: fixture,
      bytes: size,
      created: START_SECONDS,
      url: expect.stringContaining(`/v1/files/${body.id}/content?`),
      expires_at: START_SECONDS + 24 * 60 * 60,
    });
  });

  it.each([
    ["FLAC", "audio", SYNTHETIC.flac],
    ["FLV", "video", SYNTHETIC.flv],
    ["MPEG", "video", SYNTHETIC.mpeg],
    ["WebM", "video", SYNTHETIC.webm],
  ])("accepts %s bytes as kind=%s", async (_name, kind, bytes) => {
    expect((await harness.upload({ bytes }, { kind })).status).toBe(200);
  });

  it.each([
    ["a JPEG sent as video", "sample.jpg", "video"],
    ["an MP4 sent as image", "sample.mp4", "image"],
    ["an MP3 sent as video", "sample.mp3", "video"],
    ["a QuickTime MOV (not in the spec's list)", "sample.mov", "video"],
    ["an SRT", "sample.srt", "image"],
  ])("refuses %s with 415 unsupported_media_type", async (_name, fixture, kind) => {
    const response = await harness.upload(fixture, { kind });
    expect(response.status).toBe(415);
    expect((await errorOf(response)).code).toBe("unsupported_media_type");
  });

  it("trusts the bytes, not the name or Content-Type", async () => {
    const mp4 = await readFile(`${FIXTURES_DIR}sample.mp4`);
    const response = await harness.upload(
      { bytes: mp4, filename: "holiday.jpg" },
      { kind: "video", headers: { "content-type": "image/jpeg" } },
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as FileJson).kind).toBe("video");
  });

  it("refuses an empty body with 415", async () => {
    expect((await harness.upload({ bytes: new Uint8Array(0) })).status).toBe(415);
  });

  it("refuses an upload over its kind's limit with 413 file_too_large and keeps accepting smaller ones", async () => {
    await harness.close();
    harness = await startHarness({ maxUploadBytes: { image: 64 * 1024 } });
    const big = new Uint8Array(200 * 1024);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const response = await harness.upload({ bytes: big, filename: "big.jpg" });
    expect(response.status).toBe(413);
    expect((await errorOf(response)).code).toBe("file_too_large");
    expect((await harness.upload("sample.jpg")).status).toBe(200);
    expect((await harness.upload({ bytes: big.slice(0, 100 * 1024) }, { kind: "video" })).status).toBe(415);
  });

  it("refuses an unknown kind with the framework's 422", async () => {
    const response = await harness.upload("sample.jpg", { kind: "document" });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      detail: [
        { loc: ["query", "kind"], msg: expect.any(String), type: expect.any(String), input: "document" },
      ],
    });
  });

  it("names a file without X-Filename by its type, and decodes a percent-encoded name", async () => {
    const png = await readFile(`${FIXTURES_DIR}sample.png`);
    const plain = (await (await harness.upload({ bytes: png })).json()) as FileJson;
    expect(plain.filename).toBe("upload.png");
    const named = await harness.upload({ bytes: png, filename: encodeURIComponent("фото 1.png") });
    expect(((await named.json()) as FileJson).filename).toBe("фото 1.png");
    const pathy = await harness.upload({ bytes: png, filename: "../../etc/passwd.png" });
    expect(((await pathy.json()) as FileJson).filename).toBe("passwd.png");
  });
});

describe("GET /v1/files/{id}/content", () => {
  async function uploaded(fixture = "sample.png", kind = "image"): Promise<FileJson> {
    return (await (await harness.upload(fixture, { kind })).json()) as FileJson;
  }

  it("serves the bytes by signed link without a key", async () => {
    const file = await uploaded();
    const response = await fetch(file.url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.equals(await readFile(`${FIXTURES_DIR}sample.png`))).toBe(true);
  });

  it("serves the bytes to the owner's key, and to no other account", async () => {
    const file = await uploaded();
    expect((await harness.get(`/v1/files/${file.id}/content`)).status).toBe(200);
    const theirs = await harness.get(`/v1/files/${file.id}/content`, { key: harness.pro.apiKey });
    expect(theirs.status).toBe(404);
    expect((await harness.get(`/v1/files/${file.id}/content`, { key: null })).status).toBe(401);
  });

  it.each([
    ["sig", (url: URL) => url.searchParams.set("sig", "0".repeat(64))],
    ["exp", (url: URL) => url.searchParams.set("exp", String(Number(url.searchParams.get("exp")) + 3600))],
    ["u", (url: URL) => url.searchParams.set("u", "acct_0000000000000000")],
    ["kind", (url: URL) => url.searchParams.set("kind", "poster")],
    ["the file id", (url: URL) => (url.pathname = url.pathname.replace(/file_[0-9a-f]+/, "file_0123"))],
  ])("refuses a link with an altered %s with 403 invalid_signature", async (_name, alter) => {
    const file = await uploaded();
    const url = new URL(file.url);
    alter(url);
    const response = await fetch(url);
    expect(response.status).toBe(403);
    expect((await errorOf(response)).code).toBe("invalid_signature");
  });

  it("refuses a link after its expiry with 403 invalid_signature", async () => {
    const file = await uploaded();
    harness.clock.advance(24 * 60 * 60_000 - 1000);
    expect((await fetch(file.url)).status).toBe(200);
    harness.clock.advance(1000);
    const response = await fetch(file.url);
    expect(response.status).toBe(403);
    expect((await errorOf(response)).code).toBe("invalid_signature");
  });

  it("has no poster for an upload: 404", async () => {
    const file = await uploaded();
    expect((await harness.get(`/v1/files/${file.id}/content?kind=poster`)).status).toBe(404);
    expect((await harness.get(`/v1/files/${file.id}/content?kind=thumbnail`)).status).toBe(422);
  });

  it("serves a video upload whole", async () => {
    const file = await uploaded("sample.mp4", "video");
    const bytes = Buffer.from(await (await fetch(file.url)).arrayBuffer());
    expect((await fileTypeFromBuffer(bytes))?.ext).toBe("mp4");
    expect(bytes.length).toBe(file.bytes);
  });
});
