/**
 * Finished images are not held behind failed ones. The service announces only successes; failures are
 * found in its failed list. When a webhook's image cannot go to the chat because an image ahead of it in
 * the batch's order is not known to be finished, the failed list is read within the interval (seconds,
 * not the next poll's half minute), again each interval while results are held so, and not at all when
 * nothing waits. The clock is the test's; jobs are run by hand from what was queued.
 */
import { describe, expect, it } from "vitest";
import type {
  Generation,
  GenerationPage,
  GenerationStatus,
} from "../../../src/generation-service/responses.js";
import { failureCheckJob } from "../../../src/generations/failure-check.js";
import { Follower, observeJob } from "../../../src/generations/follower.js";
import { type ChunkItem, GenerationRecords } from "../../../src/generations/records.js";
import type { EnqueueOptions, JobDefinition } from "../../../src/jobs/queue.js";
import { createLogger } from "../../../src/logger.js";
import { createMemoryStorage } from "../../../src/storage/memory.js";
import { sampleBatch } from "../../support/batch-record.js";

const TICKET = "held-results-ticket-0001";
const USER = 21;
const INTERVAL_MS = 4_000;
const CREATED = 1_790_000_000;
const logger = createLogger({ level: "silent" });

const idOf = (position: number) => `gen_${(0xa00 + position).toString(16)}`;

function generation(position: number, status: GenerationStatus): Generation {
  return {
    id: idOf(position),
    object: "generation",
    type: "image",
    status,
    model: "lumen-image-2",
    aspect: "1:1",
    resolution: "1K",
    prompt: `a pier, take ${position + 1}`,
    output:
      status === "succeeded"
        ? {
            url: `https://results.example.com/${position}.jpg`,
            mime: "image/jpeg",
            expires_at: CREATED + 86_400,
          }
        : null,
    error: status === "failed" ? { message: "The model provider failed to generate the result" } : null,
    cost_tokens: 40,
    created: CREATED,
    metadata: {},
  };
}

interface Queued {
  name: string;
  data: unknown;
  options: EnqueueOptions | undefined;
}

/** A batch of `count` images whose statuses the bot knows as given (unlisted ones succeeded). */
async function setup(
  count: number,
  known: Record<number, GenerationStatus>,
  onService: Record<number, GenerationStatus>,
) {
  const clock = { now: CREATED * 1000 + 60_000 };
  const storage = createMemoryStorage({ now: () => clock.now });
  const records = new GenerationRecords(storage, () => clock.now);
  await records.put({ ...sampleBatch(TICKET, USER, clock.now), count });
  for (let index = 0; index * 10 < count; index++) {
    const items: ChunkItem[] = [];
    for (let position = index * 10; position < Math.min(count, index * 10 + 10); position++) {
      const status = known[position] ?? "succeeded";
      items.push({
        id: idOf(position),
        position,
        prompt: `a pier, take ${position + 1}`,
        status,
        costTokens: 40,
        reservedTokens: 40,
      });
      await records.place(idOf(position), { ticket: TICKET, position });
      if (status === "queued" || status === "running")
        await records.follow(USER, idOf(position), CREATED * 1000);
    }
    await records.putChunk({ ticket: TICKET, index, items, delivered: false });
  }
  const queued: Queued[] = [];
  const queue = {
    enqueue: async <T>(definition: JobDefinition<T>, data: T, options?: EnqueueOptions) => {
      queued.push({ name: definition.name, data, options });
    },
  };
  const follower = new Follower({
    records,
    queue: queue as never,
    deliverJob: { name: "deliver-generations" } as never,
    refreshCard: async () => undefined,
  });
  const lists: string[] = [];
  const service = {
    async listGenerations(_apiKey: string, query: { status?: string } = {}): Promise<GenerationPage> {
      lists.push(query.status ?? "");
      const data = Object.entries(onService)
        .filter(([, status]) => status === query.status)
        .map(([position, status]) => generation(Number(position), status));
      return { object: "list", data, has_more: false, next_cursor: null };
    },
  };
  const failures = failureCheckJob({
    records,
    follower,
    locks: storage.locks,
    credentials: { credentials: async () => ({ apiKey: "gsk_test_key_secret", signingSecret: "whsec" }) },
    service,
    budget: async () => undefined,
    queue,
    intervalMs: INTERVAL_MS,
    now: () => clock.now,
  });
  const observe = observeJob(follower, failures.checkSoon);
  const context = { jobId: "job", attempt: 1, logger };
  /** Runs the failure checks queued so far, each at its time. */
  async function runChecks(): Promise<number> {
    const checks = queued.filter((entry) => entry.name === failures.job.name);
    queued.splice(0, queued.length, ...queued.filter((entry) => entry.name !== failures.job.name));
    for (const check of checks) {
      clock.now += check.options?.delayMs ?? 0;
      await failures.job.handler(check.data as never, context);
    }
    return checks.length;
  }
  return { clock, queued, lists, observe, context, runChecks, onService };
}

