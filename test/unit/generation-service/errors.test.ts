import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GenerationServiceError, SERVICE_ERROR_CODES } from "../../../src/generation-service/errors.js";
import {
  type GenerationServiceStub,
  rateHeaders,
  sendError,
  sendJson,
  startGenerationServiceStub,
} from "../../support/generation-service-client-server.js";
import { refusingAddress } from "../../support/refusing-address.js";
import { API_KEY, IDEMPOTENCY_KEY } from "./fixtures.js";
import { type ClientRig, clientRig, failure } from "./harness.js";

let stub: GenerationServiceStub;
const rigs: ClientRig[] = [];

/** A client that makes one attempt, so every error status reaches the test as it came. */
function oneShot(options: Parameters<typeof clientRig>[1] = {}): ClientRig {
  const made = clientRig(stub, { retry: { maxAttempts: 1 }, ...options });
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

/** Every row of the spec's error table: status and code. */
const errorTable = [
  [400, "invalid_request"],
  [400, "prompt_count_mismatch"],
  [400, "batch_too_large"],
  [401, "invalid_api_key"],
  [402, "insufficient_credits"],
  [402, "key_budget_exceeded"],
  [403, "email_not_verified"],
  [403, "pro_required"],
  [403, "invalid_signature"],
  [403, "key_expired"],
  [404, "not_found"],
  [409, "already_running"],
  [413, "storage_full"],
  [413, "file_too_large"],
  [415, "unsupported_media_type"],
  [429, "rate_limit_exceeded"],
  [429, "queue_full"],
  [503, "provider_unavailable"],
] as const;

describe("error codes of the spec", () => {
  it("covers every code the client knows, once", () => {
    expect(errorTable.map(([, code]) => code)).toEqual([...SERVICE_ERROR_CODES]);
  });

  for (const [status, code] of errorTable) {
    it(`maps HTTP ${status} ${code} to its code with the body's message, type and param`, async () => {
      stub.handle((_req, res) =>
        sendError(
          res,
          status,
          code,
          `because ${code}`,
          code === "insufficient_credits" ? "billing_error" : "x_error",
          {},
          "prompts",
        ),
      );
      const error = await failure(oneShot().client.createImages(API_KEY, { prompt: "a" }, IDEMPOTENCY_KEY));
      expect(error).toBeInstanceOf(GenerationServiceError);
      expect(error).toMatchObject({
        code,
        status,
        detail: `because ${code}`,
        param: "prompts",
        operation: "createImages",
        name: "GenerationServiceError",
      });
      expect(error.message).toBe(`createImages (HTTP ${status}): ${code}: because ${code}`);
    });
  }

  it("chooses by code, not status: a 402 for the key's budget is not a balance problem", async () => {
    stub.handle((_req, res) => sendError(res, 402, "key_budget_exceeded", "key budget used up"));
    const error = await failure(oneShot().client.createVideos(API_KEY, { prompt: "a" }, IDEMPOTENCY_KEY));
    expect(error).toMatchObject({ code: "key_budget_exceeded" });
    expect(error).not.toMatchObject({ code: "insufficient_credits" });
  });

  it("keeps billing_error as the type of insufficient_credits and a null param as absent", async () => {
    stub.handle((_req, res) =>
      sendError(res, 402, "insufficient_credits", "balance too low", "billing_error"),
    );
    const error = await failure(oneShot().client.createImages(API_KEY, { prompt: "a" }, IDEMPOTENCY_KEY));
    expect(error.errorType).toBe("billing_error");
    expect(error.param).toBeUndefined();
  });

  it("carries Retry-After and the rate headers of a 429", async () => {
    stub.handle((_req, res) =>
      sendError(res, 429, "rate_limit_exceeded", "slow down", null, {
        "retry-after": "120",
        ...rateHeaders(60, 0, 40),
      }),
    );
    const made = oneShot();
    const error = await failure(made.client.getAccount(API_KEY));
    expect(error).toMatchObject({ code: "rate_limit_exceeded" });
    expect(error.retryAfterMs).toBe(120_000);
    expect(error.rate).toEqual({ limit: 60, remaining: 0, resetAt: made.clock.now + 40_000 });
  });
});

describe("failures without a code of the spec", () => {
  it("reads the 422 validation body into issues and a readable detail", async () => {
    stub.handle((_req, res) =>
      sendJson(res, 422, {
        detail: [
          {
            loc: ["query", "limit"],
            msg: "Input should be less than or equal to 100",
            type: "less_than_equal",
            input: "500",
            ctx: { le: 100 },
          },
          { loc: ["body", "metadata", "k", 0], msg: "Input should be a valid string", type: "string_type" },
        ],
      }),
    );
    const error = await failure(oneShot().client.listGenerations(API_KEY));
    expect(error).toMatchObject({ code: "validation_failed" });
    expect(error).toMatchObject({ status: 422, code: "validation_failed" });
    expect(error.issues).toHaveLength(2);
    expect(error.issues?.[0]).toMatchObject({ loc: ["query", "limit"], ctx: { le: 100 } });
    expect(error.detail).toBe(
      "query.limit: Input should be less than or equal to 100; metadata.k.0: Input should be a valid string",
    );
  });

  it("keeps a code it does not know, with the status", async () => {
    stub.handle((_req, res) =>
      sendError(res, 409, "idempotency_conflict", "a request with this key is in progress"),
    );
    const error = await failure(oneShot().client.createImages(API_KEY, { prompt: "a" }, IDEMPOTENCY_KEY));
    expect(error).toMatchObject({ code: "unexpected_error" });
    expect(error).toMatchObject({
      status: 409,
      serviceCode: "idempotency_conflict",
      code: "unexpected_error",
    });
  });

  it("keeps the status of an error whose body is not JSON", async () => {
    stub.handle((_req, res) => {
      res.writeHead(502, { "content-type": "text/html" });
      res.end("<html>Bad gateway</html>");
    });
    const error = await failure(oneShot().client.getAccount(API_KEY));
    expect(error).toMatchObject({ code: "unexpected_error" });
    expect(error.status).toBe(502);
  });

  it("times out when the service sends no answer", async () => {
    stub.handle(() => {});
    const error = await failure(oneShot({ timeoutMs: 200 }).client.getAccount(API_KEY));
    expect(error).toMatchObject({ code: "timeout" });
    expect(error).toMatchObject({ code: "timeout", operation: "getAccount" });
  });

  it("times out when an answer's body stalls", async () => {
    stub.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"plan": ');
    });
    const error = await failure(oneShot({ timeoutMs: 200 }).client.getAccount(API_KEY));
    expect(error).toMatchObject({ code: "timeout" });
  });

  it("reports a refused connection as network", async () => {
    const refusing = await refusingAddress();
    try {
      const error = await failure(oneShot({ baseUrl: refusing.url }).client.listModels());
      expect(error.code).toBe("network");
    } finally {
      await refusing.release();
    }
  });
});
