/**
 * Starting submissions: a task record under a new ticket, then the submit job. Also the ways back in
 * from a card or a result: retry a failed submission, try a failed task again, render the second step
 * of a semi-automatic dubbing.
 */
import { LifecycleStart } from "../lifecycle/start.js";
import { newTicket, ticketTag } from "../lifecycle/tickets.js";
import type { MediaRef } from "../media/media-ref.js";
import type { TaskRecord, TaskRecords } from "./records.js";

/**
 * `ticket`: one the caller chose, for a caller that may start the same submission again (a job run again
 * after a crash): the second start finds the first instead of making a second task.
 */
export type NewSubmission = Pick<TaskRecord, "userId" | "chatId" | "locale" | "type"> &
  Partial<Pick<TaskRecord, "ticket" | "form" | "followUp" | "cost" | "cardMessageId" | "uploads">> &
  Partial<Pick<TaskRecord, "parent" | "parentTaskId" | "joined">> & { request: Record<string, unknown> };

/** What a task started from another keeps of it: who asked where, by which form, at what price. */
function startedFrom(record: TaskRecord, request: Record<string, unknown>): NewSubmission {
  const { userId, chatId, locale, type, form, followUp, cost } = record;
  return { userId, chatId, locale, type, request, form, followUp, cost };
}

export class TaskSubmissions extends LifecycleStart<TaskRecords> {
  private async enqueue(record: TaskRecord, attempt: number): Promise<void> {
    await this.queueCreate(record.ticket, `submit-${ticketTag(record.ticket)}-${attempt}`);
  }

  async start(submission: NewSubmission): Promise<TaskRecord> {
    const started = submission.ticket ? await this.records.get(submission.ticket) : undefined;
    if (started) {
      // Its submit job may not have been queued before the crash; queued again, the same job id is one job.
      if (started.state === "submitting") await this.enqueue(started, started.retries);
      return started;
    }
    const { ticket, uploads, ...given } = submission;
    const record: TaskRecord = {
      ...given,
      ticket: ticket ?? newTicket(),
      state: "submitting",
      origin: "bot",
      uploads: uploads ?? {},
      polls: 0,
      retries: 0,
      createdAt: this.now(),
    };
    await this.records.put(record);
    await this.enqueue(record, 0);
    return record;
  }

  /**
   * A submission that created nothing, sent again on the same card: under its ticket when it failed before
   * its creation was sent, else under a new one, the old one still able to adopt a late callback.
   */
  async retry(record: TaskRecord): Promise<boolean> {
    if (record.state === "submit_failed") {
      const { problem: _problem, ...rest } = record;
      const retries = record.retries + 1;
      await this.records.put({ ...rest, state: "submitting", retries });
      await this.enqueue(record, retries);
      return true;
    }
    if (record.state !== "not_created" || !record.request) return false;
    if (!(await this.records.claimRetry(record.ticket))) return false;
    const { cardMessageId, cardText: _cardText, cardEditedAt: _cardEditedAt, ...rest } = record;
    await this.records.put(rest);
    const { uploads, parent } = record;
    await this.start({ ...startedFrom(record, record.request), uploads, cardMessageId, parent });
    return true;
  }

  /** The same request as a task that failed, as a new task with its own card. */
  async again(record: TaskRecord): Promise<TaskRecord | undefined> {
    if (!record.request) return undefined;
    return this.start(startedFrom(record, record.request));
  }

  /**
   * A semi-automatic dubbing's render step on the first step's card, with the user's edited SRT file or
   * (undefined) the transcript as it stands after the check in the chat.
   */
  async render(parent: TaskRecord, srt: MediaRef | undefined): Promise<TaskRecord | undefined> {
    if (!parent.followUp) return undefined;
    const srtFile = srt ?? { source: "result", ticket: parent.ticket, name: "transcript.srt" };
    // The render step is the last: it follows up nothing.
    const { followUp: _followUp, ...same } = startedFrom(parent, { ...parent.followUp, srt_file: srtFile });
    const { ticket, taskId: parentTaskId, cardMessageId, uploads } = parent;
    return this.start({ ...same, parent: ticket, parentTaskId, cardMessageId, uploads });
  }
}
