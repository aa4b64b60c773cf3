import { Redis } from "ioredis";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { KeyRateLimits, readRateHeaders } from "../../../src/generation-service/rate-limits.js";
import { createMemoryStorage } from "../../../src/storage/memory.js";
import type { KeyValueStore, Storage } from "../../../src/storage/ports.js";
import { createRedisStorage } from "../../../src/storage/redis.js";
import {
  type GenerationServiceStub,
  rateHeaders,
  sendError,
  sendJson,
  startGenerationServiceStub,
} from "../../support/generation-service-client-server.js";
import { startRedisServer } from "../../support/redis-server.js";
import {
  API_KEY,
  API_KEY_SECRET,
  account,
  batch,
  catalog,
  IDEMPOTENCY_KEY,
  OTHER_API_KEY,
} from "./fixtures.js";
import { type ClientRig, type Clock, clientRig, failure } from "./harness.js";

let stub: GenerationServiceStub;
const rigs: ClientRig[] = [];

function rig(options: Parameters<typeof clientRig>[1] = {}): ClientRig {
  const made = clientRig(stub, options);
  rigs.push(made);
  return made;
}

/** Two bot instances: their own clients, one storage, one clock. */
function twoInstances(storage?: Storage): [ClientRig, ClientRig] {
  const clock: Clock = { now: Date.now() };
  const shared = storage ?? createMemoryStorage({ now: () => clock.now });
  return [rig({ clock, storage: shared }), rig({ clock, storage: shared })];
}

/** When each request arrived, on the test's clock. */
function arrivals(clock: Clock): number[] {
  const times: number[] = [];
  stub.handle((_req, res) => {
    times.push(clock.now);
    sendJson(res, 200, account, rateHeaders(60, 59, 60));
  });
  return times;
}

beforeEach(async () => {
  stub = await startGenerationServiceStub();
});

afterEach(async () => {
  for (const made of rigs.splice(0)) await made.client.close();
  await stub.close();
});

describe("the rate headers of every response", () => {
  it("are kept under a hash of the key until the window resets", async () => {
    stub.handle((_req, res) => sendJson(res, 200, account, rateHeaders(60, 42, 17)));
    const made = rig();
    await made.client.getAccount(API_KEY);
    expect(await made.rateLimits.current(API_KEY)).toEqual({
      limit: 60,
      remaining: 42,
      resetAt: made.clock.now + 17_000,
    });
    const keys = await made.storage.kv.keys("");
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toContain(API_KEY_SECRET);
    expect(keys[0]).toMatch(/^generation-rate:[0-9a-f]{32}$/);
    made.clock.now += 17_000;
    expect(await made.rateLimits.current(API_KEY)).toBeUndefined();
    expect(await made.storage.kv.keys("")).toEqual([]);
  });

  it("are read from error answers too, and kept apart per key", async () => {
    stub.handle((req, res) =>
      req.headers.authorization === `Bearer ${API_KEY}`
        ? sendError(res, 404, "not_found", "no such generation", null, rateHeaders(60, 10, 30))
        : sendJson(res, 200, account, rateHeaders(60, 50, 30)),
    );
    const made = rig();
    await failure(made.client.getGeneration(API_KEY, "gen_01"));
    await made.client.getAccount(OTHER_API_KEY);
    expect((await made.rateLimits.current(API_KEY))?.remaining).toBe(10);
    expect((await made.rateLimits.current(OTHER_API_KEY))?.remaining).toBe(50);
  });

  it("are not stored for the catalog, which is limited per address, not per key", async () => {
    stub.handle((_req, res) => sendJson(res, 200, catalog, rateHeaders(30, 0, 60)));
    const made = rig();
    await made.client.listModels();
    await made.client.listModels();
    expect(await made.storage.kv.keys("")).toEqual([]);
    expect(made.sleeps).toEqual([]);
  });

  it("are ignored when absent or unreadable", () => {
    expect(readRateHeaders({}, 0)).toBeUndefined();
    expect(readRateHeaders(rateHeaders(60, -1, 10), 0)).toBeUndefined();
    expect(readRateHeaders({ ...rateHeaders(60, 1, 10), "x-ratelimit-reset": "soon" }, 0)).toBeUndefined();
    expect(readRateHeaders({ ...rateHeaders(60, 1, 10), "x-ratelimit-reset": "1.5" }, 1_000)).toEqual({
      limit: 60,
      remaining: 1,
      resetAt: 2_500,
    });
  });
});

