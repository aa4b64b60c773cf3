import type { FormDefinition } from "../../forms/form.js";

/** The spec gives pause removal the file and nothing else: the threshold is detected by the service. */
export const pauseRemovalForm: FormDefinition<"pause_removal"> = {
  type: "pause_removal",
  media: { min: 1, max: 1, field: "file", accepts: ["video"] },
  groups: [],
  fields: [],
};
