import type { ParseIssue } from "../parsers/result.js";
import { MAX_SPEED_UP } from "./common.js";

/**
 * Account-dependent check of a video's target_duration, separate from the schema because it needs the profile's
 * `max_video_duration` and the estimated natural length (narration or scene durations). The service only speeds a
 * longer result up, at most x2; a shorter one is left untouched.
 */
export function checkTargetDuration(input: {
  targetDuration: number;
  maxVideoDurationSeconds: number;
  naturalDurationSeconds?: number;
}): ParseIssue[] {
  const { targetDuration: value, maxVideoDurationSeconds: max, naturalDurationSeconds: natural } = input;
  if (!(value > 0)) {
    const message = "target_duration must be a positive number of seconds";
    return [{ code: "target_duration_invalid", message, params: { value } }];
  }
  const issues: ParseIssue[] = [];
  if (value > max) {
    const message = `target_duration ${value}s exceeds the account limit of ${max}s`;
    issues.push({ code: "target_duration_over_limit", message, params: { value, max } });
  }
  if (natural !== undefined && natural / value > MAX_SPEED_UP) {
    const min = Math.ceil((natural / MAX_SPEED_UP) * 10) / 10;
    const message = `Reaching ${value}s needs more than x${MAX_SPEED_UP} speed-up; the shortest is ${min}s`;
    issues.push({ code: "target_duration_speedup", message, params: { value, min, natural } });
  }
  return issues;
}
