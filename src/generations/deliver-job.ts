/** A finished chunk (an album) into the chat under its lock, each message recorded as sent, albums in order. */
import { HttpError } from "grammy";
import { z } from "zod";
import { isGenerationServiceError } from "../generation-service/errors.js";
import type { Translate } from "../i18n/translate.js";
import type { JobContext, JobDefinition, JobQueue } from "../jobs/queue.js";
import {
  type ChatDeliveryDeps,
  cardGivesWay,
  deliverUnderLock,
  takeChatTurn,
} from "../lifecycle/chat-delivery.js";
import type { ResultIndex } from "../lifecycle/result-index.js";
import { defineJob, TicketDataSchema, ticketTag } from "../lifecycle/tickets.js";
import type { Logger } from "../logger.js";
import { cardKeyboard, countBatch, createdCardText } from "./card.js";
import { keepForInline } from "./inline-index.js";
import {
  type BatchRecord,
  type ChunkItem,
  type ChunkRecord,
  type GenerationRecords,
  isFinished,
  storedOutput,
} from "./records.js";
import { fetchResult, ResultUnavailableError, withDownloads } from "./result-files.js";
import type { ResultLinkDeps } from "./result-links.js";
import { type InlineResultApi, sendToInlineMessage } from "./send-inline.js";
import {
  type BatchResultSenderDeps,
  type CardWords,
  type ChunkSending,
  type ResultApi,
  type SentParts,
  sendChunk,
  type VideoFile,
  videoFile,
  withCardRows,
} from "./send-result.js";

/** A link this close to its expiry is renewed before an upload reads it. */
const RENEW_BEFORE_EXPIRY_MS = 10 * 60 * 1000;
/** Short, so a crashed holder frees the chunk soon; renewed while an upload is still going. */
const LOCK_TIMING = { ttlMs: 15_000, renewMs: 5_000 };

export const DeliverDataSchema = TicketDataSchema.extend({ chunk: z.number().int().nonnegative() });
export type DeliverData = z.infer<typeof DeliverDataSchema>;

export interface DeliverDeps extends ChatDeliveryDeps, BatchResultSenderDeps, ResultLinkDeps {
  records: GenerationRecords;
  queue: Pick<JobQueue, "enqueue">;
  api: ResultApi & InlineResultApi;
  refreshCard(ticket: string, options?: { final?: boolean }): Promise<void>;
  /** What follows once the whole batch is in the chat: the join a keyframe chain's card chose. */
  finished?(record: BatchRecord): Promise<void>;
  /** Where the user's results are kept for inline mode; absent, nothing is kept. */
  resultIndex?: Pick<ResultIndex, "add">;
}

async function freshOutputs(
  deps: DeliverDeps,
  record: BatchRecord,
  items: ChunkItem[],
  logger: Logger,
): Promise<ChunkItem[]> {
  const stale = items.filter(
    (item) => item.output && item.output.expiresAt * 1000 - Date.now() < RENEW_BEFORE_EXPIRY_MS,
  );
  if (stale.length === 0) return items;
  const credentials = await deps.credentials.credentials(record.userId);
  if (!credentials) return items;
  const renewed = new Map<string, ChunkItem>();
  for (const item of stale) {
    try {
      const generation = await deps.service.getGeneration(credentials.apiKey, item.id);
      if (generation.output) renewed.set(item.id, { ...item, output: storedOutput(generation.output) });
    } catch (error) {
      if (!isGenerationServiceError(error)) throw error;
      logger.warn({ err: error, generation_id: item.id }, "result link not renewed; using the one we have");
    }
  }
  return items.map((item) => renewed.get(item.id) ?? item);
}

/** Each result on disk before anything goes to the chat; a refused link is renewed once. */
async function fetchFiles(
  deps: DeliverDeps,
  record: BatchRecord,
  items: ChunkItem[],
  folder: string,
): Promise<{ items: ChunkItem[]; files: Map<string, string>; videos: Map<string, VideoFile> }> {
  const files = new Map<string, string>();
  const videos = new Map<string, VideoFile>();
  const fetched: ChunkItem[] = [];
  for (const item of items) {
    const output = item.output;
    if (item.status !== "succeeded" || !output) {
      fetched.push(item);
      continue;
    }
    let current = item;
    let file: string;
    try {
      file = await fetchResult(deps.results, folder, item.position, output);
    } catch (error) {
      if (!(error instanceof ResultUnavailableError) || error.status !== 403) throw error;
      // Signed links expire (403): reading the generation again gives a fresh one.
      const credentials = await deps.credentials.credentials(record.userId);
      if (!credentials) throw error;
      const generation = await deps.service.getGeneration(credentials.apiKey, item.id);
      if (!generation.output) throw error;
      current = { ...item, output: storedOutput(generation.output) };
      file = await fetchResult(deps.results, folder, item.position, generation.output);
    }
    files.set(item.id, file);
    fetched.push(current);
    if (record.type === "video") videos.set(item.id, await videoFile(deps, current, file, folder));
  }
  return { items: fetched, files, videos };
}

