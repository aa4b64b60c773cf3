/**
 * Buttons on results and failures: they act on the task, not on the chat's newest menu, and name it by
 * its ticket's tag (the ticket is the task's callback address and never goes in a button).
 */
import type { InlineKeyboardButton, InlineKeyboardMarkup } from "grammy/types";
import { z } from "zod";
import type { Translate } from "../i18n/translate.js";
import { VIDEO_LINK_TASKS, videoThenRows } from "../lifecycle/then-buttons.js";
import { ticketTag } from "../lifecycle/tickets.js";
import { TASK_TYPES, type TaskType } from "../tasks-service/schemas/index.js";
import { CALLBACK_SCOPES, callbackInt, defineCallback } from "../telegram/callback-data.js";
import type { TaskRecord } from "./records.js";
import type { ResultKind } from "./send-result.js";

const scope = CALLBACK_SCOPES.result;
export const RESULT_BUTTONS = {
  repeat: defineCallback(scope, "r", {}),
  newTask: defineCallback(scope, "n", {}),
  retrySubmit: defineCallback(scope, "s", {}),
  tryAgain: defineCallback(scope, "a", {}),
  renderAsIs: defineCallback(scope, "d", {}),
  /** The semi-automatic dubbing's transcript sent as an SRT file. */
  transcriptFile: defineCallback(scope, "f", {}),
};
const taskType = z.enum(TASK_TYPES);
/** Starts the next task with this result (or one of its clips) as its input. */
export const nextTaskButton = defineCallback(scope, "t", { type: taskType, clip: callbackInt.optional() });
/** "New task" with the media just used. */
export const sameMediaButton = defineCallback(scope, "m", { type: taskType });
/** Turns the pages of the semi-automatic dubbing's transcript. */
export const transcriptPageButton = defineCallback(scope, "p", { page: callbackInt });

export function resultButton(t: Translate, record: TaskRecord, action: keyof typeof RESULT_BUTTONS) {
  return {
    text: t(`outcome-button-${action}`),
    callback_data: RESULT_BUTTONS[action].pack(ticketTag(record.ticket), {}),
  };
}

/** An action on a task that made nothing, with "Repeat with changes" where its form is kept. */
export function againRow(t: Translate, record: TaskRecord, action: "tryAgain" | "retrySubmit") {
  return [resultButton(t, record, action), ...(record.form ? [resultButton(t, record, "repeat")] : [])];
}

const AFTER_CLIP: readonly TaskType[] = ["subtitles", "dubbing"];

function thenButton(record: TaskRecord, label: string, type: TaskType, clip?: number) {
  return { text: label, callback_data: nextTaskButton.pack(ticketTag(record.ticket), { type, clip }) };
}

function isThenButton(record: TaskRecord, button: InlineKeyboardButton): boolean {
  const pressed = nextTaskButton.unpack("callback_data" in button ? button.callback_data : undefined);
  // A button sent before buttons carried the tag names the ticket itself.
  return pressed?.nonce === ticketTag(record.ticket) || pressed?.nonce === record.ticket;
}

/**
 * A result's keyboard once its links have expired: the "Then..." buttons, which can no longer pass the
 * result on, give way to one that says so (pressing it says why). Undefined when there were none.
 */
export function thenButtonsExpired(
  t: Translate,
  record: TaskRecord,
  keyboard: readonly (readonly InlineKeyboardButton[])[],
): InlineKeyboardButton[][] | undefined {
  const firstThen = keyboard.flat().find((button) => isThenButton(record, button));
  if (!firstThen) return undefined;
  const kept = keyboard
    .map((row) => row.filter((button) => !isThenButton(record, button)))
    .filter((row) => row.length > 0);
  return [[{ ...firstThen, text: t("then-expired-button") }], ...kept];
}

/**
 * "Then..." buttons: the next tasks this result can be the input of, by the result's own link. A video
 * leads to the video tasks other than the one it came from, each clip to subtitles and dubbing, a voice
 * to a motion video, a transcript's SRT to a dubbing with those subtitles.
 */
export function thenRows(t: Translate, record: TaskRecord, kind: ResultKind): InlineKeyboardButton[][] {
  const links = record.result;
  if (!links) return [];
  if (kind === "smart_clip" && links.clips) {
    return links.clips.map((clip) =>
      AFTER_CLIP.map((next) =>
        thenButton(record, t(`then-clip-${next}`, { index: clip.index }), next, clip.index),
      ),
    );
  }
  if (kind === "audio" && links.url) {
    return [[thenButton(record, t("then-motion-voice"), "motion")]];
  }
  if (kind === "transcription" && links.srt) {
    return [[thenButton(record, t("then-dubbing-srt"), "dubbing")]];
  }
  if (kind === "video" && links.url) {
    const after = VIDEO_LINK_TASKS.filter((next) => next !== record.type);
    return videoThenRows(t, after, (type) => nextTaskButton.pack(ticketTag(record.ticket), { type }));
  }
  return [];
}

/** "Then..." where the result leads, then "Repeat with changes" and "New task". */
export function resultKeyboard(t: Translate, record: TaskRecord, kind?: ResultKind): InlineKeyboardMarkup {
  const row = [resultButton(t, record, "newTask")];
  if (record.form) row.unshift(resultButton(t, record, "repeat"));
  return { inline_keyboard: [...(kind ? thenRows(t, record, kind) : []), row] };
}
