import { fileTypeFromBuffer } from "file-type";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PROVIDER_TIMEOUT_MESSAGE, SAFETY_FILTER_MESSAGE } from "../../../dev/generation-sandbox/index.js";
import { bufferSource, durationOf } from "../../../dev/tasks-sandbox/duration/index.js";
import { errorOf, type GenerationJson, type Harness, startHarness } from "./harness.js";

let harness: Harness;

beforeEach(async () => {
  harness = await startHarness();
});
afterEach(async () => {
  await harness.close();
});

const DAY = 24 * 60 * 60_000;

async function balance(key?: string): Promise<number> {
  return (await harness.account(key)).balance_tokens;
}

async function statuses(ids: string[], key?: string): Promise<string[]> {
  const result: string[] = [];
  for (const id of ids) result.push((await harness.generation(id, key)).status);
  return result;
}

async function download(url: string): Promise<{ status: number; type: string | undefined; bytes: number }> {
  const response = await fetch(url);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, type: (await fileTypeFromBuffer(bytes))?.ext, bytes: bytes.length };
}

describe("reservation, charge and refund", () => {
  it("reserves at creation, keeps the reservation as the charge on success", async () => {
    const batch = await harness.create("videos", { prompt: "Surf", model: "cinematic-3", duration: 10 });
    const cost = batch.cost_tokens;
    expect(batch.balance_tokens).toBe(10_000 - cost);
    expect(await balance()).toBe(10_000 - cost);
    const id = batch.generations[0]?.id ?? "";
    expect((await harness.generation(id)).status).toBe("running");
    harness.sandbox.step();
    const done = await harness.generation(id);
    expect(done).toMatchObject({ status: "succeeded", cost_tokens: cost, error: null });
    expect(await balance()).toBe(10_000 - cost);
  });

  it("refunds a failed generation: error filled, nothing charged", async () => {
    harness.sandbox.faults.failGenerations(1, SAFETY_FILTER_MESSAGE);
    const batch = await harness.create("images", { prompts: ["kept", "kept too"] });
    const [failing, fine] = batch.generations.map((generation) => generation.id);
    expect(await balance()).toBe(10_000 - 80);
    harness.sandbox.step();
    expect(await harness.generation(failing ?? "")).toMatchObject({
      status: "failed",
      output: null,
      error: { message: SAFETY_FILTER_MESSAGE },
    });
    expect((await harness.generation(fine ?? "")).status).toBe("succeeded");
    expect(await balance()).toBe(10_000 - 40);
  });

  it("refunds a canceled generation; the balance matches what succeeded", async () => {
    const batch = await harness.create("images", { prompts: ["1", "2", "3", "4", "5", "6"] });
    const ids = batch.generations.map((generation) => generation.id);
    expect(await balance()).toBe(10_000 - 240);
    await harness.post(`/v1/generations/${ids[5]}/cancel`, {});
    expect(await balance()).toBe(10_000 - 200);
    harness.sandbox.step(2);
    expect(await statuses(ids)).toEqual([
      "succeeded",
      "succeeded",
      "succeeded",
      "succeeded",
      "succeeded",
      "canceled",
    ]);
    expect(await balance()).toBe(10_000 - 5 * 40);
  });

  it("charges the key's budget too: 402 key_budget_exceeded past it, failures refunded to it", async () => {
    const key = harness.sandbox.accounts.issueKey(harness.free.accountId, { budgetTokens: 100 });
    harness.sandbox.faults.failGenerations(1, PROVIDER_TIMEOUT_MESSAGE);
    const batch = await harness.create("images", { prompts: ["a", "b"] }, key.apiKey);
    expect((await harness.account(key.apiKey)).key).toMatchObject({
      budget_tokens: 100,
      budget_used_tokens: 80,
    });
    const over = await harness.post("/v1/images/generations", { prompt: "c" }, { key: key.apiKey });
    expect(over.status).toBe(402);
    expect(await errorOf(over)).toMatchObject({ type: "billing_error", code: "key_budget_exceeded" });
    expect((await harness.post("/v1/images/generations", { prompt: "c" })).status).toBe(202);
    harness.sandbox.step();
    expect((await harness.generation(batch.generations[0]?.id ?? "")).status).toBe("failed");
    expect(harness.sandbox.accounts.keyBudgetUsed(key.keyId)).toBe(40);
    expect((await harness.post("/v1/images/generations", { prompt: "c" }, { key: key.apiKey })).status).toBe(
      202,
    );
  });
});

