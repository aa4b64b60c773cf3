/**
 * Delivery of a task, woken by its callback or a poll. A finished task's result (or failure) goes to the
 * chat once, under a per-ticket lock and a delivered marker, each message recorded as it goes so a run
 * after a crash sends only the rest.
 */
import { HttpError } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import { z } from "zod";
import type { Translate } from "../i18n/translate.js";
import type { JobContext, JobDefinition } from "../jobs/queue.js";
import {
  type ChatDeliveryDeps,
  cardGivesWay,
  deliverUnderLock,
  takeChatTurn,
} from "../lifecycle/chat-delivery.js";
import type { ResultIndex, SentFile } from "../lifecycle/result-index.js";
import { defineJob, ticketTag } from "../lifecycle/tickets.js";
import type { Logger } from "../logger.js";
import type { TaskReader } from "../tasks-service/ports.js";
import type { Task } from "../tasks-service/responses.js";
import type { TaskStageDeps } from "./card.js";
import { cardText, taskName, taskTitle } from "./card.js";
import { type CreationCheck, missingOrWaitOut } from "./creation-check.js";
import { type ResultLinks, requestMedia, type TaskRecord } from "./records.js";
import { againRow, resultKeyboard } from "./result-actions.js";
import { type ResultKind, type ResultSendRequest, type ResultSent, resultKindOf } from "./send-result.js";

export const DeliverDataSchema = z.object({
  ticket: z.string().min(16),
  /** What woke the job: a callback is answered at once, polls yield to task creation. */
  reason: z.enum(["callback", "poll", "messenger"]),
  /** The task a callback names, for a record that does not know its task id yet. */
  taskId: z.number().int().nonnegative().optional(),
});
export type DeliverData = z.infer<typeof DeliverDataSchema>;

export interface DeliverDeps extends ChatDeliveryDeps, TaskStageDeps {
  tasksService: TaskReader;
  creation: Pick<CreationCheck, "canAdopt" | "adoptNamed">;
  sendResult(request: ResultSendRequest): Promise<ResultSent>;
  sendMessage(chatId: number, text: string, replyMarkup?: InlineKeyboardMarkup): Promise<void>;
  deleteMessage(chatId: number, messageId: number): Promise<unknown>;
  /** The transcribe step's transcript, shown in the chat for the user's check before the render. */
  startReview(record: TaskRecord, task: Task, t: Translate): Promise<void>;
  pollDelayMs(polls: number): number;
  /** Unfinished after this long: the user is told and polling stops. */
  giveUpAfterMs: number;
  /** Where the user's results are kept for inline mode; absent, nothing is kept. */
  resultIndex?: Pick<ResultIndex, "add">;
}

interface Delivery {
  deps: DeliverDeps;
  record: TaskRecord;
  task: Task;
  t: Translate;
  logger: Logger;
}

/** Short, so a crashed holder frees the task soon; renewed while a long upload is still going. */
const LOCK_TIMING = { ttlMs: 30_000, renewMs: 10_000 };

/** Where the result lies, kept with the record so its buttons can start the next task from it. */
function resultLinksOf(task: Task): ResultLinks {
  const clips = task.result_urls?.clips;
  return {
    url: task.result_url ?? undefined,
    srt: task.result_urls?.srt_url ?? undefined,
    clips: clips?.length
      ? clips.map(({ index, result_url, duration }) => ({
          index,
          url: result_url,
          seconds: duration > 0 ? duration : undefined,
        }))
      : undefined,
    expiresAt: task.result_url_expires_at?.getTime(),
  };
}

/** A voiceover's title in players: the start of what it says. */
function audioTitleOf(record: TaskRecord): string | undefined {
  const text = record.request?.text;
  if (typeof text !== "string" || text.trim() === "") return undefined;
  const words = text.trim().replace(/\s+/g, " ");
  return words.length <= 60 ? words : `${words.slice(0, 59).trimEnd()}…`;
}

/** Keeps the result's files for inline mode, each under the task's name with its clip's title or source. */
async function keepForInline({ deps, record, task, t }: Delivery, files: readonly SentFile[]): Promise<void> {
  if (!deps.resultIndex || files.length === 0) return;
  const taskId = record.taskId ?? task.task_id;
  const title = taskTitle(t, record);
  const text = audioTitleOf(record);
  const fileNames = requestMedia(record.request ?? {}).flatMap((ref) =>
    ref.source === "telegram" && ref.fileName ? [ref.fileName] : [],
  );
  const clips = [...(task.result_urls?.clips ?? [])].sort((a, b) => a.index - b.index);
  const at = (deps.now ?? Date.now)();
  for (const [position, file] of files.entries()) {
    const clipTitle = files.length === clips.length ? clips[position]?.title : undefined;
    const description = clipTitle ?? text ?? fileNames[0] ?? `#${taskId}`;
    const words = [title, taskName(t, record), text, ...fileNames, clipTitle, String(taskId)];
    await deps.resultIndex.add(
      record.userId,
      { ...file, title, description, words: words.filter((word) => word !== undefined).join(" ") },
      at - position,
    );
  }
}