async function finishBatch(deps: DeliverDeps, record: BatchRecord): Promise<void> {
  const chunks = await deps.records.chunks(record);
  if (!chunks.every((chunk) => chunk.delivered)) {
    await deps.refreshCard(record.ticket);
    return;
  }
  // What follows the batch starts before the batch is marked finished: a run after a crash in between
  // starts it again, and what it starts is made once.
  await deps.finished?.(record);
  await deps.records.update(record.ticket, (current) => ({ ...current, state: "finished" }));
  await deps.records.open.remove(record.ticket);
  await deps.refreshCard(record.ticket, { final: true });
}

function sentParts(deps: DeliverDeps, record: BatchRecord, chunk: ChunkRecord): SentParts {
  const done = new Set(chunk.sent);
  return {
    has: (part) => done.has(part),
    async once(part, sendPart) {
      if (done.has(part)) return;
      const files = await sendPart();
      done.add(part);
      await deps.records.changeChunk(record.ticket, chunk.index, (current) => ({
        ...current,
        sent: [...new Set([...(current.sent ?? []), part])],
        items: current.items.map((item) => {
          const file = files?.get(item.id);
          // The gallery sends an image again by its file: a photo, or the document it went as.
          return file && file.kind !== "video"
            ? { ...item, photoFileId: file.fileId, photoFileUniqueId: file.id }
            : item;
        }),
      }));
      if (files && deps.resultIndex) {
        await keepForInline(deps.resultIndex, deps.translate(record.locale), record, chunk, files);
      }
    },
  };
}

/** True while a chunk ahead of this one has yet to reach the chat: its delivery hands the turn on. */
async function waitsForEarlier(deps: DeliverDeps, ticket: string, index: number): Promise<boolean> {
  for (let earlier = 0; earlier < index; earlier++) {
    const chunk = await deps.records.chunk(ticket, earlier);
    if (chunk && !chunk.delivered && chunk.abandoned !== true) return true;
  }
  return false;
}

/** Queues the next chunk's delivery when it has finished and waits only for its turn. */
async function handOn(
  deps: DeliverDeps,
  definition: JobDefinition<DeliverData>,
  ticket: string,
  index: number,
): Promise<void> {
  const following = await deps.records.chunk(ticket, index + 1);
  if (!following || following.delivered || !following.items.every((item) => isFinished(item.status))) {
    return;
  }
  // An id of its own: the follower's id for that chunk may be spent on a run that found it was not its turn.
  await deps.queue.enqueue(
    definition,
    { ticket, chunk: index + 1 },
    { jobId: `generation-deliver-${ticketTag(ticket)}-${index + 1}-in-turn` },
  );
}

/** The card's last words when this chunk is the batch's last to reach the chat: its counts are final then. */
async function lastWordsOfCard(
  deps: DeliverDeps,
  record: BatchRecord,
  index: number,
  t: Translate,
): Promise<CardWords | undefined> {
  const chunks = await deps.records.chunks(record);
  if (!chunks.every((chunk) => chunk.index === index || chunk.delivered)) return undefined;
  const counts = countBatch(chunks);
  return {
    lines: createdCardText(t, record, counts, true).split("\n").slice(1),
    rows: cardKeyboard(t, record, counts).inline_keyboard,
  };
}

/** The chunk's results, or their links after an upload cut short; true once the card's last words are in. */
async function sendOrLink(deps: DeliverDeps, sending: ChunkSending, logger: Logger): Promise<boolean> {
  const { record, chunk, t, parts, card } = sending;
  try {
    return await deps.withReservedSend(record.chatId, () => sendChunk(sending));
  } catch (error) {
    // Only the upload of the results themselves is worth replacing by links; anything later is sent again.
    if (!(error instanceof HttpError) || parts.has("media")) throw error;
    // The upload may have reached Telegram: sending again could double it. The links cannot.
    logger.warn({ err: error }, "results upload interrupted; sending their links instead");
    const links = chunk.items.flatMap((item) =>
      item.output ? [`${item.position + 1}. ${item.output.url}`] : [],
    );
    await parts.once("media", async () => {
      await deps.api.sendMessage(
        record.chatId,
        [t("generation-links-fallback"), ...links, ...(card?.lines ?? [])].join("\n"),
        { link_preview_options: { is_disabled: true }, ...withCardRows(card) },
      );
      return undefined;
    });
    return true;
  }
}

