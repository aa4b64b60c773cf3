import type { Message } from "grammy/types";
import { describe, expect, it } from "vitest";
import {
  addInMessageOrder,
  extractMedia,
  linksIn,
  type MediaRef,
  MediaRefSchema,
} from "../../../src/media/media-ref.js";

const base = { message_id: 1, date: 0, chat: { id: 7, type: "private", first_name: "A" } } as const;

function message(extra: Partial<Message>): Message {
  return { ...base, ...extra } as Message;
}

describe("extractMedia", () => {
  it("takes the largest photo size", () => {
    const { refs } = extractMedia(
      message({
        photo: [
          { file_id: "small", file_unique_id: "s", width: 90, height: 60, file_size: 1000 },
          { file_id: "big", file_unique_id: "b", width: 1280, height: 853, file_size: 90_000 },
          { file_id: "mid", file_unique_id: "m", width: 320, height: 213, file_size: 9000 },
        ],
        media_group_id: "album1",
      }),
    );
    expect(refs).toEqual([
      {
        source: "telegram",
        kind: "photo",
        fileId: "big",
        fileUniqueId: "b",
        size: 90_000,
        mime: "image/jpeg",
        width: 1280,
        height: 853,
        mediaGroupId: "album1",
        messageId: 1,
      },
    ]);
  });

  it("keeps a video's mime, size, duration and name", () => {
    const { refs } = extractMedia(
      message({
        video: {
          file_id: "v",
          file_unique_id: "vu",
          width: 1920,
          height: 1080,
          duration: 42,
          mime_type: "video/quicktime",
          file_name: "clip.mov",
          file_size: 5_000_000,
        },
      }),
    );
    expect(refs[0]).toMatchObject({
      kind: "video",
      mime: "video/quicktime",
      fileName: "clip.mov",
      durationSec: 42,
      size: 5_000_000,
    });
  });

  it("reads audio, voice, video notes and documents", () => {
    const audio = extractMedia(
      message({
        audio: {
          file_id: "a",
          file_unique_id: "au",
          duration: 3,
          mime_type: "audio/mpeg",
          file_name: "s.mp3",
        },
      }),
    );
    const voice = extractMedia(
      message({
        voice: { file_id: "o", file_unique_id: "ou", duration: 2, mime_type: "audio/ogg", file_size: 4000 },
      }),
    );
    const note = extractMedia(
      message({ video_note: { file_id: "n", file_unique_id: "nu", length: 240, duration: 5 } }),
    );
    const doc = extractMedia(
      message({
        document: {
          file_id: "d",
          file_unique_id: "du",
          file_name: "subs.srt",
          mime_type: "application/x-subrip",
          file_size: 300,
        },
      }),
    );
    expect(audio.refs[0]).toMatchObject({
      kind: "audio",
      mime: "audio/mpeg",
      durationSec: 3,
      fileName: "s.mp3",
    });
    expect(voice.refs[0]).toMatchObject({ kind: "voice", mime: "audio/ogg", durationSec: 2, size: 4000 });
    expect(note.refs[0]).toMatchObject({ kind: "video_note", mime: "video/mp4", durationSec: 5 });
    expect(doc.refs[0]).toMatchObject({ kind: "document", fileName: "subs.srt", size: 300 });
    for (const ref of [audio, voice, note, doc].flatMap((e) => e.refs))
      expect(MediaRefSchema.parse(ref)).toEqual(ref);
  });

  it("does not turn a file's caption links into more media", () => {
    const { refs, linkProblems } = extractMedia(
      message({ document: { file_id: "d", file_unique_id: "du" }, caption: "see http://example.com" }),
    );
    expect(refs).toHaveLength(1);
    expect(linkProblems).toEqual([]);
  });

  it("takes a document without a file_id for no file at all", () => {
    const forged = message({ document: { file_unique_id: "du", file_name: "talk.mp4" } as never });
    expect(extractMedia(forged).refs).toEqual([]);
  });

  it("finds no media in plain words", () => {
    expect(extractMedia(message({ text: "hello there" }))).toEqual({ refs: [], linkProblems: [] });
  });
});

describe("linksIn", () => {
  it("turns https links into refs with a hint from the path", () => {
    const { refs, linkProblems } = linksIn(
      "here: https://cdn.example.com/a/clip.MP4, and https://example.org/page.",
    );
    expect(linkProblems).toEqual([]);
    expect(refs).toEqual([
      { source: "link", url: "https://cdn.example.com/a/clip.MP4", kindHint: "video" },
      { source: "link", url: "https://example.org/page" },
    ]);
  });

  it("reports http:// links instead of ignoring them", () => {
    expect(linksIn("http://example.com/v.mp4").linkProblems).toEqual([
      { code: "link_not_https", text: "http://example.com/v.mp4" },
    ]);
  });

  it("reports malformed links", () => {
    const problems = linksIn(
      "ftp://example.com/x www.example.com/v.mp4 https://nodot/x https://user:pw@example.com/",
    ).linkProblems;
    expect(problems.map((p) => p.code)).toEqual([
      "link_malformed",
      "link_malformed",
      "link_malformed",
      "link_malformed",
    ]);
  });

  it("the schema refuses a non-https link", () => {
    expect(MediaRefSchema.safeParse({ source: "link", url: "http://example.com/a.mp4" }).success).toBe(false);
    expect(
      MediaRefSchema.safeParse({ source: "telegram", kind: "gif", fileId: "x", fileUniqueId: "y" }).success,
    ).toBe(false);
  });
});

describe("addInMessageOrder", () => {
  const photo = (id: string, messageId?: number): MediaRef => ({
    source: "telegram",
    kind: "photo",
    fileId: id,
    fileUniqueId: `${id}-u`,
    ...(messageId === undefined ? {} : { messageId }),
  });
  const ids = (refs: MediaRef[]) => refs.map((ref) => (ref.source === "telegram" ? ref.fileId : ref.url));

  it("puts each file where its message was sent, whatever order they are handed in", () => {
    const collected = addInMessageOrder([], [photo("p2", 12), photo("p3", 13), photo("p1", 11)]);
    expect(ids(addInMessageOrder(collected, [photo("p5", 15), photo("p4", 14)]))).toEqual([
      "p1",
      "p2",
      "p3",
      "p4",
      "p5",
    ]);
  });

  it("keeps the files of one message (links in a text) in the order they were written", () => {
    const links = extractMedia(
      message({ message_id: 20, text: "https://a.example/1.jpg https://a.example/2.jpg" }),
    );
    expect(ids(addInMessageOrder([photo("p", 21)], links.refs))).toEqual([
      "https://a.example/1.jpg",
      "https://a.example/2.jpg",
      "p",
    ]);
  });

  it("puts a file that came from no message (a result's link) last", () => {
    const result: MediaRef = { source: "link", url: "https://r.example/clip.mp4" };
    expect(ids(addInMessageOrder([photo("p2", 12)], [result, photo("p1", 11)]))).toEqual([
      "p1",
      "p2",
      "https://r.example/clip.mp4",
    ]);
  });

  it("the schema keeps the message a file came in", () => {
    expect(MediaRefSchema.parse(photo("p", 7))).toMatchObject({ messageId: 7 });
  });
});
