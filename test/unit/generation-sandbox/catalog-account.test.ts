import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type CatalogEntry,
  catalogEntry,
  priceChoices,
  SANDBOX_MODELS,
} from "../../../dev/generation-sandbox/index.js";
import { type AccountJson, errorOf, type Harness, START, startHarness } from "./harness.js";

let harness: Harness;

beforeEach(async () => {
  harness = await startHarness();
});
afterEach(async () => {
  await harness.close();
});

interface CatalogJson {
  image: { models: CatalogEntry[]; default: string };
  video: { models: CatalogEntry[]; default: string };
  max_batch: number;
  max_queued: number;
  available: boolean;
}

async function catalog(): Promise<CatalogJson> {
  const response = await harness.get("/v1/models", { key: null });
  expect(response.status).toBe(200);
  return (await response.json()) as CatalogJson;
}

const ENTRY_FIELDS = [
  "id",
  "label",
  "provider",
  "aspects",
  "resolutions",
  "pro_only_resolutions",
  "durations_sec",
  "quality_modes",
  "backgrounds",
  "max_reference_files",
  "reference_modes",
  "audio",
  "audio_toggle",
  "max_results",
  "pro_only",
  "price_tokens",
];

describe("GET /v1/models", () => {
  it("answers without a key, with the spec's top-level shape", async () => {
    const body = await catalog();
    expect(Object.keys(body)).toEqual(["image", "video", "max_batch", "max_queued", "available"]);
    expect(body).toMatchObject({ max_batch: 500, max_queued: 1000, available: true });
    expect(body.image.models.map((model) => model.id)).toContain(body.image.default);
    expect(body.video.models.map((model) => model.id)).toContain(body.video.default);
  });

  it("shapes every entry exactly as the spec's catalog entry", async () => {
    const body = await catalog();
    for (const entry of [...body.image.models, ...body.video.models]) {
      expect(Object.keys(entry), entry.id).toEqual(ENTRY_FIELDS);
      expect(Object.keys(entry.price_tokens)).toEqual(["min", "max"]);
      expect(Number.isInteger(entry.price_tokens.min) && Number.isInteger(entry.price_tokens.max)).toBe(true);
      expect(entry.price_tokens.min).toBeLessThanOrEqual(entry.price_tokens.max);
      for (const resolution of entry.pro_only_resolutions) expect(entry.resolutions).toContain(resolution);
    }
    for (const entry of body.image.models) expect(entry.durations_sec).toEqual([]);
  });

  it("has the spec's image families", async () => {
    const { image } = await catalog();
    const byId = new Map(image.models.map((model) => [model.id, model]));
    const fallback = byId.get(image.default);
    expect(fallback).toMatchObject({
      aspects: ["1:1", "16:9", "9:16", "4:3", "3:4"],
      resolutions: ["1K", "2K", "4K"],
      pro_only_resolutions: ["4K"],
      max_reference_files: 3,
      quality_modes: [],
      pro_only: false,
    });
    expect(fallback?.price_tokens.min).toBe(fallback?.price_tokens.max);
    expect(image.models.find((model) => model.quality_modes.includes("SPEED"))).toMatchObject({
      quality_modes: ["SPEED", "QUALITY"],
      max_results: 8,
      max_reference_files: 4,
    });
    const proOnly = image.models.find((model) => model.pro_only);
    expect(proOnly).toMatchObject({
      quality_modes: ["low", "medium", "high"],
      backgrounds: ["auto", "transparent", "opaque"],
      max_reference_files: 5,
    });
    expect(proOnly?.price_tokens.min).toBeLessThan(100);
    expect(proOnly?.price_tokens.max).toBeGreaterThan(1000);
    expect(image.models.filter((model) => model.backgrounds.length > 0)).toHaveLength(1);
  });

  it("has the spec's video families", async () => {
    const { video } = await catalog();
    const fallback = video.models.find((model) => model.id === video.default);
    expect(fallback).toMatchObject({ resolutions: ["720p", "1080p"], durations_sec: [8] });
    expect(fallback?.price_tokens).toEqual({ min: 60, max: 60 });
    const toggled = video.models.find((model) => model.audio_toggle);
    expect(toggled).toMatchObject({
      resolutions: ["480p", "720p", "1080p"],
      durations_sec: [6, 10, 15],
      quality_modes: ["custom", "normal"],
      audio: true,
    });
    expect(toggled?.price_tokens.min).toBeGreaterThanOrEqual(90);
    expect(toggled?.price_tokens.min).toBeLessThanOrEqual(100);
    expect(toggled?.price_tokens.max).toBeGreaterThanOrEqual(1200);
    expect(toggled?.price_tokens.max).toBeLessThanOrEqual(1280);
    expect(video.models.find((model) => model.quality_modes.includes("professional_audio"))).toMatchObject({
      resolutions: [],
      durations_sec: [5, 10],
      quality_modes: ["standard", "professional", "professional_audio"],
    });
    expect(video.models.length).toBeGreaterThanOrEqual(5);
  });

  it("reports price ranges that every accepted choice falls in, both ends reached", () => {
    for (const model of SANDBOX_MODELS) {
      const prices = priceChoices(model).map((choice) => model.price(choice));
      const { price_tokens: range } = catalogEntry(model);
      for (const price of prices) {
        expect(Number.isInteger(price), model.entry.id).toBe(true);
        expect(price).toBeGreaterThanOrEqual(range.min);
        expect(price).toBeLessThanOrEqual(range.max);
      }
      expect(prices).toContain(range.min);
      expect(prices).toContain(range.max);
    }
  });

  it("says available: false while the provider is down", async () => {
    harness.sandbox.faults.providerDown(true);
    expect((await catalog()).available).toBe(false);
    harness.sandbox.faults.providerDown(false);
    expect((await catalog()).available).toBe(true);
  });

  it("is limited per client IP", async () => {
    await harness.close();
    harness = await startHarness({ rateLimits: { perIp: 3 } });
    for (let index = 0; index < 3; index += 1)
      expect((await harness.get("/v1/models", { key: null })).status).toBe(200);
    const limited = await harness.get("/v1/models", { key: null });
    expect(limited.status).toBe(429);
    expect((await errorOf(limited)).code).toBe("rate_limit_exceeded");
    expect(limited.headers.get("x-ratelimit-limit")).toBe("3");
  });
});

