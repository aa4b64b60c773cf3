/** What both service clients are configured with alike, with its defaults. */
import { setTimeout as delay } from "node:timers/promises";
import type { Dispatcher } from "undici";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry.js";
import { type AttemptObserver, HttpTransport, uploadTimeoutMs } from "./transport.js";

/** The slowest upload rate a file's time-out allows for. */
const UPLOAD_MIN_BYTES_PER_SECOND = 512 * 1024;

export interface ServiceClientOptions {
  baseUrl: string;
  /** Time-out of a whole call that is not a file transfer (headers and body), per attempt. Default 30 s. */
  timeoutMs?: number;
  /** Connection pool; by default the client owns one keep-alive Agent. */
  dispatcher?: Dispatcher;
  retry?: Partial<RetryPolicy>;
  /** Upload time-out: `uploadBaseTimeoutMs` plus the time the file takes at the slowest accepted rate. */
  uploadBaseTimeoutMs?: number;
  /** Waits between attempts (tests replace it). */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Told of every attempt (the program's service metrics). */
  observeAttempt?: AttemptObserver;
}

export type ServiceClientBasics = ReturnType<typeof serviceClientBasics>;

/** The options with their defaults, and a transport named after the service in its errors. */
export function serviceClientBasics(service: string, options: ServiceClientOptions) {
  const uploadBaseTimeoutMs = options.uploadBaseTimeoutMs ?? 120_000;
  return {
    baseUrl: new URL(options.baseUrl).href.replace(/\/+$/, ""),
    timeoutMs: options.timeoutMs ?? 30_000,
    transport: new HttpTransport(service, options.dispatcher),
    retryPolicy: { ...DEFAULT_RETRY_POLICY, ...options.retry },
    sleep: options.sleep ?? ((ms: number) => delay(ms)),
    random: options.random ?? Math.random,
    uploadBaseTimeoutMs,
    uploadTimeoutMs: (size: number) =>
      uploadTimeoutMs(size, uploadBaseTimeoutMs, UPLOAD_MIN_BYTES_PER_SECOND),
    observeAttempt: options.observeAttempt,
  };
}
