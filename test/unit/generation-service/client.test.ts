import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type GenerationServiceStub,
  readBody,
  readJson,
  sendJson,
  startGenerationServiceStub,
} from "../../support/generation-service-client-server.js";
import {
  API_KEY,
  API_KEY_SECRET,
  account,
  batch,
  catalog,
  IDEMPOTENCY_KEY,
  queuedGeneration,
  storageBlock,
  succeededVideo,
} from "./fixtures.js";
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
  for (const made of rigs.splice(0)) {
    await made.client.close();
    // No call may ever write the key into a log line.
    expect(made.logLines.join("\n")).not.toContain(API_KEY_SECRET);
  }
  await stub.close();
});

describe("requests on the wire", () => {
  it("reads the model catalog without any key", async () => {
    stub.handle((_req, res) => sendJson(res, 200, catalog));
    const models = await rig().client.listModels();
    expect(stub.requests[0]).toMatchObject({ method: "GET", path: "/v1/models" });
    expect(stub.requests[0]?.headers.authorization).toBeUndefined();
    expect(stub.requests[0]?.headers["x-api-key"]).toBeUndefined();
    expect(stub.requests[0]?.headers["idempotency-key"]).toBeUndefined();
    expect(models.image.default).toBe("image-model-a");
    expect(models.video.models[0]?.durations_sec).toEqual([8]);
  });

  it("reads the account with the key as a Bearer token", async () => {
    stub.handle((_req, res) => sendJson(res, 200, account));
    const answer = await rig().client.getAccount(API_KEY);
    expect(stub.requests[0]).toMatchObject({ method: "GET", path: "/v1/account" });
    expect(stub.requests[0]?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(stub.requests[0]?.headers.accept).toBe("application/json");
    expect(answer.plan).toBe("Free");
    expect(answer.storage).toEqual(storageBlock);
    expect(answer.key.expires_at?.toISOString()).toBe("2027-02-28T22:00:00.000Z");
  });

  it("creates images with a JSON body and the Idempotency-Key, and reads the 202 batch", async () => {
    let received: unknown;
    stub.handle(async (req, res) => {
      received = await readJson(req);
      sendJson(res, 202, batch());
    });
    const request = {
      prompts: ["a lighthouse at dawn", "a lighthouse at dusk"],
      n: 2,
      model: "image-model-a",
      resolution: "2K",
      aspect: "1:1",
      webhook_url: "https://bot.example.com/hooks/generations/t1",
      metadata: { form: "f-1" },
    };
    const created = await rig().client.createImages(API_KEY, request, IDEMPOTENCY_KEY);
    expect(stub.requests[0]).toMatchObject({ method: "POST", path: "/v1/images/generations" });
    const headers = stub.requests[0]?.headers;
    expect(headers?.authorization).toBe(`Bearer ${API_KEY}`);
    expect(headers?.["idempotency-key"]).toBe(IDEMPOTENCY_KEY);
    expect(headers?.["content-type"]).toBe("application/json");
    expect(received).toEqual(request);
    expect(created.replayed).toBe(false);
    expect(created.batch.id).toBe("batch_7c1e");
    expect(created.batch.generations[0]).toMatchObject({ id: "gen_0a1b2c3d", status: "queued" });
  });

  it("also takes 200 for a create, the status the machine-readable description lists", async () => {
    stub.handle((_req, res) => sendJson(res, 200, batch()));
    const created = await rig().client.createImages(API_KEY, { prompt: "x" }, IDEMPOTENCY_KEY);
    expect(created.batch.generations).toHaveLength(1);
  });

  it("creates videos from keyframes with the video fields", async () => {
    let received: unknown;
    stub.handle(async (req, res) => {
      received = await readJson(req);
      sendJson(res, 202, batch([succeededVideo({ status: "queued", output: null })]));
    });
    const request = {
      keyframe_file_ids: ["file_1", "file_2", "file_3"],
      prompts: ["dissolve", "zoom"],
      duration: 8,
      quality_mode: "normal",
      audio: false,
      aspect: "9:16",
    };
    await rig().client.createVideos(API_KEY, request, IDEMPOTENCY_KEY);
    expect(stub.requests[0]).toMatchObject({ method: "POST", path: "/v1/videos/generations" });
    expect(stub.requests[0]?.headers["idempotency-key"]).toBe(IDEMPOTENCY_KEY);
    expect(received).toEqual(request);
  });

  it("gets one generation with its output links", async () => {
    stub.handle((_req, res) => sendJson(res, 200, succeededVideo()));
    const generation = await rig().client.getGeneration(API_KEY, "gen_ffee0011");
    expect(stub.requests[0]).toMatchObject({ method: "GET", path: "/v1/generations/gen_ffee0011" });
    expect(generation.output?.poster_url).toContain("kind=poster");
    expect(generation.metadata).toEqual({ form: "f-1" });
  });

  it("lists generations with every filter in the query", async () => {
    stub.handle((_req, res) =>
      sendJson(res, 200, {
        object: "list",
        data: [succeededVideo()],
        has_more: true,
        next_cursor: "gen_ffee0011",
      }),
    );
    const page = await rig().client.listGenerations(API_KEY, {
      status: "running",
      type: "video",
      limit: 100,
      starting_after: "gen_abc123",
    });
    expect(stub.requests[0]).toMatchObject({
      method: "GET",
      path: "/v1/generations?status=running&type=video&limit=100&starting_after=gen_abc123",
    });
    expect(page).toMatchObject({ has_more: true, next_cursor: "gen_ffee0011" });
  });

  it("lists generations without a query when no filter is given, and reads a last page", async () => {
    stub.handle((_req, res) =>
      sendJson(res, 200, { object: "list", data: [], has_more: false, next_cursor: null }),
    );
    const page = await rig().client.listGenerations(API_KEY);
    expect(stub.requests[0]?.path).toBe("/v1/generations");
    expect(page.next_cursor).toBeNull();
  });

  it("cancels with a bodiless POST and the Idempotency-Key, returning the generation when given", async () => {
    let body: Buffer | undefined;
    stub.handle(async (req, res) => {
      body = await readBody(req);
      sendJson(res, 200, queuedGeneration({ status: "canceled" }));
    });
    const canceled = await rig().client.cancelGeneration(API_KEY, "gen_0a1b2c3d", IDEMPOTENCY_KEY);
    expect(stub.requests[0]).toMatchObject({ method: "POST", path: "/v1/generations/gen_0a1b2c3d/cancel" });
    expect(stub.requests[0]?.headers["idempotency-key"]).toBe(IDEMPOTENCY_KEY);
    expect(body?.length).toBe(0);
    expect(canceled.generation?.status).toBe("canceled");
  });

  it("accepts a cancel answered with something other than a generation, or with nothing", async () => {
    const client = rig().client;
    stub.handle((_req, res) => sendJson(res, 200, { id: "gen_0a1b2c3d", canceled: true }));
    expect(
      (await client.cancelGeneration(API_KEY, "gen_0a1b2c3d", IDEMPOTENCY_KEY)).generation,
    ).toBeUndefined();
    stub.handle((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    expect(
      (await client.cancelGeneration(API_KEY, "gen_0a1b2c3d", IDEMPOTENCY_KEY)).generation,
    ).toBeUndefined();
  });

  it("deletes one generation with DELETE", async () => {
    stub.handle((_req, res) =>
      sendJson(res, 200, { id: "gen_0a1b2c3d", object: "generation", deleted: true }),
    );
    const deleted = await rig().client.deleteGeneration(API_KEY, "gen_0a1b2c3d");
    expect(stub.requests[0]).toMatchObject({ method: "DELETE", path: "/v1/generations/gen_0a1b2c3d" });
    expect(stub.requests[0]?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(deleted).toEqual({ id: "gen_0a1b2c3d", object: "generation", deleted: true });
  });

  it("deletes in bulk by ids or by age, with the fresh storage block", async () => {
    const bodies: unknown[] = [];
    stub.handle(async (req, res) => {
      bodies.push(await readJson(req));
      sendJson(res, 200, { object: "delete_result", deleted: 2, storage: storageBlock });
    });
    const client = rig().client;
    const byIds = await client.deleteGenerations(API_KEY, { ids: ["gen_01", "gen_02"] }, IDEMPOTENCY_KEY);
    await client.deleteGenerations(API_KEY, { older_than_days: 7 }, IDEMPOTENCY_KEY);
    expect(stub.requests.map((request) => [request.method, request.path])).toEqual([
      ["POST", "/v1/generations/delete"],
      ["POST", "/v1/generations/delete"],
    ]);
    expect(stub.requests[0]?.headers["idempotency-key"]).toBe(IDEMPOTENCY_KEY);
    expect(bodies).toEqual([{ ids: ["gen_01", "gen_02"] }, { older_than_days: 7 }]);
    expect(byIds.result).toEqual({ object: "delete_result", deleted: 2, storage: storageBlock });
  });

  it("logs method, path, status and attempt, but never the query", async () => {
    stub.handle((_req, res) =>
      sendJson(res, 200, { object: "list", data: [], has_more: false, next_cursor: null }),
    );
    const made = rig();
    await made.client.listGenerations(API_KEY, { starting_after: "gen_5ec7e7" });
    const entry = made.logLines.map((line) => JSON.parse(line)).find((line) => line.op === "listGenerations");
    expect(entry).toMatchObject({ method: "GET", path: "/v1/generations", status: 200, attempt: 1 });
    expect(made.logLines.join("\n")).not.toContain("gen_5ec7e7");
  });
});

describe("requests refused before sending", () => {
  const refusals: Array<[string, (rig: ClientRig) => Promise<unknown>]> = [
    [
      "prompt and prompts together",
      ({ client }) => client.createImages(API_KEY, { prompt: "a", prompts: ["b"] }, IDEMPOTENCY_KEY),
    ],
    ["n above 10", ({ client }) => client.createImages(API_KEY, { prompt: "a", n: 11 }, IDEMPOTENCY_KEY)],
    ["n below 1", ({ client }) => client.createVideos(API_KEY, { prompt: "a", n: 0 }, IDEMPOTENCY_KEY)],
    [
      "17 metadata pairs",
      ({ client }) =>
        client.createImages(
          API_KEY,
          { prompt: "a", metadata: Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, "v"])) },
          IDEMPOTENCY_KEY,
        ),
    ],
    [
      "reference images with several prompts",
      ({ client }) =>
        client.createImages(
          API_KEY,
          { prompts: ["a", "b"], reference_file_ids: ["file_1"] },
          IDEMPOTENCY_KEY,
        ),
    ],
    [
      "a keyframe chain of one frame",
      ({ client }) => client.createVideos(API_KEY, { keyframe_file_ids: ["file_1"] }, IDEMPOTENCY_KEY),
    ],
    [
      "a misspelt field",
      ({ client }) =>
        client.createImages(API_KEY, JSON.parse('{"prompt":"a","aspect_ratio":"1:1"}'), IDEMPOTENCY_KEY),
    ],
    [
      "a bulk delete with neither field",
      ({ client }) => client.deleteGenerations(API_KEY, JSON.parse("{}"), IDEMPOTENCY_KEY),
    ],
    [
      "a bulk delete with both fields",
      ({ client }) =>
        client.deleteGenerations(
          API_KEY,
          JSON.parse('{"ids":["gen_01"],"older_than_days":3}'),
          IDEMPOTENCY_KEY,
        ),
    ],
    [
      "a bulk delete of 501 ids",
      ({ client }) =>
        client.deleteGenerations(
          API_KEY,
          { ids: Array.from({ length: 501 }, (_, i) => `gen_${i.toString(16)}`) },
          IDEMPOTENCY_KEY,
        ),
    ],
    ["a page of 0", ({ client }) => client.listGenerations(API_KEY, { limit: 0 })],
    ["a page of 101", ({ client }) => client.listGenerations(API_KEY, { limit: 101 })],
    [
      "the canceled filter",
      ({ client }) => client.listGenerations(API_KEY, JSON.parse('{"status":"canceled"}')),
    ],
    ["an id that leaves its path", ({ client }) => client.getGeneration(API_KEY, "../account")],
    ["an empty idempotency key", ({ client }) => client.createImages(API_KEY, { prompt: "a" }, "")],
    [
      "an idempotency key with a line break",
      ({ client }) => client.cancelGeneration(API_KEY, "gen_01", "abc\r\nX-Evil: 1"),
    ],
    [
      "an idempotency key of 256 characters",
      ({ client }) => client.deleteGenerations(API_KEY, { older_than_days: 1 }, "k".repeat(256)),
    ],
  ];

  for (const [name, call] of refusals) {
    it(`refuses ${name}`, async () => {
      const error = await failure(call(rig()));
      expect(error).toMatchObject({ code: "invalid_request" });
      expect(error.status).toBeUndefined();
      expect(stub.requests).toHaveLength(0);
    });
  }

  it("names the field at fault", async () => {
    const error = await failure(rig().client.createImages(API_KEY, { prompt: "a", n: 11 }, IDEMPOTENCY_KEY));
    expect(error).toMatchObject({ param: "n", operation: "createImages" });
  });
});

describe("answers that are not the documented shape", () => {
  it("reports a body of the wrong shape as invalid_response, naming the field, without retrying", async () => {
    stub.handle((_req, res) => sendJson(res, 200, queuedGeneration({ status: "paused" })));
    const error = await failure(rig().client.getGeneration(API_KEY, "gen_0a1b2c3d"));
    expect(error).toMatchObject({ code: "invalid_response" });
    expect(error).toMatchObject({ status: 200, operation: "getGeneration" });
    expect(error.detail).toContain("status");
    expect(stub.requests).toHaveLength(1);
  });

  it("reports a body that is not JSON as invalid_response", async () => {
    stub.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{not json");
    });
    const error = await failure(rig().client.getAccount(API_KEY));
    expect(error).toMatchObject({ code: "invalid_response", detail: "body is not JSON" });
  });

  it("refuses a catalog whose default model is not in its list", async () => {
    stub.handle((_req, res) =>
      sendJson(res, 200, { ...catalog, image: { ...catalog.image, default: "image-model-z" } }),
    );
    const error = await failure(rig().client.listModels());
    expect(error.code).toBe("invalid_response");
  });
});
