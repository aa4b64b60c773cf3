/** A result sent again from /gallery: an image by its photo if Telegram has it, else a download or link. */
import { stat } from "node:fs/promises";
import type { Api } from "grammy";
import { z } from "zod";
import type { JobDefinition, JobQueue } from "../jobs/queue.js";
import { rereadableFile, withinCaption } from "../lifecycle/chat-delivery.js";
import { defineJob, TicketDataSchema, ticketTag } from "../lifecycle/tickets.js";
import { imageCaption } from "./card.js";
import type { GenerationRecords } from "./records.js";
import { singleKeyboard } from "./result-actions.js";
import { fetchResult, type ResultReader, resultFileName, withDownloads } from "./result-files.js";
import { type BatchJobDeps, freshOutput } from "./result-links.js";
import { tooBigText } from "./send-result.js";

/** `chatId`: where the gallery was opened. */
const ResendDataSchema = TicketDataSchema.extend({
  position: z.number().int().nonnegative(),
  chatId: z.number().int(),
});
type ResendData = z.infer<typeof ResendDataSchema>;

/** Enough time left on a link to download the file now. */
const DOWNLOAD_MARGIN_MS = 60_000;

export function resendJob(
  deps: BatchJobDeps & {
    results: ResultReader;
    api: Pick<Api, "sendPhoto" | "sendVideo" | "sendDocument" | "sendMessage">;
    uploadLimitBytes: number;
  },
) {
  const tuning = { attempts: 4, backoffMs: 3_000, concurrency: 4 };
  return defineJob("resend-generation", ResendDataSchema, tuning, async ({ ticket, position, chatId }) => {
    const record = await deps.records.get(ticket);
    const item = await deps.records.item(ticket, position);
    if (!record || item?.status !== "succeeded") return;
    const t = deps.translate(record.locale);
    const caption = withinCaption(imageCaption(t, record, item));
    const video = record.type === "video";
    const reply_markup = singleKeyboard(t, record.type, ticket, position);
    if (!video && item.photoFileId) {
      await deps.api.sendPhoto(chatId, item.photoFileId, { caption, reply_markup });
      return;
    }
    const fresh = await freshOutput(deps, record.userId, item, DOWNLOAD_MARGIN_MS, {
      key: video ? "video-deleted-already" : "generation-deleted-already",
      params: { number: position + 1 },
    });
    if ("problem" in fresh) {
      await deps.api.sendMessage(chatId, t(fresh.problem.key, fresh.problem.params));
      return;
    }
    const { output } = fresh;
    await withDownloads(async (folder) => {
      const file = await fetchResult(deps.results, folder, position, output);
      const upload = rereadableFile(file, resultFileName(position, output.mime));
      if (!video) return deps.api.sendDocument(chatId, upload, { caption, reply_markup });
      const { size } = await stat(file);
      if (size <= deps.uploadLimitBytes) {
        return deps.api.sendVideo(chatId, upload, { caption, reply_markup, supports_streaming: true });
      }
      return deps.api.sendMessage(
        chatId,
        tooBigText(t, record.locale, { position, output }, size, deps.uploadLimitBytes),
        { link_preview_options: { is_disabled: true }, reply_markup },
      );
    });
  });
}

/** Queues a resend of the user's generation; false when not the bot's or not theirs. One job a `slot`. */
export function resendFromGallery(
  records: GenerationRecords,
  queue: JobQueue,
  job: JobDefinition<ResendData>,
) {
  return async (generationId: string, userId: number, chatId: number, slot: number): Promise<boolean> => {
    const place = await records.locate(generationId);
    const record = place ? await records.get(place.ticket) : undefined;
    if (!place || record?.userId !== userId) return false;
    const { ticket, position } = place;
    const jobId = `generation-resend-${ticketTag(ticket)}-${position}-${slot}`;
    await queue.enqueue(job, { ticket, position, chatId }, { jobId });
    return true;
  };
}
