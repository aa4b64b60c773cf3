/**
 * The batch card's refresh: news within an interval makes one edit, and the edit put off to the end of
 * the interval is shown even when its timer fires a little early. A card that gave way to its results
 * is never shown again.
 */
import { GrammyError } from "grammy";
import { describe, expect, it } from "vitest";
import { BatchCards, cardRefreshJob } from "../../../src/generations/card.js";
import { GenerationRecords } from "../../../src/generations/records.js";
import { MemoryJobQueue } from "../../../src/jobs/memory-queue.js";
import { ticketTag } from "../../../src/lifecycle/tickets.js";
import { createLogger } from "../../../src/logger.js";
import { createMemoryStorage } from "../../../src/storage/memory.js";
import { sampleBatch } from "../../support/batch-record.js";

const TICKET = "T".repeat(24);
const INTERVAL_MS = 1_000;

async function setup() {
  let clock = 10_000;
  const edits: string[] = [];
  const api = {
    async editMessageCaptionInline(): Promise<never> {
      throw new Error("no inline batch here");
    },
    async sendMessage() {
      return { message_id: 1 } as never;
    },
    async editMessageText(_chat: number | string, _message: number, text: string) {
      edits.push(text);
      return true as never;
    },
  };
  const logger = createLogger({ level: "silent" });
  const records = new GenerationRecords(createMemoryStorage(), () => clock);
  const cards = new BatchCards(api, records, () => clock);
  const queue = new MemoryJobQueue(logger);
  const job = cardRefreshJob({
    records,
    cards,
    translate: () => (key) => key,
    queue,
    intervalMs: INTERVAL_MS,
    now: () => clock,
  });
  queue.register(job);
  await records.put(sampleBatch(TICKET, 5, 0));
  await records.putCard(TICKET, { messageId: 1, shown: "creating", shownAt: clock });
  const context = (jobId: string) => ({ jobId, attempt: 1, logger });
  return {
    job,
    edits,
    context,
    queue,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe("the batch card's refresh", () => {
  it("puts news within the interval off to the interval's end, under an id of its own", async () => {
    const { job, edits, context, queue, advance } = await setup();
    advance(100);
    await job.handler({ ticket: TICKET }, context(`generation-card-${ticketTag(TICKET)}-10`));
    expect(edits).toEqual([]);
    expect((await queue.depths())["refresh-generation-card"]?.delayed).toBe(1);
    await queue.close(0);
  });

  it("shows the news when the put-off job runs a millisecond early", async () => {
    const { job, edits, context, advance } = await setup();
    advance(INTERVAL_MS - 1);
    await job.handler(
      { ticket: TICKET },
      context(`generation-card-${ticketTag(TICKET)}-at-${10_000 + INTERVAL_MS}`),
    );
    expect(edits).toHaveLength(1);
  });
});

describe("a card that gave way to its results", () => {
  async function gaveWay() {
    const sent: string[] = [];
    const records = new GenerationRecords(createMemoryStorage());
    const api = {
      async editMessageCaptionInline(): Promise<never> {
        throw new Error("no inline batch here");
      },
      async sendMessage(_chat: number | string, text: string) {
        sent.push(text);
        return { message_id: 2 } as never;
      },
      async editMessageText(): Promise<never> {
        // The results' delivery marked the card and deleted it while this edit was on its way.
        await records.update(TICKET, (current) => ({ ...current, cardGaveWay: true }));
        throw new GrammyError(
          "Bad Request",
          { ok: false, error_code: 400, description: "Bad Request: message to edit not found" },
          "editMessageText",
          {},
        );
      },
    };
    await records.put({ ...sampleBatch(TICKET, 5, 0), cardMessageId: 1 });
    await records.putCard(TICKET, { messageId: 1, shown: "creating", shownAt: 0 });
    return { cards: new BatchCards(api, records), records, sent };
  }

  it("is not sent again by news whose edit found it deleted", async () => {
    const { cards, records, sent } = await gaveWay();
    const record = await records.get(TICKET);
    if (!record) throw new Error("no batch");
    await cards.show(record, "1 of 1 done");
    expect(sent).toEqual([]);
  });

  it("is never shown again once marked", async () => {
    const { cards, records, sent } = await gaveWay();
    await records.update(TICKET, (current) => ({ ...current, cardGaveWay: true }));
    const record = await records.get(TICKET);
    if (!record) throw new Error("no batch");
    await cards.show(record, "✅ 1 of 1 done, below.");
    expect(sent).toEqual([]);
  });
});
