import { z } from "zod";
import { COMMON_DEFAULTS, CommonFields, FileReferenceSchema } from "./common.js";

export const PauseRemovalTaskSchema = z.strictObject({
  type: z.literal("pause_removal"),
  ...CommonFields,
  file: FileReferenceSchema,
});
export type PauseRemovalTask = z.output<typeof PauseRemovalTaskSchema>;

export const PAUSE_REMOVAL_DEFAULTS = COMMON_DEFAULTS satisfies Partial<PauseRemovalTask>;
