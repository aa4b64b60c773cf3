import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { fileTypeFromBuffer } from "file-type";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTasksSandbox, type TasksSandbox } from "../../../dev/tasks-sandbox/index.js";
import { createLogger } from "../../../src/logger.js";
import { MediaError } from "../../../src/media/accept.js";
import { telegramMediaOf } from "../../../src/media/media-ref.js";
import { type TransferDeps, transferToService, uploadFileName } from "../../../src/media/transfer.js";
import { TasksServiceClient } from "../../../src/tasks-service/client.js";
import type { UploadSource } from "../../../src/tasks-service/multipart.js";
import { type EmulatedTelegram, startEmulatedTelegram } from "../../support/telegram-emulator.js";

const fixture = (name: string) => readFile(new URL(`../../../dev/fixtures/${name}`, import.meta.url));

/** An upload endpoint that reads what it is given, opening the source as often as told. */
class UploadSink {
  readonly received: Array<{ filename: string; contentType: string; size: number; bytes: Buffer }> = [];
  constructor(private readonly opensPerUpload = 1) {}
  async upload(_apiKey: string, file: UploadSource) {
    let bytes = Buffer.alloc(0);
    for (let attempt = 0; attempt < this.opensPerUpload; attempt++) bytes = await buffer(file.open());
    this.received.push({ filename: file.filename, contentType: file.contentType, size: file.size, bytes });
    return { upload_id: `u${this.received.length}`, filename: file.filename, size_bytes: file.size };
  }
}

let telegram: EmulatedTelegram;
let tempDirectory: string;

beforeEach(async () => {
  telegram = await startEmulatedTelegram();
  tempDirectory = await mkdtemp(path.join(tmpdir(), "transfer-test-"));
});
afterEach(async () => {
  await telegram.close();
  await rm(tempDirectory, { recursive: true, force: true });
});

function depsWith(tasksService: TransferDeps["tasksService"]): TransferDeps {
  return {
    telegram: {
      api: telegram.bot.api,
      botApiRoot: telegram.emulator.apiRoot,
      token: telegram.emulator.token,
    },
    tasksService,
    tempDirectory,
  };
}

describe("the file name the service sees", () => {
  it("drops control and bidirectional characters, caps the length and keeps the real extension", () => {
    expect(uploadFileName({ kind: "document", fileName: "talk\u0000\u202Egpj.exe" }, "mp4")).toBe(
      "talkgpj.mp4",
    );
    expect(uploadFileName({ kind: "document", fileName: "../../etc/passwd\u200F" }, "mp3")).toBe(
      "passwd.mp3",
    );
    expect(uploadFileName({ kind: "video", fileName: `${"я".repeat(300)}.mov` }, "mov")).toBe(
      `${"я".repeat(100)}.mov`,
    );
    expect(uploadFileName({ kind: "audio", fileName: "\u202E\u0007" }, "mp3")).toBe("audio.mp3");
  });
});

