import type { z } from "zod";
import { COMMON_DEFAULTS, FileReferenceSchema, taskObject } from "./common.js";

export const PauseRemovalTaskSchema = taskObject("pause_removal", {
  file: FileReferenceSchema,
});
export type PauseRemovalTask = z.output<typeof PauseRemovalTaskSchema>;

export const PAUSE_REMOVAL_DEFAULTS = COMMON_DEFAULTS satisfies Partial<PauseRemovalTask>;