async function finishUnfinished({ deps, record, task, t }: Delivery): Promise<void> {
  const now = deps.now ?? Date.now;
  if (now() - record.createdAt > deps.giveUpAfterMs) {
    const gaveUp: TaskRecord = { ...record, state: "gave_up" };
    await deps.records.put(gaveUp);
    await deps.records.polls.remove(record.ticket);
    await deps.cards.show(gaveUp, { text: cardText.gaveUp(t, gaveUp), important: true });
    deps.metrics?.deliveries.inc({ outcome: "gave_up" });
    return;
  }
  const polls = record.polls + 1;
  const next: TaskRecord = { ...record, polls, progress: task.progress ?? record.progress };
  await deps.records.put(next);
  await deps.records.polls.add(record.ticket, now() + deps.pollDelayMs(polls));
  const percent = task.progress ?? 0;
  await deps.cards.show(next, {
    text: percent > 0 ? cardText.progress(t, next, percent) : cardText.created(t, next),
  });
}

/** The result with its buttons: returns them when it could not carry them, and how long it plays. */
async function sendResult(delivery: Delivery, kind: ResultKind) {
  const { deps, record, task, t, logger } = delivery;
  const taskId = record.taskId ?? task.task_id;
  const replyMarkup = resultKeyboard(t, record, kind);
  const sentParts = {
    has: (part: string) => deps.records.partSent(record.ticket, part),
    add: (part: string) => deps.records.markPartSent(record.ticket, part),
  };
  try {
    const sent = await deps.sendResult({
      chatId: record.chatId,
      taskId,
      kind,
      task,
      t,
      locale: record.locale,
      taskName: taskTitle(t, record),
      audioTitle: audioTitleOf(record),
      // The estimate the card showed at Create; the service reports no charge per task.
      cost: record.cost,
      replyMarkup,
      sentParts,
    });
    await keepForInline(delivery, sent.files ?? []);
    return { buttonsLeft: sent.buttonsShown ? undefined : replyMarkup, seconds: sent.seconds };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    // The upload may have reached Telegram: a second one could double it. The link cannot.
    logger.warn({ err: error }, "result upload interrupted; sending the link instead");
    const link = task.result_url ?? task.result_urls?.srt_url ?? task.result_urls?.txt_url;
    await deps.sendMessage(
      record.chatId,
      t("outcome-link-fallback", { id: String(taskId), url: link ?? "" }),
      replyMarkup,
    );
    await sentParts.add("result");
    return {};
  }
}

async function deliverFinished(delivery: Delivery): Promise<void> {
  const { deps, record, task, t, logger } = delivery;
  const now = deps.now ?? Date.now;
  const taskId = record.taskId ?? task.task_id;
  let shown = record;
  let resultKind: ResultKind | undefined;
  let buttonsLeft: InlineKeyboardMarkup | undefined;
  if (task.status === "completed") {
    resultKind = resultKindOf(record, task);
    shown = { ...record, result: resultLinksOf(task) };
    await deps.records.put(shown);
    if (resultKind === "srt_step") await deps.startReview(shown, task, t);
    else {
      const sent = await sendResult({ ...delivery, record: shown }, resultKind);
      buttonsLeft = sent.buttonsLeft;
      // A "Then..." form started from the result knows its length, as one from a file sent would.
      if (sent.seconds !== undefined && shown.result)
        shown = { ...shown, result: { ...shown.result, seconds: sent.seconds } };
    }
  } else if (!(await deps.records.partSent(record.ticket, "result"))) {
    const error = task.error_message ?? t("outcome-failed-unknown");
    await deps.sendMessage(
      record.chatId,
      t("outcome-failed", { task: taskName(t, record), id: String(taskId), error }),
      record.request ? { inline_keyboard: [againRow(t, record, "tryAgain")] } : resultKeyboard(t, record),
    );
    await deps.records.markPartSent(record.ticket, "result");
  }
  // A result that carries its buttons (or the failure with its own) says all the card said: it takes the
  // card's place, one message for the job. An album leaves its buttons to the card, which stays.
  const card = resultKind === "srt_step" || buttonsLeft ? undefined : record.cardMessageId;
  const cardGoes = card !== undefined;
  if (cardGoes) await cardGivesWay(deps.deleteMessage, { chatId: record.chatId, messageId: card }, logger);
  await deps.records.markDelivered(record.ticket);
  const { cardMessageId: _gone, cardText: _said, cardEditedAt: _at, ...withoutCard } = shown;
  const delivered: TaskRecord = { ...(cardGoes ? withoutCard : shown), state: "delivered", progress: 100 };
  await deps.records.put(delivered);
  await deps.records.polls.remove(record.ticket);
  deps.metrics?.deliveries.inc({ outcome: task.status });
  // The service's last change of the task is its completion: the wait an operator wants to see.
  if (task.updated_at) {
    deps.metrics?.completionToDelivery.observe(Math.max(0, now() - task.updated_at.getTime()) / 1000);
  }
  logger.info({ status: task.status, kind: resultKind }, "task delivered");
  if (cardGoes) return;
  const doneText =
    resultKind === "srt_step" ? cardText.awaitingCheck(t, delivered) : cardText.delivered(t, delivered);
  const shownCard = await deps.cards.show(delivered, {
    text: task.status === "completed" ? doneText : cardText.failed(t, delivered),
    important: true,
    ...(buttonsLeft ? { replyMarkup: buttonsLeft } : {}),
  });
  // A result sent as an album without a card to carry its buttons gets them in a message of their own.
  if (buttonsLeft && shownCard.cardMessageId === undefined) {
    await deps.sendMessage(record.chatId, cardText.delivered(t, delivered), buttonsLeft);
  }
}

