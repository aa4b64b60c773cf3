/**
 * Tasks whose creation answer was lost: the service may have made and charged the task, so the request is
 * never sent again. A callback naming the task, or the one recent task of the user's list that can be it,
 * is adopted; with nothing within CREATION_SEARCH_MS the user hears it was not created, with a Retry.
 */
import { z } from "zod";
import { type JobDefinition, RetryLaterError } from "../jobs/queue.js";
import { defineJob, ticketTag } from "../lifecycle/tickets.js";
import type { Logger } from "../logger.js";
import type { LockStore } from "../storage/ports.js";
import { isTasksServiceError } from "../tasks-service/errors.js";
import type { TaskLister, TaskReader } from "../tasks-service/ports.js";
import { reportedTaskType, type Task } from "../tasks-service/responses.js";
import type { TaskStageDeps } from "./card.js";
import { cardText } from "./card.js";
import type { TaskRecord } from "./records.js";
import { againRow } from "./result-actions.js";

/** The service lists a task as soon as it exists: after five minutes unseen it is not there. */
export const CREATION_SEARCH_MS = 5 * 60_000;
/** Our clock and the service's may disagree this much: a task listed this long before the attempt still counts. */
const CLOCK_SKEW_MS = 60_000;
const LIST_PAGE = 100;
/** The service lists newest first, so the first page nearly always reaches back past the attempt. */
const MAX_LIST_PAGES = 3;
const LOCK_TTL_MS = 30_000;

/** States in which the task may exist without the bot knowing its id. */
const ADOPTABLE: ReadonlySet<TaskRecord["state"]> = new Set(["unconfirmed", "not_created", "unresolved"]);

/** 5 s after the attempt, then twice as long each time, at most a minute apart. */
export function searchDelayMs(searches: number): number {
  return Math.min(5_000 * 2 ** searches, 60_000);
}

/** A rate limit is waited out by the job's retry; any other error goes on as it was. */
export function waitOutRateLimit(error: unknown, fallbackMs = 10_000): never {
  if (isTasksServiceError(error) && error.kind === "rate_limited") {
    throw new RetryLaterError(error.retryAfterMs ?? fallbackMs);
  }
  throw error;
}

/** A task read that the service answers 404 is undefined; a rate limit is waited out. */
export function missingOrWaitOut(error: unknown): undefined {
  if (isTasksServiceError(error) && error.kind === "not_found") return undefined;
  return waitOutRateLimit(error);
}

export interface CreationCheckDeps extends TaskStageDeps {
  locks: LockStore;
  tasksService: TaskReader & TaskLister;
  /** First delivery poll of a task adopted from a callback, in case that callback's job fails. */
  firstPollDelayMs: number;
}

export class CreationCheck {
  private readonly now: () => number;

  constructor(private readonly deps: CreationCheckDeps) {
    this.now = deps.now ?? Date.now;
  }

  canAdopt(record: TaskRecord): boolean {
    return record.taskId === undefined && ADOPTABLE.has(record.state);
  }

  /** The creation's answer was lost: the card says we are checking, and the search begins. */
  async unconfirmed(record: TaskRecord): Promise<void> {
    const { creating: _creating, ...rest } = record;
    const next: TaskRecord = {
      ...rest,
      state: "unconfirmed",
      attemptAt: record.attemptAt ?? record.createdAt,
      polls: 0,
    };
    // Booked before the state is written, so a crash in between still leaves the task searched for.
    await this.deps.records.searches.add(record.ticket, this.now() + searchDelayMs(0));
    await this.deps.records.put(next);
    const t = this.deps.translate(next.locale);
    await this.deps.cards.show(next, { text: cardText.unconfirmed(t, next), important: true });
  }

  /**
   * A callback to the record's ticket named `taskId`; its body is not signed, so the task is adopted only
   * when the user's key reads it with the record's type. Undefined when the callback did not hold.
   */
  async adoptNamed(record: TaskRecord, taskId: number, logger: Logger): Promise<TaskRecord | undefined> {
    const { apiKey } = await this.deps.apiKeys.ensure(record.userId);
    const task = await this.deps.tasksService.getTask(apiKey, taskId).catch(missingOrWaitOut);
    if (!task) {
      logger.warn({ task_id: taskId }, "callback names a task the user does not have; ignored");
      return undefined;
    }
    if (reportedTaskType(task.type) !== record.type) {
      logger.warn(
        { task_id: taskId, reported_type: task.type },
        "callback names a task of another type; ignored",
      );
      return undefined;
    }
    return this.adopt(record.ticket, task, "callback", logger);
  }

