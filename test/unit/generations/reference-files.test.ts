import { describe, expect, it } from "vitest";
import { sizeLimitMbExceeded, takesFile } from "../../../src/generations/reference-files.js";
import type { TelegramMediaRef } from "../../../src/media/media-ref.js";

const MB = 1024 * 1024;

function file(fields: Partial<TelegramMediaRef> & Pick<TelegramMediaRef, "kind">): TelegramMediaRef {
  return { source: "telegram", fileId: "f", fileUniqueId: "u", ...fields };
}

describe("files the generation service takes", () => {
  it("takes WebM, FLV and MPEG clips and OGG and FLAC recordings, by what Telegram says of them", () => {
    expect(takesFile(file({ kind: "video", mime: "video/webm", size: 5 * MB }), "video")).toBe(true);
    expect(takesFile(file({ kind: "document", fileName: "a.flv" }), "video")).toBe(true);
    expect(takesFile(file({ kind: "document", mime: "video/mpeg", fileName: "a.mpg" }), "video")).toBe(true);
    expect(takesFile(file({ kind: "document", mime: "audio/ogg", fileName: "a.ogg" }), "audio")).toBe(true);
    expect(takesFile(file({ kind: "audio", mime: "audio/flac", fileName: "a.flac" }), "audio")).toBe(true);
    expect(takesFile(file({ kind: "video", mime: "video/quicktime" }), "video")).toBe(false);
  });

  it("names the limit a file of a taken format is over: 200 MB a clip, 20 MB a recording", () => {
    expect(sizeLimitMbExceeded(file({ kind: "video", mime: "video/webm", size: 201 * MB }))).toBe(200);
    expect(sizeLimitMbExceeded(file({ kind: "video", mime: "video/webm", size: 200 * MB }))).toBeUndefined();
    expect(sizeLimitMbExceeded(file({ kind: "audio", mime: "audio/flac", size: 21 * MB }))).toBe(20);
    expect(
      sizeLimitMbExceeded(file({ kind: "video", mime: "video/x-matroska", size: 900 * MB })),
    ).toBeUndefined();
  });
});
