import { readFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FIXTURES_DIR } from "../../../dev/generation-sandbox/index.js";
import { type BatchJson, errorOf, type FileJson, type Harness, startHarness } from "./harness.js";

let harness: Harness;

beforeEach(async () => {
  harness = await startHarness();
});
afterEach(async () => {
  await harness.close();
});

const withKey = (key: string) => ({ headers: { "idempotency-key": key } });

async function generationCount(): Promise<number> {
  return ((await (await harness.get("/v1/generations?limit=100")).json()) as { data: unknown[] }).data.length;
}

describe("Idempotency-Key", () => {
  it("replays the stored response for the same key and body: one generation, one charge", async () => {
    const first = await harness.post("/v1/images/generations", { prompt: "a", n: 2 }, withKey("k-1"));
    expect(first.status).toBe(202);
    expect(first.headers.get("idempotent-replay")).toBeNull();
    const original = (await first.json()) as BatchJson;
    harness.sandbox.step();
    const again = await harness.post("/v1/images/generations", { n: 2, prompt: "a" }, withKey("k-1"));
    expect(again.status).toBe(202);
    expect(again.headers.get("idempotent-replay")).toBe("true");
    expect(await again.json()).toEqual(original);
    expect(await generationCount()).toBe(2);
    expect((await harness.account()).balance_tokens).toBe(10_000 - 80);
  });

  it("refuses the same key with another body with 400 invalid_request naming the header", async () => {
    await harness.post("/v1/images/generations", { prompt: "a" }, withKey("k-2"));
    const other = await harness.post("/v1/images/generations", { prompt: "b" }, withKey("k-2"));
    expect(other.status).toBe(400);
    expect(await errorOf(other)).toMatchObject({ code: "invalid_request", param: "Idempotency-Key" });
    const elsewhere = await harness.post("/v1/videos/generations", { prompt: "a" }, withKey("k-2"));
    expect(elsewhere.status).toBe(400);
    expect(await generationCount()).toBe(1);
  });

  it("runs a repeat sent while the first is in flight once", async () => {
    const [one, two] = await Promise.all([
      harness.post("/v1/images/generations", { prompt: "a" }, withKey("k-3")),
      harness.post("/v1/images/generations", { prompt: "a" }, withKey("k-3")),
    ]);
    expect([one.status, two.status]).toEqual([202, 202]);
    const replays = [one.headers.get("idempotent-replay"), two.headers.get("idempotent-replay")];
    expect(replays.filter((header) => header === "true")).toHaveLength(1);
    expect(await generationCount()).toBe(1);
  });

  it("keeps keys apart per account", async () => {
    await harness.post("/v1/images/generations", { prompt: "a" }, withKey("shared"));
    const theirs = await harness.post(
      "/v1/images/generations",
      { prompt: "b" },
      { key: harness.pro.apiKey, ...withKey("shared") },
    );
    expect(theirs.status).toBe(202);
    expect(theirs.headers.get("idempotent-replay")).toBeNull();
  });

  it("forgets a key after 24 hours", async () => {
    await harness.post("/v1/images/generations", { prompt: "a" }, withKey("k-4"));
    harness.clock.advance(24 * 60 * 60_000);
    const later = await harness.post("/v1/images/generations", { prompt: "a" }, withKey("k-4"));
    expect(later.headers.get("idempotent-replay")).toBeNull();
    expect(await generationCount()).toBe(2);
  });

  it("does not keep a refusal: the same key succeeds once the cause is gone", async () => {
    harness.sandbox.accounts.setBalance(harness.free.accountId, 10);
    expect((await harness.post("/v1/images/generations", { prompt: "a" }, withKey("k-5"))).status).toBe(402);
    harness.sandbox.accounts.setBalance(harness.free.accountId, 100);
    const paid = await harness.post("/v1/images/generations", { prompt: "a" }, withKey("k-5"));
    expect(paid.status).toBe(202);
    expect(paid.headers.get("idempotent-replay")).toBeNull();
  });

  it("replays a cancel, and a bulk delete", async () => {
    const batch = await harness.create("images", { prompts: ["1", "2", "3", "4", "5"] });
    const queued = batch.generations[4]?.id;
    const cancel = await harness.post(`/v1/generations/${queued}/cancel`, {}, withKey("c-1"));
    const again = await harness.post(`/v1/generations/${queued}/cancel`, {}, withKey("c-1"));
    expect(again.headers.get("idempotent-replay")).toBe("true");
    expect(await again.json()).toEqual(await cancel.json());
    harness.sandbox.step();
    const ids = batch.generations.slice(0, 2).map((generation) => generation.id);
    const removed = await harness.post("/v1/generations/delete", { ids }, withKey("d-1"));
    expect(((await removed.json()) as { deleted: number }).deleted).toBe(2);
    const replayed = await harness.post("/v1/generations/delete", { ids }, withKey("d-1"));
    expect(replayed.headers.get("idempotent-replay")).toBe("true");
    expect(((await replayed.json()) as { deleted: number }).deleted).toBe(2);
  });

  it("replays an upload of the same bytes with the same file, and refuses other bytes", async () => {
    const jpg = await readFile(`${FIXTURES_DIR}sample.jpg`);
    const png = await readFile(`${FIXTURES_DIR}sample.png`);
    const first = (await (
      await harness.upload({ bytes: jpg, filename: "a.jpg" }, withKey("u-1"))
    ).json()) as FileJson;
    const again = await harness.upload({ bytes: jpg, filename: "a.jpg" }, withKey("u-1"));
    expect(again.headers.get("idempotent-replay")).toBe("true");
    expect(((await again.json()) as FileJson).id).toBe(first.id);
    const other = await harness.upload({ bytes: png, filename: "a.jpg" }, withKey("u-1"));
    expect(other.status).toBe(400);
    expect((await errorOf(other)).param).toBe("Idempotency-Key");
  });
});

