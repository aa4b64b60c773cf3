import { Redis } from "ioredis";
import pino from "pino";
import { afterAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { BullJobQueue } from "../../../src/jobs/bullmq-queue.js";
import { startRedisServer } from "../../support/redis-server.js";
import { queueContract } from "./queue.contract.js";

const redisServer = await startRedisServer();

describe.skipIf(!redisServer)("BullMQ queue on a real redis-server", () => {
  let run = 0;
  afterAll(async () => {
    await redisServer?.stop();
  });

  queueContract("bullmq", async () => {
    const url = redisServer?.url ?? "";
    const connection = new Redis(url, { maxRetriesPerRequest: null });
    const extra: Redis[] = [];
    run += 1;
    const queue = new BullJobQueue(
      connection,
      () => {
        const worker = new Redis(url, { maxRetriesPerRequest: null });
        extra.push(worker);
        return worker;
      },
      pino({ level: "silent" }),
      `test${run}`,
    );
    return {
      queue,
      cleanup: async () => {
        await Promise.all([connection, ...extra].map((client) => client.quit().catch(() => undefined)));
      },
    };
  });

  it("ends its Redis connections when it closes, so none keeps the process alive", async () => {
    const url = redisServer?.url ?? "";
    const connection = new Redis(url, { maxRetriesPerRequest: null });
    const made: Redis[] = [];
    const queue = new BullJobQueue(
      connection,
      () => {
        const worker = new Redis(url, { maxRetriesPerRequest: null });
        made.push(worker);
        return worker;
      },
      pino({ level: "silent" }),
      "closing",
    );
    const job = {
      name: "noop",
      schema: z.object({}),
      handler: async () => undefined,
      attempts: 1,
      backoffMs: 10,
      concurrency: 1,
    };
    queue.register(job);
    await queue.enqueue(job, {});
    await queue.start();
    await queue.close(2_000);
    expect(made).toHaveLength(1);
    await vi.waitFor(() =>
      expect([connection, ...made].map((client) => client.status)).toEqual(["end", "end"]),
    );
  });
});
