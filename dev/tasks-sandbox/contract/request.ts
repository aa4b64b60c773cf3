/** POST /v1/tasks: the body is one of the task types' requests, told apart by `type`. */
import { z } from "zod";
import { AudioRequest } from "./audio.js";
import { DubbingRequest } from "./dubbing.js";
import { MotionRequest } from "./motion.js";
import { PauseRemovalRequest } from "./pause-removal.js";
import { SmartClipRequest } from "./smart-clip.js";
import { SubtitlesRequest } from "./subtitles.js";
import { TranscriptionRequest } from "./transcription.js";
import { VideoRequest } from "./video.js";

export const TaskRequestSchema = z.discriminatedUnion("type", [
  VideoRequest,
  TranscriptionRequest,
  AudioRequest,
  SubtitlesRequest,
  PauseRemovalRequest,
  DubbingRequest,
  SmartClipRequest,
  MotionRequest,
]);
/** A request as the sandbox runs it: checked, with the spec's defaults filled in. */
export type TaskRequest = z.output<typeof TaskRequestSchema>;
