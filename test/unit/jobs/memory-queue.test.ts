import pino from "pino";
import { MemoryJobQueue } from "../../../src/jobs/memory-queue.js";
import { queueContract } from "./queue.contract.js";

queueContract("memory", async () => ({
  queue: new MemoryJobQueue(pino({ level: "silent" })),
  cleanup: async () => {},
}));
