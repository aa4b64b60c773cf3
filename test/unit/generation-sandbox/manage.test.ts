import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { errorOf, type GenerationJson, type Harness, type StorageJson, startHarness } from "./harness.js";

let harness: Harness;

beforeEach(async () => {
  harness = await startHarness();
});
afterEach(async () => {
  await harness.close();
});

interface ListJson {
  object: "list";
  data: GenerationJson[];
  has_more: boolean;
  next_cursor: string | null;
}

async function list(query = "", key?: string): Promise<ListJson> {
  const response = await harness.get(`/v1/generations${query}`, key ? { key } : {});
  expect(response.status).toBe(200);
  return (await response.json()) as ListJson;
}

/** Creates `count` images one request each (oldest first) and returns their ids. */
async function images(count: number, key?: string): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const batch = await harness.create("images", { prompt: `image ${index}` }, key);
    ids.push(batch.generations[0]?.id ?? "");
  }
  return ids;
}

describe("GET /v1/generations", () => {
  it("pages newest first with starting_after, and hides other accounts' generations", async () => {
    const ids = await images(5);
    await images(1, harness.pro.apiKey);
    const first = await list("?limit=2");
    expect(first.object).toBe("list");
    expect(first.data.map((generation) => generation.id)).toEqual([ids[4], ids[3]]);
    expect(first).toMatchObject({ has_more: true, next_cursor: ids[3] });
    const second = await list(`?limit=2&starting_after=${first.next_cursor}`);
    expect(second.data.map((generation) => generation.id)).toEqual([ids[2], ids[1]]);
    const last = await list(`?limit=2&starting_after=${second.next_cursor}`);
    expect(last.data.map((generation) => generation.id)).toEqual([ids[0]]);
    expect(last).toMatchObject({ has_more: false, next_cursor: null });
    expect((await list()).data).toHaveLength(5);
  });

  it("omits mode outside create responses", async () => {
    await images(1);
    expect((await list()).data[0]).not.toHaveProperty("mode");
  });

  it("filters by status and by type", async () => {
    harness.sandbox.faults.failGenerations(1);
    const [failed, ...rest] = await images(6);
    await harness.create("videos", { prompt: "clip" });
    // Free: 4 slots. The first four run and finish; two images and the clip wait, then run.
    harness.sandbox.step();
    expect((await list("?status=failed")).data.map((generation) => generation.id)).toEqual([failed]);
    expect((await list("?status=succeeded")).data).toHaveLength(3);
    expect((await list("?status=running")).data).toHaveLength(3);
    expect((await list("?status=queued")).data).toHaveLength(0);
    expect((await list("?type=video")).data.map((generation) => generation.type)).toEqual(["video"]);
    expect((await list("?type=image&status=running")).data.map((generation) => generation.id)).toEqual([
      rest[4],
      rest[3],
    ]);
    expect((await list("?status=&type=")).data).toHaveLength(7);
  });

  it("pages past a cursor whose generation was deleted", async () => {
    const ids = await images(3);
    harness.sandbox.step();
    expect((await harness.delete(`/v1/generations/${ids[1]}`)).status).toBe(200);
    expect((await list(`?starting_after=${ids[1]}`)).data.map((generation) => generation.id)).toEqual([
      ids[0],
    ]);
  });

  it.each(["limit=0", "limit=101", "limit=abc", "limit=2.5", "status=canceled", "status=done", "type=audio"])(
    "answers %s with the framework's 422",
    async (query) => {
      const response = await harness.get(`/v1/generations?${query}`);
      expect(response.status).toBe(422);
      const name = query.split("=")[0];
      expect(await response.json()).toEqual({
        detail: [
          {
            loc: ["query", name],
            msg: expect.any(String),
            type: expect.any(String),
            input: expect.anything(),
          },
        ],
      });
    },
  );

  it("accepts limit=100 and defaults to 20", async () => {
    harness.sandbox.accounts.setBalance(harness.free.accountId, 100_000);
    await harness.create("images", { prompts: Array.from({ length: 25 }, (_, index) => `p${index}`) });
    expect((await list()).data).toHaveLength(20);
    expect((await list("?limit=100")).data).toHaveLength(25);
  });

  it("answers 400 for a cursor that is no generation of the account", async () => {
    const [theirs] = await images(1, harness.pro.apiKey);
    for (const cursor of ["gen_nope", theirs]) {
      const response = await harness.get(`/v1/generations?starting_after=${cursor}`);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatchObject({ code: "invalid_request", param: "starting_after" });
    }
  });
});

describe("GET /v1/generations/{id}", () => {
  it("returns the generation; 404 not_found for an unknown id or another account's", async () => {
    const [id] = await images(1);
    expect((await harness.generation(id ?? "")).prompt).toBe("image 0");
    for (const response of [
      await harness.get("/v1/generations/gen_0123456789abcdef01234567"),
      await harness.get(`/v1/generations/${id}`, { key: harness.pro.apiKey }),
    ]) {
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toMatchObject({ code: "not_found" });
    }
  });
});

