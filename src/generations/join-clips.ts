import { z } from "zod";
import type { JobDefinition, JobQueue } from "../jobs/queue.js";
import { defineJob, newTicket, TicketDataSchema, ticketTag } from "../lifecycle/tickets.js";
import type { KeyValueStore } from "../storage/ports.js";
import type { Problem } from "./problems.js";
import type { BatchRecord, ChunkItem, GenerationRecords } from "./records.js";
import { type BatchJobDeps, freshOutput } from "./result-links.js";

/** A claim lives as long as the batch's buttons do. */
const CLAIM_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** The task service reads the links only when it starts on the task: a link with less left is renewed. */
const RENEW_BEFORE_EXPIRY_MS = 60 * 60 * 1000;

const CostSchema = z.object({ tokens: z.number().int().nonnegative(), upTo: z.number().int().optional() });

const JoinDataSchema = TicketDataSchema.extend({
  /** The clips to join, in the order they play. */
  positions: z.array(z.number().int().nonnegative()).min(2),
  /** What the confirmation said the video costs, by the task price table; none when it was per minute. */
  cost: CostSchema.optional(),
});
export type JoinData = z.infer<typeof JoinDataSchema>;

/** The task the join asks for, as the task service's submissions take it. */
export interface JoinTask extends Pick<BatchRecord, "userId" | "chatId" | "locale"> {
  /** Chosen once per join: starting a task under a ticket that has one already starts nothing new. */
  ticket: string;
  type: "video";
  request: Record<string, unknown>;
  cost?: z.infer<typeof CostSchema>;
  /** The video is named for what it is made from: the chain's keyframes. */
  joined: { keyframes: number };
}

/** The Media Task Service's side of a join, as its submissions offer it. */
export interface JoinTasks {
  /** Starts the task with the user's own key, or finds the one already started under its ticket. */
  start(task: JoinTask): Promise<{ ticket: string }>;
  started(ticket: string): Promise<boolean>;
  /** The user's task balance, for the keyframe chain's card; undefined when it cannot be read now. */
  balance(userId: number): Promise<number | undefined>;
}

type JoinDeps = BatchJobDeps & { kv: KeyValueStore; tasks: JoinTasks };

const claimKey = (ticket: string) => `generation-join:${ticket}`;

/** The clips of a batch in the given places that came out and are still there, in the order asked. */
export async function joinableClips(
  records: GenerationRecords,
  record: BatchRecord,
  positions?: readonly number[],
): Promise<ChunkItem[]> {
  const items = (await records.chunks(record)).flatMap((chunk) => chunk.items);
  const made = items
    .filter((item) => item.status === "succeeded" && !item.deleted)
    .sort((a, b) => a.position - b.position);
  if (!positions) return made;
  return positions.flatMap((position) => made.filter((item) => item.position === position));
}

export type JoinOutcome = "started" | "already";

/** Claims the batch's join and queues it; "already" when one was started before. */
export async function startJoin(
  kv: KeyValueStore,
  queue: JobQueue,
  job: JobDefinition<JoinData>,
  data: JoinData,
): Promise<JoinOutcome> {
  if (!(await kv.setIfAbsent(claimKey(data.ticket), newTicket(), { ttlMs: CLAIM_TTL_MS }))) return "already";
  await queue.enqueue(job, data, { jobId: `generation-join-${ticketTag(data.ticket)}` });
  return "started";
}

/** The join the chain's card chose, once the clips are in; `plan` prices it (the bot's side has the prices). */
export function chosenJoin(
  deps: Pick<JoinDeps, "kv" | "api" | "translate"> & {
    queue: JobQueue;
    job: JobDefinition<JoinData>;
    plan(
      record: BatchRecord,
    ): Promise<{ positions: number[]; estimate: { tokens: number; perMinute?: boolean } }>;
  },
): (record: BatchRecord) => Promise<void> {
  return async (record) => {
    if (record.form.values.join !== true) return;
    const { positions, estimate } = await deps.plan(record);
    if (positions.length < 2) {
      await deps.api.sendMessage(record.chatId, deps.translate(record.locale)("join-too-few"));
      return;
    }
    const cost = estimate.perMinute ? {} : { cost: { tokens: estimate.tokens } };
    await startJoin(deps.kv, deps.queue, deps.job, { ticket: record.ticket, positions, ...cost });
  };
}

export function joinJob(deps: JoinDeps): JobDefinition<JoinData> {
  /** Nothing was made: says why, and frees the button. A task a run before this one started stands. */
  async function giveUp(record: BatchRecord, taskTicket: string, problem: Problem) {
    if (await deps.tasks.started(taskTicket)) return;
    await deps.kv.delete(claimKey(record.ticket));
    await deps.api.sendMessage(record.chatId, deps.translate(record.locale)(problem.key, problem.params));
  }

  const tuning = { attempts: 4, backoffMs: 3_000, concurrency: 4 };
  return defineJob("join-generations", JoinDataSchema, tuning, async ({ ticket, positions, cost }) => {
    const record = await deps.records.get(ticket);
    if (!record) return;
    const taskTicket = await deps.kv.get(claimKey(ticket));
    // Given up before: the button is free again, and a new tap makes a new claim and job.
    if (taskTicket === undefined) return;
    const clips = await joinableClips(deps.records, record, positions);
    if (clips.length !== positions.length) {
      const gone = positions.find((position) => !clips.some((clip) => clip.position === position)) ?? 0;
      await giveUp(record, taskTicket, { key: "join-clip-gone", params: { number: gone + 1 } });
      return;
    }
    const links: string[] = [];
    for (const clip of clips) {
      const fresh = await freshOutput(deps, record.userId, clip, RENEW_BEFORE_EXPIRY_MS, {
        key: "join-clip-gone",
        params: { number: clip.position + 1 },
      });
      if ("problem" in fresh) {
        await giveUp(record, taskTicket, fresh.problem);
        return;
      }
      links.push(fresh.output.url);
    }
    const frames = record.request.keyframe_file_ids;
    await deps.tasks.start({
      ticket: taskTicket,
      userId: record.userId,
      chatId: record.chatId,
      locale: record.locale,
      type: "video",
      // The clips back to back, in their own size, with their own sound.
      request: {
        type: "video",
        photos: links,
        // The clips already have the chain's shape; the task's default would reframe them to vertical.
        format: "original",
        subtitles: false,
        // Clips made with sound keep it: there is no voiceover to replace it with.
        ...(record.request.audio === true ? { audio_mix_type: "add" } : {}),
      },
      ...(cost ? { cost } : {}),
      // The video is named for the chain's photos: one more than its clips.
      joined: { keyframes: Array.isArray(frames) ? frames.length : record.count + 1 },
    });
  });
}
