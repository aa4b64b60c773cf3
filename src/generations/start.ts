/** Starting batches: a record under a new ticket, then the create job; one batch per form instance. */
import { LifecycleStart } from "../lifecycle/start.js";
import { newTicket, ticketTag } from "../lifecycle/tickets.js";
import type { BatchRecord, GenerationRecords } from "./records.js";

export type NewBatch = Omit<BatchRecord, "ticket" | "state" | "uploads" | "createdAt">;

export class GenerationSubmissions extends LifecycleStart<GenerationRecords> {
  /** The new batch's record; undefined when this form instance was sent before. */
  async start(batch: NewBatch): Promise<BatchRecord | undefined> {
    const ticket = newTicket();
    if (!(await this.records.claimForm(batch.formInstance, ticket))) return undefined;
    const record: BatchRecord = { ...batch, ticket, state: "submitting", uploads: {}, createdAt: this.now() };
    await this.records.put(record);
    await this.queueCreate(ticket, `generation-create-${ticketTag(ticket)}`);
    return record;
  }
}
