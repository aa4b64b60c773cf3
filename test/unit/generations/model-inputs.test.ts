/**
 * Which inputs a video model takes, inferred from its catalog entry, and a refusal of the input read back
 * from the service's 400.
 */
import { describe, expect, it } from "vitest";
import { refusedInput, videoInputsOf } from "../../../src/generations/model-inputs.js";

describe("the inputs of a video model", () => {
  it("a model that starts from a frame takes prompts, start frames and keyframe chains", () => {
    expect([...videoInputsOf({ reference_modes: ["frame", "ingredient"], audio: true })]).toEqual([
      "text",
      "frames",
      "keyframes",
    ]);
  });

  it("a model without reference modes takes source clips, and audio references when it makes sound", () => {
    expect([...videoInputsOf({ reference_modes: [], audio: false })]).toEqual(["video"]);
    expect([...videoInputsOf({ reference_modes: [], audio: true })]).toEqual(["video", "audio"]);
  });

  it("a model that only blends ingredients is offered for none of the video forms", () => {
    expect(videoInputsOf({ reference_modes: ["ingredient"], audio: false }).size).toBe(0);
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
