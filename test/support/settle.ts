import type { JobQueue } from "../../src/jobs/queue.js";

/** Resolves once no job is waiting, running or delayed (on the queues not named in `except`). */
export async function settleQueue(
  queue: Pick<JobQueue, "depths">,
  options: { rounds?: number; except?: string } = {},
): Promise<void> {
  const { rounds = 2_000, except } = options;
  for (let round = 0; round < rounds; round++) {
    const depths = Object.entries(await queue.depths()).filter(([name]) => name !== except);
    if (depths.every(([, depth]) => depth.waiting + depth.active + depth.delayed === 0)) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error("jobs did not settle");
}

/** Resolves with the probe's first value that is neither undefined nor false; rejects after `timeoutMs`. */
export async function eventually<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const QUEUE_DEPTH_LINE = /^bot_queue_jobs\{queue="([^"]+)",state="(waiting|active|delayed)"\} (\d+)$/;

/**
 * Resolves once the program answering at `httpUrl` reports on /metrics no job waiting, running or
 * delayed (on the queues named in `jobs`, else on all): whatever a test set off has run, so an
 * assertion that nothing happened is not merely early.
 */
export async function settleJobs(
  httpUrl: string,
  options: { jobs?: readonly string[]; timeoutMs?: number } = {},
): Promise<void> {
  const { jobs, timeoutMs = 30_000 } = options;
  let pending: string[] = [];
  try {
    await eventually(async () => {
      const metrics = await (await fetch(`${httpUrl}/metrics`)).text();
      const depths = metrics.split("\n").flatMap((line) => {
        const depth = QUEUE_DEPTH_LINE.exec(line);
        return depth ? [{ queue: depth[1] ?? "", state: depth[2] ?? "", count: Number(depth[3]) }] : [];
      });
      // Without depths the wait would prove nothing: the metric's name or labels have changed.
      if (depths.length === 0) throw new Error(`no queue depths on ${httpUrl}/metrics`);
      pending = depths
        .filter(({ queue, count }) => count > 0 && (jobs === undefined || jobs.includes(queue)))
        .map(({ queue, state, count }) => `${queue} ${state} ${count}`);
      return pending.length === 0;
    }, timeoutMs);
  } catch (error) {
    throw new Error(`jobs did not settle: ${pending.join(", ")}`, { cause: error });
  }
}
