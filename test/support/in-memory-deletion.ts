/**
 * In-process message deletion for tests and the playground. Production schedules a durable job instead,
 * so a restart does not leave a shown API key in the chat.
 */
import type { Api } from "grammy";
import type { ScheduleDeletion } from "../../src/telegram/message-deletion.js";

export interface PendingDeletion {
  chatId: number;
  messageId: number;
  at: Date;
}

type DeleteApi = Pick<Api, "deleteMessage">;

export class InMemoryDeletionScheduler {
  readonly pending: PendingDeletion[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private api: DeleteApi | undefined;

  /** Without an api deletions are only recorded until `attach` (the bot that shows keys needs this first). */
  constructor(
    api?: DeleteApi,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.api = api;
  }

  /** Starts deleting through this api, including what was scheduled before. */
  attach(api: DeleteApi): void {
    this.api = api;
    for (const entry of this.pending) this.arm(entry);
  }

  readonly schedule: ScheduleDeletion = async (chatId, messageId, at) => {
    const entry = { chatId, messageId, at };
    this.pending.push(entry);
    if (this.api) this.arm(entry);
  };

  /** Deletes every message due by `now` (defaults to the scheduler's clock). */
  async runDue(api: DeleteApi, now: Date = this.now()): Promise<void> {
    const due = this.pending.filter((entry) => entry.at.getTime() <= now.getTime());
    for (const entry of due) await this.deleteEntry(entry, api);
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private arm(entry: PendingDeletion): void {
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        void this.deleteEntry(entry, this.api);
      },
      Math.max(0, entry.at.getTime() - this.now().getTime()),
    );
    timer.unref();
    this.timers.add(timer);
  }

  private async deleteEntry(entry: PendingDeletion, api: DeleteApi | undefined): Promise<void> {
    const index = this.pending.indexOf(entry);
    if (index < 0) return;
    this.pending.splice(index, 1);
    // The user may have deleted it already; that is the outcome we wanted.
    await api?.deleteMessage(entry.chatId, entry.messageId).catch(() => undefined);
  }
}
