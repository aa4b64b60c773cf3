/** Work done holding a lock another instance may hold for a moment: waited for, within a bound. */
import { setTimeout as sleep } from "node:timers/promises";
import type { LockStore } from "./ports.js";

/** Runs `work` holding the lock `name`, trying again after `pauseMs()` for `waitMs`, then throwing `busy()`. */
export async function underLock<T>(
  locks: LockStore,
  name: string,
  wait: { ttlMs: number; waitMs: number; pauseMs: () => number; busy: () => Error; now?: () => number },
  work: () => Promise<T>,
): Promise<T> {
  const now = wait.now ?? Date.now;
  const deadline = now() + wait.waitMs;
  let token = await locks.acquire(name, wait.ttlMs);
  while (token === undefined) {
    if (now() > deadline) throw wait.busy();
    await sleep(wait.pauseMs());
    token = await locks.acquire(name, wait.ttlMs);
  }
  try {
    return await work();
  } finally {
    await locks.release(name, token);
  }
}
