/**
 * "Then..." buttons both services put under a video: the tasks of the Media Task Service that take a
 * video by its link, two to a row, each labelled `then-<type>`. What a button carries is its side's own.
 */
import type { InlineKeyboardButton } from "grammy/types";
import type { Translate } from "../i18n/translate.js";
import type { TaskType } from "../tasks-service/schemas/index.js";
import { albums } from "./chat-delivery.js";

/** The tasks a finished video leads on to, in the order they are offered. */
export const VIDEO_LINK_TASKS = [
  "subtitles",
  "dubbing",
  "smart_clip",
  "pause_removal",
] as const satisfies readonly TaskType[];
export type VideoLinkTask = (typeof VIDEO_LINK_TASKS)[number];

/** One button per task, by its label and the callback data `pack` gives it, two to a row. */
export function videoThenRows(
  t: Translate,
  tasks: readonly VideoLinkTask[],
  pack: (type: VideoLinkTask) => string,
): InlineKeyboardButton[][] {
  return albums(
    tasks.map((type) => ({ text: t(`then-${type}`), callback_data: pack(type) })),
    2,
  );
}
