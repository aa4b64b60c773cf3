/**
 * The eight task types in the order the bot offers them, and the deep-link payloads that open each
 * (t.me/<bot>?start=<payload>; Telegram allows [A-Za-z0-9_-] there).
 */
export const BOT_TASK_TYPES = [
  "video",
  "transcription",
  "audio",
  "subtitles",
  "pause_removal",
  "dubbing",
  "smart_clip",
  "motion",
] as const;
export type BotTaskType = (typeof BOT_TASK_TYPES)[number];

export function isBotTaskType(value: string): value is BotTaskType {
  return (BOT_TASK_TYPES as readonly string[]).includes(value);
}

const payloadAliases: Record<string, BotTaskType> = {
  "pause-removal": "pause_removal",
  pauses: "pause_removal",
  "smart-clip": "smart_clip",
  clips: "smart_clip",
  voiceover: "audio",
  transcribe: "transcription",
};

/** The task a /start payload opens, if any. */
export function taskTypeFromPayload(payload: string): BotTaskType | undefined {
  const normalized = payload.trim().toLowerCase();
  if (isBotTaskType(normalized)) return normalized;
  return payloadAliases[normalized];
}