describe("transferToService", () => {
  it("an https link passes through untouched", async () => {
    const sink = new UploadSink();
    const result = await transferToService(
      depsWith(sink),
      { source: "link", url: "https://x.example/a.mp4" },
      "k",
    );
    expect(result).toEqual({ url: "https://x.example/a.mp4" });
    expect(sink.received).toEqual([]);
  });

  it("a photo goes up byte for byte as a JPEG", async () => {
    const jpg = await fixture("sample.jpg");
    const message = await telegram.user.sendPhoto({ bytes: jpg, width: 64, height: 48 });
    const ref = telegramMediaOf(message);
    if (!ref) throw new Error("no photo");
    const sink = new UploadSink();
    expect(await transferToService(depsWith(sink), ref, "k")).toEqual({ uploadId: "u1" });
    expect(sink.received[0]).toMatchObject({
      filename: "photo.jpg",
      contentType: "image/jpeg",
      size: jpg.length,
    });
    expect(sink.received[0]?.bytes.equals(jpg)).toBe(true);
  });

  it("a retry opens the whole download again and gets the whole file", async () => {
    const mov = await fixture("sample.mov");
    const message = await telegram.user.sendDocument({
      bytes: mov,
      fileName: "holiday.mp4",
      mimeType: "video/mp4",
    });
    const ref = telegramMediaOf(message);
    if (!ref) throw new Error("no document");
    const sink = new UploadSink(2);
    await transferToService(depsWith(sink), ref, "k");
    // Named .mp4 but QuickTime inside: uploaded under what it really is.
    expect(sink.received[0]).toMatchObject({ filename: "holiday.mov", contentType: "video/quicktime" });
    expect(sink.received[0]?.bytes.equals(mov)).toBe(true);
  });

  it("a program renamed to video.mp4 is refused before any upload", async () => {
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(5000, 1)]);
    const message = await telegram.user.sendDocument({
      bytes: exe,
      fileName: "video.mp4",
      mimeType: "video/mp4",
    });
    const ref = telegramMediaOf(message);
    if (!ref) throw new Error("no document");
    const sink = new UploadSink();
    const error = await transferToService(depsWith(sink), ref, "k").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).kind).toBe("type_mismatch");
    expect(sink.received).toEqual([]);
  });

  it("a voice note goes up as MP3 and leaves no temporary file", async () => {
    const ogg = await fixture("voice.ogg");
    const message = await telegram.user.sendVoice({ bytes: ogg, duration: 2 });
    const ref = telegramMediaOf(message);
    if (!ref) throw new Error("no voice");
    const sink = new UploadSink(2);
    await transferToService(depsWith(sink), ref, "k");
    const sent = sink.received[0];
    expect(sent).toMatchObject({ filename: "voice.mp3", contentType: "audio/mpeg" });
    expect(sent?.bytes.length).toBe(sent?.size);
    expect(await fileTypeFromBuffer(sent?.bytes ?? Buffer.alloc(0))).toEqual({
      ext: "mp3",
      mime: "audio/mpeg",
    });
    expect(await readdir(tempDirectory)).toEqual([]);
  });

  it("a download that fails means no upload at all", async () => {
    const message = await telegram.user.sendVideo({
      bytes: await fixture("sample.mp4"),
      mimeType: "video/mp4",
    });
    const ref = telegramMediaOf(message);
    if (!ref) throw new Error("no video");
    telegram.emulator.faults.inject({ kind: "server_error", status: 500, method: "download" });
    const sink = new UploadSink();
    await expect(transferToService(depsWith(sink), ref, "k")).rejects.toMatchObject({
      kind: "download_failed",
    });
    expect(sink.received).toEqual([]);
  });
});

describe("into the tasks sandbox with the real client", () => {
  let sandbox: TasksSandbox;
  let uploadDir: string;
  beforeEach(async () => {
    uploadDir = await mkdtemp(path.join(tmpdir(), "transfer-sandbox-"));
    sandbox = await startTasksSandbox({
      verifyKey: async () => ({ userId: 1 }),
      rateLimits: false,
      uploadDir,
    });
  });
  afterEach(async () => {
    await sandbox.close();
    await rm(uploadDir, { recursive: true, force: true });
  });

  it("a video and a voice note become upload ids the service stored", async () => {
    const client = new TasksServiceClient({
      baseUrl: sandbox.baseUrl,
      logger: createLogger({ level: "silent" }),
    });
    const mp4 = await fixture("sample.mp4");
    const video = telegramMediaOf(await telegram.user.sendVideo({ bytes: mp4, mimeType: "video/mp4" }));
    const voice = telegramMediaOf(
      await telegram.user.sendVoice({ bytes: await fixture("voice.ogg"), duration: 2 }),
    );
    if (!video || !voice) throw new Error("no media");
    const deps = depsWith(client);
    const first = await transferToService(deps, video, "cmp_key");
    const second = await transferToService(deps, voice, "cmp_key");
    if (!("uploadId" in first) || !("uploadId" in second)) throw new Error("expected uploads");
    // The sandbox keeps each upload under its id: what arrived is the video itself and an MP3.
    expect((await readFile(path.join(uploadDir, first.uploadId))).equals(mp4)).toBe(true);
    expect(await fileTypeFromBuffer(await readFile(path.join(uploadDir, second.uploadId)))).toEqual({
      ext: "mp3",
      mime: "audio/mpeg",
    });
  });
});
