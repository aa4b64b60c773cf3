/**
 * The sandbox's own reading of POST /v1/tasks in tasks-service-api.md: one schema per task type, every field with
 * its vocabulary, limits and default, and the cross-field rules. Written from the spec alone (nothing from the
 * bot's code), so a request the bot should not send is refused here even when the bot's schemas let it through.
 *
 * How the spec's words are read: a field the spec does not list for a type (or a dubbing mode or step) is refused;
 * a stated condition ("needs", "only for", "with overlay", "supports") is enforced; where the spec says a value is
 * ignored or treated as null ("applies only when", "ignored for", an unknown sound, auto_text without narration),
 * it is accepted and has no effect.
 */
import type { z } from "zod";
import { type TaskRequest, TaskRequestSchema } from "./request.js";

export { rawCaptions } from "./captions.js";
export { directiveLines } from "./cards.js";
export { isUploadId } from "./fields.js";
export { type FileField, fileFields, UPLOAD_FORMATS, type UploadFormat, type UploadKind } from "./files.js";
export type { TaskRequest } from "./request.js";
export { spokenText } from "./scene-markers.js";
export { MAX_SPEED_UP, type TtsProvider } from "./vocabulary.js";

export type ParsedTaskRequest = { ok: true; request: TaskRequest } | { ok: false; detail: string };

/** One line per problem, `path: message`, for the spec's error body `{detail}`. */
function describe(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .flatMap((issue) => {
      if (issue.code === "unrecognized_keys") {
        return issue.keys.map(
          (key) => `${[...issue.path, key].join(".")}: the spec lists no such field here`,
        );
      }
      return [issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message];
    })
    .join("; ");
}

export function parseTaskRequest(body: unknown): ParsedTaskRequest {
  const parsed = TaskRequestSchema.safeParse(body);
  return parsed.success
    ? { ok: true, request: parsed.data }
    : { ok: false, detail: describe(parsed.error.issues) };
}
