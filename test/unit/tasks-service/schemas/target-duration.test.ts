import { describe, expect, it } from "vitest";
import { checkTargetDuration } from "../../../../src/tasks-service/schemas/index.js";

const codes = (input: Parameters<typeof checkTargetDuration>[0]) =>
  checkTargetDuration(input).map((i) => i.code);

describe("checkTargetDuration", () => {
  it("accepts a target within the account limit and at most x2 speed-up", () => {
    expect(codes({ targetDuration: 30, maxVideoDurationSeconds: 60, naturalDurationSeconds: 60 })).toEqual(
      [],
    );
    expect(codes({ targetDuration: 50, maxVideoDurationSeconds: 60, naturalDurationSeconds: 20 })).toEqual(
      [],
    );
    expect(codes({ targetDuration: 60, maxVideoDurationSeconds: 60 })).toEqual([]);
  });
  it("refuses a target over the account limit", () => {
    expect(codes({ targetDuration: 61, maxVideoDurationSeconds: 60 })).toEqual([
      "target_duration_over_limit",
    ]);
  });
  it("refuses a target that needs more than x2 speed-up and names the shortest reachable", () => {
    const [issue] = checkTargetDuration({
      targetDuration: 29,
      maxVideoDurationSeconds: 60,
      naturalDurationSeconds: 60,
    });
    expect(issue?.code).toBe("target_duration_speedup");
    expect(issue?.params?.min).toBe(30);
  });
  it("refuses a target that is not positive", () => {
    expect(codes({ targetDuration: 0, maxVideoDurationSeconds: 60 })).toEqual(["target_duration_invalid"]);
    expect(codes({ targetDuration: Number.NaN, maxVideoDurationSeconds: 60 })).toEqual([
      "target_duration_invalid",
    ]);
  });
});
