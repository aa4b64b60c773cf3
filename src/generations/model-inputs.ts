/**
 * Which inputs a video model takes, inferred from its catalog entry (which has no field for it): `frame`
 * among its reference modes takes text, start frames and keyframes; none takes source clips and audio.
 * The service has the last word: `refusedInput` reads its 400 back into the input.
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

/** Models for `input`, likeliest first; if the plan allows none for an inferred input, all others follow. */
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

/** The input a 400 `invalid_request` refused the model for, when its field is the one selecting the input. */
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
