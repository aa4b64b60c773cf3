import type { z } from "zod";
import { COMMON_DEFAULTS, FileReferenceSchema, taskObject } from "./common.js";

export const PauseRemovalTaskSchema = taskObject("pause_removal", {
  file: FileReferenceSchema,
});

export const PAUSE_REMOVAL_DEFAULTS = COMMON_DEFAULTS satisfies Partial<
  z.output<typeof PauseRemovalTaskSchema>
>;