/** The task as the service has it now; undefined when the service no longer knows it (the user is told). */
async function readTask(
  { deps, record, t, logger }: Omit<Delivery, "task"> & { record: { taskId: number } },
  reason: DeliverData["reason"],
): Promise<Task | undefined> {
  const { apiKey } = await deps.apiKeys.ensure(record.userId);
  const priority = reason === "poll" ? "background" : "foreground";
  const task = await deps.tasksService.getTask(apiKey, record.taskId, { priority }).catch(missingOrWaitOut);
  if (task) return task;
  logger.warn("the service does not know the task any more");
  await deps.records.put({ ...record, state: "gave_up" });
  await deps.records.polls.remove(record.ticket);
  await deps.sendMessage(record.chatId, t("outcome-task-gone", { id: String(record.taskId) }));
  return undefined;
}

export function deliverJob(deps: DeliverDeps): JobDefinition<DeliverData> {
  async function handler(data: DeliverData, context: JobContext): Promise<void> {
    const record = await deps.records.get(data.ticket);
    if (!record) return;
    // A callback for a task whose creation was not confirmed names the task that may be it.
    const adopting = data.taskId !== undefined && deps.creation.canAdopt(record);
    if (!adopting && record.taskId === undefined) return;
    if (!adopting && record.state !== "created") {
      await deps.records.polls.remove(record.ticket);
      return;
    }
    const logger = context.logger.child({
      ticket: ticketTag(record.ticket),
      task_id: record.taskId ?? data.taskId,
      user_id: record.userId,
      reason: data.reason,
    });
    let current = record;
    const run = {
      lock: `deliver:${record.ticket}`,
      timing: LOCK_TIMING,
      logger,
      async closed() {
        await deps.records.put({ ...current, state: "undeliverable" });
        await deps.records.polls.remove(record.ticket);
        deps.metrics?.deliveries.inc({ outcome: "undeliverable" });
      },
    };
    await deliverUnderLock(deps.locks, run, async () => {
      if (await deps.records.isDelivered(record.ticket)) return;
      // A callback means a finished task, so a message follows: wait for the chat's turn off the worker.
      if (data.reason !== "poll") await takeChatTurn(deps, record.chatId);
      // This run reads the task now, maybe before it finishes: a callback from here on gets a job of
      // its own. Runs that wait (lock, chat) keep their place and take in the callbacks meanwhile.
      if (data.reason === "callback") await deps.records.nextHookEpoch(record.ticket);
      current = (await deps.records.get(record.ticket)) ?? record;
      if (current.taskId === undefined) {
        if (data.taskId === undefined || !deps.creation.canAdopt(current)) return;
        const adopted = await deps.creation.adoptNamed(current, data.taskId, logger);
        if (!adopted) return;
        current = adopted;
      }
      const { taskId } = current;
      if (taskId === undefined || current.state !== "created") return;
      const reading = { deps, record: { ...current, taskId }, t: deps.translate(current.locale), logger };
      const task = await readTask(reading, data.reason);
      if (!task) return;
      const delivery = { ...reading, task };
      const finish = () =>
        task.status === "completed" || task.status === "failed"
          ? deliverFinished(delivery)
          : finishUnfinished(delivery);
      await (data.reason === "poll" ? finish() : deps.withReservedSend(current.chatId, finish));
    });
  }

  // Most of a delivery is waiting (for the chat's one message a second, for uploads): many at once
  // keep Telegram's 30 a second busy even when one chat has many results queued.
  return defineJob(
    "deliver-task",
    DeliverDataSchema,
    { attempts: 8, backoffMs: 5_000, concurrency: 64 },
    handler,
  );
}
