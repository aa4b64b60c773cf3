import { z } from "zod";
import { AUDIO_DEFAULTS, AudioTaskSchema } from "./audio.js";
import { DUBBING_DEFAULTS, DubbingTaskSchema } from "./dubbing.js";
import { MOTION_DEFAULTS, MotionTaskSchema } from "./motion.js";
import { PAUSE_REMOVAL_DEFAULTS, PauseRemovalTaskSchema } from "./pause-removal.js";
import { SMART_CLIP_DEFAULTS, SmartClipTaskSchema } from "./smart-clip.js";
import { SUBTITLES_DEFAULTS, SubtitlesTaskSchema } from "./subtitles.js";
import { TRANSCRIPTION_DEFAULTS, TranscriptionTaskSchema } from "./transcription.js";
import { VIDEO_DEFAULTS, VideoTaskSchema } from "./video.js";

export * from "./audio.js";
export * from "./common.js";
export * from "./dubbing.js";
export * from "./motion.js";
export * from "./pause-removal.js";
export * from "./smart-clip.js";
export * from "./subtitles.js";
export * from "./target-duration.js";
export * from "./transcription.js";
export * from "./video.js";

export const TASK_TYPES = [
  "video",
  "transcription",
  "audio",
  "subtitles",
  "pause_removal",
  "dubbing",
  "smart_clip",
  "motion",
] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/**
 * Every request body of POST /v1/tasks. Objects are strict so a misspelt field is refused here rather than
 * silently ignored by the service. Parse with it and send the output (aliases are normalised there).
 */
export const TaskRequestSchema = z.discriminatedUnion("type", [
  VideoTaskSchema,
  TranscriptionTaskSchema,
  AudioTaskSchema,
  SubtitlesTaskSchema,
  PauseRemovalTaskSchema,
  DubbingTaskSchema,
  SmartClipTaskSchema,
  MotionTaskSchema,
]);
export type TaskRequest = z.output<typeof TaskRequestSchema>;
/** A request as written by a caller, before normalisation (e.g. `transition: "crossfade"`). */
export type TaskRequestInput = z.input<typeof TaskRequestSchema>;

/** The service's defaults per task type, for forms to show; requests need not repeat them. */
export const TASK_DEFAULTS = {
  video: VIDEO_DEFAULTS,
  transcription: TRANSCRIPTION_DEFAULTS,
  audio: AUDIO_DEFAULTS,
  subtitles: SUBTITLES_DEFAULTS,
  pause_removal: PAUSE_REMOVAL_DEFAULTS,
  dubbing: DUBBING_DEFAULTS,
  smart_clip: SMART_CLIP_DEFAULTS,
  motion: MOTION_DEFAULTS,
} as const satisfies Record<TaskType, object>;
