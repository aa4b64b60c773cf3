/**
 * From a form to the request body the service receives, and the reasons the service would refuse it.
 * The task's own zod schema is the judge: a form never sends what the schema rejects.
 */
import type { z } from "zod";
import { type MediaRef, MediaRefSchema } from "../../media/media-ref.js";
import type { TaskType } from "../../tasks-service/schemas/index.js";
import { TASK_DEFAULTS, TaskRequestSchema } from "../../tasks-service/schemas/index.js";
import { checkTargetDuration } from "../../tasks-service/schemas/target-duration.js";
import { sameValue } from "../forms/defaults.js";
import {
  applies,
  type FormDefinition,
  type FormIssue,
  type FormView,
  glossaryField,
  mediaApplies,
  missingRequired,
  type RequestField,
} from "../forms/form.js";
import { sceneSeconds } from "./estimate.js";

/** Stands in for an upload id while the files are still in Telegram (validation before any upload). */
const PLACEHOLDER_UPLOAD_ID = "00000000-0000-4000-8000-000000000000";

const SEMI_TRANSCRIBE_FIELDS = ["type", "mode", "file", "source_lang", "target_lang"];
const SEMI_RENDER_FIELDS = [
  "type",
  "mode",
  "file",
  "target_lang",
  "tts_provider",
  "tts_voice",
  "mix_mode",
  "overlay_volume",
];

function pick(request: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => key in request).map((key) => [key, request[key]]));
}

/**
 * The request body: the chosen values that apply and differ from the service's defaults (so the body
 * says only what the user changed). A semi-automatic dubbing's render step is the `followUp`, sent later
 * with the edited SRT.
 */
export function buildRequest(
  definition: FormDefinition<TaskType>,
  view: FormView,
  resolve: (ref: MediaRef) => unknown,
): { request: Record<string, unknown>; followUp?: Record<string, unknown> } {
  const defaults: Record<string, unknown> = TASK_DEFAULTS[definition.type];
  const request: Record<string, unknown> = { type: definition.type };
  const rule = definition.media;
  if (rule && mediaApplies(definition, view.values)) {
    const refs = view.media.map(resolve);
    request[rule.field] = rule.field === "photos" ? refs : refs[0];
  }
  for (const field of definition.fields) {
    if (!applies(field, view)) continue;
    const keys: RequestField[] = field.input.kind === "voice" ? ["tts_provider", "tts_voice"] : [field.key];
    for (const key of keys) {
      const value = view.values[key];
      if (value === undefined) continue;
      if (field.unsetValue !== undefined && sameValue(value, field.unsetValue)) continue;
      if (key in defaults && sameValue(value, defaults[key])) continue;
      if (typeof value === "string" && value.trim() === "") continue;
      // A file field holds the MediaRef the user sent; anything else is not a file and stays out.
      const file = field.input.kind === "file" ? MediaRefSchema.safeParse(value) : undefined;
      if (!file) request[key] = value;
      else if (file.success) request[key] = resolve(file.data);
    }
  }
  // The glossary goes after the user's own words, as far as the field has room.
  const glossary = glossaryField(definition, view);
  if (glossary) request[glossary.key] = glossary.text;
  if (definition.type === "dubbing" && request.mode === "semi_auto") {
    return {
      request: { ...pick(request, SEMI_TRANSCRIBE_FIELDS), step: "transcribe" },
      followUp: { ...pick(request, SEMI_RENDER_FIELDS), step: "render" },
    };
  }
  return { request };
}

function issueOf(issue: z.core.$ZodIssue): FormIssue {
  const field = String(issue.path[0] ?? "request");
  // The schemas' own rules are custom issues whose params carry the rule's code.
  const params: Record<string, unknown> | undefined = issue.code === "custom" ? issue.params : undefined;
  const code = typeof params?.code === "string" ? params.code : undefined;
  return code
    ? { key: `rule-${code}`, params: { field, ...plainParams(params) } }
    : { key: "form-error-field", params: { field } };
}

/** Everything the service would refuse, in the user's terms; empty when the request may be sent. */
export function validateForm(definition: FormDefinition<TaskType>, view: FormView): FormIssue[] {
  const issues = missingRequired(definition, view);
  if (issues.length > 0) return issues;
  const built = buildRequest(definition, view, (ref) =>
    ref.source === "link" ? ref.url : PLACEHOLDER_UPLOAD_ID,
  );
  const bodies = built.followUp
    ? [built.request, { ...built.followUp, srt_file: PLACEHOLDER_UPLOAD_ID }]
    : [built.request];
  for (const body of bodies) {
    const result = TaskRequestSchema.safeParse(body);
    if (!result.success) issues.push(...result.error.issues.map(issueOf));
  }
  const target = built.request.target_duration;
  if (typeof target === "number") {
    const natural = naturalSeconds(view);
    for (const issue of checkTargetDuration({
      targetDuration: target,
      maxVideoDurationSeconds: view.env.account?.maxVideoDurationSeconds ?? Number.POSITIVE_INFINITY,
      ...(natural === undefined ? {} : { naturalDurationSeconds: natural }),
    })) {
      issues.push({ key: `rule-${issue.code}`, params: plainParams(issue.params) });
    }
  }
  return issues;
}

function plainParams(params: Record<string, unknown> | undefined): Record<string, string | number> {
  const plain: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params ?? {})) {
    if (typeof value === "string" || typeof value === "number") plain[name] = value;
  }
  return plain;
}

/** A silent video's length from its scene durations, or its clips' own lengths when all are known. */
function naturalSeconds(view: FormView): number | undefined {
  const scenes = sceneSeconds(view.values);
  if (scenes !== undefined) return scenes;
  let total = 0;
  for (const ref of view.media) {
    if (ref.source !== "telegram" || ref.durationSec === undefined) return undefined;
    total += ref.durationSec;
  }
  return total > 0 ? total : undefined;
}
