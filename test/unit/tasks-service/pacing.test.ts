import { describe, expect, it } from "vitest";
import { TasksServiceError } from "../../../src/tasks-service/errors.js";
import { KeyPacing, type PacedCall } from "../../../src/tasks-service/pacing.js";
import { createRecordingWindows, type FakeClock } from "../../support/tasks-service-client-windows.js";

const KEY = "cmp_AbCd1234_0123456789abcdefghijABCDEFGHIJ";
const OTHER_KEY = "cmp_ZyXw9876_0123456789abcdefghijABCDEFGHIJ";

function setup(options: { maxWaitMs?: number; pollMaxWaitMs?: number } = {}) {
  const clock: FakeClock = { now: 1_000_000 };
  const windows = createRecordingWindows(clock);
  const sleeps: number[] = [];
  const pacing = new KeyPacing(windows, {
    ...options,
    // Waiting moves the test's clock; nothing really sleeps.
    sleep: async (ms) => {
      sleeps.push(ms);
      clock.now += ms;
      await new Promise((resolve) => setImmediate(resolve));
    },
  });
  return { clock, windows, sleeps, pacing };
}

async function repeat(pacing: KeyPacing, call: PacedCall, times: number, key = KEY): Promise<void> {
  for (let i = 0; i < times; i += 1) await pacing.acquire(key, call);
}

describe("KeyPacing", () => {
  it("lets 30 requests a minute through per key and makes the 31st wait for a token", async () => {
    const { pacing, sleeps } = setup();
    await repeat(pacing, "read", 30);
    expect(sleeps).toEqual([]);
    await pacing.acquire(KEY, "read");
    expect(sleeps.length).toBeGreaterThan(0);
    expect(sleeps.reduce((sum, ms) => sum + ms, 0)).toBeGreaterThanOrEqual(2_000);
  });

  it("never lets more than 30 requests into any minute, an early burst included", async () => {
    const { pacing, sleeps, clock } = setup();
    const start = clock.now;
    await repeat(pacing, "read", 30);
    clock.now += 30_000;
    await pacing.acquire(KEY, "read");
    expect(clock.now - start).toBeGreaterThanOrEqual(60_000);
    expect(sleeps.length).toBeGreaterThan(0);
  });

  it("polls at most 20 times in any minute, however the polls are spread", async () => {
    const { pacing, clock } = setup();
    const times: number[] = [];
    for (let i = 0; i < 45; i += 1) {
      await pacing.acquire(KEY, "poll");
      times.push(clock.now);
      clock.now += 500;
    }
    const mostInAMinute = Math.max(
      ...times.map((at) => times.filter((t) => t >= at && t < at + 60_000).length),
    );
    expect(mostInAMinute).toBe(20);
  });

  it("keeps a separate budget for each key", async () => {
    const { pacing, sleeps } = setup();
    await repeat(pacing, "create", 30);
    await repeat(pacing, "create", 30, OTHER_KEY);
    expect(sleeps).toEqual([]);
  });

  it("shares one budget between instances that use the same storage", async () => {
    const clock: FakeClock = { now: 1_000_000 };
    const windows = createRecordingWindows(clock);
    const sleeps: number[] = [];
    const sleep = async (ms: number) => {
      sleeps.push(ms);
      clock.now += ms;
    };
    const first = new KeyPacing(windows, { sleep });
    const second = new KeyPacing(windows, { sleep });
    await repeat(first, "create", 15);
    await repeat(second, "create", 15);
    expect(sleeps).toEqual([]);
    await second.acquire(KEY, "create");
    expect(sleeps.length).toBeGreaterThan(0);
  });

  it("allows 20 uploads a minute while the remaining requests still go through", async () => {
    const { pacing, sleeps } = setup();
    await repeat(pacing, "upload", 20);
    await repeat(pacing, "read", 10);
    expect(sleeps).toEqual([]);
    await pacing.acquire(KEY, "upload");
    expect(sleeps.reduce((sum, ms) => sum + ms, 0)).toBeGreaterThanOrEqual(3_000);
  });

  it("stops polling while a reserve of requests is left for task creation and uploads", async () => {
    const { pacing, sleeps } = setup();
    await repeat(pacing, "poll", 20);
    expect(sleeps).toEqual([]);
    // The reserve: ten creations go out at once although polling used what it may.
    await repeat(pacing, "create", 10);
    expect(sleeps).toEqual([]);
    await pacing.acquire(KEY, "poll");
    expect(sleeps.length).toBeGreaterThan(0);
  });

  it("makes polling wait after a burst of foreground calls even when requests remain", async () => {
    const { pacing, sleeps } = setup();
    await repeat(pacing, "create", 25);
    expect(sleeps).toEqual([]);
    await pacing.acquire(KEY, "poll");
    expect(sleeps.length).toBeGreaterThan(0);
  });

  it("serves a waiting task creation before a poll that arrived after it", async () => {
    const clock: FakeClock = { now: 1_000_000 };
    // Sleepers wake when the test says so; the newest is woken first, as an unfair scheduler might.
    const sleepers: Array<{ ms: number; wake: () => void }> = [];
    const pacing = new KeyPacing(createRecordingWindows(clock), {
      sleep: (ms) => new Promise<void>((wake) => sleepers.push({ ms, wake })),
    });
    await repeat(pacing, "read", 30);
    const order: string[] = [];
    const create = pacing.acquire(KEY, "create").then(() => order.push("create"));
    const poll = pacing.acquire(KEY, "poll").then(() => order.push("poll"));
    let settled = false;
    const both = Promise.all([create, poll]).then(() => {
      settled = true;
    });
    while (!settled) {
      await new Promise((resolve) => setImmediate(resolve));
      const newest = sleepers.pop();
      if (newest) {
        clock.now += newest.ms;
        newest.wake();
      }
    }
    await both;
    expect(order).toEqual(["create", "poll"]);
  });

  it("fails as rate_limited instead of waiting longer than allowed", async () => {
    const { pacing } = setup({ maxWaitMs: 1_000 });
    await repeat(pacing, "create", 30);
    const error = await pacing.acquire(KEY, "create").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TasksServiceError);
    expect(error).toMatchObject({ kind: "rate_limited", operation: "createTask" });
    expect((error as TasksServiceError).retryAfterMs).toBeGreaterThan(1_000);
  });

  it("fails a poll as rate_limited past its own shorter wait, while a read still waits its turn", async () => {
    const { pacing, sleeps } = setup({ pollMaxWaitMs: 1_000 });
    await repeat(pacing, "poll", 20);
    const error = await pacing.acquire(KEY, "poll").catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: "rate_limited", operation: "listTasks" });
    expect((error as TasksServiceError).retryAfterMs).toBeGreaterThan(1_000);
    expect(sleeps).toEqual([]);
    await repeat(pacing, "read", 10);
    await pacing.acquire(KEY, "read");
    expect(sleeps.reduce((sum, ms) => sum + ms, 0)).toBeGreaterThan(1_000);
  });

  it("names its budgets without the API key or its secret", async () => {
    const { pacing, windows } = setup();
    await pacing.acquire(KEY, "upload");
    await pacing.acquire(KEY, "poll");
    const names = windows.names();
    expect(names.length).toBeGreaterThanOrEqual(3);
    for (const name of names) {
      expect(name).not.toContain(KEY);
      expect(name).not.toContain("0123456789abcdefghijABCDEFGHIJ");
    }
  });
});