describe("concurrency slots and the queue", () => {
  it("runs 4 at once on Free, the rest waiting in order", async () => {
    const batch = await harness.create("images", { prompts: ["1", "2", "3", "4", "5", "6"] });
    const ids = batch.generations.map((generation) => generation.id);
    expect(batch.generations.every((generation) => generation.status === "queued")).toBe(true);
    expect(await statuses(ids)).toEqual(["running", "running", "running", "running", "queued", "queued"]);
    harness.sandbox.step();
    expect(await statuses(ids)).toEqual([
      "succeeded",
      "succeeded",
      "succeeded",
      "succeeded",
      "running",
      "running",
    ]);
  });

  it("runs 8 at once on Pro", async () => {
    const batch = await harness.create(
      "images",
      { prompts: Array.from({ length: 10 }, String) },
      harness.pro.apiKey,
    );
    const running = (
      await statuses(
        batch.generations.map((generation) => generation.id),
        harness.pro.apiKey,
      )
    ).filter((status) => status === "running");
    expect(running).toHaveLength(8);
  });

  it("keeps each account's slots apart", async () => {
    const mine = await harness.create("images", { prompts: ["1", "2", "3", "4"] });
    const theirs = await harness.create("images", { prompt: "x" }, harness.pro.apiKey);
    expect(await statuses(mine.generations.map((generation) => generation.id))).toEqual(
      Array(4).fill("running"),
    );
    expect((await harness.generation(theirs.generations[0]?.id ?? "", harness.pro.apiKey)).status).toBe(
      "running",
    );
  });

  it("fills the new slots at once when the plan moves up to Pro", async () => {
    const batch = await harness.create("images", { prompts: Array.from({ length: 8 }, String) });
    harness.sandbox.accounts.setPlan(harness.free.accountId, "Pro");
    expect(await statuses(batch.generations.map((generation) => generation.id))).toEqual(
      Array(8).fill("running"),
    );
    expect((await harness.account()).limits.concurrent_generations).toBe(8);
  });

  it("answers 429 queue_full when a request would pass 1000 in flight, and takes work again as it drains", async () => {
    harness.sandbox.accounts.setBalance(harness.free.accountId, 1_000_000);
    const prompts = Array.from({ length: 100 }, (_, index) => `p${index}`);
    await harness.create("images", { prompts, n: 4, model: "atelier-3" });
    await harness.create("images", { prompts, n: 4, model: "atelier-3" });
    await harness.create("images", { prompts: prompts.slice(0, 50), n: 4, model: "atelier-3" });
    const full = await harness.post("/v1/images/generations", { prompt: "one more" });
    expect(full.status).toBe(429);
    expect(await errorOf(full)).toMatchObject({ type: "rate_limit_error", code: "queue_full" });
    const before = await balance();
    harness.sandbox.step();
    expect(await balance()).toBe(before);
    expect((await harness.post("/v1/images/generations", { prompts: ["a", "b", "c", "d"] })).status).toBe(
      202,
    );
  });
});