describe("authentication", () => {
  it.each([
    ["no key", null],
    ["a malformed key", "not-a-key"],
    ["an unknown key of the right form", `gsk_test_abcdefgh_${"A".repeat(32)}`],
  ])("refuses %s with 401 invalid_api_key", async (_name, key) => {
    for (const path of ["/v1/account", "/v1/generations", "/v1/generations/gen_00"]) {
      const response = await harness.get(path, { key });
      expect(response.status).toBe(401);
      expect(await errorOf(response)).toMatchObject({
        type: "authentication_error",
        code: "invalid_api_key",
      });
    }
    const create = await harness.post("/v1/images/generations", { prompt: "a cat" }, { key });
    expect(create.status).toBe(401);
  });

  it("takes the key from X-API-Key too", async () => {
    const response = await harness.get("/v1/account", {
      key: null,
      headers: { "x-api-key": harness.free.apiKey },
    });
    expect(response.status).toBe(200);
  });

  it("issues keys of the spec's form", () => {
    expect(harness.free.apiKey).toMatch(/^gsk_test_[a-z0-9]{8}_[A-Za-z0-9]{32}$/);
    expect(harness.free.apiKey.split("_")[2]).toBe(harness.free.keyId);
    const live = harness.sandbox.accounts.issueKey(harness.free.accountId, { env: "live" });
    expect(live.apiKey).toMatch(/^gsk_live_/);
  });

  it("refuses a revoked key with 401", async () => {
    harness.sandbox.accounts.revokeKey(harness.free.keyId);
    expect((await errorOf(await harness.get("/v1/account"))).code).toBe("invalid_api_key");
  });

  it("rotates: the old key stops at once, the new one keeps the limits and the budget used", async () => {
    const accountId = harness.sandbox.accounts.create();
    const old = harness.sandbox.accounts.issueKey(accountId, {
      budgetTokens: 500,
      expiresAt: new Date(START + 86_400_000),
    });
    await harness.create("images", { prompt: "a fox" }, old.apiKey);
    const fresh = harness.sandbox.accounts.rotateKey(old.keyId);
    expect(fresh.apiKey).not.toBe(old.apiKey);
    expect(fresh.signingSecret).toBe(old.signingSecret);
    expect((await harness.get("/v1/account", { key: old.apiKey })).status).toBe(401);
    const account = await harness.account(fresh.apiKey);
    expect(account.key).toEqual({
      id: fresh.keyId,
      expires_at: "2026-11-23T10:00:00+00:00",
      budget_tokens: 500,
      budget_used_tokens: 40,
    });
  });

  it("refuses an expired key with 403 key_expired", async () => {
    const key = harness.sandbox.accounts.issueKey(harness.free.accountId, {
      expiresAt: new Date(START + 60_000),
    });
    expect((await harness.get("/v1/account", { key: key.apiKey })).status).toBe(200);
    harness.clock.advance(60_000);
    const response = await harness.get("/v1/account", { key: key.apiKey });
    expect(response.status).toBe(403);
    expect((await errorOf(response)).code).toBe("key_expired");
  });

  it("refuses every call of an account whose email is not verified with 403 email_not_verified", async () => {
    harness.sandbox.accounts.setEmailVerified(harness.free.accountId, false);
    for (const response of [
      await harness.get("/v1/account"),
      await harness.get("/v1/generations"),
      await harness.post("/v1/images/generations", { prompt: "a cat" }),
    ]) {
      expect(response.status).toBe(403);
      expect((await errorOf(response)).code).toBe("email_not_verified");
    }
    harness.sandbox.accounts.setEmailVerified(harness.free.accountId, true);
    expect((await harness.get("/v1/account")).status).toBe(200);
  });
});

