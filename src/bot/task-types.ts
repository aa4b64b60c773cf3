/**
 * The eight task types in the order the bot offers them, and the deep-link payloads that open each
 * (t.me/<bot>?start=<payload>; Telegram allows [A-Za-z0-9_-] there).
 */
import { TASK_TYPES, type TaskType } from "../tasks-service/schemas/index.js";

/** The bot offers them in the service's order. */
export function isBotTaskType(value: string): value is TaskType {
  return (TASK_TYPES as readonly string[]).includes(value);
}

const payloadAliases: Record<string, TaskType> = {
  "pause-removal": "pause_removal",
  pauses: "pause_removal",
  "smart-clip": "smart_clip",
  clips: "smart_clip",
  voiceover: "audio",
  transcribe: "transcription",
};

/** The task a /start payload opens, if any. */
export function taskTypeFromPayload(payload: string): TaskType | undefined {
  const normalized = payload.trim().toLowerCase();
  if (isBotTaskType(normalized)) return normalized;
  return payloadAliases[normalized];
}