/** Marked first, so no later news shows the card again, then deleted. */
async function retireCard(deps: DeliverDeps, record: BatchRecord, logger: Logger): Promise<void> {
  await deps.records.update(record.ticket, (current) => ({ ...current, cardGaveWay: true }));
  const messageId = (await deps.records.card(record.ticket))?.messageId ?? record.cardMessageId;
  if (messageId === undefined) return;
  await cardGivesWay(
    (chatId, id) => deps.api.deleteMessage(chatId, id),
    { chatId: record.chatId, messageId },
    logger,
  );
}

/** The chunk into the chat, in the chat's turn; its card gives way once its last words are in. */
async function deliverToChat(
  deps: DeliverDeps,
  record: BatchRecord,
  chunk: ChunkRecord,
  logger: Logger,
): Promise<ChunkItem[]> {
  await takeChatTurn(deps, record.chatId);
  const parts = sentParts(deps, record, chunk);
  const renewed = await freshOutputs(deps, record, chunk.items, logger);
  const t = deps.translate(record.locale);
  const card = await lastWordsOfCard(deps, record, chunk.index, t);
  const { items, carried } = await withDownloads(async (folder) => {
    const { items, ...fetched } = await fetchFiles(deps, record, renewed, folder);
    const sending = { deps, record, chunk: { ...chunk, items }, ...fetched, t, parts, card };
    return { items, carried: await sendOrLink(deps, sending, logger) };
  });
  if (card && carried) await retireCard(deps, record, logger);
  return items;
}

/** An inline batch's image in its placeholder by its link: no download, and no chat's turn to take. */
async function deliverInline(
  deps: DeliverDeps,
  record: BatchRecord & { inlineMessageId: string },
  chunk: ChunkRecord,
  logger: Logger,
): Promise<ChunkItem[]> {
  const parts = sentParts(deps, record, chunk);
  const items = await freshOutputs(deps, record, chunk.items, logger);
  const t = deps.translate(record.locale);
  await parts.once("media", async () => {
    for (const item of items) await sendToInlineMessage({ api: deps.api, logger }, record, item, t);
    return undefined;
  });
  return items;
}

export function deliverJob(deps: DeliverDeps): JobDefinition<DeliverData> {
  async function handler(data: DeliverData, context: JobContext): Promise<void> {
    const record = await deps.records.get(data.ticket);
    const first = await deps.records.chunk(data.ticket, data.chunk);
    if (!record || !first || record.state === "undeliverable") return;
    if (first.delivered) {
      // A run cut short after recording the delivery may not have handed the turn on, nor finished the batch.
      await handOn(deps, definition, record.ticket, data.chunk);
      if (record.state !== "finished") await finishBatch(deps, record);
      return;
    }
    if (!first.items.every((item) => isFinished(item.status))) return;
    if (await waitsForEarlier(deps, record.ticket, data.chunk)) return;
    const logger = context.logger.child({
      ticket: ticketTag(record.ticket),
      chunk: data.chunk,
      user_id: record.userId,
    });
    const run = {
      lock: `generation-deliver:${record.ticket}:${data.chunk}`,
      timing: LOCK_TIMING,
      logger,
      async closed() {
        await deps.records.update(record.ticket, (current) => ({ ...current, state: "undeliverable" }));
        await deps.records.open.remove(record.ticket);
      },
      async failed() {
        if (context.attempt < definition.attempts) return;
        await deps.records.changeChunk(record.ticket, data.chunk, (current) => ({
          ...current,
          abandoned: true,
        }));
        await handOn(deps, definition, record.ticket, data.chunk);
      },
    };
    await deliverUnderLock(deps.locks, run, async () => {
      const chunk = await deps.records.chunk(record.ticket, data.chunk);
      if (!chunk || chunk.delivered) return;
      const { inlineMessageId } = record;
      const items =
        inlineMessageId === undefined
          ? await deliverToChat(deps, record, chunk, logger)
          : await deliverInline(deps, { ...record, inlineMessageId }, chunk, logger);
      const stored = await deps.records.changeChunk(record.ticket, data.chunk, (current) => ({
        ...current,
        delivered: true,
        items: current.items.map((item) => {
          const renewed = items.find((candidate) => candidate.id === item.id);
          return { ...item, ...(renewed?.output ? { output: renewed.output } : {}) };
        }),
      }));
      logger.info(
        { images: stored?.items.filter((item) => item.photoFileId !== undefined).length ?? 0 },
        "generations delivered",
      );
      await handOn(deps, definition, record.ticket, data.chunk);
      await finishBatch(deps, record);
    });
  }

  // Mostly waiting for the chat's turn and for uploads: many at once keep Telegram's rate busy.
  const tuning = { attempts: 8, backoffMs: 5_000, concurrency: 32 };
  const definition = defineJob("deliver-generations", DeliverDataSchema, tuning, handler);
  return definition;
}