describe("results", () => {
  it.each([
    ["the default image model", { prompt: "x" }, "jpg", "image/jpeg"],
    ["the quality-mode model", { prompt: "x", model: "atelier-3" }, "webp", "image/webp"],
  ])("serves a real image from %s", async (_name, body, ext, mime) => {
    const batch = await harness.create("images", body);
    harness.sandbox.step();
    const done = await harness.generation(batch.generations[0]?.id ?? "");
    expect(done.output).toEqual({ url: expect.any(String), mime, expires_at: expect.any(Number) });
    const file = await download(done.output?.url ?? "");
    expect(file).toMatchObject({ status: 200, type: ext });
  });

  it("serves a PNG for a transparent background", async () => {
    const batch = await harness.create(
      "images",
      { prompt: "logo", model: "prism-image-1", background: "transparent" },
      harness.pro.apiKey,
    );
    harness.sandbox.step();
    const done = await harness.generation(batch.generations[0]?.id ?? "", harness.pro.apiKey);
    expect(done.output?.mime).toBe("image/png");
    expect((await download(done.output?.url ?? "")).type).toBe("png");
  });

  it("serves a video as a real MP4 with a poster frame", async () => {
    const batch = await harness.create("videos", { prompt: "x" });
    harness.sandbox.step();
    const done = await harness.generation(batch.generations[0]?.id ?? "");
    expect(done.output).toEqual({
      url: expect.stringMatching(
        /\/v1\/files\/file_[0-9a-f]+\/content\?u=acct_[0-9a-f]+&exp=\d+&sig=[0-9a-f]{64}$/,
      ),
      poster_url: expect.stringMatching(/&kind=poster$/),
      mime: "video/mp4",
      expires_at: Math.floor(harness.clock.now / 1000) + 24 * 60 * 60,
    });
    expect(await download(done.output?.url ?? "")).toMatchObject({ status: 200, type: "mp4" });
    expect(await download(done.output?.poster_url ?? "")).toMatchObject({ status: 200, type: "jpg" });
    const used = (await harness.account()).storage.bytes_used;
    const file = await download(done.output?.url ?? "");
    const poster = await download(done.output?.poster_url ?? "");
    expect(used).toBe(file.bytes + poster.bytes);
  });

  it.each([
    ["reel-1", undefined, 8],
    ["cinematic-3", 15, 15],
    ["kinetic-2.1", 5, 5],
  ] as const)("serves a %s video of %s s as a clip that plays %i s", async (model, duration, seconds) => {
    const batch = await harness.create("videos", { prompt: "x", model, ...(duration ? { duration } : {}) });
    harness.sandbox.step();
    const done = await harness.generation(batch.generations[0]?.id ?? "");
    const clip = Buffer.from(await (await fetch(done.output?.url ?? "")).arrayBuffer());
    expect(await durationOf(bufferSource(clip), "mp4")).toBe(seconds);
  });

  it("signs links that expire after 24 hours; reading the generation again issues a fresh one", async () => {
    const batch = await harness.create("videos", { prompt: "x" });
    harness.sandbox.step();
    const id = batch.generations[0]?.id ?? "";
    const first = await harness.generation(id);
    harness.clock.advance(DAY - 1000);
    expect((await download(first.output?.url ?? "")).status).toBe(200);
    harness.clock.advance(1000);
    const expired = await fetch(first.output?.url ?? "");
    expect(expired.status).toBe(403);
    expect((await errorOf(expired)).code).toBe("invalid_signature");
    expect((await fetch(first.output?.poster_url ?? "")).status).toBe(403);
    const renewed = await harness.generation(id);
    expect(renewed.output?.url).not.toBe(first.output?.url);
    expect(renewed.output?.expires_at).toBe(Math.floor(harness.clock.now / 1000) + 24 * 60 * 60);
    expect((await download(renewed.output?.url ?? "")).status).toBe(200);
    expect((await download(renewed.output?.poster_url ?? "")).status).toBe(200);
  });

  it("keeps results 7 days on Free and 30 on Pro; then the file is gone and the row stays", async () => {
    const free = await harness.create("images", { prompt: "x" });
    const pro = await harness.create("images", { prompt: "x" }, harness.pro.apiKey);
    harness.sandbox.step();
    harness.clock.advance(7 * DAY - 1);
    expect((await harness.generation(free.generations[0]?.id ?? "")).output).not.toBeNull();
    harness.clock.advance(1);
    const expired = await harness.generation(free.generations[0]?.id ?? "");
    expect(expired).toMatchObject({ status: "succeeded", output: null });
    expect((await harness.account()).storage.bytes_used).toBe(0);
    expect(
      (await harness.generation(pro.generations[0]?.id ?? "", harness.pro.apiKey)).output,
    ).not.toBeNull();
    harness.clock.advance(23 * DAY);
    expect((await harness.generation(pro.generations[0]?.id ?? "", harness.pro.apiKey)).output).toBeNull();
  });
});

