/**
 * Starting batches: a record under a new ticket, then the create job. A form instance makes one batch
 * however often it is sent.
 */
import type { JobDefinition, JobQueue } from "../jobs/queue.js";
import { newTicket, ticketTag } from "../lifecycle/tickets.js";
import type { CreateData } from "./create-job.js";
import type { BatchRecord, GenerationRecords } from "./records.js";

export type NewBatch = Omit<BatchRecord, "ticket" | "state" | "uploads" | "createdAt">;

export class GenerationSubmissions {
  constructor(
    private readonly records: GenerationRecords,
    private readonly queue: JobQueue,
    private readonly job: JobDefinition<CreateData>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The new batch's record; undefined when this form instance was sent before. */
  async start(batch: NewBatch): Promise<BatchRecord | undefined> {
    const ticket = newTicket();
    if (!(await this.records.claimForm(batch.formInstance, ticket))) return undefined;
    const record: BatchRecord = { ...batch, ticket, state: "submitting", uploads: {}, createdAt: this.now() };
    await this.records.put(record);
    await this.queue.enqueue(this.job, { ticket }, { jobId: `generation-create-${ticketTag(ticket)}` });
    return record;
  }
}
