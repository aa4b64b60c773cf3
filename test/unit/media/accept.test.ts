import { describe, expect, it } from "vitest";
import {
  ACCEPTED_FORMATS_TEXT,
  ACCEPTED_FORMATS_WITH_GENERATION_TEXT,
  checkMediaRef,
  formatOf,
  MEDIA_ERROR_CODES,
  tasksAccepting,
} from "../../../src/media/accept.js";
import type { MediaRef, TelegramMediaRef } from "../../../src/media/media-ref.js";
import { localeSource } from "../../support/locale-source.js";

const MB = 1024 * 1024;
const cloud = { maxIntakeMb: 20, selfHostedBotApi: false };
const selfHosted = { maxIntakeMb: 500, selfHostedBotApi: true };

function file(fields: Partial<TelegramMediaRef> & Pick<TelegramMediaRef, "kind">): TelegramMediaRef {
  return { source: "telegram", fileId: "f", fileUniqueId: "u", ...fields };
}

const photo = file({ kind: "photo", size: 100_000 });
const video = file({ kind: "video", mime: "video/mp4", size: 3 * MB });
const mov = file({ kind: "video", mime: "video/quicktime" });
const audio = file({ kind: "audio", mime: "audio/mpeg" });
const voice = file({ kind: "voice", mime: "audio/ogg" });
const note = file({ kind: "video_note" });
const srt = file({ kind: "document", mime: "application/x-subrip", fileName: "subs.srt" });
const link: MediaRef = { source: "link", url: "https://example.com/watch" };

describe("formats", () => {
  it.each([
    [file({ kind: "document", mime: "image/png", fileName: "a.png" }), "png"],
    [file({ kind: "document", mime: "image/webp" }), "webp"],
    [file({ kind: "document", mime: "application/octet-stream", fileName: "clip.AVI" }), "avi"],
    [file({ kind: "document", mime: "video/x-msvideo" }), "avi"],
    [file({ kind: "audio", mime: "audio/x-wav", fileName: "a.wav" }), "wav"],
    [file({ kind: "audio", mime: "audio/mp4", fileName: "a.m4a" }), "m4a"],
    [file({ kind: "document", mime: "text/plain", fileName: "subs.srt" }), "srt"],
    [voice, "ogg_opus"],
    [note, "mp4"],
    [photo, "jpeg"],
  ])("recognises %o as %s", (ref, format) => {
    expect(formatOf(ref)).toBe(format);
  });

  it.each([
    file({ kind: "document", mime: "application/x-msdownload", fileName: "setup.exe" }),
    file({ kind: "document", mime: "application/pdf", fileName: "a.pdf" }),
    file({ kind: "audio", mime: "audio/flac", fileName: "a.flac" }),
    file({ kind: "document", mime: "audio/ogg", fileName: "music.ogg" }),
    file({ kind: "video", mime: "video/webm" }),
    file({ kind: "document" }),
  ])("a task form refuses %o and lists the formats the task service takes", (ref) => {
    expect(checkMediaRef(ref, cloud, "tasks")).toEqual({
      code: "unsupported_type",
      params: { formats: ACCEPTED_FORMATS_TEXT, name: expect.any(String) },
    });
  });
});

describe("formats only the generation service takes", () => {
  const webm = file({ kind: "video", mime: "video/webm", fileName: "clip.webm" });
  const flv = file({ kind: "document", mime: "application/octet-stream", fileName: "clip.flv" });
  const mpeg = file({ kind: "document", mime: "video/mpeg", fileName: "clip.mpg" });
  const ogg = file({ kind: "document", mime: "audio/ogg", fileName: "music.ogg" });
  const flac = file({ kind: "audio", mime: "audio/flac", fileName: "a.flac" });

  it.each([
    [webm, "webm"],
    [flv, "flv"],
    [mpeg, "mpeg"],
    [ogg, "ogg"],
    [flac, "flac"],
  ])("recognises %o as %s, which no task takes", (ref, format) => {
    expect(formatOf(ref)).toBe(format);
    expect(tasksAccepting([ref])).toEqual([]);
    expect(checkMediaRef(ref, cloud, "any")).toBeUndefined();
  });

  it("a clip of them in an album leaves the album to no task", () => {
    expect(tasksAccepting([video, webm])).toEqual([]);
  });

  it("what neither service takes is refused with the formats of both", () => {
    const mkv = file({ kind: "document", mime: "video/x-matroska", fileName: "clip.mkv" });
    expect(checkMediaRef(mkv, cloud, "any")).toEqual({
      code: "unsupported_type",
      params: { formats: ACCEPTED_FORMATS_WITH_GENERATION_TEXT, name: "clip.mkv" },
    });
  });
});