describe("POST /v1/generations/{id}/cancel", () => {
  it("cancels a queued generation, refunds it and answers the canceled generation", async () => {
    const ids = await images(5);
    expect((await harness.account()).balance_tokens).toBe(10_000 - 200);
    const response = await harness.post(`/v1/generations/${ids[4]}/cancel`, {});
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: ids[4], status: "canceled", output: null });
    expect((await harness.account()).balance_tokens).toBe(10_000 - 160);
    expect((await harness.post(`/v1/generations/${ids[4]}/cancel`, {})).status).toBe(200);
    expect((await harness.account()).balance_tokens).toBe(10_000 - 160);
    harness.sandbox.step();
    expect((await harness.generation(ids[4] ?? "")).status).toBe("canceled");
  });

  it("answers 409 already_running for a running generation, and for a finished one", async () => {
    const [id] = await images(1);
    const running = await harness.post(`/v1/generations/${id}/cancel`, {});
    expect(running.status).toBe(409);
    expect(await errorOf(running)).toMatchObject({ code: "already_running" });
    harness.sandbox.step();
    expect((await harness.post(`/v1/generations/${id}/cancel`, {})).status).toBe(409);
    expect((await harness.account()).balance_tokens).toBe(10_000 - 40);
  });

  it("answers 404 for another account's generation", async () => {
    const [id] = await images(1, harness.pro.apiKey);
    expect((await harness.post(`/v1/generations/${id}/cancel`, {})).status).toBe(404);
  });
});

describe("DELETE /v1/generations/{id}", () => {
  it("removes a finished generation and its file for good", async () => {
    const [id] = await images(1);
    harness.sandbox.step();
    const done = await harness.generation(id ?? "");
    const used = (await harness.account()).storage.bytes_used;
    expect(used).toBeGreaterThan(0);
    const response = await harness.delete(`/v1/generations/${id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id, object: "generation", deleted: true });
    expect((await harness.get(`/v1/generations/${id}`)).status).toBe(404);
    expect((await fetch(done.output?.url ?? "")).status).toBe(404);
    expect((await harness.account()).storage.bytes_used).toBe(0);
    expect((await harness.delete(`/v1/generations/${id}`)).status).toBe(404);
  });

  it("refuses a queued generation (400) and a running one (409 already_running)", async () => {
    const ids = await images(5);
    expect(await errorOf(await harness.delete(`/v1/generations/${ids[0]}`))).toMatchObject({
      code: "already_running",
    });
    const queued = await harness.delete(`/v1/generations/${ids[4]}`);
    expect(queued.status).toBe(400);
    expect((await errorOf(queued)).code).toBe("invalid_request");
  });

  it("deletes failed and canceled generations", async () => {
    harness.sandbox.faults.failGenerations(1);
    const ids = await images(5);
    await harness.post(`/v1/generations/${ids[4]}/cancel`, {});
    harness.sandbox.step();
    expect((await harness.delete(`/v1/generations/${ids[0]}`)).status).toBe(200);
    expect((await harness.delete(`/v1/generations/${ids[4]}`)).status).toBe(200);
  });
});

describe("POST /v1/generations/delete", () => {
  interface DeleteJson {
    object: "delete_result";
    deleted: number;
    storage: StorageJson;
  }

  it("deletes the listed finished generations of the account and reports fresh storage", async () => {
    const ids = await images(6);
    const [theirs] = await images(1, harness.pro.apiKey);
    harness.sandbox.step();
    // ids 0-3 succeeded, 4-5 running.
    const response = await harness.post("/v1/generations/delete", {
      ids: [ids[0], ids[1], ids[4], theirs, "gen_unknown", ids[0]],
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as DeleteJson;
    expect(body).toMatchObject({ object: "delete_result", deleted: 2 });
    expect(body.storage).toEqual((await harness.account()).storage);
    expect((await harness.get(`/v1/generations/${theirs}`, { key: harness.pro.apiKey })).status).toBe(200);
  });

  it("deletes finished generations older than older_than_days", async () => {
    const [old] = await images(1);
    harness.sandbox.step();
    harness.clock.advance(3 * 24 * 60 * 60_000);
    const [recent] = await images(1);
    harness.sandbox.step();
    const response = await harness.post("/v1/generations/delete", { older_than_days: 2 });
    expect(((await response.json()) as DeleteJson).deleted).toBe(1);
    expect((await harness.get(`/v1/generations/${old}`)).status).toBe(404);
    expect((await harness.get(`/v1/generations/${recent}`)).status).toBe(200);
  });

  it.each([
    ["neither field", {}],
    ["no body", ""],
    ["both fields", { ids: [], older_than_days: 1 }],
    ["501 ids", { ids: Array(501).fill("gen_x") }],
    ["a negative day count", { older_than_days: -1 }],
    ["an unknown field", { status: "failed" }],
  ])("refuses %s with 400 invalid_request", async (_name, body) => {
    const response = await harness.post("/v1/generations/delete", body);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("invalid_request");
  });

  it("answers a body that is no JSON object with the framework's 422", async () => {
    expect((await harness.post("/v1/generations/delete", "[1]")).status).toBe(422);
  });
});