describe("storage", () => {
  it("refuses new generations with 413 storage_full when the shared store is full; running ones still finish", async () => {
    const quota = (await harness.account()).storage.bytes_quota;
    const running = await harness.create("images", { prompts: ["a", "b", "c", "d", "e"] });
    harness.sandbox.accounts.setWebAppStorage(harness.free.accountId, quota);
    const full = await harness.post("/v1/images/generations", { prompt: "more" });
    expect(full.status).toBe(413);
    expect(await errorOf(full)).toMatchObject({ code: "storage_full" });
    harness.sandbox.step(2);
    expect(await statuses(running.generations.map((generation) => generation.id))).toEqual(
      Array(5).fill("succeeded"),
    );
    const storage = (await harness.account()).storage;
    expect(storage).toMatchObject({ bytes_remaining: 0, percent: 100, unlimited: false });
    expect(storage.bytes_used).toBeGreaterThan(quota);
    // The web application frees all but one byte of its share; the results still fill the store.
    harness.sandbox.accounts.setWebAppStorage(harness.free.accountId, quota - 1);
    expect((await harness.post("/v1/images/generations", { prompt: "more" })).status).toBe(413);
    harness.clock.advance(1);
    const deleted = await harness.post("/v1/generations/delete", { older_than_days: 0 });
    expect(((await deleted.json()) as { deleted: number }).deleted).toBe(5);
    expect((await harness.account()).storage.bytes_remaining).toBe(1);
    expect((await harness.post("/v1/images/generations", { prompt: "more" })).status).toBe(202);
  });

  it("reports the percentage used", async () => {
    const quota = (await harness.account()).storage.bytes_quota;
    harness.sandbox.accounts.setWebAppStorage(harness.free.accountId, quota / 4);
    expect((await harness.account()).storage).toMatchObject({ bytes_used: quota / 4, percent: 25 });
    expect(harness.sandbox.accounts.storage(harness.free.accountId).percent).toBe(25);
  });

  it("never fills an unlimited store", async () => {
    const accountId = harness.sandbox.accounts.create({ unlimitedStorage: true });
    const key = harness.sandbox.accounts.issueKey(accountId);
    harness.sandbox.accounts.setWebAppStorage(accountId, 100 * 1024 ** 3);
    expect((await harness.post("/v1/images/generations", { prompt: "x" }, { key: key.apiKey })).status).toBe(
      202,
    );
  });
});

describe("automatic running", () => {
  it("finishes generations on their own timers; idle() waits for them", async () => {
    await harness.close();
    harness = await startHarness({ autoStep: true, durationsMs: { image: 2, video: 5 } });
    const images = await harness.create("images", { prompts: ["1", "2", "3", "4", "5", "6"] });
    const video = await harness.create("videos", { prompt: "v" });
    await harness.sandbox.idle();
    const ids = [...images.generations, ...video.generations].map((generation) => generation.id);
    expect(await statuses(ids)).toEqual(Array(7).fill("succeeded"));
    expect(await balance()).toBe(10_000 - 6 * 40 - 60);
  });
});

