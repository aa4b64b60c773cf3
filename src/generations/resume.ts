/** What a start takes up after a crash: followed users polled now, each open batch's next finished album. */
import type { JobDefinition, JobQueue } from "../jobs/queue.js";
import type { DeliverData } from "./deliver-job.js";
import { type GenerationRecords, isFinished } from "./records.js";

/** More open batches or followed users than this are taken up by the ordinary polls and hand-ons. */
const MAX_RESUMED = 10_000;

export async function resumeGenerations(deps: {
  records: GenerationRecords;
  queue: Pick<JobQueue, "enqueue">;
  deliverJob: JobDefinition<DeliverData>;
  now?: () => number;
}): Promise<{ users: number; albums: number }> {
  const { records, queue, deliverJob } = deps;
  const startedAt = (deps.now ?? Date.now)();
  const users = await records.pollsDue(Number.MAX_SAFE_INTEGER, MAX_RESUMED);
  for (const userId of users) await records.schedulePoll(userId, startedAt);
  let albums = 0;
  for (const ticket of await records.open.due(Number.MAX_SAFE_INTEGER, MAX_RESUMED)) {
    const record = await records.get(ticket);
    if (record?.state !== "created") {
      await records.open.remove(ticket);
      continue;
    }
    // Only the first album not in the chat: each delivery hands the turn to the next.
    const next = (await records.chunks(record)).find((chunk) => !chunk.delivered && chunk.abandoned !== true);
    if (!next?.items.every((item) => isFinished(item.status))) continue;
    await queue.enqueue(
      deliverJob,
      { ticket, chunk: next.index },
      { jobId: `generation-deliver-${ticket}-${next.index}-resumed-${startedAt}` },
    );
    albums += 1;
  }
  return { users: users.length, albums };
}
