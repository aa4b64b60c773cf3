/**
 * What the buttons on results and on the card set going, as jobs: the original file as a document (from
 * its cached file_id when it went out before, else from a link renewed when needed), and Cancel of what
 * is still queued, newest first (those furthest from a free slot), with each refund counted.
 */
import path from "node:path";
import { type Api, InputFile } from "grammy";
import { z } from "zod";
import type { GenerationCredentialsReader } from "../accounts/generation-links.js";
import type { CanceledGeneration } from "../generation-service/client.js";
import { isGenerationServiceError } from "../generation-service/errors.js";
import type { Generation } from "../generation-service/responses.js";
import type { Translate } from "../i18n/translate.js";
import { type JobDefinition, RetryLaterError } from "../jobs/queue.js";
import { idempotencyKeyOf } from "./create-job.js";
import type { Follower } from "./poller.js";
import { chunkOf, type GenerationRecords } from "./records.js";
import {
  download,
  type ResultReader,
  ResultUnavailableError,
  resultFileName,
  withDownloads,
} from "./result-files.js";
import { freshOutput, type ResultLinkDeps } from "./result-links.js";

const OriginalDataSchema = z.object({ ticket: z.string().min(16), position: z.number().int().nonnegative() });
export type OriginalData = z.infer<typeof OriginalDataSchema>;

export interface OriginalDeps extends ResultLinkDeps {
  records: GenerationRecords;
  results: ResultReader;
  api: Pick<Api, "sendDocument" | "sendMessage">;
  translate(locale: string): Translate;
}

export function originalJob(deps: OriginalDeps): JobDefinition<OriginalData> {
  return {
    name: "send-generation-original",
    schema: OriginalDataSchema,
    attempts: 4,
    backoffMs: 3_000,
    concurrency: 8,
    async handler({ ticket, position }) {
      const record = await deps.records.get(ticket);
      const chunk = await deps.records.chunk(ticket, chunkOf(position));
      const item = chunk?.items.find((candidate) => candidate.position === position);
      if (!record || !item) return;
      const t = deps.translate(record.locale);
      const caption = t("generation-original-caption", { number: position + 1 });
      if (item.documentFileId) {
        await deps.api.sendDocument(record.chatId, item.documentFileId, { caption });
        return;
      }
      const fresh = await freshOutput(deps, record.userId, item, 60_000, Date.now());
      if ("unlinked" in fresh) {
        await deps.api.sendMessage(record.chatId, t("generation-not-linked"));
        return;
      }
      if ("problem" in fresh) {
        await deps.api.sendMessage(record.chatId, t(fresh.problem.key, fresh.problem.params));
        return;
      }
      if ("gone" in fresh) {
        await deps.api.sendMessage(record.chatId, t("generation-error-not_found"));
        return;
      }
      const { output } = fresh;
      const { url, mime } = output;
      const message = await withDownloads(async (folder) => {
        const file = path.join(folder, resultFileName(position, mime));
        try {
          await download(deps.results, url, file);
        } catch (error) {
          if (error instanceof ResultUnavailableError && error.status === 429) {
            throw new RetryLaterError(error.retryAfterMs ?? 5_000);
          }
          throw error;
        }
        return deps.api.sendDocument(record.chatId, new InputFile(file, resultFileName(position, mime)), {
          caption,
        });
      });
      const documentFileId = message.document?.file_id;
      if (!documentFileId) return;
      await deps.records.changeChunk(ticket, chunkOf(position), (current) => ({
        ...current,
        items: current.items.map((candidate) =>
          candidate.position === position ? { ...candidate, documentFileId } : candidate,
        ),
      }));
    },
  };
}

const CancelDataSchema = z.object({ ticket: z.string().min(16) });
export type CancelData = z.infer<typeof CancelDataSchema>;

export interface CancelDeps {
  records: GenerationRecords;
  credentials: GenerationCredentialsReader;
  service: {
    cancelGeneration(apiKey: string, id: string, idempotencyKey: string): Promise<CanceledGeneration>;
  };
  follower: Follower;
  api: Pick<Api, "sendMessage">;
  translate(locale: string): Translate;
  refreshCard(ticket: string): Promise<void>;
}

export function cancelJob(deps: CancelDeps): JobDefinition<CancelData> {
  return {
    name: "cancel-generations",
    schema: CancelDataSchema,
    attempts: 4,
    backoffMs: 3_000,
    concurrency: 4,
    async handler({ ticket }) {
      const record = await deps.records.get(ticket);
      if (record?.state !== "created") return;
      const credentials = await deps.credentials.credentials(record.userId);
      if (!credentials) {
        await deps.api.sendMessage(record.chatId, deps.translate(record.locale)("generation-not-linked"));
        return;
      }
      const chunks = await deps.records.chunks(record);
      const items = chunks.flatMap((chunk) => chunk.items);
      const queued = items.filter((item) => item.status === "queued").reverse();
      // Those already known to be running cannot be stopped either; a retry counts the ones it found.
      const runningBefore = items.filter((item) => item.status === "running").length;
      // Outcomes are recorded together after the calls, so the card never shows the refunds without
      // the ones that could not be stopped.
      const outcomes: Array<{ id: string; status: "canceled" | "running" } | Generation> = [];
      let stopped: unknown;
      try {
        for (const item of queued) {
          try {
            const answer = await deps.service.cancelGeneration(
              credentials.apiKey,
              item.id,
              idempotencyKeyOf(record, `cancel:${item.id}`),
            );
            outcomes.push(answer.generation ?? { id: item.id, status: "canceled" });
          } catch (error) {
            if (!isGenerationServiceError(error)) throw error;
            if (error.code === "already_running") outcomes.push({ id: item.id, status: "running" });
            else if (error.code !== "not_found") throw error;
          }
        }
      } catch (error) {
        stopped = error;
      }
      const running = runningBefore + outcomes.filter((outcome) => outcome.status === "running").length;
      await deps.records.update(ticket, (current) => ({ ...current, cancelRunning: running }));
      for (const outcome of outcomes) await deps.follower.observe(outcome);
      if (stopped !== undefined) {
        // What was canceled so far is recorded; the retry goes on with what is still queued.
        if (isGenerationServiceError(stopped) && stopped.code === "rate_limit_exceeded") {
          throw new RetryLaterError(stopped.retryAfterMs ?? 10_000);
        }
        throw stopped;
      }
      await deps.refreshCard(ticket);
    },
  };
}
