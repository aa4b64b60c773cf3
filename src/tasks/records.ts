/**
 * Each task the bot submits or delivers, by an unguessable ticket: the ticket is the task's callback
 * address (`/hooks/tasks/<ticket>`), so a callback that names no known ticket is nobody's.
 */
import { z } from "zod";
import {
  DueTickets,
  ProblemSchema,
  SHARED_STATES,
  TicketRecordSchema,
  TicketRecords,
} from "../lifecycle/records.js";
import { type MediaRef, MediaRefSchema } from "../media/media-ref.js";
import type { Storage } from "../storage/ports.js";
import { TASK_TYPES } from "../tasks-service/schemas/index.js";

/** Results stay re-deliverable (Repeat, Try again) for a month; the service's links expire sooner. */
const TASK_RECORD_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const KEPT_AS_LONG = { ttlMs: TASK_RECORD_TTL_MS };
const WATCH_SET = "tasks:watch";
const UNCONFIRMED_SET = "tasks:unconfirmed";

const TASK_RECORD_STATES = [
  ...SHARED_STATES,
  /** The creation's answer was lost: the service may have the task, so it is never sent again blindly. */
  "unconfirmed",
  /** Unconfirmed, and not in the user's list within the search's time: Retry (a new ticket) is offered. */
  "not_created",
  /** Unconfirmed, and several tasks in the user's list could be it: the user is asked to look in /tasks. */
  "unresolved",
  "delivered",
  /** Unfinished after the watch limit; the user was told. */
  "gave_up",
] as const;

const FormSnapshotSchema = z.object({
  values: z.record(z.string(), z.unknown()),
  media: z.array(MediaRefSchema).max(30),
});

/** Where a delivered result lies at the service, for the buttons that start the next task from it. */
const ResultLinksSchema = z.object({
  url: z.string().optional(),
  /** How long the result at `url` plays, as read when it was sent: the next task's estimate needs it. */
  seconds: z.number().nonnegative().optional(),
  srt: z.string().optional(),
  clips: z
    .array(
      z.object({ index: z.number().int(), url: z.string(), seconds: z.number().nonnegative().optional() }),
    )
    .optional(),
  /** Epoch ms of result_url_expires_at: the links stop working then. */
  expiresAt: z.number().optional(),
});
export type ResultLinks = z.infer<typeof ResultLinksSchema>;

export const TaskRecordSchema = TicketRecordSchema.extend({
  type: z.enum(TASK_TYPES),
  // Records written before "unconfirmed" existed call it "create_unknown".
  state: z.preprocess(
    (state) => (state === "create_unknown" ? "unconfirmed" : state),
    z.enum(TASK_RECORD_STATES),
  ),
  /** Who created it: a form in the bot, or the user's own API call with send_to_messenger. */
  origin: z.enum(["bot", "api"]),
  taskId: z.number().int().optional(),
  cardMessageId: z.number().int().optional(),
  cardText: z.string().optional(),
  cardEditedAt: z.number().optional(),
  /** The form as submitted: "Repeat with changes" reopens it. */
  form: FormSnapshotSchema.optional(),
  /** What the form's estimate said the task costs, in tokens (a range when the service places cards). */
  cost: z.object({ tokens: z.number().int().nonnegative(), upTo: z.number().int().optional() }).optional(),
  /** The request body with media still as Telegram references. */
  request: z.record(z.string(), z.unknown()).optional(),
  /** The dubbing render step, sent when the edited SRT comes back. */
  followUp: z.record(z.string(), z.unknown()).optional(),
  /** The creation request is on its way: a run that finds this set must not send it again. */
  creating: z.boolean().optional(),
  /** When the creation request was sent (epoch ms): an unconfirmed task was created after it. */
  attemptAt: z.number().optional(),
  /** Uploads done so far, by media key, so a retried submission does not upload twice. */
  uploads: z.record(z.string(), z.object({ ref: z.string(), at: z.number() })).default({}),
  problem: ProblemSchema.optional(),
  /** Polls made while unfinished (or list searches while unconfirmed), for the reconciler's backoff. */
  polls: z.number().int().default(0),
  retries: z.number().int().default(0),
  progress: z.number().optional(),
  createdAt: z.number(),
  /** Ticket of the task this one continues (the render step of a semi-automatic dubbing). */
  parent: z.string().optional(),
  /** The task number of the step this one continues, as the user saw it ("render of #1005"). */
  parentTaskId: z.number().int().optional(),
  /** A video joined from a keyframe chain's clips, named for its keyframes rather than as any video task. */
  joined: z.object({ keyframes: z.number().int().positive() }).optional(),
  result: ResultLinksSchema.optional(),
});
export type TaskRecord = z.infer<typeof TaskRecordSchema>;

/** The media a task's request names, in its fields' order (a field's list flattened). */
export function requestMedia(request: Record<string, unknown>): MediaRef[] {
  return Object.values(request)
    .flat()
    .filter((value): value is MediaRef => MediaRefSchema.safeParse(value).success);
}

export class TaskRecords extends TicketRecords<TaskRecord> {
  /** When each task is due a poll, and each unconfirmed one a search, unless a callback comes first. */
  readonly polls: DueTickets;
  readonly searches: DueTickets;

  constructor(storage: Storage) {
    super(storage, { record: "task", button: "task-button", schema: TaskRecordSchema }, TASK_RECORD_TTL_MS);
    this.polls = new DueTickets(storage.sortedSets, WATCH_SET);
    this.searches = new DueTickets(storage.sortedSets, UNCONFIRMED_SET);
  }

  override async put(record: TaskRecord): Promise<void> {
    await super.put(record);
    if (record.taskId !== undefined) {
      await this.storage.kv.set(`task-id:${record.taskId}`, record.ticket, KEPT_AS_LONG);
    }
  }

  async ticketOfTask(taskId: number): Promise<string | undefined> {
    return this.storage.kv.get(`task-id:${taskId}`);
  }

  /** Claims the one retry of a submission that was not created; false when it was retried already. */
  claimRetry(ticket: string): Promise<boolean> {
    return this.storage.kv.setIfAbsent(`retried:${ticket}`, String(Date.now()), KEPT_AS_LONG);
  }

  /**
   * Callbacks queue one job per epoch, each moving the epoch on as it starts: a job that already ran cannot
   * swallow a later callback, and at most one job per ticket waits.
   */
  async hookEpoch(ticket: string): Promise<number> {
    const epoch = Number(await this.storage.kv.get(`hook-epoch:${ticket}`));
    return Number.isSafeInteger(epoch) ? epoch : 0;
  }

  async nextHookEpoch(ticket: string): Promise<number> {
    return this.storage.kv.increment(`hook-epoch:${ticket}`, KEPT_AS_LONG);
  }

  /** A message of the task's delivery is in the chat: a run after a crash does not send it again. */
  async markPartSent(ticket: string, part: string): Promise<void> {
    await this.storage.kv.set(`delivered-part:${ticket}:${part}`, "1", KEPT_AS_LONG);
  }

  async partSent(ticket: string, part: string): Promise<boolean> {
    return (await this.storage.kv.get(`delivered-part:${ticket}:${part}`)) !== undefined;
  }

  /** Claims the one delivery of a ticket; false when it was delivered already. */
  markDelivered(ticket: string): Promise<boolean> {
    return this.storage.kv.setIfAbsent(`delivered:${ticket}`, String(Date.now()), KEPT_AS_LONG);
  }

  async isDelivered(ticket: string): Promise<boolean> {
    return (await this.storage.kv.get(`delivered:${ticket}`)) !== undefined;
  }
}