  /** Adopts the one task of the record's type made after the attempt that no other ticket has. */
  async search(ticket: string, jobLogger: Logger): Promise<void> {
    const record = await this.deps.records.get(ticket);
    if (record?.state !== "unconfirmed") {
      await this.deps.records.searches.remove(ticket);
      return;
    }
    const logger = jobLogger.child({ ticket: ticketTag(ticket), user_id: record.userId, type: record.type });
    const attemptAt = record.attemptAt ?? record.createdAt;
    const { apiKey } = await this.deps.apiKeys.ensure(record.userId);
    const listed = await this.recentTasks(apiKey, attemptAt).catch((error) =>
      waitOutRateLimit(error, 20_000),
    );
    const candidates: Task[] = [];
    for (const task of listed) {
      if (reportedTaskType(task.type) !== record.type) continue;
      if (!task.created_at || task.created_at.getTime() < attemptAt - CLOCK_SKEW_MS) continue;
      const owner = await this.deps.records.ticketOfTask(task.task_id);
      if (owner === undefined || owner === ticket) candidates.push(task);
    }
    const [only] = candidates;
    if (only && candidates.length === 1) {
      await this.adopt(ticket, only, "list", logger);
      return;
    }
    await this.locked(ticket, async (current) => {
      // A callback may have adopted the task while the list was read.
      if (current.state !== "unconfirmed") return;
      if (this.now() - attemptAt < CREATION_SEARCH_MS) {
        const polls = current.polls + 1;
        await this.deps.records.searches.add(ticket, this.now() + searchDelayMs(polls));
        await this.deps.records.put({ ...current, polls });
        return;
      }
      await this.giveUp(current, candidates.length, logger);
    });
  }

  /** Up to MAX_LIST_PAGES pages of the user's tasks, as background reads within the key's budget. */
  private async recentTasks(apiKey: string, attemptAt: number): Promise<Task[]> {
    const tasks: Task[] = [];
    for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
      const listed = await this.deps.tasksService.listTasks(
        apiKey,
        { limit: LIST_PAGE, offset: page * LIST_PAGE },
        { priority: "background" },
      );
      tasks.push(...listed);
      const oldest = listed.at(-1)?.created_at;
      // Newest first: a short page, or one reaching back before the attempt, holds every candidate.
      if (listed.length < LIST_PAGE || !oldest || oldest.getTime() < attemptAt - CLOCK_SKEW_MS) break;
    }
    return tasks;
  }

  private adopt(ticket: string, task: Task, via: "callback" | "list", logger: Logger) {
    return this.locked(ticket, async (record) => {
      if (!this.canAdopt(record)) return record.taskId === task.task_id ? record : undefined;
      const owner = await this.deps.records.ticketOfTask(task.task_id);
      if (owner !== undefined && owner !== ticket) {
        logger.warn({ task_id: task.task_id }, "the task is another ticket's; not adopted");
        return undefined;
      }
      const { problem: _problem, attemptAt: _attemptAt, ...rest } = record;
      const created: TaskRecord = { ...rest, state: "created", taskId: task.task_id, polls: 0 };
      // A callback's job delivers right after this; a task found in the list is polled at once.
      await this.deps.records.polls.add(
        ticket,
        this.now() + (via === "list" ? 0 : this.deps.firstPollDelayMs),
      );
      await this.deps.records.put(created);
      await this.deps.records.searches.remove(ticket);
      this.deps.metrics?.tasksCreated.inc({ type: created.type });
      logger.info({ task_id: task.task_id, via }, "task creation confirmed");
      const t = this.deps.translate(created.locale);
      return this.deps.cards.show(created, { text: cardText.created(t, created), important: true });
    });
  }

  private async giveUp(record: TaskRecord, candidates: number, logger: Logger): Promise<void> {
    const t = this.deps.translate(record.locale);
    const next: TaskRecord = { ...record, state: candidates === 0 ? "not_created" : "unresolved" };
    await this.deps.records.put(next);
    await this.deps.records.searches.remove(record.ticket);
    if (candidates === 0) {
      logger.warn("an unconfirmed creation never turned up; the user may retry");
      await this.deps.cards.show(next, {
        text: cardText.notCreated(t, next),
        important: true,
        replyMarkup: { inline_keyboard: [againRow(t, next, "retrySubmit")] },
      });
      return;
    }
    logger.warn({ candidates }, "several tasks could be the unconfirmed one; the user is asked to look");
    await this.deps.cards.show(next, { text: cardText.unresolved(t, next), important: true });
  }

  /** Runs `change` on the record as stored now, one change at a time per ticket. */
  private async locked<T>(ticket: string, change: (record: TaskRecord) => Promise<T>) {
    const lock = await this.deps.locks.acquire(`creation:${ticket}`, LOCK_TTL_MS);
    if (lock === undefined) throw new RetryLaterError(1_000);
    try {
      const record = await this.deps.records.get(ticket);
      return record ? await change(record) : undefined;
    } finally {
      await this.deps.locks.release(`creation:${ticket}`, lock);
    }
  }
}

const SearchDataSchema = z.object({ ticket: z.string().min(16) });
export type SearchData = z.infer<typeof SearchDataSchema>;

export function creationSearchJob(check: CreationCheck): JobDefinition<SearchData> {
  // A failed search is due again once the reconciler's lease on it lapses.
  return defineJob(
    "search-created-task",
    SearchDataSchema,
    { attempts: 3, backoffMs: 5_000, concurrency: 8 },
    ({ ticket }, context) => check.search(ticket, context.logger),
  );
}
