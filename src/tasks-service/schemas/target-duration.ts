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
  const issues: ParseIssue[] = [];
  const { targetDuration, maxVideoDurationSeconds, naturalDurationSeconds } = input;
  if (!(targetDuration > 0)) {
    issues.push({
      code: "target_duration_invalid",
      message: "target_duration must be a positive number of seconds",
      params: { value: targetDuration },
    });
    return issues;
  }
  if (targetDuration > maxVideoDurationSeconds) {
    issues.push({
      code: "target_duration_over_limit",
      message: `target_duration ${targetDuration}s exceeds the account limit of ${maxVideoDurationSeconds}s`,
      params: { value: targetDuration, max: maxVideoDurationSeconds },
    });
  }
  if (naturalDurationSeconds !== undefined && naturalDurationSeconds / targetDuration > MAX_SPEED_UP) {
    const minimum = Math.ceil((naturalDurationSeconds / MAX_SPEED_UP) * 10) / 10;
    issues.push({
      code: "target_duration_speedup",
      message: `Reaching ${targetDuration}s needs more than x${MAX_SPEED_UP} speed-up; the shortest is ${minimum}s`,
      params: { value: targetDuration, min: minimum, natural: naturalDurationSeconds },
    });
  }
  return issues;
}
