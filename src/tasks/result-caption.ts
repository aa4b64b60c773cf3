/** A result's caption says what it is, how long it plays and its format: read later, it needs no card. */
import type { Translate } from "../i18n/translate.js";
import type { MediaHeader } from "../media/media-header.js";

export interface ResultFacts extends MediaHeader {
  task: string;
  taskId: number;
  /** A file format named as such (MP3), when the result has no picture. */
  format?: "mp3" | "transcript";
}

/** 83 -> "1:23"; an hour or more -> "1:02:03". */
export function playingTime(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

function frameOf(t: Translate, width: number, height: number): string {
  const ratio = width / height;
  const params = { width, height };
  if (Math.abs(ratio - 9 / 16) < 0.02) return t("result-format-vertical-9-16", params);
  if (Math.abs(ratio - 16 / 9) < 0.02) return t("result-format-horizontal-16-9", params);
  if (Math.abs(ratio - 1) < 0.02) return t("result-format-square", params);
  return t(ratio < 1 ? "result-format-vertical" : "result-format-horizontal", params);
}

export function resultCaption(t: Translate, facts: ResultFacts): string {
  const parts = [t("result-caption", { task: facts.task, id: String(facts.taskId) })];
  if (facts.seconds !== undefined && facts.seconds > 0) parts.push(playingTime(facts.seconds));
  if (facts.width !== undefined && facts.height !== undefined && facts.height > 0) {
    parts.push(frameOf(t, facts.width, facts.height));
  } else if (facts.format) {
    parts.push(t(`result-format-${facts.format}`));
  }
  return parts.join(" · ");
}
