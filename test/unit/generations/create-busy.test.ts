/**
 * A creation the service answers 503 (busy): asked again no sooner than a second later and with growing
 * waits, the card says the service is busy and when the request goes again, and after a bounded time the
 * batch is given up with a clear message, nothing taken and nothing charged. The real client and create
 * job run against the generation sandbox on a clock the test owns: every wait moves it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type GenerationSandbox, startGenerationSandbox } from "../../../dev/generation-sandbox/index.js";
import { GenerationServiceClient } from "../../../src/generation-service/client.js";
import { KeyRateLimits } from "../../../src/generation-service/rate-limits.js";
import { BatchCards } from "../../../src/generations/card.js";
import { createJob } from "../../../src/generations/create-job.js";
import { GenerationRecords } from "../../../src/generations/records.js";
import { RetryLaterError } from "../../../src/jobs/queue.js";
import { createLogger } from "../../../src/logger.js";
import { createMemoryStorage } from "../../../src/storage/memory.js";
import { sampleBatch } from "../../support/batch-record.js";
import { localeMessages } from "../../support/locale-source.js";

const TICKET = "busy-batch-ticket-000001";
const BUSY_LIMIT_MS = 2 * 60_000;
const i18n = localeMessages("en");
const logger = createLogger({ level: "silent" });

let sandbox: GenerationSandbox | undefined;
afterEach(async () => sandbox?.close());

async function setup() {
  sandbox = await startGenerationSandbox({ rateLimits: false, autoStep: false });
  const accountId = sandbox.accounts.create({ plan: "Pro", balance: 1_000 });
  const { apiKey } = sandbox.accounts.issueKey(accountId);
  const clock = { now: Date.parse("2026-12-01T10:00:00Z") };
  const now = () => clock.now;
  const storage = createMemoryStorage({ now });
  const records = new GenerationRecords(storage, now);
  const shown: string[] = [];
  const api = {
    async editMessageCaptionInline(): Promise<never> {
      throw new Error("no inline batch here");
    },
    async sendMessage() {
      return { message_id: 1 } as never;
    },
    async editMessageText(_chat: number | string, _message: number, text: string) {
      shown.push(text);
      return true as never;
    },
  };
  /** The client's waits between attempts of one call. */
  const clientWaits: number[] = [];
  const sleep = async (ms: number) => {
    clientWaits.push(ms);
    clock.now += ms;
  };
  const client = new GenerationServiceClient({
    baseUrl: sandbox.baseUrl,
    logger,
    rateLimits: new KeyRateLimits(storage.kv, { now, sleep, random: () => 0 }),
    sleep,
    random: () => 0.5,
    now,
  });
  const job = createJob({
    records,
    cards: new BatchCards(api, records, now),
    credentials: { credentials: async () => ({ apiKey }) },
    service: client,
    openTelegramFile: () => Promise.reject(new Error("no files in this request")),
    translate: (locale) => (key, variables) => i18n.t(locale, key, variables),
    webhookUrl: () => undefined,
    firstPoll: async () => undefined,
    refreshCard: async () => undefined,
    afterCreate: async () => undefined,
    busyLimitMs: BUSY_LIMIT_MS,
    now,
    random: () => 0.5,
  });
  await records.put({
    ...sampleBatch(TICKET, 11, clock.now),
    state: "submitting",
    cardMessageId: 1,
    request: { prompt: "a lighthouse at dusk", model: "lumen-image-2" },
  });
  return { accountId, clock, records, shown, clientWaits, job, close: () => client.close() };
}

describe("a creation the service answers 503", () => {
  it("waits at least a second between tries, says so on the card, and gives up in bounded time with nothing charged", async () => {
    const rig = await setup();
    sandbox?.faults.providerDown(true);
    const started = rig.clock.now;
    /** The job's own waits, off the worker, after the client's tries of one run gave up. */
    const jobWaits: number[] = [];
    let runs = 0;
    for (; runs < 30; runs++) {
      try {
        await rig.job.handler({ ticket: TICKET }, { jobId: "create", attempt: 1, logger });
        break;
      } catch (error) {
        if (!(error instanceof RetryLaterError)) throw error;
        jobWaits.push(error.delayMs);
        expect(rig.shown.at(-1)).toContain(
          "Image from text: the generation service is busy. Trying again in",
        );
        rig.clock.now += error.delayMs;
      }
    }
    await rig.close();

    // Within one run the client asks again after 1 to 2 s, then 2 to 4 s, then 4 to 8 s (no Retry-After was given).
    expect(rig.clientWaits.length).toBeGreaterThan(0);
    for (const wait of rig.clientWaits) expect(wait).toBeGreaterThanOrEqual(1_000);
    expect(rig.clientWaits.slice(0, 3)).toEqual([1_500, 3_000, 6_000]);
    expect(rig.shown).toContain(
      "⏳ Image from text: the generation service is busy. Trying again in 2 seconds; nothing is charged until the service takes the request.",
    );
    for (const wait of jobWaits) expect(wait).toBeGreaterThanOrEqual(1_000);
    expect(jobWaits[1]).toBeGreaterThan(jobWaits[0] ?? Number.POSITIVE_INFINITY);

    expect(runs).toBeLessThan(30);
    const lastRun = rig.clientWaits.slice(-3).reduce((sum, wait) => sum + wait, 0);
    expect(rig.clock.now - started).toBeLessThanOrEqual(BUSY_LIMIT_MS + 2 * lastRun);
    expect(rig.shown.at(-1)).toBe(
      "❌ Image from text: not created. The generation service stayed busy for 2 minutes, so the request was not taken and nothing was charged. Please try again later.",
    );
    expect((await rig.records.get(TICKET))?.state).toBe("submit_failed");
    expect(sandbox?.accounts.balance(rig.accountId)).toBe(1_000);
  });

  it("sends the request once the service takes it again, never sooner than its Retry-After", async () => {
    const rig = await setup();
    sandbox?.faults.failRequests(5, 503, 7);
    let runs = 0;
    for (; runs < 5; runs++) {
      try {
        await rig.job.handler({ ticket: TICKET }, { jobId: "create", attempt: 1, logger });
        break;
      } catch (error) {
        if (!(error instanceof RetryLaterError)) throw error;
        rig.clock.now += error.delayMs;
      }
    }
    await rig.close();
    // Retry-After said 7 s: no try came sooner.
    for (const wait of rig.clientWaits) expect(wait).toBeGreaterThanOrEqual(7_000);
    expect(rig.shown).toContain(
      "⏳ Image from text: the generation service is busy. Trying again in 8 seconds; nothing is charged until the service takes the request.",
    );
    const record = await rig.records.get(TICKET);
    expect(record?.state).toBe("created");
    expect(sandbox?.accounts.balance(rig.accountId)).toBe(1_000 - 40);
  });
});