const deliveries = (queued: Queued[]) =>
  queued
    .filter((entry) => entry.name === "deliver-generations")
    .map((entry) => (entry.data as { chunk: number }).chunk);

describe("a finished album waiting on a missing image", () => {
  it("reads the failed list within seconds of the webhook, and the album goes as soon as the failure is known", async () => {
    // Image 4 failed on the service; the bot does not know yet. Image 10's webhook completes the rest.
    const rig = await setup(10, { 3: "running", 9: "running" }, { 3: "failed", 9: "succeeded" });
    await rig.observe.handler({ generation: generation(9, "succeeded") }, rig.context);
    expect(deliveries(rig.queued)).toEqual([]);
    const check = rig.queued.find((entry) => entry.name === "check-generation-failures");
    expect(check?.options?.delayMs).toBeLessThanOrEqual(INTERVAL_MS);

    expect(await rig.runChecks()).toBe(1);
    expect(rig.lists).toEqual(["failed"]);
    expect(deliveries(rig.queued)).toEqual([0]);
    // Nothing is held any more: no further check is queued.
    expect(await rig.runChecks()).toBe(0);
  });

  it("a whole later album held by a missing image in the one before it brings the check too", async () => {
    const rig = await setup(20, { 5: "running", 19: "running" }, { 5: "failed", 19: "succeeded" });
    await rig.observe.handler({ generation: generation(19, "succeeded") }, rig.context);
    // The second album is complete but waits for its turn; the first waits on image 6.
    expect(deliveries(rig.queued)).toEqual([1]);
    expect(await rig.runChecks()).toBe(1);
    expect(deliveries(rig.queued)).toEqual([1, 0]);
  });

  it("looks again each interval while the missing image is still being made, then stops", async () => {
    const rig = await setup(10, { 3: "running", 9: "running" }, { 9: "succeeded" });
    await rig.observe.handler({ generation: generation(9, "succeeded") }, rig.context);
    expect(await rig.runChecks()).toBe(1);
    expect(await rig.runChecks()).toBe(1);
    expect(rig.lists).toEqual(["failed", "failed"]);
    const next = rig.queued.find((entry) => entry.name === "check-generation-failures");
    expect(next?.options?.delayMs).toBeLessThanOrEqual(INTERVAL_MS);
    expect(next?.options?.delayMs).toBeGreaterThan(0);

    rig.onService[3] = "failed";
    expect(await rig.runChecks()).toBe(1);
    expect(deliveries(rig.queued)).toEqual([0]);
    expect(await rig.runChecks()).toBe(0);
    expect(rig.lists).toHaveLength(3);
  });

  it("reads nothing when a success leaves no result waiting on another", async () => {
    // Images 1 to 9 are known; the last one's webhook completes the album, which goes at once.
    const rig = await setup(10, { 9: "running" }, { 9: "succeeded" });
    await rig.observe.handler({ generation: generation(9, "succeeded") }, rig.context);
    expect(deliveries(rig.queued)).toEqual([0]);
    expect(await rig.runChecks()).toBe(0);
    expect(rig.lists).toEqual([]);
  });
});
