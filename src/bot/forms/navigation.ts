/** Where a form goes next: the screen it opens on, and the screen a field returns to once set. */
import { applies, type FormDefinition, type FormEnv, type FormField, isUnset, mediaApplies } from "./form.js";
import { type FormState, type Screen, viewOf } from "./form-state.js";

export function needsMedia(definition: FormDefinition, state: FormState): boolean {
  return mediaApplies(definition, state.values) && state.media.length < (definition.media?.min ?? 0);
}

/** The media when they are missing, else a required text not yet given, else the summary. */
export function firstScreen(definition: FormDefinition, state: FormState, env: FormEnv): Screen {
  if (needsMedia(definition, state)) return { name: "media" };
  const view = viewOf(state, env);
  const missing = definition.fields.find(
    (field) => field.required && applies(field, view) && isUnset(state.values[field.key]),
  );
  if (missing && missing.input.kind === "text") return { name: "field", key: missing.key, page: 0 };
  return { name: "summary" };
}

/** Back to its group, or to the summary when the form has no groups. */
export function backFrom(definition: FormDefinition, state: FormState, field: FormField): Screen {
  const fromSummaryOrGroup = state.screen.name === "summary" || state.screen.name === "group";
  return fromSummaryOrGroup || definition.groups.length === 0
    ? { name: "summary" }
    : { name: "group", group: field.group };
}
