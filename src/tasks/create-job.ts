/**
 * Submission of a task, as a job: its files uploaded, then the task created. Nothing is created when an
 * upload fails; a retry reuses the uploads while they live. Creation is sent once: when its answer is
 * lost the service may have made the task, so the creation check finds out; a 429 made nothing.
 */
import { z } from "zod";
import { type JobContext, type JobDefinition, RetryLaterError } from "../jobs/queue.js";
import { mediaKey } from "../lifecycle/records.js";
import { defineJob, ticketTag } from "../lifecycle/tickets.js";
import type { Logger } from "../logger.js";
import { MediaError, type MediaErrorCode } from "../media/accept.js";
import { type MediaRef, MediaRefSchema } from "../media/media-ref.js";
import type { TransferResult } from "../media/transfer.js";
import { isTasksServiceError, type ServiceErrorKind } from "../tasks-service/errors.js";
import { type TaskRequest, TaskRequestSchema } from "../tasks-service/schemas/index.js";
import type { TaskStageDeps } from "./card.js";
import { cardText } from "./card.js";
import type { CreationCheck } from "./creation-check.js";
import { requestMedia, type TaskRecord } from "./records.js";
import { resultButton } from "./result-actions.js";

/** The service keeps uploads 2 hours; reuse one only well within that. */
const UPLOAD_REUSE_MS = 100 * 60 * 1000;
const SUBMIT_ATTEMPTS = 4;
/** Failures after the request was sent that leave open whether the service made the task. */
const UNANSWERED_KINDS: ReadonlySet<ServiceErrorKind> = new Set([
  "network",
  "timeout",
  "server",
  // A 2xx whose body could not be read made the task all the same.
  "invalid_response",
]);

const SubmitDataSchema = z.object({ ticket: z.string().min(16) });
export type SubmitData = z.infer<typeof SubmitDataSchema>;

/** A file the service needs that is not a Telegram file or a link: the SRT of a finished task. */
const ResultFileRefSchema = z.object({
  source: z.literal("result"),
  ticket: z.string(),
  name: z.string(),
});

export interface SubmitDeps extends TaskStageDeps {
  transfer(ref: MediaRef, apiKey: string): Promise<TransferResult>;
  /** Uploads the transcribe step's SRT again, for its render. */
  reuploadResult(ticket: string, apiKey: string): Promise<string>;
  tasksService: { createTask(apiKey: string, request: TaskRequest): Promise<{ task_id: number }> };
  /** Undefined when the bot has no address the service can reach. */
  webhookUrl(ticket: string): string | undefined;
  /** First poll of a created task, in case its webhook never comes. */
  firstPollDelayMs: number;
  creation: Pick<CreationCheck, "unconfirmed">;
}

const isMediaRef = (value: unknown): value is MediaRef => MediaRefSchema.safeParse(value).success;

interface Failure {
  reason: { key: string; params?: Record<string, string | number> };
  retryable: boolean;
}

/** What is wrong with the file itself: sending it again fails the same way, so no Retry is offered. */
const FILE_PROBLEMS_NO_RETRY_CURES: ReadonlySet<MediaErrorCode> = new Set([
  "unsupported_type",
  "empty_file",
  "too_big_for_bot_api",
  "too_big_for_intake",
  "too_big_for_service",
  "type_mismatch",
]);

/** Nothing was created: the card says why, with Retry where sending again can help. */
async function fail(deps: SubmitDeps, record: TaskRecord, { reason, retryable }: Failure) {
  const t = deps.translate(record.locale);
  const failed: TaskRecord = { ...record, state: "submit_failed", problem: reason };
  await deps.records.put(failed);
  const buttons = [
    ...(retryable ? [resultButton(t, failed, "retrySubmit")] : []),
    ...(failed.form ? [resultButton(t, failed, "repeat")] : []),
  ];
  await deps.cards.show(failed, {
    text: cardText.submitFailed(t, failed, t(reason.key, reason.params)),
    important: true,
    ...(buttons.length > 0 ? { replyMarkup: { inline_keyboard: [buttons] } } : {}),
  });
}

/** Why a submission ends for good, said on its card; undefined when its job should run again. */
function failureOf(error: unknown, lastAttempt: boolean, logger: Logger): Failure | undefined {
  if (error instanceof MediaError) {
    logger.warn({ err: error, kind: error.kind }, "a file of the task could not be taken");
    return {
      reason: { key: `media-error-${error.kind}`, params: error.params },
      retryable: !FILE_PROBLEMS_NO_RETRY_CURES.has(error.kind),
    };
  }
  if (isTasksServiceError(error)) {
    if (error.kind === "rate_limited") throw new RetryLaterError(error.retryAfterMs ?? 20_000);
    const transient = error.kind === "network" || error.kind === "timeout" || error.kind === "server";
    if (transient && !lastAttempt) return undefined;
    logger.warn({ err: error }, "submission failed");
    return { reason: { key: `service-error-${error.kind}` }, retryable: true };
  }
  if (!lastAttempt) return undefined;
  logger.error({ err: error }, "submission failed");
  return { reason: { key: "error-generic" }, retryable: true };
}

