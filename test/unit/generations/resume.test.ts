/**
 * A start takes up at once what a process that died left: the users' polls are due now instead of a lease
 * away, the open batch's next finished album is queued for delivery under an id of this start, and a poll
 * pass that finds the user's lock still held by the dead process looks again within seconds. The clock is
 * the test's.
 */
import { describe, expect, it } from "vitest";
import { Follower } from "../../../src/generations/follower.js";
import { pollJob } from "../../../src/generations/poller.js";
import { type ChunkItem, GenerationRecords } from "../../../src/generations/records.js";
import { resumeGenerations } from "../../../src/generations/resume.js";
import type { EnqueueOptions, JobDefinition } from "../../../src/jobs/queue.js";
import { createLogger } from "../../../src/logger.js";
import { createMemoryStorage } from "../../../src/storage/memory.js";
import { sampleBatch } from "../../support/batch-record.js";

const logger = createLogger({ level: "silent" });
const OPEN = "open-batch-ticket-000001";
const DONE = "done-batch-ticket-000001";
const USER = 31;

function items(from: number, status: ChunkItem["status"]): ChunkItem[] {
  return Array.from({ length: 10 }, (_, offset) => ({
    id: `gen_${(from + offset).toString(16)}f`,
    position: from + offset,
    prompt: "a pier",
    status,
    costTokens: 40,
    reservedTokens: 40,
  }));
}

async function setup() {
  const clock = { now: 1_790_000_000_000 };
  const storage = createMemoryStorage({ now: () => clock.now });
  const records = new GenerationRecords(storage, () => clock.now);
  await records.put({ ...sampleBatch(OPEN, USER, clock.now), count: 30 });
  await records.putChunk({ ticket: OPEN, index: 0, items: items(0, "succeeded"), delivered: true });
  // The process died after this album went out and before its message of buttons.
  await records.putChunk({
    ticket: OPEN,
    index: 1,
    items: items(10, "succeeded"),
    delivered: false,
    sent: ["media"],
  });
  await records.putChunk({ ticket: OPEN, index: 2, items: items(20, "succeeded"), delivered: false });
  await records.open.add(OPEN, clock.now);
  await records.put({ ...sampleBatch(DONE, USER, clock.now), state: "finished" });
  await records.open.add(DONE, clock.now);
  // The dead process's poller had leased the user's next pass a minute ahead.
  await records.schedulePoll(USER, clock.now + 60_000);
  const queued: Array<{ name: string; data: unknown; options: EnqueueOptions | undefined }> = [];
  const queue = {
    enqueue: async <T>(definition: JobDefinition<T>, data: T, options?: EnqueueOptions) => {
      queued.push({ name: definition.name, data, options });
    },
  };
  return { clock, storage, records, queued, queue };
}

describe("a start after a crash", () => {
  it("polls every followed user now and queues the next finished album of each open batch at once", async () => {
    const rig = await setup();
    const deliverJob = { name: "deliver-generations" } as JobDefinition<{ ticket: string; chunk: number }>;
    const resumed = await resumeGenerations({
      records: rig.records,
      queue: rig.queue,
      deliverJob,
      now: () => rig.clock.now,
    });
    expect(resumed).toEqual({ users: 1, albums: 1 });
    expect(await rig.records.pollsDue(rig.clock.now, 10)).toEqual([USER]);
    expect(rig.queued).toEqual([
      {
        name: "deliver-generations",
        data: { ticket: OPEN, chunk: 1 },
        options: { jobId: `generation-deliver-${OPEN}-1-resumed-${rig.clock.now}` },
      },
    ]);
    // A batch already finished is no longer kept among the open ones.
    expect(await rig.records.open.due(Number.MAX_SAFE_INTEGER, 10)).toEqual([OPEN]);
  });

  it("a poll pass that finds the user's lock still held looks again within seconds, not a lease later", async () => {
    const rig = await setup();
    // The lock the dead process held while it polled.
    await rig.storage.locks.acquire(`generation-poll:${USER}`, 15_000);
    const follower = new Follower({
      records: rig.records,
      queue: rig.queue as never,
      deliverJob: { name: "deliver-generations" } as never,
      refreshCard: async () => undefined,
    });
    const job = pollJob({
      records: rig.records,
      follower,
      locks: rig.storage.locks,
      credentials: { credentials: async () => ({ apiKey: "gsk_test_key_secret" }) },
      service: {
        listGenerations: () => Promise.reject(new Error("the lock is held: nothing is read")),
        getGeneration: () => Promise.reject(new Error("the lock is held: nothing is read")),
      },
      budget: async () => undefined,
      intervalMs: () => 30_000,
      now: () => rig.clock.now,
    });
    await job.handler({ userId: USER }, { jobId: "poll", attempt: 1, logger });
    expect(await rig.records.pollsDue(rig.clock.now + 5_000, 10)).toEqual([USER]);
  });
});
