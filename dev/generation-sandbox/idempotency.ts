import { createHash } from "node:crypto";
import { ServiceError } from "./errors.js";

interface StoredResponse {
  fingerprint: string;
  status: number;
  contentType: string;
  body: string;
  storedAt: number;
}

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const REPLAY_HEADER = "Idempotent-Replay";

/**
 * `Idempotency-Key` on POSTs, per account, for `windowMs` (the spec's 24 hours). Only a 2xx response is kept:
 * a refused request did nothing, so repeating it is safe and may succeed once the cause is gone. Requests with
 * the same key run one after another, so a repeat sent while the first is still running waits and replays it.
 */
export class IdempotencyStore {
  readonly #responses = new Map<string, StoredResponse>();
  readonly #running = new Map<string, Promise<void>>();

  constructor(
    private readonly now: () => number,
    private readonly windowMs: number,
  ) {}

  /**
   * Runs `handle` alone for this key. It gets a `replay(fingerprint)` that answers a repeat (the stored response
   * with `Idempotent-Replay: true`, or the refusal of a key reused for another request) and undefined otherwise;
   * a 2xx it returns is stored under its fingerprint.
   */
  async run(
    scope: string,
    key: string,
    handle: (
      replay: (fingerprint: string) => Response | undefined,
    ) => Promise<{ response: Response; fingerprint: string }>,
  ): Promise<Response> {
    const id = `${scope}\n${key}`;
    for (let running = this.#running.get(id); running; running = this.#running.get(id)) await running;
    let release = () => {};
    this.#running.set(
      id,
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    try {
      const stored = this.#fresh(id);
      const { response, fingerprint } = await handle((fingerprint) =>
        stored ? replayOf(stored, fingerprint) : undefined,
      );
      if (!stored && response.status >= 200 && response.status < 300) {
        this.#responses.set(id, {
          fingerprint,
          status: response.status,
          contentType: response.headers.get("content-type") ?? "application/json",
          body: await response.clone().text(),
          storedAt: this.now(),
        });
      }
      return response;
    } finally {
      this.#running.delete(id);
      release();
    }
  }

  #fresh(id: string): StoredResponse | undefined {
    const stored = this.#responses.get(id);
    if (stored && this.now() - stored.storedAt >= this.windowMs) {
      this.#responses.delete(id);
      return undefined;
    }
    return stored;
  }
}

function replayOf(stored: StoredResponse, fingerprint: string): Response {
  if (stored.fingerprint !== fingerprint) {
    throw new ServiceError(
      "invalid_request",
      `This ${IDEMPOTENCY_HEADER} was used for a different request in the last 24 hours; use a new key`,
      IDEMPOTENCY_HEADER,
    );
  }
  return new Response(stored.body, {
    status: stored.status,
    headers: { "content-type": stored.contentType, [REPLAY_HEADER.toLowerCase()]: "true" },
  });
}

/** What "the same request" means: method, path and the JSON body with keys in a fixed order (or the raw bytes' hash). */
export function fingerprintOf(method: string, path: string, body: unknown): string {
  return createHash("sha256")
    .update(`${method} ${path}\n${canonicalJson(body)}`)
    .digest("hex");
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
