/** The deep-link payloads that open each task type (t.me/<bot>?start=<payload>; [A-Za-z0-9_-] only). */
import type { TaskType } from "../tasks-service/schemas/index.js";
import { isTaskType } from "./forms/form.js";

const payloadAliases: Record<string, TaskType> = {
  "pause-removal": "pause_removal",
  pauses: "pause_removal",
  "smart-clip": "smart_clip",
  clips: "smart_clip",
  voiceover: "audio",
  transcribe: "transcription",
};

export function taskTypeFromPayload(payload: string): TaskType | undefined {
  const normalized = payload.trim().toLowerCase();
  if (isTaskType(normalized)) return normalized;
  return payloadAliases[normalized];
}
