/**
 * Which inputs a video model takes, read from its catalog entry. The entry has no field for it, and model
 * ids never appear in code, so it is inferred from what the spec's model families say: a model that starts
 * a clip from a frame (`frame` among its reference modes) takes prompts alone, start frames and keyframe
 * chains; a model without reference modes is one of the "other video models", which take source clips, and
 * one of which takes audio references. Only `frame` is a catalog field: source clips and audio are
 * inferred, so the inference orders the models a form offers for them and never leaves it without one.
 * The service has the last word: a request field it refuses for the model is named in its 400, and
 * `refusedInput` turns that back into the input.
 */
import type { CatalogModel } from "../generation-service/responses.js";

export const VIDEO_INPUTS = ["text", "frames", "keyframes", "video", "audio"] as const;
export type VideoInput = (typeof VIDEO_INPUTS)[number];

export function videoInputsOf(
  model: Pick<CatalogModel, "reference_modes" | "audio">,
): ReadonlySet<VideoInput> {
  if (model.reference_modes.includes("frame")) return new Set(["text", "frames", "keyframes"]);
  if (model.reference_modes.length > 0) return new Set();
  return new Set(["video", "audio"]);
}

/** Inputs no catalog field states: nothing but the service's 400 says a model does not take them. */
const INFERRED_INPUTS: ReadonlySet<VideoInput> = new Set(["video", "audio"]);

/**
 * The models a form for `input` offers, likeliest first: those inferred to take it (for audio, the ones
 * that make sound first). For an input no catalog field states, when the plan allows none of those, every
 * video model follows: the catalog never says a plan lacks a model for it, so one is always there to try.
 */
export function candidateModels<M extends Pick<CatalogModel, "reference_modes" | "audio">>(
  models: readonly M[],
  input: VideoInput,
  allowed: (model: M) => boolean,
): M[] {
  const taking = models.filter((model) => videoInputsOf(model).has(input));
  const likely =
    input === "audio"
      ? [...taking.filter((model) => model.audio), ...taking.filter((model) => !model.audio)]
      : taking;
  if (!INFERRED_INPUTS.has(input) || likely.some(allowed)) return likely;
  return [...likely, ...models.filter((model) => !likely.includes(model))];
}

/** The request fields that select each input (prompts alone select text). */
const FIELDS_OF_INPUT: Record<VideoInput, readonly string[]> = {
  text: ["prompt", "prompts"],
  frames: ["image_file_id", "image_file_ids"],
  keyframes: ["keyframe_file_ids"],
  video: ["video_file_ids"],
  audio: ["audio_file_ids"],
};

/**
 * The input the service refused the model for: a 400 `invalid_request` whose field is the one that selects
 * the request's input. Undefined for a refusal of anything else (an option, a value).
 */
export function refusedInput(
  request: Record<string, unknown>,
  error: { code: string; param?: string | undefined },
): VideoInput | undefined {
  if (error.code !== "invalid_request" || error.param === undefined) return undefined;
  // The input the request sends: the first of its file fields, else prompts alone.
  const sent = VIDEO_INPUTS.find(
    (input) => input !== "text" && FIELDS_OF_INPUT[input].some((field) => request[field] !== undefined),
  );
  const input = sent ?? "text";
  return FIELDS_OF_INPUT[input].includes(error.param) ? input : undefined;
}