describe("rate limits", () => {
  beforeEach(async () => {
    await harness.close();
    harness = await startHarness({ rateLimits: true });
  });

  it("puts X-RateLimit-* on every response, refusals and 404s included", async () => {
    const ok = await harness.get("/v1/account");
    expect(ok.status).toBe(200);
    expect([ok.headers.get("x-ratelimit-limit"), ok.headers.get("x-ratelimit-remaining")]).toEqual([
      "60",
      "59",
    ]);
    expect(ok.headers.get("x-ratelimit-reset")).toBe("60");
    harness.clock.advance(15_000);
    const missing = await harness.get("/v1/generations/gen_missing");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-ratelimit-remaining")).toBe("58");
    expect(missing.headers.get("x-ratelimit-reset")).toBe("45");
    const invalid = await harness.post("/v1/images/generations", { prompt: "a", aspect: "7:1" });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("x-ratelimit-remaining")).toBe("57");
    const anonymous = await harness.get("/v1/account", { key: null });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("x-ratelimit-limit")).toBe("120");
    const signed = await fetch(((await (await harness.upload("sample.png")).json()) as FileJson).url);
    expect(signed.headers.get("x-ratelimit-limit")).toBe("120");
  });

  it("allows 60 requests a minute per key, then 429 rate_limit_exceeded with Retry-After until the window moves", async () => {
    for (let index = 0; index < 60; index += 1) {
      harness.clock.advance(500);
      expect((await harness.get("/v1/account")).status).toBe(200);
    }
    const limited = await harness.get("/v1/account");
    expect(limited.status).toBe(429);
    expect(await errorOf(limited)).toMatchObject({ type: "rate_limit_error", code: "rate_limit_exceeded" });
    // The first of the 60 was 29.5 s ago; it leaves the window in 30.5 s.
    expect(limited.headers.get("retry-after")).toBe("31");
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    expect((await harness.get("/v1/account", { key: harness.pro.apiKey })).status).toBe(200);
    harness.clock.advance(30_500);
    expect((await harness.get("/v1/account")).status).toBe(200);
  });

  it("does not count refused requests", async () => {
    for (let index = 0; index < 60; index += 1) await harness.get("/v1/account");
    for (let index = 0; index < 5; index += 1) expect((await harness.get("/v1/account")).status).toBe(429);
    harness.clock.advance(60_000);
    for (let index = 0; index < 60; index += 1) expect((await harness.get("/v1/account")).status).toBe(200);
  });

  it("takes other numbers, and can be switched off (no headers then)", async () => {
    await harness.close();
    harness = await startHarness({ rateLimits: { perKey: 2 } });
    await harness.get("/v1/account");
    expect((await harness.account()).limits.rpm).toBe(2);
    expect((await harness.get("/v1/account")).status).toBe(429);
    await harness.close();
    harness = await startHarness({ rateLimits: false });
    for (let index = 0; index < 70; index += 1) {
      const response = await harness.get("/v1/account");
      expect(response.status).toBe(200);
      expect(response.headers.get("x-ratelimit-limit")).toBeNull();
    }
  });
});
