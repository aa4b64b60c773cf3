import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { InputFile } from "grammy";
import type { Message, Update } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { type EmulatedTelegram, refusal, startEmulatedTelegram } from "../../support/telegram-emulator.js";

let telegram: EmulatedTelegram;
const servers: Server[] = [];

afterEach(async () => {
  await telegram?.close();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

const MB = 1024 * 1024;

/** A PNG header is enough for the emulator to read the dimensions. */
function png(width: number, height: number): Buffer {
  const head = Buffer.alloc(64);
  head.writeUInt32BE(0x89504e47, 0);
  head.writeUInt32BE(0x0d0a1a0a, 4);
  head.writeUInt32BE(width, 16);
  head.writeUInt32BE(height, 20);
  return head;
}

async function* zeros(total: number): AsyncGenerator<Uint8Array> {
  const chunk = new Uint8Array(MB);
  for (let sent = 0; sent < total; sent += chunk.length)
    yield chunk.subarray(0, Math.min(chunk.length, total - sent));
}

async function download(telegram: EmulatedTelegram, fileId: string): Promise<Buffer> {
  const file = await telegram.bot.api.getFile(fileId);
  const response = await fetch(
    `${telegram.emulator.apiRoot}/file/bot${telegram.emulator.token}/${file.file_path}`,
  );
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

async function serveFile(body: Buffer, contentType: string): Promise<string> {
  const server = createServer((_, response) => {
    response.writeHead(200, { "content-type": contentType, "content-length": body.length });
    response.end(body);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/files/report.pdf`;
}

describe("bot uploads", () => {
  it("sends a photo as multipart with sizes, caption entities, spoiler and protection, and serves it back", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    const bytes = png(1600, 1200);
    const sent = await bot.api.sendPhoto(user.id, new InputFile(bytes, "cover.png"), {
      caption: "<b>Cover</b>",
      parse_mode: "HTML",
      has_spoiler: true,
      protect_content: true,
    });
    expect(sent).toMatchObject({
      caption: "Cover",
      caption_entities: [{ type: "bold", offset: 0, length: 5 }],
    });
    expect(sent.has_media_spoiler).toBe(true);
    expect(sent.has_protected_content).toBe(true);
    expect(sent.photo?.map((size) => [size.width, size.height])).toEqual([
      [90, 68],
      [320, 240],
      [800, 600],
      [1280, 960],
      [1600, 1200],
    ]);
    const largest = sent.photo?.at(-1);
    expect(largest?.file_size).toBe(bytes.length);
    expect(await download(telegram, largest?.file_id ?? "")).toEqual(bytes);
    expect(await user.chat.download(largest?.file_id ?? "")).toEqual(bytes);
  });

  it("sends video, audio, voice, video note and document with their fields", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    const video = await bot.api.sendVideo(user.id, new InputFile(Buffer.from("mp4"), "clip.mp4"), {
      duration: 12,
      width: 1920,
      height: 1080,
      caption: "clip",
    });
    expect(video.video).toMatchObject({
      duration: 12,
      width: 1920,
      height: 1080,
      mime_type: "video/mp4",
      file_name: "clip.mp4",
      file_size: 3,
    });
    const audio = await bot.api.sendAudio(user.id, new InputFile(Buffer.from("mp3!"), "voiceover.mp3"), {
      duration: 30,
      title: "Voice-over",
      performer: "Narrator",
    });
    expect(audio.audio).toMatchObject({
      duration: 30,
      title: "Voice-over",
      performer: "Narrator",
      mime_type: "audio/mpeg",
    });
    const voice = await bot.api.sendVoice(user.id, new InputFile(Buffer.from("ogg"), "note.ogg"), {
      duration: 4,
    });
    expect(voice.voice).toMatchObject({ duration: 4, mime_type: "audio/ogg", file_size: 3 });
    const note = await bot.api.sendVideoNote(user.id, new InputFile(Buffer.from("round")), {
      duration: 5,
      length: 360,
    });
    expect(note.video_note).toMatchObject({ duration: 5, length: 360 });
    const document = await bot.api.sendDocument(
      user.id,
      new InputFile(Buffer.from("1\n00:00:00,000 --> 00:00:01,000\nHi\n"), "subs.srt"),
    );
    expect(document.document).toMatchObject({ file_name: "subs.srt", mime_type: "application/x-subrip" });
    expect((await user.chat.download(document.document?.file_id ?? "")).toString()).toContain("Hi");
    expect(
      user.chat
        .botMessages()
        .map((message) =>
          Object.keys(message.message).find((key) =>
            ["video", "audio", "voice", "video_note", "document"].includes(key),
          ),
        ),
    ).toEqual(["video", "audio", "voice", "video_note", "document"]);
  });

  it("keeps an uploaded JPEG thumbnail of a video, alone or in an album, and ignores one Telegram would not take", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    const jpeg = readFileSync(new URL("../../../dev/fixtures/sample.jpg", import.meta.url));
    const alone = await bot.api.sendVideo(user.id, new InputFile(Buffer.from("mp4"), "clip.mp4"), {
      thumbnail: new InputFile(jpeg, "poster.jpg"),
    });
    expect(alone.video?.thumbnail).toMatchObject({ width: 64, height: 48, file_size: jpeg.length });
    expect(await user.chat.download(alone.video?.thumbnail?.file_id ?? "")).toEqual(jpeg);
    const album = await bot.api.sendMediaGroup(user.id, [
      {
        type: "video",
        media: new InputFile(Buffer.from("mp4"), "one.mp4"),
        thumbnail: new InputFile(jpeg, "poster-1.jpg"),
      },
      { type: "video", media: new InputFile(Buffer.from("mp4"), "two.mp4") },
    ]);
    expect(
      album.map((message) => ("video" in message ? message.video.thumbnail?.width : "not a video")),
    ).toEqual([64, undefined]);
    const notJpeg = await bot.api.sendVideo(user.id, new InputFile(Buffer.from("mp4"), "clip.mp4"), {
      thumbnail: new InputFile(png(64, 48), "poster.png"),
    });
    expect(notJpeg.video?.thumbnail).toBeUndefined();
    const tooBig = await bot.api.sendVideo(user.id, new InputFile(Buffer.from("mp4"), "clip.mp4"), {
      thumbnail: new InputFile(Buffer.concat([jpeg, Buffer.alloc(200 * 1024)]), "poster.jpg"),
    });
    expect(tooBig.video?.thumbnail).toBeUndefined();
  });

  it("re-sends a received file by file_id and refuses a file_id of another type", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    const received = await user.sendVideo({ bytes: "video-bytes", duration: 3, width: 640, height: 360 });
    const fileId = received.video?.file_id ?? "";
    const again = await bot.api.sendVideo(user.id, fileId);
    expect(again.video?.file_id).toBe(fileId);
    expect((await user.chat.download(fileId)).toString()).toBe("video-bytes");
    const wrongType = await refusal(bot.api.sendPhoto(user.id, fileId));
    expect(wrongType.description).toBe("Bad Request: can't use file of type Video as Photo");
    const unknown = await refusal(bot.api.sendDocument(user.id, "no-such-file"));
    expect(unknown.description).toBe("Bad Request: wrong file identifier/HTTP URL specified");
  });

  it("fetches media by URL only from loopback or the allow-list, within the size limit", async () => {
    telegram = await startEmulatedTelegram({ limits: { maxUrlFileBytes: 1000 } });
    const { bot, user } = telegram;
    const url = await serveFile(Buffer.from("%PDF-1.7 small"), "application/pdf");
    const sent = await bot.api.sendDocument(user.id, url);
    expect(sent.document).toMatchObject({
      file_name: "report.pdf",
      mime_type: "application/pdf",
      file_size: 14,
    });
    const outside = await refusal(bot.api.sendDocument(user.id, "https://example.org/report.pdf"));
    expect(outside.description).toBe("Bad Request: wrong file identifier/HTTP URL specified");
    const big = await serveFile(Buffer.alloc(1001), "application/pdf");
    const tooBig = await refusal(bot.api.sendDocument(user.id, big));
    expect(tooBig.description).toBe("Bad Request: failed to get HTTP URL content");
  });

  it("checks the content type of a URL like Telegram: PDF or ZIP documents, images for photos", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    const subtitles = await serveFile(
      Buffer.from("1\n00:00:00,000 --> 00:00:01,000\nHi\n"),
      "application/x-subrip",
    );
    const refused = await refusal(bot.api.sendDocument(user.id, subtitles));
    expect(refused.description).toBe("Bad Request: wrong type of the web page content");
    const page = await serveFile(Buffer.from("<html></html>"), "text/html");
    expect((await refusal(bot.api.sendPhoto(user.id, page))).description).toBe(
      "Bad Request: wrong type of the web page content",
    );
    const image = await serveFile(png(64, 32), "image/png");
    expect((await bot.api.sendPhoto(user.id, image)).photo?.at(-1)).toMatchObject({ width: 64, height: 32 });
  });

  it("answers 413 Request Entity Too Large to an upload above 50 MB", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    const error = await refusal(bot.api.sendVideo(user.id, new InputFile(zeros(50 * MB + 1), "big.mp4")));
    expect(error).toMatchObject({ error_code: 413, description: "Request Entity Too Large" });
    expect(user.chat.botMessages()).toHaveLength(0);
  });

  it("accepts a plain multipart form with the file under the field's own name", async () => {
    telegram = await startEmulatedTelegram();
    const { emulator, user } = telegram;
    const form = new FormData();
    form.append("chat_id", String(user.id));
    form.append("caption", "from curl");
    form.append("document", new Blob(["plain bytes"], { type: "text/plain" }), "notes.txt");
    const response = await fetch(`${emulator.apiRoot}/bot${emulator.token}/sendDocument`, {
      method: "POST",
      body: form,
    });
    const body = (await response.json()) as {
      ok: boolean;
      result: { document: { file_id: string; file_name: string } };
    };
    expect(body).toMatchObject({
      ok: true,
      result: { caption: "from curl", document: { file_name: "notes.txt" } },
    });
    expect((await user.chat.download(body.result.document.file_id)).toString()).toBe("plain bytes");
  });

  it("applies a configured upload limit exactly", async () => {
    telegram = await startEmulatedTelegram({ limits: { maxUploadBytes: 256 * 1024 } });
    const { bot, user } = telegram;
    await bot.api.sendDocument(user.id, new InputFile(Buffer.alloc(200 * 1024), "fits.bin"));
    const error = await refusal(
      bot.api.sendDocument(user.id, new InputFile(Buffer.alloc(256 * 1024), "over.bin")),
    );
    expect(error.error_code).toBe(413);
  });

  it("refuses a caption above 1024 characters", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    const ok = await bot.api.sendDocument(user.id, new InputFile(Buffer.from("x"), "a.txt"), {
      caption: "c".repeat(1024),
    });
    expect(ok.caption).toHaveLength(1024);
    const error = await refusal(
      bot.api.sendDocument(user.id, new InputFile(Buffer.from("x"), "a.txt"), { caption: "c".repeat(1025) }),
    );
    expect(error.description).toBe("Bad Request: message caption is too long");
  });
});

describe("albums", () => {
  it("sends 2 to 10 items with one media_group_id and refuses the rest like Telegram", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    const received = await user.sendPhoto({ bytes: png(100, 100) });
    const album = await bot.api.sendMediaGroup(user.id, [
      { type: "photo", media: new InputFile(png(640, 480)), caption: "first" },
      { type: "photo", media: received.photo?.at(-1)?.file_id ?? "" },
      { type: "video", media: new InputFile(Buffer.from("v"), "v.mp4"), duration: 2, width: 10, height: 10 },
    ]);
    const messages: Message[] = album;
    expect(messages).toHaveLength(3);
    expect(new Set(messages.map((message) => message.media_group_id)).size).toBe(1);
    expect(messages[0]?.media_group_id).toEqual(expect.any(String));
    expect(album[0]?.caption).toBe("first");

    const single = await bot.api.sendMediaGroup(user.id, [
      { type: "photo", media: new InputFile(png(10, 10)) },
    ]);
    expect((single[0] as Message | undefined)?.media_group_id).toBeUndefined();

    const photo = { type: "photo" as const, media: received.photo?.at(-1)?.file_id ?? "" };
    const empty = await refusal(bot.api.sendMediaGroup(user.id, []));
    expect(empty.description).toBe("Bad Request: there are no messages to send");
    const eleven = await refusal(
      bot.api.sendMediaGroup(
        user.id,
        Array.from({ length: 11 }, () => photo),
      ),
    );
    expect(eleven.description).toBe("Bad Request: too many messages to send as an album");
    const mixed = await refusal(
      bot.api.raw.sendMediaGroup({
        chat_id: user.id,
        media: [photo, { type: "document", media: new InputFile(Buffer.from("d"), "d.txt") }] as never,
      }),
    );
    expect(mixed.description).toBe("Bad Request: document can't be mixed with other media types");
    const badItem = await refusal(
      bot.api.sendMediaGroup(user.id, [photo, { type: "photo", media: "missing-id" }]),
    );
    expect(badItem.description).toBe(
      'Bad Request: failed to send message #2 with the error message "Wrong file identifier/HTTP URL specified"',
    );
  });

  it("delivers a user's album as separate updates sharing a media_group_id", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    await user.sendAlbum([
      { type: "photo", caption: "scene 1" },
      {
        type: "video",
        duration: 8,
        width: 720,
        height: 1280,
        mimeType: "video/quicktime",
        fileName: "b.mov",
      },
      { type: "photo" },
    ]);
    const updates = await bot.api.getUpdates();
    expect(updates).toHaveLength(3);
    const messages = updates.map((update: Update) => update.message);
    expect(new Set(messages.map((message) => message?.media_group_id)).size).toBe(1);
    expect(messages[0]?.caption).toBe("scene 1");
    expect(messages[1]?.video).toMatchObject({
      duration: 8,
      width: 720,
      height: 1280,
      mime_type: "video/quicktime",
      file_name: "b.mov",
    });
  });
});

describe("user media and downloads", () => {
  it("sends every kind of media with the fields Telegram gives", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    await user.sendPhoto({ width: 1280, height: 720, caption: "look" });
    await user.sendAudio({
      duration: 95,
      title: "Song",
      performer: "Band",
      mimeType: "audio/mp4",
      fileName: "song.m4a",
    });
    await user.sendVoice({ duration: 7, size: 12_000 });
    await user.sendVideoNote({ duration: 9 });
    await user.sendDocument({ fileName: "data.bin", mimeType: "application/x-custom", size: 3 * MB });
    user.sendLink("https://example.org/video.mp4");
    const [photo, audio, voice, note, document, link] = (await bot.api.getUpdates()).map(
      (update) => update.message,
    );
    expect(photo?.photo?.at(-1)).toMatchObject({ width: 1280, height: 720 });
    expect(photo?.photo?.length).toBeGreaterThan(1);
    expect(audio?.audio).toMatchObject({
      duration: 95,
      title: "Song",
      performer: "Band",
      mime_type: "audio/mp4",
    });
    expect(voice?.voice).toMatchObject({ duration: 7, mime_type: "audio/ogg", file_size: 12_000 });
    expect(note?.video_note).toMatchObject({ duration: 9, length: 384 });
    expect(document?.document).toMatchObject({
      file_name: "data.bin",
      mime_type: "application/x-custom",
      file_size: 3 * MB,
    });
    expect(link?.entities).toEqual([{ type: "url", offset: 0, length: 29 }]);
  });

  it("refuses getFile above 20 MB without holding the declared bytes", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, user } = telegram;
    const message = await user.sendVideo({ size: 30 * MB, duration: 60, width: 1920, height: 1080 });
    const error = await refusal(bot.api.getFile(message.video?.file_id ?? ""));
    expect(error).toMatchObject({ error_code: 400, description: "Bad Request: file is too big" });
    const atLimit = await user.sendDocument({ size: 20 * MB, fileName: "edge.bin" });
    expect((await bot.api.getFile(atLimit.document?.file_id ?? "")).file_size).toBe(20 * MB);
  });

  it("lets a self-hosted profile download a 30 MB declared file", async () => {
    telegram = await startEmulatedTelegram({ profile: "self-hosted" });
    const { bot, emulator, user } = telegram;
    const message = await user.sendVideo({ size: 30 * MB, duration: 60, width: 1920, height: 1080 });
    const file = await bot.api.getFile(message.video?.file_id ?? "");
    const response = await fetch(`${emulator.apiRoot}/file/bot${emulator.token}/${file.file_path}`);
    let received = 0;
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) received += chunk.length;
    expect(received).toBe(30 * MB);
    expect(emulator.limits.maxUploadBytes).toBe(2000 * MB);
  });

  it("gives the playground a download URL and a stream for files the bot sent", async () => {
    telegram = await startEmulatedTelegram();
    const { bot, emulator, user } = telegram;
    const sent = await bot.api.sendAudio(user.id, new InputFile(Buffer.from("ID3 audio"), "result.mp3"));
    const fileId = sent.audio?.file_id ?? "";
    const response = await fetch(emulator.fileUrl(fileId) ?? "");
    expect(response.headers.get("content-type")).toBe("audio/mpeg");
    expect(await response.text()).toBe("ID3 audio");
    expect(emulator.openFile(fileId)).toMatchObject({
      size: 9,
      mimeType: "audio/mpeg",
      fileName: "result.mp3",
    });
    expect(emulator.openFile("unknown")).toBeUndefined();
    expect((await emulator.readFile(fileId))?.toString()).toBe("ID3 audio");
    const fromBrowser = await user.sendVideo({
      bytes: new Uint8Array([1, 2, 3]),
      fileName: "clip.webm",
      mimeType: "video/webm",
    });
    expect(fromBrowser.video).toMatchObject({
      duration: 1,
      width: 1280,
      height: 720,
      mime_type: "video/webm",
      file_size: 3,
    });
    const missing = await fetch(`${emulator.apiRoot}/file/bot${emulator.token}/documents/none.txt`);
    expect(missing.status).toBe(404);
  });
});
