import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GenerationServiceError } from "../../../src/generation-service/errors.js";
import { DEFAULT_RETRY_POLICY, nextDelay, parseRetryAfter } from "../../../src/http-client/retry.js";
import {
  type GenerationServiceStub,
  readBody,
  readJson,
  sendError,
  sendJson,
  startGenerationServiceStub,
} from "../../support/generation-service-client-server.js";
import { API_KEY, account, batch, IDEMPOTENCY_KEY, queuedGeneration } from "./fixtures.js";
import { type ClientRig, clientRig, failure } from "./harness.js";

let stub: GenerationServiceStub;
const rigs: ClientRig[] = [];

function rig(options: Parameters<typeof clientRig>[1] = {}): ClientRig {
  const made = clientRig(stub, options);
  rigs.push(made);
  return made;
}

beforeEach(async () => {
  stub = await startGenerationServiceStub();
});

afterEach(async () => {
  for (const made of rigs.splice(0)) await made.client.close();
  await stub.close();
});

describe("retried statuses", () => {
  it("waits out a 429 for at least its Retry-After, then succeeds", async () => {
    stub.handle((_req, res, index) =>
      index === 0
        ? sendError(res, 429, "rate_limit_exceeded", "slow down", null, { "retry-after": "3" })
        : sendJson(res, 200, account),
    );
    const made = rig();
    await made.client.getAccount(API_KEY);
    expect(stub.requests).toHaveLength(2);
    expect(made.sleeps).toHaveLength(1);
    expect(made.sleeps[0]).toBeGreaterThanOrEqual(3_000);
    expect(made.sleeps[0]).toBeLessThan(4_000);
  });

  it("honours a Retry-After given as an HTTP date", async () => {
    const made = rig();
    stub.handle((_req, res, index) =>
      index === 0
        ? sendError(res, 503, "provider_unavailable", "down", null, {
            "retry-after": new Date(made.clock.now + 10_000).toUTCString(),
          })
        : sendJson(res, 200, account),
    );
    await made.client.getAccount(API_KEY);
    expect(made.sleeps[0]).toBeGreaterThanOrEqual(9_000);
  });

  it("retries a 503 and backs off more with each attempt, up to the attempt cap", async () => {
    stub.handle((_req, res) => sendError(res, 503, "provider_unavailable", "backend down"));
    const made = rig({ random: () => 0.999, retry: { maxAttempts: 4, baseDelayMs: 100 } });
    const error = await failure(made.client.createImages(API_KEY, { prompt: "a" }, IDEMPOTENCY_KEY));
    expect(error).toMatchObject({ code: "provider_unavailable", status: 503 });
    expect(stub.requests).toHaveLength(4);
    expect(made.sleeps).toHaveLength(3);
    expect(made.sleeps[1]).toBeGreaterThan(made.sleeps[0] ?? Number.POSITIVE_INFINITY);
    expect(made.sleeps[2]).toBeGreaterThan(made.sleeps[1] ?? Number.POSITIVE_INFINITY);
  });

  it("asks again after a 503 without Retry-After no sooner than a second later, and later each time", async () => {
    stub.handle((_req, res) => sendError(res, 503, "provider_unavailable", "backend down"));
    const made = rig({ random: () => 0 });
    await failure(made.client.createImages(API_KEY, { prompt: "a" }, IDEMPOTENCY_KEY));
    expect(stub.requests).toHaveLength(4);
    expect(made.sleeps).toEqual([1_000, 2_000, 4_000]);
  });

  it("tells the caller of each wait before it, so a card can say the service is busy", async () => {
    stub.handle((_req, res, index) =>
      index < 2 ? sendError(res, 503, "provider_unavailable", "backend down") : sendJson(res, 202, batch()),
    );
    const made = rig({ random: () => 0 });
    const notices: Array<{ code: string; attempt: number; waitMs: number }> = [];
    await made.client.createImages(API_KEY, { prompt: "a" }, IDEMPOTENCY_KEY, {
      onRetry: async (notice) => {
        notices.push(notice);
      },
    });
    expect(notices).toEqual([
      { code: "provider_unavailable", attempt: 1, waitMs: 1_000 },
      { code: "provider_unavailable", attempt: 2, waitMs: 2_000 },
    ]);
  });

  it("retries queue_full, a 429 too, as the spec says", async () => {
    stub.handle((_req, res, index) =>
      index === 0
        ? sendError(res, 429, "queue_full", "1000 generations in flight")
        : sendJson(res, 202, batch()),
    );
    await rig().client.createVideos(API_KEY, { prompt: "a" }, IDEMPOTENCY_KEY);
    expect(stub.requests).toHaveLength(2);
  });

  it("gives up at once when Retry-After is longer than it will wait", async () => {
    stub.handle((_req, res) => sendError(res, 429, "queue_full", "full", null, { "retry-after": "3600" }));
    const error = await failure(rig().client.createImages(API_KEY, { prompt: "a" }, IDEMPOTENCY_KEY));
    expect(error).toMatchObject({ code: "queue_full" });
    expect(error.retryAfterMs).toBe(3_600_000);
    expect(stub.requests).toHaveLength(1);
  });

  it("stops when the total wait would pass its cap", async () => {
    stub.handle((_req, res) =>
      sendError(res, 503, "provider_unavailable", "down", null, { "retry-after": "20" }),
    );
    const made = rig({ retry: { maxAttempts: 10, maxTotalWaitMs: 45_000 } });
    await failure(made.client.getAccount(API_KEY));
    expect(stub.requests).toHaveLength(3);
    expect(made.sleeps.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(45_000);
  });
});

describe("statuses never retried", () => {
  const cases = [
    [400, "invalid_request"],
    [401, "invalid_api_key"],
    [402, "insufficient_credits"],
    [403, "pro_required"],
    [404, "not_found"],
    [409, "already_running"],
    [413, "storage_full"],
    [415, "unsupported_media_type"],
    [500, "internal_error"],
  ] as const;

  for (const [status, code] of cases) {
    it(`sends a request answered ${status} once`, async () => {
      stub.handle((_req, res) => sendError(res, status, code, "no"));
      const made = rig();
      const error = await failure(made.client.createImages(API_KEY, { prompt: "a" }, IDEMPOTENCY_KEY));
      expect(error.status).toBe(status);
      expect(stub.requests).toHaveLength(1);
      expect(made.sleeps).toEqual([]);
    });
  }

  it("sends a request answered 422 once", async () => {
    stub.handle((_req, res) => sendJson(res, 422, { detail: [{ loc: ["body"], msg: "bad", type: "x" }] }));
    await failure(rig().client.createImages(API_KEY, { prompt: "a" }, IDEMPOTENCY_KEY));
    expect(stub.requests).toHaveLength(1);
  });
});

describe("idempotency", () => {
  it("sends the same Idempotency-Key and body on every attempt of a POST", async () => {
    const bodies: unknown[] = [];
    stub.handle(async (req, res, index) => {
      bodies.push(await readJson(req));
      if (index < 2) sendError(res, index === 0 ? 429 : 503, "x", "later", null, { "retry-after": "1" });
      else sendJson(res, 202, batch());
    });
    await rig().client.createImages(API_KEY, { prompt: "a lighthouse" }, IDEMPOTENCY_KEY);
    expect(stub.requests.map((request) => request.headers["idempotency-key"])).toEqual([
      IDEMPOTENCY_KEY,
      IDEMPOTENCY_KEY,
      IDEMPOTENCY_KEY,
    ]);
    expect(bodies).toEqual([
      { prompt: "a lighthouse" },
      { prompt: "a lighthouse" },
      { prompt: "a lighthouse" },
    ]);
  });

  it("surfaces Idempotent-Replay as replayed", async () => {
    stub.handle((_req, res) => sendJson(res, 202, batch(), { "idempotent-replay": "true" }));
    const created = await rig().client.createImages(API_KEY, { prompt: "a" }, IDEMPOTENCY_KEY);
    expect(created.replayed).toBe(true);
    const canceled = await rig().client.cancelGeneration(API_KEY, "gen_0a1b2c3d", IDEMPOTENCY_KEY);
    expect(canceled.replayed).toBe(true);
  });

  it("repeats a POST whose connection broke after it was sent, with the same key, and takes the replay", async () => {
    stub.handle(async (req, res, index) => {
      await readBody(req);
      if (index === 0) req.socket.destroy();
      else sendJson(res, 202, batch(), { "idempotent-replay": "true" });
    });
    const created = await rig().client.createImages(API_KEY, { prompt: "a" }, IDEMPOTENCY_KEY);
    expect(stub.requests).toHaveLength(2);
    expect(stub.requests[1]?.headers["idempotency-key"]).toBe(IDEMPOTENCY_KEY);
    expect(created.replayed).toBe(true);
  });

  it("repeats a read that timed out", async () => {
    stub.handle((_req, res, index) => {
      if (index > 0) sendJson(res, 200, queuedGeneration());
    });
    const generation = await rig({ timeoutMs: 300 }).client.getGeneration(API_KEY, "gen_0a1b2c3d");
    expect(generation.id).toBe("gen_0a1b2c3d");
    expect(stub.requests).toHaveLength(2);
  });

  it("does not repeat a DELETE whose connection broke after it was sent: a repeat would answer 404", async () => {
    stub.handle((req) => {
      req.socket.destroy();
    });
    const error = await failure(rig().client.deleteGeneration(API_KEY, "gen_0a1b2c3d"));
    expect(error.code).toBe("network");
    expect(stub.requests).toHaveLength(1);
  });
});

describe("backoff arithmetic", () => {
  it("reads Retry-After as seconds or a date, and ignores anything else", () => {
    const now = Date.parse("2026-11-22T10:00:00Z");
    expect(parseRetryAfter("7", now)).toBe(7_000);
    expect(parseRetryAfter(["2.5"], now)).toBe(2_500);
    expect(parseRetryAfter("Sun, 22 Nov 2026 10:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Sun, 22 Nov 2026 09:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it("waits at least a second, jittered below twice a floor that doubles, and never less than a Retry-After", () => {
    const policy = { ...DEFAULT_RETRY_POLICY, maxAttempts: 10 };
    expect(nextDelay(policy, 1, 0, undefined, () => 0)).toBe(1_000);
    expect(nextDelay(policy, 1, 0, undefined, () => 0.999)).toBeLessThan(2_000);
    expect(nextDelay(policy, 3, 0, undefined, () => 0)).toBe(4_000);
    expect(nextDelay(policy, 3, 0, undefined, () => 0.999)).toBeLessThan(8_000);
    expect(nextDelay(policy, 9, 0, undefined, () => 0.999)).toBe(8_000);
    expect(nextDelay(policy, 1, 0, 5_000, () => 0)).toBe(5_000);
    expect(nextDelay(policy, 1, 0, 5_000, () => 0.999)).toBeLessThan(6_000);
    // The backoff has grown past the Retry-After: the longer of the two is waited.
    expect(nextDelay(policy, 4, 0, 5_000, () => 0)).toBe(8_000);
  });

  it("stops at the attempt cap, a too-long Retry-After, or the total wait cap", () => {
    expect(nextDelay(DEFAULT_RETRY_POLICY, 4, 0, undefined, () => 0)).toBeUndefined();
    expect(nextDelay(DEFAULT_RETRY_POLICY, 1, 0, 61_000, () => 0)).toBeUndefined();
    expect(nextDelay(DEFAULT_RETRY_POLICY, 1, 80_000, 20_000, () => 0)).toBeUndefined();
  });

  it("gives up on a call that is retryable but out of attempts with the last error", async () => {
    stub.handle((_req, res) => sendError(res, 503, "provider_unavailable", "down"));
    const error = await failure(rig({ retry: { maxAttempts: 2 } }).client.listModels());
    expect(error).toBeInstanceOf(GenerationServiceError);
    expect(stub.requests).toHaveLength(2);
  });
});
