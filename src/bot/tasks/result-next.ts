/** A result's "Then..." button opens the next task on the result's link at the service: no upload again. */
import { mediaClassOf } from "../../media/accept.js";
import type { MediaRef } from "../../media/media-ref.js";
import type { TaskRecord } from "../../tasks/records.js";
import type { TaskType } from "../../tasks-service/schemas/index.js";

export interface NextTask {
  type: TaskType;
  media: MediaRef[];
  prefill?: Record<string, unknown>;
}

/** The result's link, with what the bot knows of it: whose result it is and how long it plays. */
function link(
  record: TaskRecord,
  url: string,
  kindHint: "video" | "audio" | "document",
  known: { seconds?: number; clip?: number } = {},
): MediaRef {
  return {
    source: "link",
    url,
    kindHint,
    ...(known.seconds !== undefined ? { durationSec: known.seconds } : {}),
    ...(record.taskId !== undefined
      ? { origin: { taskId: record.taskId, ...(known.clip !== undefined ? { clip: known.clip } : {}) } }
      : {}),
  };
}

/** The next task of this type (on one of its clips, if named) from the result in `record`, as of `now`. */
export function nextTaskFrom(
  record: TaskRecord,
  { type, clip: clipIndex }: { type: TaskType; clip?: number | undefined },
  now: number,
): NextTask | "expired" | undefined {
  const links = record.result;
  if (!links) return undefined;
  if (links.expiresAt !== undefined && links.expiresAt <= now) return "expired";
  if (clipIndex !== undefined) {
    const clip = links.clips?.find((entry) => entry.index === clipIndex);
    if (!clip) return undefined;
    return { type, media: [link(record, clip.url, "video", { seconds: clip.seconds, clip: clip.index })] };
  }
  if (record.type === "audio") {
    if (!links.url || type !== "motion") return undefined;
    const media = [link(record, links.url, "audio", { seconds: links.seconds })];
    return { type, media, prefill: { source: "voice" } };
  }
  if (record.type === "transcription") {
    if (!links.srt || type !== "dubbing") return undefined;
    // The video the transcript was made from is what it dubs; an audio source leaves the form asking.
    const video = record.form?.media.filter((ref) => mediaClassOf(ref) === "video").slice(0, 1) ?? [];
    return { type, media: video, prefill: { mode: "manual", srt_file: link(record, links.srt, "document") } };
  }
  return links.url
    ? { type, media: [link(record, links.url, "video", { seconds: links.seconds })] }
    : undefined;
}
