/**
 * The generation service's signed webhooks at the trust boundary: only a ticket we issued, only with the
 * signing secret of its user, only a signature over the raw body within five minutes, a generation of that
 * batch only, and each generation in a status once.
 */
import { createHmac } from "node:crypto";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { GenerationCredentials } from "../../../src/accounts/generation-links.js";
import { type Follower, observeJob } from "../../../src/generations/follower.js";
import { GenerationRecords } from "../../../src/generations/records.js";
import { generationHookRoutes } from "../../../src/http/generation-hooks.js";
import type { JobQueue } from "../../../src/jobs/queue.js";
import { ticketTag } from "../../../src/lifecycle/tickets.js";
import { createLogger } from "../../../src/logger.js";
import { createMemoryStorage } from "../../../src/storage/memory.js";
import { sampleBatch } from "../../support/batch-record.js";

const SECRET = "whsec_0123456789abcdef0123456789abcdef";
const NOW = 1_800_000_000;
const TICKET = "T".repeat(24);

class RecordingQueue {
  readonly jobs = new Map<string, unknown>();
  failing = false;
  readonly kind = "memory" as const;
  register() {}
  async enqueue(_definition: unknown, data: unknown, options: { jobId?: string } = {}) {
    if (this.failing) throw new Error("redis is down");
    const id = options.jobId ?? String(this.jobs.size);
    if (!this.jobs.has(id)) this.jobs.set(id, data);
  }
  async start() {}
  async depths() {
    return {};
  }
  async close() {}
}

function generation(id: string, status = "succeeded") {
  return {
    id,
    object: "generation",
    type: "image",
    status,
    model: "lumen-image-2",
    aspect: "1:1",
    resolution: "1K",
    prompt: "a kite",
    output: { url: "https://files.example.com/x.jpg", mime: "image/jpeg", expires_at: NOW + 86_400 },
    error: null,
    cost_tokens: 40,
    created: NOW - 20,
    metadata: {},
  };
}

async function setup(
  credentials: GenerationCredentials | undefined = { apiKey: "gsk_test_a_b", signingSecret: SECRET },
) {
  const storage = createMemoryStorage();
  const records = new GenerationRecords(storage);
  const queue = new RecordingQueue();
  await records.put(sampleBatch(TICKET, 5, NOW * 1000));
  await records.place("gen_0a1b", { ticket: TICKET, position: 0 });
  const lines: string[] = [];
  const app = new Hono();
  generationHookRoutes({
    records,
    credentials: { credentials: async () => credentials },
    queue: queue as unknown as JobQueue,
    observeJob: observeJob({ observe: async () => true } as unknown as Follower, async () => undefined),
    kv: storage.kv,
    logger: createLogger({ level: "debug", destination: { write: (line: string) => lines.push(line) } }),
    now: () => NOW,
  })(app);
  const post = (body: string, header: string | undefined, ticket = TICKET) =>
    app.request(`/hooks/generations/${ticket}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(header ? { "x-service-signature": header } : {}) },
      body,
    });
  return { post, queue, records, lines };
}

function signed(body: string, t = NOW, secret = SECRET): string {
  return `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;
}

describe("POST /hooks/generations/:ticket", () => {
  it("queues the news of a signed delivery and answers at once", async () => {
    const { post, queue } = await setup();
    const body = JSON.stringify({ data: generation("gen_0a1b") });
    const answer = await post(body, signed(body));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: "queued" });
    expect([...queue.jobs.keys()]).toEqual(["generation-hook-gen_0a1b-succeeded"]);
  });

  it("refuses a wrong signature, a changed body, a missing header and a stale or future time", async () => {
    const { post, queue } = await setup();
    const body = JSON.stringify({ data: generation("gen_0a1b") });
    expect((await post(body, signed(body, NOW, "whsec_someone_else_entirely_000"))).status).toBe(401);
    expect((await post(body.replace("a kite", "a cat"), signed(body))).status).toBe(401);
    expect((await post(body, undefined)).status).toBe(401);
    expect((await post(body, "t=abc,v1=zz")).status).toBe(401);
    expect((await post(body, signed(body, NOW - 301))).status).toBe(400);
    expect((await post(body, signed(body, NOW + 301))).status).toBe(400);
    expect((await post(body, signed(body, NOW - 299))).status).toBe(200);
    expect(queue.jobs.size).toBe(1);
  });

  it("ignores a replay of the same generation in the same status, whatever its signature's time", async () => {
    const { post, queue } = await setup();
    const body = JSON.stringify({ data: generation("gen_0a1b") });
    expect(await (await post(body, signed(body, NOW - 10))).json()).toEqual({ status: "queued" });
    expect(await (await post(body, signed(body, NOW))).json()).toEqual({ status: "duplicate" });
    expect(queue.jobs.size).toBe(1);
  });

  it("knows no unknown ticket, and trusts nothing for a user without a signing secret", async () => {
    const unknown = await setup();
    const body = JSON.stringify({ data: generation("gen_0a1b") });
    expect((await unknown.post(body, signed(body), "U".repeat(24))).status).toBe(404);
    const withoutSecret = await setup({ apiKey: "gsk_test_a_b" });
    expect((await withoutSecret.post(body, signed(body))).status).toBe(401);
    expect(withoutSecret.queue.jobs.size).toBe(0);
  });

  it("ignores a generation of another batch, refuses a body that is no delivery, and asks again when it cannot queue", async () => {
    const { post, queue } = await setup();
    const foreign = JSON.stringify({ data: generation("gen_ffff") });
    expect(await (await post(foreign, signed(foreign))).json()).toEqual({ status: "ignored" });
    const junk = JSON.stringify({ data: { id: "gen_0a1b" } });
    expect((await post(junk, signed(junk))).status).toBe(400);
    queue.failing = true;
    const body = JSON.stringify({ data: generation("gen_0a1b") });
    expect((await post(body, signed(body))).status).toBe(503);
    queue.failing = false;
    // Not marked as seen while it was not queued: the service's retry is taken.
    expect(await (await post(body, signed(body))).json()).toEqual({ status: "queued" });
  });

  it("names the batch in its log lines by the ticket's tag, never by the ticket", async () => {
    const { post, queue, lines } = await setup();
    const body = JSON.stringify({ data: generation("gen_0a1b") });
    await post(body, signed(body, NOW, "whsec_someone_else_entirely_000"));
    const foreign = JSON.stringify({ data: generation("gen_ffff") });
    await post(foreign, signed(foreign));
    queue.failing = true;
    await post(body, signed(body));
    const logged = lines.join("\n");
    expect(lines).toHaveLength(3);
    expect(logged).not.toContain(TICKET);
    expect(logged.split(ticketTag(TICKET))).toHaveLength(4);
  });
});
