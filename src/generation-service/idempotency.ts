/**
 * Idempotency keys. Every POST carries one, derived from the form instance that asked for it, so a
 * retried attempt, a job run again after a crash, or a second press of Create sends the same key and
 * the service answers with the first response instead of spending tokens twice (24-hour window).
 */
import { createHash } from "node:crypto";

/** The spec gives the header no format: 1 to 255 visible ASCII characters, as any parser and store take. */
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export function isIdempotencyKey(value: string): boolean {
  return IDEMPOTENCY_KEY_PATTERN.test(value);
}

/**
 * A stable key for one purpose of one form instance: 64 lowercase hex characters. The two parts are
 * encoded as a JSON pair so that no split of the same characters between them gives the same key.
 */
export function deriveIdempotencyKey(formInstanceId: string, purpose: string): string {
  if (formInstanceId.length === 0 || purpose.length === 0) {
    throw new RangeError("an idempotency key needs a form instance id and a purpose");
  }
  return createHash("sha256")
    .update(JSON.stringify([formInstanceId, purpose]))
    .digest("hex");
}
