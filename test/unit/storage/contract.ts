/**
 * The storage contract: every adapter must pass these. A harness gives a fresh, empty storage and a way
 * to let time pass (a fake clock for memory, real waiting for Redis, whose clock is its own).
 */
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { grammyStorage } from "../../../src/storage/grammy-adapter.js";
import type { Storage } from "../../../src/storage/ports.js";

export interface StorageHarness {
  storage: Storage;
  /** Lets at least this many milliseconds pass for the storage. */
  advance(ms: number): Promise<void>;
}

const CONTENDERS = 50;

export function defineStorageContract(name: string, createHarness: () => Promise<StorageHarness>): void {
  describe(`${name}: storage contract`, () => {
    const open: Storage[] = [];
    async function harness(): Promise<StorageHarness> {
      const created = await createHarness();
      open.push(created.storage);
      return created;
    }
    afterEach(async () => {
      await Promise.all(open.splice(0).map((storage) => storage.close()));
    });

    describe("key-value", () => {
      it("stores, overwrites and deletes values", async () => {
        const { storage } = await harness();
        expect(await storage.kv.get("user:1")).toBeUndefined();
        await storage.kv.set("user:1", "ada");
        await storage.kv.set("user:1", "grace");
        expect(await storage.kv.get("user:1")).toBe("grace");
        expect(await storage.kv.delete("user:1")).toBe(true);
        expect(await storage.kv.delete("user:1")).toBe(false);
        expect(await storage.kv.get("user:1")).toBeUndefined();
      });

      it("reads several keys at once, in the order asked, missing ones as undefined", async () => {
        const { storage } = await harness();
        await storage.kv.set("a", "1");
        await storage.kv.set("c", "3", { ttlMs: 60_000 });
        expect(await storage.kv.getMany(["c", "b", "a"])).toEqual(["3", undefined, "1"]);
        expect(await storage.kv.getMany([])).toEqual([]);
      });

      it("keeps unicode and empty values intact", async () => {
        const { storage } = await harness();
        await storage.kv.set("greeting", "Привіт, 世界 🎬");
        await storage.kv.set("empty", "");
        expect(await storage.kv.get("greeting")).toBe("Привіт, 世界 🎬");
        expect(await storage.kv.get("empty")).toBe("");
      });

      it("forgets a value once its time-to-live has passed, and not before", async () => {
        const { storage, advance } = await harness();
        await storage.kv.set("short", "x", { ttlMs: 200 });
        await storage.kv.set("long", "y", { ttlMs: 60_000 });
        await storage.kv.set("forever", "z");
        expect(await storage.kv.get("short")).toBe("x");
        await advance(250);
        expect(await storage.kv.get("short")).toBeUndefined();
        expect(await storage.kv.get("long")).toBe("y");
        expect(await storage.kv.get("forever")).toBe("z");
        expect(await storage.kv.keys("")).toEqual(["forever", "long"]);
      });

      it("drops an old time-to-live when a value is written again without one", async () => {
        const { storage, advance } = await harness();
        await storage.kv.set("session", "a", { ttlMs: 40 });
        await storage.kv.set("session", "b");
        await advance(80);
        expect(await storage.kv.get("session")).toBe("b");
      });

      it("rejects a time-to-live that is not positive", async () => {
        const { storage } = await harness();
        await expect(storage.kv.set("k", "v", { ttlMs: 0 })).rejects.toThrow(RangeError);
        await expect(storage.kv.setIfAbsent("k", "v", { ttlMs: -5 })).rejects.toThrow(RangeError);
        expect(await storage.kv.get("k")).toBeUndefined();
      });

      it("lets exactly one of many concurrent callers set a key that is absent", async () => {
        const { storage } = await harness();
        const results = await Promise.all(
          Array.from({ length: CONTENDERS }, (_, index) =>
            storage.kv.setIfAbsent("update:42", `instance-${index}`, { ttlMs: 60_000 }),
          ),
        );
        expect(results.filter(Boolean)).toHaveLength(1);
        const winner = results.indexOf(true);
        expect(await storage.kv.get("update:42")).toBe(`instance-${winner}`);
        expect(await storage.kv.setIfAbsent("update:42", "late")).toBe(false);
      });

      it("sets an expired key again with setIfAbsent", async () => {
        const { storage, advance } = await harness();
        expect(await storage.kv.setIfAbsent("dedupe", "1", { ttlMs: 200 })).toBe(true);
        expect(await storage.kv.setIfAbsent("dedupe", "2", { ttlMs: 200 })).toBe(false);
        await advance(250);
        expect(await storage.kv.setIfAbsent("dedupe", "3", { ttlMs: 40 })).toBe(true);
        expect(await storage.kv.get("dedupe")).toBe("3");
      });

      it("counts concurrent increments exactly", async () => {
        const { storage } = await harness();
        const values = await Promise.all(
          Array.from({ length: CONTENDERS }, () => storage.kv.increment("counter")),
        );
        expect([...values].sort((a, b) => a - b)).toEqual(
          Array.from({ length: CONTENDERS }, (_, i) => i + 1),
        );
        expect(await storage.kv.get("counter")).toBe(String(CONTENDERS));
      });

      it("sets a counter's expiry when it is created and does not extend it", async () => {
        const { storage, advance } = await harness();
        expect(await storage.kv.increment("window", { ttlMs: 400 })).toBe(1);
        await advance(50);
        expect(await storage.kv.increment("window", { ttlMs: 60_000 })).toBe(2);
        await advance(400);
        expect(await storage.kv.get("window")).toBeUndefined();
        expect(await storage.kv.increment("window", { ttlMs: 60_000 })).toBe(1);
      });

      it("refuses to increment a value that is not an integer", async () => {
        const { storage } = await harness();
        await storage.kv.set("name", "ada");
        await expect(storage.kv.increment("name")).rejects.toThrow();
        expect(await storage.kv.get("name")).toBe("ada");
      });

      it("lists the keys that start with a prefix, glob characters included", async () => {
        const { storage } = await harness();
        for (const key of ["user:2", "user:1", "user:10", "users", "task:1", "odd*[key]?:1", "odd*x"]) {
          await storage.kv.set(key, "v");
        }
        expect(await storage.kv.keys("user:")).toEqual(["user:1", "user:10", "user:2"]);
        expect(await storage.kv.keys("odd*[key]?")).toEqual(["odd*[key]?:1"]);
        expect(await storage.kv.keys("none:")).toEqual([]);
      });

      it("lists many keys completely", async () => {
        const { storage } = await harness();
        const keys = Array.from({ length: 1200 }, (_, index) => `bulk:${String(index).padStart(4, "0")}`);
        await Promise.all(keys.map((key) => storage.kv.set(key, "v")));
        expect(await storage.kv.keys("bulk:")).toEqual(keys);
      });

      it("keeps each port's names apart", async () => {
        const { storage } = await harness();
        await storage.kv.set("shared", "value");
        await storage.sortedSets.add("shared", "member", 1);
        expect(await storage.locks.acquire("shared", 60_000)).toBeDefined();
        await storage.buckets.take("shared", { capacity: 1, refillPerMs: 0.001 });
        expect(await storage.kv.get("shared")).toBe("value");
        expect(await storage.kv.keys("")).toEqual(["shared"]);
        expect(await storage.sortedSets.size("shared")).toBe(1);
      });
    });

    describe("sorted sets", () => {
      it("returns members due by a score, lowest first, within a limit", async () => {
        const { storage } = await harness();
        await storage.sortedSets.add("due", "task:3", 300);
        await storage.sortedSets.add("due", "task:1", 100);
        await storage.sortedSets.add("due", "task:2", 200);
        await storage.sortedSets.add("due", "task:4", 400);
        expect(await storage.sortedSets.rangeByScore("due", 300, 10)).toEqual(["task:1", "task:2", "task:3"]);
        expect(await storage.sortedSets.rangeByScore("due", 300, 2)).toEqual(["task:1", "task:2"]);
        expect(await storage.sortedSets.rangeByScore("due", 99, 10)).toEqual([]);
        expect(await storage.sortedSets.rangeByScore("due", Number.POSITIVE_INFINITY, 10)).toHaveLength(4);
        expect(await storage.sortedSets.rangeByScore("due", 1000, 0)).toEqual([]);
        expect(await storage.sortedSets.size("due")).toBe(4);
      });

      it("orders equal scores by member, bytewise", async () => {
        const { storage } = await harness();
        for (const member of ["b", "a", "é", "B", "ab"]) await storage.sortedSets.add("ties", member, 5);
        expect(await storage.sortedSets.rangeByScore("ties", 5, 10)).toEqual(["B", "a", "ab", "b", "é"]);
      });

      it("moves a member when it is added again, and removes it", async () => {
        const { storage } = await harness();
        await storage.sortedSets.add("due", "task:1", 100);
        await storage.sortedSets.add("due", "task:2", 200);
        await storage.sortedSets.add("due", "task:1", 1_700_000_000_123.5);
        expect(await storage.sortedSets.score("due", "task:1")).toBe(1_700_000_000_123.5);
        expect(await storage.sortedSets.rangeByScore("due", 1_800_000_000_000, 10)).toEqual([
          "task:2",
          "task:1",
        ]);
        expect(await storage.sortedSets.remove("due", "task:1")).toBe(true);
        expect(await storage.sortedSets.remove("due", "task:1")).toBe(false);
        expect(await storage.sortedSets.score("due", "task:1")).toBeUndefined();
        expect(await storage.sortedSets.size("due")).toBe(1);
        expect(await storage.sortedSets.size("missing")).toBe(0);
        expect(await storage.sortedSets.rangeByScore("missing", 1, 1)).toEqual([]);
      });

      it("keeps negative and fractional scores exact", async () => {
        const { storage } = await harness();
        await storage.sortedSets.add("s", "neg", -2.25);
        await storage.sortedSets.add("s", "zero", 0);
        expect(await storage.sortedSets.score("s", "neg")).toBe(-2.25);
        expect(await storage.sortedSets.rangeByScore("s", -1, 10)).toEqual(["neg"]);
      });
    });

    describe("locks", () => {
      it("gives a lock to exactly one of many concurrent callers", async () => {
        const { storage } = await harness();
        const tokens = await Promise.all(
          Array.from({ length: CONTENDERS }, () => storage.locks.acquire("deliver:7", 60_000)),
        );
        const granted = tokens.filter((token) => token !== undefined);
        expect(granted).toHaveLength(1);
      });

      it("releases only with the holder's token", async () => {
        const { storage } = await harness();
        const token = await storage.locks.acquire("deliver:7", 60_000);
        expect(token).toBeDefined();
        expect(await storage.locks.release("deliver:7", "someone-else")).toBe(false);
        expect(await storage.locks.acquire("deliver:7", 60_000)).toBeUndefined();
        expect(await storage.locks.release("deliver:7", token ?? "")).toBe(true);
        expect(await storage.locks.release("deliver:7", token ?? "")).toBe(false);
        expect(await storage.locks.acquire("deliver:7", 60_000)).toBeDefined();
      });

      it("a held lock can be extended by its holder only, and then outlives its first time-to-live", async () => {
        const { storage, advance } = await harness();
        const token = await storage.locks.acquire("deliver:8", 60);
        expect(await storage.locks.extend("deliver:8", "someone-else", 60_000)).toBe(false);
        expect(await storage.locks.extend("deliver:8", token ?? "", 60_000)).toBe(true);
        await advance(120);
        expect(await storage.locks.acquire("deliver:8", 60_000)).toBeUndefined();
        expect(await storage.locks.release("deliver:8", token ?? "")).toBe(true);
        expect(await storage.locks.extend("deliver:8", token ?? "", 60_000)).toBe(false);
      });

      it("frees an expired lock, and the old holder cannot release the new one", async () => {
        const { storage, advance } = await harness();
        const first = await storage.locks.acquire("reconcile", 40);
        expect(first).toBeDefined();
        await advance(80);
        const second = await storage.locks.acquire("reconcile", 60_000);
        expect(second).toBeDefined();
        expect(second).not.toBe(first);
        expect(await storage.locks.release("reconcile", first ?? "")).toBe(false);
        expect(await storage.locks.acquire("reconcile", 60_000)).toBeUndefined();
        expect(await storage.locks.release("reconcile", second ?? "")).toBe(true);
      });
    });

    describe("token buckets", () => {
      const slow = { capacity: 3, refillPerMs: 3 / 60_000 };

      it("grants a full bucket's capacity at once, then says how long to wait", async () => {
        const { storage } = await harness();
        for (let call = 0; call < 3; call += 1) {
          expect(await storage.buckets.take("key:a", slow)).toEqual({ waitMs: 0 });
        }
        const { waitMs } = await storage.buckets.take("key:a", slow);
        expect(waitMs).toBeGreaterThan(19_000);
        expect(waitMs).toBeLessThanOrEqual(20_000);
        expect(await storage.buckets.take("key:b", slow)).toEqual({ waitMs: 0 });
      });

      it("charges a cost of several tokens and refuses it whole when short", async () => {
        const { storage } = await harness();
        const rule = { capacity: 5, refillPerMs: 5 / 60_000 };
        expect(await storage.buckets.take("uploads", rule, 4)).toEqual({ waitMs: 0 });
        const { waitMs } = await storage.buckets.take("uploads", rule, 2);
        expect(waitMs).toBeGreaterThan(11_000);
        expect(waitMs).toBeLessThanOrEqual(12_000);
        expect(await storage.buckets.take("uploads", rule, 1)).toEqual({ waitMs: 0 });
      });

      it("refills over time, and the stated wait is enough", async () => {
        const { storage, advance } = await harness();
        const rule = { capacity: 2, refillPerMs: 1 / 500 };
        await storage.buckets.take("refill", rule);
        await storage.buckets.take("refill", rule);
        const { waitMs } = await storage.buckets.take("refill", rule);
        expect(waitMs).toBeGreaterThan(0);
        expect(waitMs).toBeLessThanOrEqual(500);
        await advance(waitMs);
        expect(await storage.buckets.take("refill", rule)).toEqual({ waitMs: 0 });
      });

      it("never holds more than its capacity after a long idle time", async () => {
        const { storage, advance } = await harness();
        const rule = { capacity: 2, refillPerMs: 1 / 500 };
        await storage.buckets.take("idle", rule, 2);
        await advance(1_500);
        expect(await storage.buckets.take("idle", rule, 2)).toEqual({ waitMs: 0 });
        expect((await storage.buckets.take("idle", rule)).waitMs).toBeGreaterThan(0);
      });

      it("shares one budget among concurrent callers", async () => {
        const { storage } = await harness();
        const results = await Promise.all(
          Array.from({ length: CONTENDERS }, () =>
            storage.buckets.take("shared", { capacity: 30, refillPerMs: 30 / 60_000 }),
          ),
        );
        expect(results.filter((result) => result.waitMs === 0)).toHaveLength(30);
      });

      it("rejects a cost the bucket could never pay", async () => {
        const { storage } = await harness();
        await expect(storage.buckets.take("big", { capacity: 2, refillPerMs: 1 }, 3)).rejects.toThrow(
          RangeError,
        );
        await expect(storage.buckets.take("bad", { capacity: 2, refillPerMs: 0 })).rejects.toThrow(
          RangeError,
        );
      });
    });

    describe("rate windows", () => {
      const minute = { limit: 3, windowMs: 60_000 };

      it("grants the limit at once, then waits until the oldest event leaves the window", async () => {
        const { storage } = await harness();
        for (let call = 0; call < 3; call += 1) {
          expect(await storage.windows.take("key:a", minute)).toEqual({ waitMs: 0 });
        }
        const { waitMs } = await storage.windows.take("key:a", minute);
        expect(waitMs).toBeGreaterThan(59_000);
        expect(waitMs).toBeLessThanOrEqual(60_000);
        expect(await storage.windows.take("key:b", minute)).toEqual({ waitMs: 0 });
      });

      it("lets no more than the limit into any window, however the events are spread", async () => {
        const { storage, advance } = await harness();
        const rule = { limit: 2, windowMs: 600 };
        expect(await storage.windows.take("spread", rule)).toEqual({ waitMs: 0 });
        await advance(300);
        expect(await storage.windows.take("spread", rule)).toEqual({ waitMs: 0 });
        // A bucket of 2 refilling 2 per 600 ms would have a token again by now; the window has none.
        await advance(200);
        const { waitMs } = await storage.windows.take("spread", rule);
        expect(waitMs).toBeGreaterThan(0);
        expect(waitMs).toBeLessThanOrEqual(100);
        await advance(waitMs);
        expect(await storage.windows.take("spread", rule)).toEqual({ waitMs: 0 });
      });

      it("records a cost of several events whole or not at all", async () => {
        const { storage } = await harness();
        const rule = { limit: 5, windowMs: 60_000 };
        expect(await storage.windows.take("uploads", rule, 4)).toEqual({ waitMs: 0 });
        expect((await storage.windows.take("uploads", rule, 2)).waitMs).toBeGreaterThan(59_000);
        expect(await storage.windows.take("uploads", rule, 1)).toEqual({ waitMs: 0 });
      });

      it("shares one budget among concurrent callers", async () => {
        const { storage } = await harness();
        const results = await Promise.all(
          Array.from({ length: CONTENDERS }, () =>
            storage.windows.take("shared", { limit: 30, windowMs: 60_000 }),
          ),
        );
        expect(results.filter((result) => result.waitMs === 0)).toHaveLength(30);
      });

      it("rejects a cost that could never fit", async () => {
        const { storage } = await harness();
        await expect(storage.windows.take("big", { limit: 2, windowMs: 1_000 }, 3)).rejects.toThrow(
          RangeError,
        );
        await expect(storage.windows.take("bad", { limit: 2, windowMs: 0 })).rejects.toThrow(RangeError);
      });
    });

    describe("grammY adapter", () => {
      const SessionSchema = z.object({ locale: z.string(), step: z.number(), media: z.array(z.string()) });

      it("round-trips values as JSON under its prefix", async () => {
        const { storage } = await harness();
        const sessions = grammyStorage<z.infer<typeof SessionSchema>>(storage.kv, {
          prefix: "session:",
          schema: SessionSchema,
        });
        const value = { locale: "uk", step: 2, media: ["AgAD1", "BQAD2"] };
        expect(await sessions.read("100")).toBeUndefined();
        await sessions.write("100", value);
        expect(await sessions.read("100")).toEqual(value);
        expect(await storage.kv.get("session:100")).toBe(JSON.stringify(value));
        expect(await sessions.has?.("100")).toBe(true);
        const keys: string[] = [];
        for await (const key of sessions.readAllKeys?.() ?? []) keys.push(key);
        expect(keys).toEqual(["100"]);
        await sessions.delete("100");
        expect(await sessions.read("100")).toBeUndefined();
      });

      it("refuses stored data that does not fit the schema", async () => {
        const { storage } = await harness();
        await storage.kv.set("session:1", JSON.stringify({ locale: 5 }));
        const sessions = grammyStorage(storage.kv, { prefix: "session:", schema: SessionSchema });
        await expect(sessions.read("1")).rejects.toThrow();
      });

      it("forgets an abandoned value after its time-to-live, renewed by each write", async () => {
        const { storage, advance } = await harness();
        const forms = grammyStorage<{ step: number }>(storage.kv, { prefix: "conversation:", ttlMs: 800 });
        await forms.write("5", { step: 1 });
        await advance(500);
        await forms.write("5", { step: 2 });
        await advance(500);
        expect(await forms.read("5")).toEqual({ step: 2 });
        await advance(400);
        expect(await forms.read("5")).toBeUndefined();
      });
    });

    it("answers a ping", async () => {
      const { storage } = await harness();
      await expect(storage.ping()).resolves.toBeUndefined();
    });
  });
}
