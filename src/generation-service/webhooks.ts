/**
 * The service's completion webhook, as its contract defines it: the generation under `data`, signed in
 * `X-Service-Signature: t=<unix seconds>,v1=<hex>` where hex is HMAC-SHA256 of `<t>.<raw body>` under the
 * key's signing secret. Verification is a pure function so the HTTP layer decides what to do with each
 * outcome; ignoring a replayed delivery (same signature twice) is the receiver's job, it needs storage.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { GenerationSchema } from "./responses.js";

export const WEBHOOK_SIGNATURE_HEADER = "x-service-signature";

/**
 * How far a signature's time may be from ours, either way. Should the service keep a delivery's first
 * signature on its retries, the one after 5 minutes falls outside; polling covers that delivery.
 */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export type WebhookVerification =
  | { ok: true; timestamp: number; signature: string }
  | { ok: false; reason: "malformed" | "bad_signature" }
  /** Authentic but signed outside the tolerance (too old, or too far ahead of our clock). */
  | { ok: false; reason: "stale"; timestamp: number };

export interface WebhookSignatureInput {
  /** The X-Service-Signature header as received. */
  header: string | string[] | undefined;
  /** The body exactly as received: re-serialized JSON would not match. */
  rawBody: Buffer | string;
  secret: string;
  /** Unix seconds; the current time by default. */
  now?: number;
}

const HEX_SHA256 = /^[0-9a-f]{64}$/;

/** `t=<digits>` once and one or more `v1=<64 hex>`; other names are ignored (a new version would be one). */
function parseSignatureHeader(value: string): { timestamp: string; signatures: string[] } | undefined {
  let timestamp: string | undefined;
  const signatures: string[] = [];
  for (const part of value.split(",")) {
    const separator = part.indexOf("=");
    if (separator <= 0) return undefined;
    const name = part.slice(0, separator).trim();
    const content = part.slice(separator + 1).trim();
    if (name === "t") {
      if (timestamp !== undefined || !/^\d{1,12}$/.test(content)) return undefined;
      timestamp = content;
    } else if (name === "v1") {
      if (!HEX_SHA256.test(content)) return undefined;
      signatures.push(content);
    }
  }
  return timestamp === undefined || signatures.length === 0 ? undefined : { timestamp, signatures };
}

export function verifyWebhookSignature(input: WebhookSignatureInput): WebhookVerification {
  // A repeated header is not something the service sends; refuse rather than pick one.
  if (typeof input.header !== "string" || input.secret.length === 0)
    return { ok: false, reason: "malformed" };
  const parsed = parseSignatureHeader(input.header);
  if (parsed === undefined) return { ok: false, reason: "malformed" };

  const expected = createHmac("sha256", input.secret)
    .update(`${parsed.timestamp}.`)
    .update(typeof input.rawBody === "string" ? Buffer.from(input.rawBody, "utf8") : input.rawBody)
    .digest();
  // Every candidate is compared, so the time taken does not say which one matched.
  let match: string | undefined;
  for (const candidate of parsed.signatures) {
    if (timingSafeEqual(expected, Buffer.from(candidate, "hex")) && match === undefined) match = candidate;
  }
  if (match === undefined) return { ok: false, reason: "bad_signature" };

  // Checked after the signature, so a forged message is never told that only its time was wrong.
  const timestamp = Number(parsed.timestamp);
  const now = input.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > WEBHOOK_TOLERANCE_SECONDS) {
    return { ok: false, reason: "stale", timestamp };
  }
  return { ok: true, timestamp, signature: match };
}

/** The body of a delivery; envelope fields besides `data` are not shown by the spec and are kept. */
export const WebhookPayloadSchema = z.looseObject({ data: GenerationSchema });
