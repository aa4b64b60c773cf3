/** type `pause_removal`: silence and pauses cut from a video. */
import { z } from "zod";
import { CommonFields, FileReference } from "./fields.js";

export const PauseRemovalRequest = z.strictObject({
  type: z.literal("pause_removal"),
  ...CommonFields,
  file: FileReference,
});
