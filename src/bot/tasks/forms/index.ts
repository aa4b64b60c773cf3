import type { TaskType } from "../../../tasks-service/schemas/index.js";
import type { FormDefinition } from "../../forms/form.js";
import { audioForm } from "./audio.js";
import { dubbingForm } from "./dubbing.js";
import { motionForm } from "./motion.js";
import { pauseRemovalForm } from "./pause-removal.js";
import { smartClipForm } from "./smart-clip.js";
import { subtitlesForm } from "./subtitles.js";
import { transcriptionForm } from "./transcription.js";
import { videoForm } from "./video.js";

export const FORMS: { [T in TaskType]: FormDefinition<T> } = {
  video: videoForm,
  transcription: transcriptionForm,
  audio: audioForm,
  subtitles: subtitlesForm,
  pause_removal: pauseRemovalForm,
  dubbing: dubbingForm,
  smart_clip: smartClipForm,
  motion: motionForm,
};
