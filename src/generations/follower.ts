/** What the service says of a generation goes into its chunk once; a chunk all finished goes to delivery. */
import { z } from "zod";
import { type Generation, GenerationSchema, type GenerationStatus } from "../generation-service/responses.js";
import type { JobDefinition, JobQueue } from "../jobs/queue.js";
import { defineJob, ticketTag } from "../lifecycle/tickets.js";
import {
  type BatchRecord,
  type ChunkItem,
  chunkOf,
  type GenerationRecords,
  isFinished,
  storedOutput,
} from "./records.js";

/** What the service reported about a generation; a cancel we made reports only its new status. */
export type Observation = Pick<Generation, "id" | "status"> &
  Partial<Pick<Generation, "output" | "error" | "cost_tokens">>;

/** News of a status no further along changes nothing. */
const rank = (status: GenerationStatus) => (status === "queued" ? 0 : status === "running" ? 1 : 2);

/** The item as the observation leaves it; undefined when the observation is not news. */
function observed(item: ChunkItem, observation: Observation): ChunkItem | undefined {
  // A finished generation stays as it finished; older or repeated news changes nothing.
  if (isFinished(item.status) || rank(observation.status) <= rank(item.status)) return undefined;
  const output = observation.output;
  return {
    ...item,
    status: observation.status,
    ...(observation.cost_tokens === undefined ? {} : { costTokens: observation.cost_tokens }),
    ...(output ? { output: storedOutput(output) } : {}),
    ...(observation.error ? { error: observation.error.message } : {}),
  };
}

interface FollowerDeps {
  records: GenerationRecords;
  queue: JobQueue;
  deliverJob: JobDefinition<{ ticket: string; chunk: number }>;
  /** Throttled by the caller. */
  refreshCard(ticket: string): Promise<void>;
}

/** The unfinished generations ahead of a finished result in albums not yet in the chat: they hold it back. */
export async function heldBack(records: GenerationRecords, record: BatchRecord): Promise<string[]> {
  const waiting = (await records.chunks(record)).filter(
    (chunk) => !chunk.delivered && chunk.abandoned !== true,
  );
  const lastWithResult = waiting.findLastIndex((chunk) =>
    chunk.items.some((item) => isFinished(item.status)),
  );
  return waiting
    .slice(0, lastWithResult + 1)
    .flatMap((chunk) => chunk.items.filter((item) => !isFinished(item.status)).map((item) => item.id));
}

export class Follower {
  constructor(private readonly deps: FollowerDeps) {}

  /** The batch whose finished generation waits on an unfinished one in its album or an earlier one. */
  async waitsOnMissing(generationId: string): Promise<string | undefined> {
    const { records } = this.deps;
    const place = await records.locate(generationId);
    if (!place) return undefined;
    // Albums reach the chat in order: below the newest one delivered, none is still waiting.
    for (let index = chunkOf(place.position); index >= 0; index--) {
      const chunk = await records.chunk(place.ticket, index);
      if (chunk?.delivered) return undefined;
      if (!chunk || chunk.abandoned === true) continue;
      if (chunk.items.some((item) => !isFinished(item.status))) return place.ticket;
    }
    return undefined;
  }

  /** Records what the service said; true when it was news. */
  async observe(observation: Observation): Promise<boolean> {
    const { records, queue, deliverJob } = this.deps;
    const place = await records.locate(observation.id);
    if (!place) return false;
    const index = chunkOf(place.position);
    const chunk = await records.changeChunk(place.ticket, index, (current) => {
      const at = current.items.findIndex((item) => item.id === observation.id);
      const item = current.items[at];
      const next = item && observed(item, observation);
      return next ? { ...current, items: current.items.with(at, next) } : undefined;
    });
    if (!chunk) return false;
    if (isFinished(observation.status)) {
      const batch = await records.get(place.ticket);
      if (batch) await records.unfollow(batch.userId, observation.id);
    }
    if (!chunk.delivered && chunk.items.every((item) => isFinished(item.status))) {
      await queue.enqueue(
        deliverJob,
        { ticket: place.ticket, chunk: index },
        { jobId: `generation-deliver-${ticketTag(place.ticket)}-${index}` },
      );
    }
    await this.deps.refreshCard(place.ticket);
    return true;
  }
}

const ObserveDataSchema = z.object({ generation: GenerationSchema });
export type ObserveData = z.infer<typeof ObserveDataSchema>;

/** A webhook's news; a success held behind an unfinished one asks for the failed list soon. */
export function observeJob(
  follower: Follower,
  checkFailures: (ticket: string) => Promise<void>,
): JobDefinition<ObserveData> {
  const tuning = { attempts: 5, backoffMs: 2_000, concurrency: 16 };
  return defineJob("observe-generation", ObserveDataSchema, tuning, async ({ generation }) => {
    const news = await follower.observe(generation);
    if (!news || generation.status !== "succeeded") return;
    const ticket = await follower.waitsOnMissing(generation.id);
    if (ticket) await checkFailures(ticket);
  });
}
