/**
 * The memory storage's rate windows on a clock the test moves, recording the window names it is asked
 * for (to check that no name carries an API key).
 */
import { createMemoryStorage } from "../../src/storage/memory.js";
import type { RateWindowStore } from "../../src/storage/ports.js";

export interface FakeClock {
  now: number;
}

export function createRecordingWindows(clock: FakeClock): RateWindowStore & { names(): string[] } {
  const storage = createMemoryStorage({ now: () => clock.now });
  const names = new Set<string>();
  return {
    take(name, rule, cost) {
      names.add(name);
      return storage.windows.take(name, rule, cost);
    },
    names: () => [...names],
  };
}