describe("tasks by media", () => {
  it("a photo makes only a video", () => {
    expect(tasksAccepting([photo])).toEqual(["video"]);
  });
  it("a video goes to every task that takes a video", () => {
    expect(tasksAccepting([video])).toEqual([
      "video",
      "transcription",
      "subtitles",
      "pause_removal",
      "dubbing",
      "smart_clip",
      "motion",
    ]);
    expect(tasksAccepting([note])).toEqual(tasksAccepting([mov]));
  });
  it("audio and voice notes go to transcription and motion", () => {
    expect(tasksAccepting([audio])).toEqual(["transcription", "motion"]);
    expect(tasksAccepting([voice])).toEqual(["transcription", "motion"]);
  });
  it("an SRT goes to dubbing", () => {
    expect(tasksAccepting([srt])).toEqual(["dubbing"]);
  });
  it("no media offers no task (the audio task takes text only)", () => {
    expect(tasksAccepting([])).toEqual([]);
    for (const ref of [photo, video, audio, voice, note, srt, link])
      expect(tasksAccepting([ref])).not.toContain("audio");
  });
  it("several photos and clips make one video; up to 30", () => {
    expect(tasksAccepting([photo, video, photo])).toEqual(["video"]);
    expect(tasksAccepting(Array(30).fill(photo))).toEqual(["video"]);
    expect(tasksAccepting(Array(31).fill(photo))).toEqual([]);
  });
  it("audio in an album fits no task", () => {
    expect(tasksAccepting([photo, audio])).toEqual([]);
  });
  it("an https link with a format in its path is offered by that format", () => {
    expect(tasksAccepting([{ source: "link", url: "https://x.example/a.mp3", kindHint: "audio" }])).toEqual([
      "transcription",
      "motion",
    ]);
    expect(tasksAccepting([link])).toContain("transcription");
  });
});

describe("size limits", () => {
  it("over 20 MB on the cloud Bot API: the getFile limit, with the link suggestion", () => {
    expect(checkMediaRef(file({ kind: "video", mime: "video/mp4", size: 30 * MB }), cloud, "tasks")).toEqual({
      code: "too_big_for_bot_api",
      params: { limitMb: 20 },
    });
  });
  it("exactly 20 MiB passes on the cloud", () => {
    expect(
      checkMediaRef(file({ kind: "video", mime: "video/mp4", size: 20 * MB }), cloud, "tasks"),
    ).toBeUndefined();
  });
  it("a self-hosted Bot API takes big files up to MAX_INTAKE_MB", () => {
    expect(
      checkMediaRef(file({ kind: "video", mime: "video/mp4", size: 300 * MB }), selfHosted, "tasks"),
    ).toBeUndefined();
    expect(
      checkMediaRef(
        file({ kind: "video", mime: "video/mp4", size: 300 * MB }),
        {
          ...selfHosted,
          maxIntakeMb: 100,
        },
        "tasks",
      ),
    ).toEqual({ code: "too_big_for_intake", params: { limitMb: 100 } });
  });
  it("over 500 MB is over the service's limit whatever the Bot API", () => {
    expect(
      checkMediaRef(file({ kind: "video", mime: "video/mp4", size: 501 * MB }), selfHosted, "tasks"),
    ).toEqual({
      code: "too_big_for_service",
      params: { limitMb: 500 },
    });
    expect(
      checkMediaRef(file({ kind: "video", mime: "video/mp4", size: 501 * MB }), cloud, "tasks")?.code,
    ).toBe("too_big_for_service");
  });
  it("a lower MAX_INTAKE_MB on the cloud is its own message", () => {
    expect(
      checkMediaRef(
        file({ kind: "photo", size: 6 * MB }),
        { maxIntakeMb: 5, selfHostedBotApi: false },
        "tasks",
      ),
    ).toEqual({
      code: "too_big_for_intake",
      params: { limitMb: 5 },
    });
  });
});

function intakeKeys(locale: string): string[] {
  const text = localeSource(locale);
  const start = text.indexOf("## intake");
  const end = text.indexOf("\n## ", start + 1);
  const section = text.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/^([a-z][a-z0-9_-]*) =/gm)].map((m) => m[1] ?? "").sort();
}

describe("messages", () => {
  it("the intake section has the same messages in every locale", () => {
    expect(intakeKeys("en").length).toBeGreaterThan(MEDIA_ERROR_CODES.length);
    expect(intakeKeys("uk")).toEqual(intakeKeys("en"));
    expect(intakeKeys("ru")).toEqual(intakeKeys("en"));
  });

  it.each(["en", "uk", "ru"])("every error code has a message in %s", (locale) => {
    const text = localeSource(locale);
    for (const code of MEDIA_ERROR_CODES) expect(text).toMatch(new RegExp(`^media-error-${code} = \\S`, "m"));
  });
});
