/** What starts a task or a batch on either side: its records, and the job that creates it on the service. */
import type { JobDefinition, JobQueue } from "../jobs/queue.js";

export abstract class LifecycleStart<Records> {
  constructor(
    protected readonly records: Records,
    private readonly queue: JobQueue,
    private readonly job: JobDefinition<{ ticket: string }>,
    protected readonly now: () => number = Date.now,
  ) {}

  /** Queues the ticket's create job: queued again under the same id, it is still one job. */
  protected async queueCreate(ticket: string, jobId: string): Promise<void> {
    await this.queue.enqueue(this.job, { ticket }, { jobId });
  }
}