describe("two instances on one storage", () => {
  it("the second waits for the reset the first was told about, then sends", async () => {
    const [first, second] = twoInstances();
    const clock = first.clock;
    const start = clock.now;
    stub.handle((_req, res) => sendJson(res, 200, account, rateHeaders(60, 0, 20)));
    await first.client.getAccount(API_KEY);
    const times = arrivals(clock);
    await second.client.getAccount(API_KEY);
    expect(second.sleeps).toHaveLength(1);
    expect(second.sleeps[0]).toBeGreaterThanOrEqual(20_000);
    expect(times[0]).toBeGreaterThanOrEqual(start + 20_000);
  });

  it("a key with requests left is not held, and neither is another key", async () => {
    const [first, second] = twoInstances();
    stub.handle((req, res) =>
      sendJson(res, 200, account, rateHeaders(60, req.headers.authorization?.includes("0th3r") ? 0 : 1, 20)),
    );
    await first.client.getAccount(API_KEY);
    await first.client.getAccount(OTHER_API_KEY);
    await second.client.getAccount(API_KEY);
    expect(second.sleeps).toEqual([]);
  });

  it("a 429 for the rate holds the other instance for its Retry-After", async () => {
    const [first, second] = twoInstances();
    const start = first.clock.now;
    stub.handle((_req, res) =>
      sendError(res, 429, "rate_limit_exceeded", "slow down", null, { "retry-after": "30" }),
    );
    await failure(
      rig({ clock: first.clock, storage: first.storage, retry: { maxAttempts: 1 } }).client.getAccount(
        API_KEY,
      ),
    );
    const times = arrivals(first.clock);
    await second.client.getAccount(API_KEY);
    expect(times[0]).toBeGreaterThanOrEqual(start + 30_000);
  });

  it("a 429 queue_full does not hold the key's other requests", async () => {
    const [first, second] = twoInstances();
    stub.handle((_req, res) => sendError(res, 429, "queue_full", "full", null, { "retry-after": "30" }));
    await failure(
      rig({ clock: first.clock, storage: first.storage, retry: { maxAttempts: 1 } }).client.createImages(
        API_KEY,
        { prompt: "a" },
        IDEMPOTENCY_KEY,
      ),
    );
    arrivals(first.clock);
    await second.client.getAccount(API_KEY);
    expect(second.sleeps).toEqual([]);
  });

  it("a wait longer than allowed fails as rate_limit_exceeded without sending", async () => {
    const [first] = twoInstances();
    const { clock, storage } = first;
    const impatient = new KeyRateLimits(storage.kv, { maxWaitMs: 5_000, now: () => clock.now });
    const second = rig({ clock, storage, rateLimits: impatient });
    stub.handle((_req, res) => sendJson(res, 200, account, rateHeaders(60, 0, 40)));
    await first.client.getAccount(API_KEY);
    const error = await failure(second.client.createImages(API_KEY, { prompt: "a" }, IDEMPOTENCY_KEY));
    expect(error).toMatchObject({ code: "rate_limit_exceeded" });
    expect(error.status).toBeUndefined();
    expect(error.retryAfterMs).toBe(40_000);
    expect(error.rate).toMatchObject({ remaining: 0 });
    expect(stub.requests).toHaveLength(1);
  });
});

describe("storage trouble", () => {
  it("does not stop a call: the service still enforces its rate", async () => {
    const broken: KeyValueStore = {
      ...createMemoryStorage().kv,
      get: async () => {
        throw new Error("storage down");
      },
      set: async () => {
        throw new Error("storage down");
      },
    };
    stub.handle((_req, res) => sendJson(res, 202, batch(), rateHeaders(60, 0, 20)));
    const made = rig({ rateLimits: new KeyRateLimits(broken) });
    const created = await made.client.createImages(API_KEY, { prompt: "a" }, IDEMPOTENCY_KEY);
    expect(created.batch.generations).toHaveLength(1);
    expect(made.logLines.join("\n")).toContain("generation rate state");
  });
});

const redisServer = await startRedisServer();

describe.skipIf(!redisServer)("two instances on a real redis-server", () => {
  const storages: Storage[] = [];
  afterAll(async () => {
    await Promise.all(storages.map((storage) => storage.close()));
    await redisServer?.stop();
  });

  function redisStorage(prefix: string): Storage {
    const storage = createRedisStorage(new Redis(redisServer?.url ?? ""), { keyPrefix: prefix });
    storages.push(storage);
    return storage;
  }

  it("share one key's reported budget, each over its own connection", async () => {
    const prefix = `g${Date.now().toString(36)}:`;
    const clock: Clock = { now: Date.now() };
    const first = rig({ clock, storage: redisStorage(prefix) });
    const second = rig({ clock, storage: redisStorage(prefix) });
    stub.handle((_req, res) => sendJson(res, 200, account, rateHeaders(60, 0, 20)));
    await first.client.getAccount(API_KEY);
    expect(await second.rateLimits.current(API_KEY)).toMatchObject({ limit: 60, remaining: 0 });
    const keys = await first.storage.kv.keys("");
    expect(keys.join(" ")).not.toContain(API_KEY_SECRET);
    stub.handle((_req, res) => sendJson(res, 200, account, rateHeaders(60, 59, 60)));
    await second.client.getAccount(API_KEY);
    expect(second.sleeps[0]).toBeGreaterThanOrEqual(20_000);
  });
});
