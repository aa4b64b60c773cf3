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
