import { mediaClassOf } from "../../media/accept.js";
import type { MediaRef } from "../../media/media-ref.js";
import type { FormDefinition, FormValues } from "./form.js";

/**
 * Media handed in for a form: its media, or a file for one of its fields (an SRT for dubbing); anything
 * else is left out, so nothing that is not a video becomes a task's video.
 */
export function placeMedia(
  definition: FormDefinition,
  refs: readonly MediaRef[],
  /** Words sent with the media (a caption, a text after them): the form's text, when it has one. */
  text?: string,
): { media: MediaRef[]; prefill: FormValues } {
  const media: MediaRef[] = [];
  const takesText = text !== undefined && definition.fields.some((field) => field.key === "text");
  let prefill: FormValues = takesText ? { text } : {};
  for (const ref of refs) {
    const mediaClass = mediaClassOf(ref);
    const rule = definition.media;
    if (rule && (mediaClass === undefined || rule.accepts.includes(mediaClass))) {
      media.push(ref);
      continue;
    }
    const field = definition.fields.find(
      (candidate) => candidate.input.kind === "file" && candidate.input.accepts === mediaClass,
    );
    if (field) prefill = { ...prefill, ...field.implies, [field.key]: ref };
  }
  return { media, prefill };
}
