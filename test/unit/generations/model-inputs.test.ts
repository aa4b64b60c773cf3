/**
 * Which inputs a video model takes, inferred from its catalog entry, and a refusal of the input read back
 * from the service's 400.
 */
import { describe, expect, it } from "vitest";
import { candidateModels, refusedInput, videoInputsOf } from "../../../src/generations/model-inputs.js";

describe("the inputs of a video model", () => {
  it("a model that starts from a frame takes prompts, start frames and keyframe chains", () => {
    expect([...videoInputsOf({ reference_modes: ["frame", "ingredient"], audio: true })]).toEqual([
      "text",
      "frames",
      "keyframes",
    ]);
  });

  it("a model without reference modes may take source clips and audio references, whether or not it makes sound", () => {
    expect([...videoInputsOf({ reference_modes: [], audio: false })]).toEqual(["video", "audio"]);
    expect([...videoInputsOf({ reference_modes: [], audio: true })]).toEqual(["video", "audio"]);
  });

  it("a model that only blends ingredients is offered for none of the video forms", () => {
    expect(videoInputsOf({ reference_modes: ["ingredient"], audio: false }).size).toBe(0);
  });
});

describe("the models a form offers for its input", () => {
  const model = (id: string, reference_modes: Array<"frame" | "ingredient">, audio: boolean) => ({
    id,
    reference_modes,
    audio,
  });
  const frames = model("frames", ["frame"], true);
  const silent = model("silent", [], false);
  const sound = model("sound", [], true);
  const everyone = () => true;

  it("for audio, the models without reference modes, those that make sound first", () => {
    expect(candidateModels([frames, silent, sound], "audio", everyone).map((m) => m.id)).toEqual([
      "sound",
      "silent",
    ]);
  });

  it("for clips or audio the plan allows none of, every video model, the likeliest first", () => {
    const allowed = (candidate: { id: string }) => candidate.id === "frames";
    expect(candidateModels([frames, silent, sound], "audio", allowed).map((m) => m.id)).toEqual([
      "sound",
      "silent",
      "frames",
    ]);
    expect(candidateModels([frames], "video", everyone).map((m) => m.id)).toEqual(["frames"]);
  });

  it("for start frames, only the models whose catalog entry names frames", () => {
    expect(candidateModels([silent, sound], "frames", everyone)).toEqual([]);
    expect(candidateModels([frames, silent], "frames", () => false).map((m) => m.id)).toEqual(["frames"]);
  });
});

describe("a refusal of the input", () => {
  const clips = { prompt: "restyle", model: "m", video_file_ids: ["file_1"] };

  it("is a 400 invalid_request naming the field that selects the request's input", () => {
    expect(refusedInput(clips, { code: "invalid_request", param: "video_file_ids" })).toBe("video");
    expect(refusedInput({ prompt: "a kite" }, { code: "invalid_request", param: "prompt" })).toBe("text");
  });

  it("is not a refusal of an option, of another code, or without a field", () => {
    expect(refusedInput(clips, { code: "invalid_request", param: "resolution" })).toBeUndefined();
    expect(refusedInput(clips, { code: "prompt_count_mismatch", param: "prompts" })).toBeUndefined();
    expect(refusedInput(clips, { code: "invalid_request" })).toBeUndefined();
    expect(refusedInput(clips, { code: "invalid_request", param: "prompt" })).toBeUndefined();
  });
});
