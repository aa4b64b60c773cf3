import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../../src/storage/memory.js";
import { TaskBilling } from "../../../src/tasks-service/billing.js";

describe("how the task service bills", () => {
  it("is token billing until a profile says otherwise, and the next start remembers what it said", async () => {
    const storage = createMemoryStorage();
    const billing = new TaskBilling(storage.kv);
    await billing.load();
    expect(billing.kind).toBe("tokens");
    await billing.note("quota");
    expect(billing.kind).toBe("quota");
    const nextStart = new TaskBilling(storage.kv);
    await nextStart.load();
    expect(nextStart.kind).toBe("quota");
  });

  it("writes only when a profile says something new", async () => {
    const writes: string[] = [];
    const storage = createMemoryStorage();
    const kv = {
      get: (key: string) => storage.kv.get(key),
      set: async (key: string, value: string) => {
        writes.push(value);
        await storage.kv.set(key, value);
      },
    };
    const billing = new TaskBilling(kv);
    await billing.note("tokens");
    await billing.note("quota");
    await billing.note("quota");
    expect(writes).toEqual(['"quota"']);
  });

  it("reads a stored value it does not know as token billing", async () => {
    const storage = createMemoryStorage();
    await storage.kv.set("tasks-service:billing", '"credits"');
    const billing = new TaskBilling(storage.kv);
    await billing.load();
    expect(billing.kind).toBe("tokens");
  });
});
