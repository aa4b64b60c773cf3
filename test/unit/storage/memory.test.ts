import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../../src/storage/memory.js";
import { defineStorageContract } from "./contract.js";

defineStorageContract("memory", async () => {
  let now = 1_700_000_000_000;
  const storage = createMemoryStorage({ now: () => now });
  return {
    storage,
    async advance(ms) {
      now += ms;
    },
  };
});

describe("memory storage", () => {
  it("drops expired keys that are never read again, as writes go on", async () => {
    let now = 0;
    const storage = createMemoryStorage({ now: () => now });
    for (let index = 0; index < 1000; index += 1) await storage.kv.set(`update:${index}`, "1", { ttlMs: 10 });
    now += 20;
    for (let index = 0; index < 1000; index += 1) await storage.kv.set(`fresh:${index}`, "1");
    expect(await storage.kv.keys("")).toHaveLength(1000);
    expect(await storage.kv.keys("update:")).toEqual([]);
  });

  it("reads the time only from the clock it is given", async () => {
    let now = 0;
    const storage = createMemoryStorage({ now: () => now });
    await storage.kv.set("k", "v", { ttlMs: 1_000 });
    now = 999;
    expect(await storage.kv.get("k")).toBe("v");
    now = 1_000;
    expect(await storage.kv.get("k")).toBeUndefined();
  });
});