describe("GET /v1/account", () => {
  it("returns the account object of the key's account", async () => {
    const response = await harness.get("/v1/account");
    expect(response.status).toBe(200);
    const body = (await response.json()) as AccountJson;
    expect(body).toEqual({
      object: "account",
      plan: "Free",
      balance_tokens: 10_000,
      tokens_per_usd: 1000,
      limits: { rpm: 60, concurrent_generations: 4, max_batch: 500, max_queued: 1000 },
      prices_tokens: { image: 40, video: 60 },
      storage: {
        bytes_used: 0,
        bytes_quota: 2 * 1024 ** 3,
        bytes_remaining: 2 * 1024 ** 3,
        unlimited: false,
        percent: 0,
      },
      key: { id: harness.free.keyId, expires_at: null, budget_tokens: null, budget_used_tokens: 0 },
    });
  });

  it("shows the Pro plan's limits and quota", async () => {
    const body = await harness.account(harness.pro.apiKey);
    expect(body.plan).toBe("Pro");
    expect(body.limits.concurrent_generations).toBe(8);
    expect(body.storage.bytes_quota).toBe(5 * 1024 ** 3);
  });

  it("shows an unlimited store as unlimited", async () => {
    const key = harness.sandbox.accounts.issueKey(
      harness.sandbox.accounts.create({ unlimitedStorage: true }),
    );
    expect((await harness.account(key.apiKey)).storage).toMatchObject({ unlimited: true });
  });
});

describe("GET /v1/openapi.json", () => {
  it("serves the description (with a key), listing every operation and 200 for the create operations", async () => {
    expect((await harness.get("/v1/openapi.json", { key: null })).status).toBe(401);
    const description = (await (await harness.get("/v1/openapi.json")).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(Object.keys(description.paths).sort()).toEqual(
      [
        "/v1/account",
        "/v1/files",
        "/v1/files/{file_id}/content",
        "/v1/generations",
        "/v1/generations/delete",
        "/v1/generations/{gen_id}",
        "/v1/generations/{gen_id}/cancel",
        "/v1/images/generations",
        "/v1/models",
        "/v1/videos/generations",
      ].sort(),
    );
    expect(Object.keys(description.paths["/v1/images/generations"]?.post?.responses ?? {})).toContain("200");
    expect(Object.keys(description.paths["/v1/generations"]?.get?.responses ?? {})).toContain("422");
  });
});

describe("unknown routes", () => {
  it("answer 404 not_found with the error body", async () => {
    const response = await harness.get("/v2/anything");
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toEqual({
      type: "invalid_request_error",
      code: "not_found",
      message: expect.any(String),
      param: null,
    });
  });
});