/** The request as the service takes it: files as their uploads or links, and the task's callback address. */
async function requestOf(
  deps: SubmitDeps,
  ticket: string,
  draft: Record<string, unknown>,
  uploads: TaskRecord["uploads"],
  apiKey: string,
): Promise<TaskRequest> {
  const resolve = async (value: unknown): Promise<unknown> => {
    if (isMediaRef(value)) return value.source === "link" ? value.url : uploads[mediaKey(value)]?.ref;
    const result = ResultFileRefSchema.safeParse(value);
    if (result.success) return deps.reuploadResult(result.data.ticket, apiKey);
    return value;
  };
  const body: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(draft)) {
    body[field] = Array.isArray(value) ? await Promise.all(value.map(resolve)) : await resolve(value);
  }
  const webhook = deps.webhookUrl(ticket);
  if (webhook) body.webhook_url = webhook;
  return TaskRequestSchema.parse(body);
}

export function submitJob(deps: SubmitDeps): JobDefinition<SubmitData> {
  const now = deps.now ?? Date.now;

  async function handler({ ticket }: SubmitData, context: JobContext): Promise<void> {
    let record = await deps.records.get(ticket);
    if (record?.state !== "submitting" || !record.request) return;
    const t = deps.translate(record.locale);
    const logger = context.logger.child({
      ticket: ticketTag(ticket),
      user_id: record.userId,
      type: record.type,
    });
    if (record.creating) {
      // A run before this one sent the creation and did not live to hear the answer.
      logger.warn("earlier run stopped while creating the task; checking whether it was created");
      await deps.creation.unconfirmed(record);
      return;
    }
    try {
      const { apiKey } = await deps.apiKeys.ensure(record.userId);
      const requestDraft = record.request;
      // The files the request waits for, in order: the media, then the other file fields.
      const files = requestMedia(requestDraft).filter((ref) => ref.source === "telegram");
      for (const [done, ref] of files.entries()) {
        const key = mediaKey(ref);
        const earlier = record.uploads[key];
        if (earlier && now() - earlier.at < UPLOAD_REUSE_MS) continue;
        record = await deps.cards.show(record, {
          text: cardText.uploading(t, record, done + 1, files.length),
        });
        const result = await deps.transfer(ref, apiKey);
        const reference = "uploadId" in result ? result.uploadId : result.url;
        record = { ...record, uploads: { ...record.uploads, [key]: { ref: reference, at: now() } } };
        await deps.records.put(record);
      }
      const request = await requestOf(deps, ticket, requestDraft, record.uploads, apiKey);
      record = await deps.cards.show(record, { text: cardText.creating(t, record), important: true });
      record = { ...record, creating: true, attemptAt: now() };
      await deps.records.put(record);
      let created: { task_id: number };
      try {
        created = await deps.tasksService.createTask(apiKey, request);
      } catch (error) {
        if (isTasksServiceError(error) && !error.notSent && UNANSWERED_KINDS.has(error.kind)) {
          logger.warn(
            { err: error },
            "task creation may have reached the service; checking, not repeating it",
          );
          await deps.creation.unconfirmed(record);
          return;
        }
        // An upload the service no longer knows (404 after its 2 hours) must be made again on retry.
        const expired = isTasksServiceError(error) && error.kind === "not_found";
        record = { ...record, creating: false, ...(expired ? { uploads: {} } : {}) };
        await deps.records.put(record);
        throw error;
      }
      const createdRecord: TaskRecord = {
        ...record,
        state: "created",
        creating: false,
        taskId: created.task_id,
      };
      await deps.records.put(createdRecord);
      await deps.records.polls.add(ticket, now() + deps.firstPollDelayMs);
      deps.metrics?.tasksCreated.inc({ type: record.type });
      logger.info({ task_id: created.task_id }, "task created");
      await deps.cards.show(createdRecord, { text: cardText.created(t, createdRecord), important: true });
    } catch (error) {
      const failure = failureOf(error, context.attempt >= SUBMIT_ATTEMPTS, logger);
      if (!failure) throw error;
      await fail(deps, record, failure);
    }
  }

  return defineJob(
    "submit-task",
    SubmitDataSchema,
    { attempts: SUBMIT_ATTEMPTS, backoffMs: 3_000, concurrency: 8 },
    handler,
  );
}
