/**
 * The memory storage's token buckets on a clock the test moves, recording the bucket names it is asked
 * for (to check that no name carries an API key).
 */
import { createMemoryStorage } from "../../src/storage/memory.js";
import type { TokenBucketStore } from "../../src/storage/ports.js";

export interface FakeClock {
  now: number;
}

export function createRecordingBuckets(clock: FakeClock): TokenBucketStore & { names(): string[] } {
  const storage = createMemoryStorage({ now: () => clock.now });
  const names = new Set<string>();
  return {
    take(bucket, rule, cost) {
      names.add(bucket);
      return storage.buckets.take(bucket, rule, cost);
    },
    names: () => [...names],
  };
}
