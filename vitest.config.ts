import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest runs one file fewer at a time than there are cores, so on two cores one file at a time.
    // The end-to-end files spend most of their time waiting on other processes and real clocks (a
    // stalled job's lock, a Redis outage), so a second file runs well beside them.
    maxWorkers: 2,
  },
});
