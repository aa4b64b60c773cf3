/**
 * A result file's answer from its signed link: only at https or at the service's own origin (the local
 * sandbox), never at an address a callback named. undici is loaded at the first read, not at start.
 */
import type { Dispatcher } from "undici";

/** Longest wait for a result file's headers, and between two chunks of it. */
const RESULT_TIMEOUT_MS = 60_000;

/** A successful answer; else the error `unavailable` makes, given the answer when one came. */
export async function requestResult(
  url: string,
  method: "GET" | "HEAD",
  serviceOrigin: string,
  unavailable: (message: string, answer?: Dispatcher.ResponseData) => Error,
): Promise<Dispatcher.ResponseData> {
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" && parsed.origin !== serviceOrigin) {
    throw unavailable(`result address refused: ${parsed.origin}`);
  }
  const { request } = await import("undici");
  const response = await request(parsed, {
    method,
    headersTimeout: RESULT_TIMEOUT_MS,
    bodyTimeout: RESULT_TIMEOUT_MS,
  });
  if (response.statusCode < 200 || response.statusCode >= 300) {
    await response.body.dump();
    throw unavailable(`result answered HTTP ${response.statusCode}`, response);
  }
  return response;
}
