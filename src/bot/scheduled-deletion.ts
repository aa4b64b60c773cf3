/**
 * In-process message deletion for tests and the playground. Production schedules a durable job instead,
 * so a restart does not leave a shown API key in the chat.
 */
import type { Api } from "grammy";
import type { ScheduleDeletion } from "./deps.js";

export interface PendingDeletion {
  chatId: number;
  messageId: number;
  at: Date;
}

export class InMemoryDeletionScheduler {
  readonly pending: PendingDeletion[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();

  /** Without an api the deletions are only recorded (tests run them with `runDue`). */
  constructor(
    private readonly api?: Pick<Api, "deleteMessage">,
    private readonly now: () => Date = () => new Date(),
  ) {}

  readonly schedule: ScheduleDeletion = async (chatId, messageId, at) => {
    const entry = { chatId, messageId, at };
    this.pending.push(entry);
    if (!this.api) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        void this.deleteEntry(entry);
      },
      Math.max(0, at.getTime() - this.now().getTime()),
    );
    timer.unref();
    this.timers.add(timer);
  };

  /** Deletes every message due by `now` (defaults to the clock given at construction). */
  async runDue(api: Pick<Api, "deleteMessage">, now: Date = this.now()): Promise<void> {
    const due = this.pending.filter((entry) => entry.at.getTime() <= now.getTime());
    for (const entry of due) await this.deleteEntry(entry, api);
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private async deleteEntry(entry: PendingDeletion, api = this.api): Promise<void> {
    const index = this.pending.indexOf(entry);
    if (index >= 0) this.pending.splice(index, 1);
    // The user may have deleted it already; that is the outcome we wanted.
    await api?.deleteMessage(entry.chatId, entry.messageId).catch(() => undefined);
  }
}
