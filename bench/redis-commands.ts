/** Counting the commands a Redis server runs, from INFO commandstats (commands inside Lua scripts included). */
import type { Redis } from "ioredis";

const CommandStatLine = /^cmdstat_([^:]+):calls=(\d+),/;

/** Calls per command since the server started (INFO itself left out: the benchmark sends it). */
export async function commandCalls(redis: Redis): Promise<Map<string, number>> {
  const calls = new Map<string, number>();
  for (const line of (await redis.info("commandstats")).split("\r\n")) {
    const match = CommandStatLine.exec(line);
    if (match?.[1] && match[2] && match[1] !== "info") calls.set(match[1], Number(match[2]));
  }
  return calls;
}

export function callsBetween(before: Map<string, number>, after: Map<string, number>): Map<string, number> {
  const delta = new Map<string, number>();
  for (const [command, count] of after) {
    const added = count - (before.get(command) ?? 0);
    if (added > 0) delta.set(command, added);
  }
  return delta;
}

export function total(calls: Map<string, number>): number {
  return [...calls.values()].reduce((sum, count) => sum + count, 0);
}
