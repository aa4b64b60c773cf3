/** Which fields of a request name files, and what each may be (the spec's upload table and field descriptions). */
import type { TaskRequest } from "./request.js";

/** "Accepted types" of POST /v1/uploads, by the extension the bytes are detected as. */
export const UPLOAD_FORMATS = {
  image: ["jpg", "png", "webp"],
  video: ["mp4", "mov", "avi"],
  audio: ["mp3", "wav", "m4a"],
  subtitles: ["srt"],
} as const;

export type UploadKind = keyof typeof UPLOAD_FORMATS;
export type UploadFormat = (typeof UPLOAD_FORMATS)[UploadKind][number];

export interface FileField {
  /** Where the reference is in the request, e.g. `photos.2`. */
  path: string;
  reference: string;
  /** What the field is for: the media priced by length, an SRT, or background music. */
  role: "media" | "srt" | "music";
  /** Formats an upload given here may have (a link is taken as it is). */
  accepts: readonly UploadFormat[];
  /** Words for the 422 when an upload has another format. */
  expected: string;
}

const IMAGE_OR_VIDEO = [...UPLOAD_FORMATS.image, ...UPLOAD_FORMATS.video];
const AUDIO_OR_VIDEO = [...UPLOAD_FORMATS.audio, ...UPLOAD_FORMATS.video];

function media(path: string, reference: string, kinds: "video" | "audio or video"): FileField {
  return {
    path,
    reference,
    role: "media",
    accepts: kinds === "video" ? UPLOAD_FORMATS.video : AUDIO_OR_VIDEO,
    expected: kinds === "video" ? "a video" : "an audio or video file",
  };
}

function music(reference: string | null): FileField[] {
  // "bgm_file is an upload_id of the client's own MP3".
  return reference === null
    ? []
    : [{ path: "bgm_file", reference, role: "music", accepts: ["mp3"], expected: "an MP3" }];
}

/** The request's file fields, its media first and in order (photos by position). */
export function fileFields(request: TaskRequest): FileField[] {
  switch (request.type) {
    case "video":
      return [
        ...request.photos.map(
          (reference, index): FileField => ({
            path: `photos.${index}`,
            reference,
            role: "media",
            accepts: IMAGE_OR_VIDEO,
            expected: "an image or a video clip",
          }),
        ),
        ...music(request.bgm_file),
      ];
    case "transcription":
      return [media("file", request.file, "audio or video")];
    case "audio":
      return [];
    case "subtitles":
    case "pause_removal":
    case "smart_clip":
      return [media("file", request.file, "video")];
    case "dubbing": {
      const srt: FileField[] =
        "srt_file" in request
          ? [
              {
                path: "srt_file",
                reference: request.srt_file,
                role: "srt",
                accepts: UPLOAD_FORMATS.subtitles,
                expected: "an SRT file",
              },
            ]
          : [];
      return [media("file", request.file, "video"), ...srt];
    }
    case "motion": {
      const source =
        request.file === null
          ? []
          : [media("file", request.file, request.source === "voice" ? "audio or video" : "video")];
      return [...source, ...music(request.bgm_file)];
    }
  }
}
