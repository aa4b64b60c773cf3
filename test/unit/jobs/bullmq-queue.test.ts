import { Redis } from "ioredis";
import pino from "pino";
import { afterAll, describe } from "vitest";
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
});