describe("generation faults", () => {
  it("slows the next generation down: it needs factor steps", async () => {
    harness.sandbox.faults.slowGenerations(1, 3);
    const batch = await harness.create("images", { prompts: ["slow", "normal"] });
    const [slow, normal] = batch.generations.map((generation) => generation.id);
    harness.sandbox.step();
    expect(await statuses([slow ?? "", normal ?? ""])).toEqual(["running", "succeeded"]);
    harness.sandbox.step();
    expect((await harness.generation(slow ?? "")).status).toBe("running");
    harness.sandbox.step();
    expect((await harness.generation(slow ?? "")).status).toBe("succeeded");
  });

  it("fails a fraction of generations by the sandbox's random draws", async () => {
    await harness.close();
    const draws = [0.1, 0.9, 0.3, 0.7];
    harness = await startHarness({
      random: () => draws.shift() ?? 1,
      faults: { failFraction: { fraction: 0.5 } },
    });
    const batch = await harness.create("images", { prompts: ["1", "2", "3", "4"] });
    harness.sandbox.step();
    expect(await statuses(batch.generations.map((generation) => generation.id))).toEqual([
      "failed",
      "succeeded",
      "failed",
      "succeeded",
    ]);
    expect(await balance()).toBe(10_000 - 80);
  });

  it("fails one chosen generation", async () => {
    const batch = await harness.create("images", { prompts: ["1", "2", "3"] });
    const ids = batch.generations.map((generation) => generation.id);
    harness.sandbox.faults.failGeneration(ids[1] ?? "", PROVIDER_TIMEOUT_MESSAGE);
    harness.sandbox.step();
    const failed: GenerationJson = await harness.generation(ids[1] ?? "");
    expect(failed.error).toEqual({ message: PROVIDER_TIMEOUT_MESSAGE });
    expect(await statuses(ids)).toEqual(["succeeded", "failed", "succeeded"]);
  });

  it("answers 503 provider_unavailable to create requests while the provider is down", async () => {
    harness.sandbox.faults.providerDown(true);
    const response = await harness.post("/v1/videos/generations", { prompt: "x" });
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toMatchObject({ type: "api_error", code: "provider_unavailable" });
    expect(await balance()).toBe(10_000);
    harness.sandbox.faults.reset();
    expect((await harness.post("/v1/videos/generations", { prompt: "x" })).status).toBe(202);
  });

  it.each([429, 503] as const)(
    "answers the next requests with %i and Retry-After, then recovers",
    async (status) => {
      harness.sandbox.faults.failRequests(2, status, 7);
      for (let index = 0; index < 2; index += 1) {
        const response = await harness.get("/v1/account");
        expect(response.status).toBe(status);
        expect(response.headers.get("retry-after")).toBe("7");
        expect((await errorOf(response)).code).toBe(
          status === 429 ? "rate_limit_exceeded" : "provider_unavailable",
        );
      }
      expect((await harness.get("/v1/account")).status).toBe(200);
    },
  );

  it("creates the generations and then answers 500 after creating; the same Idempotency-Key replays the 202", async () => {
    harness.sandbox.faults.errorsAfterCreate(1);
    const headers = { "idempotency-key": "form-7" };
    const lost = await harness.post("/v1/images/generations", { prompt: "x" }, { headers });
    expect(lost.status).toBe(500);
    expect(await errorOf(lost)).toMatchObject({ type: "api_error", code: "internal_error" });
    expect(await balance()).toBe(10_000 - 40);
    const retried = await harness.post("/v1/images/generations", { prompt: "x" }, { headers });
    expect(retried.status).toBe(202);
    expect(retried.headers.get("idempotent-replay")).toBe("true");
    expect(await balance()).toBe(10_000 - 40);
    const list = (await (await harness.get("/v1/generations")).json()) as { data: unknown[] };
    expect(list.data).toHaveLength(1);
  });

  it("arms faults from the start options and disarms everything on reset", async () => {
    await harness.close();
    harness = await startHarness({
      faults: { httpErrors: { status: 503, count: 1 }, failGenerations: { count: 5 }, providerDown: true },
    });
    expect((await harness.get("/v1/account")).status).toBe(503);
    harness.sandbox.faults.reset();
    const batch = await harness.create("images", { prompt: "x" });
    harness.sandbox.step();
    expect((await harness.generation(batch.generations[0]?.id ?? "")).status).toBe("succeeded");
  });
});
