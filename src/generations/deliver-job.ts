/**
 * Delivery of a chunk (up to ten generations, one album), as a job queued once its last generation has
 * finished. One image goes as a photo with its buttons; several as an album followed by one message with
 * numbered buttons per image (albums take no buttons); what failed or was canceled is said there with its
 * refund. A link about to expire is renewed by reading the generation again before it is used. The sent
 * photos' file_ids are kept, so sending one again downloads nothing. A chunk goes to the chat once, under
 * its lock and its delivered flag; only a crash between sending and recording repeats it.
 */
import type { Readable } from "node:stream";
import { type Api, GrammyError, HttpError, type InputFile } from "grammy";
import type { InputMediaPhoto, Message } from "grammy/types";
import { request } from "undici";
import { z } from "zod";
import type { GenerationCredentialsReader } from "../accounts/generation-links.js";
import { isGenerationServiceError } from "../generation-service/errors.js";
import type { Generation } from "../generation-service/responses.js";
import type { Translate } from "../i18n/translate.js";
import { type JobContext, type JobDefinition, PermanentJobError, RetryLaterError } from "../jobs/queue.js";
import type { Logger } from "../logger.js";
import type { LockStore } from "../storage/ports.js";
import { rereadableFile } from "../telegram/client-policy.js";
import {
  type BatchRecord,
  type ChunkItem,
  type ChunkRecord,
  type GenerationRecords,
  isFinished,
} from "./batch-records.js";
import { albumKeyboard, controlText, failureLines, imageCaption, singleImageKeyboard } from "./cards.js";

/** A link this close to its expiry is renewed before an upload reads it. */
const RENEW_BEFORE_EXPIRY_MS = 10 * 60 * 1000;
const LOCK_TTL_MS = 60_000;
const LOCK_RENEW_MS = 20_000;
const CAPTION_LIMIT = 1024;

export class ResultUnavailableError extends Error {
  override readonly name = "ResultUnavailableError";
}

/** Result files, read from the service's signed links: only https, or the service's own origin. */
export interface ResultReader {
  open(url: string): Promise<Readable>;
}

export function createResultReader(options: { serviceBaseUrl: string; timeoutMs?: number }): ResultReader {
  const serviceOrigin = new URL(options.serviceBaseUrl).origin;
  const timeoutMs = options.timeoutMs ?? 60_000;
  return {
    async open(url) {
      const parsed = new URL(url);
      if (parsed.protocol !== "https:" && parsed.origin !== serviceOrigin) {
        throw new ResultUnavailableError(`result address refused: ${parsed.origin}`);
      }
      const response = await request(parsed, {
        method: "GET",
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      if (response.statusCode < 200 || response.statusCode >= 300) {
        await response.body.dump();
        throw new ResultUnavailableError(`result answered HTTP ${response.statusCode}`);
      }
      return response.body;
    },
  };
}

export type ResultApi = Pick<Api, "sendPhoto" | "sendMediaGroup" | "sendMessage" | "sendDocument">;

export const DeliverDataSchema = z.object({
  ticket: z.string().min(16),
  chunk: z.number().int().nonnegative(),
});
export type DeliverData = z.infer<typeof DeliverDataSchema>;

export interface DeliverDeps {
  records: GenerationRecords;
  locks: LockStore;
  credentials: GenerationCredentialsReader;
  service: { getGeneration(apiKey: string, id: string): Promise<Generation> };
  results: ResultReader;
  api: ResultApi;
  /** Reserves the chat's next send: 0 when reserved, else the wait (the delivery steps aside for it). */
  reserveChatSend(chatId: number): Promise<number>;
  /** Runs the sends of one delivery, the first of them already reserved. */
  withReservedSend<T>(work: () => Promise<T>): Promise<T>;
  translate(locale: string): Translate;
  refreshCard(ticket: string, options?: { final?: boolean }): Promise<void>;
  now?: () => number;
}

function telegramRetryAfter(error: unknown): number | undefined {
  if (error instanceof GrammyError && error.error_code === 429) {
    return (error.parameters.retry_after ?? 5) * 1000;
  }
  return undefined;
}

function chatClosed(error: unknown): boolean {
  return (
    error instanceof GrammyError &&
    (error.error_code === 403 || /chat not found|user is deactivated/i.test(error.description))
  );
}

/** Telegram refused the file as a photo (too big, or sides it will not take): it goes as a document. */
function notAPhoto(error: unknown): boolean {
  return (
    error instanceof GrammyError &&
    (error.error_code === 413 || /PHOTO_|too big|dimensions|IMAGE_PROCESS_FAILED/i.test(error.description))
  );
}

function extensionOf(mime: string): string {
  const subtype = mime.split("/")[1]?.split(";")[0]?.trim() ?? "bin";
  return subtype === "jpeg" ? "jpg" : subtype;
}

function largestPhoto(message: Message): { fileId: string; uniqueId: string } | undefined {
  const sizes = message.photo ?? [];
  const largest = sizes.at(-1);
  if (largest) return { fileId: largest.file_id, uniqueId: largest.file_unique_id };
  const document = message.document;
  return document ? { fileId: document.file_id, uniqueId: document.file_unique_id } : undefined;
}

function withinCaption(text: string): string {
  return text.length <= CAPTION_LIMIT ? text : `${text.slice(0, CAPTION_LIMIT - 1)}…`;
}

export function deliverJob(deps: DeliverDeps): JobDefinition<DeliverData> {
  const now = deps.now ?? Date.now;

  /** The items' links, renewed where they are about to expire. */
  async function freshOutputs(record: BatchRecord, items: ChunkItem[], logger: Logger): Promise<ChunkItem[]> {
    const stale = items.filter(
      (item) => item.output && item.output.expiresAt * 1000 - now() < RENEW_BEFORE_EXPIRY_MS,
    );
    if (stale.length === 0) return items;
    const credentials = await deps.credentials.credentials(record.userId);
    if (!credentials) return items;
    const renewed = new Map<string, ChunkItem>();
    for (const item of stale) {
      try {
        const generation = await deps.service.getGeneration(credentials.apiKey, item.id);
        if (generation.output) {
          const { url, expires_at: expiresAt, mime } = generation.output;
          renewed.set(item.id, { ...item, output: { url, expiresAt, mime } });
        }
      } catch (error) {
        if (!isGenerationServiceError(error)) throw error;
        logger.warn({ err: error, generation_id: item.id }, "result link not renewed; using the one we have");
      }
    }
    return items.map((item) => renewed.get(item.id) ?? item);
  }

  function fileOf(item: ChunkItem): InputFile {
    const output = item.output;
    if (!output) throw new ResultUnavailableError(`generation ${item.id} has no result`);
    return rereadableFile(
      () => deps.results.open(output.url),
      `image-${item.position + 1}.${extensionOf(output.mime)}`,
    );
  }

  /** Sends the chunk; returns the sent photos' file ids by generation id. */
  async function send(
    record: BatchRecord,
    chunk: ChunkRecord,
    t: Translate,
  ): Promise<Map<string, { fileId: string; uniqueId: string }>> {
    const { api } = deps;
    const chatId = record.chatId;
    const made = chunk.items.filter((item) => item.status === "succeeded" && item.output);
    const sent = new Map<string, { fileId: string; uniqueId: string }>();
    const remember = (item: ChunkItem, message: Message) => {
      const photo = largestPhoto(message);
      if (photo) sent.set(item.id, photo);
    };
    if (made.length === 0) {
      await api.sendMessage(chatId, controlText(t, record, chunk));
      return sent;
    }
    const [only] = made;
    if (made.length === 1 && only) {
      const caption = withinCaption(
        [imageCaption(t, record, only), ...failureLines(t, record, chunk)].join("\n"),
      );
      const reply_markup = singleImageKeyboard(t, record.ticket, only.position);
      try {
        remember(only, await api.sendPhoto(chatId, fileOf(only), { caption, reply_markup }));
      } catch (error) {
        if (!notAPhoto(error)) throw error;
        remember(only, await api.sendDocument(chatId, fileOf(only), { caption, reply_markup }));
      }
      return sent;
    }
    const photos: InputMediaPhoto[] = made.map((item) => ({
      type: "photo",
      media: fileOf(item),
      caption: withinCaption(imageCaption(t, record, item)),
    }));
    let messages: Message[];
    try {
      messages = await api.sendMediaGroup(chatId, photos);
    } catch (error) {
      if (!notAPhoto(error)) throw error;
      messages = await api.sendMediaGroup(
        chatId,
        made.map((item) => ({
          type: "document",
          media: fileOf(item),
          caption: withinCaption(imageCaption(t, record, item)),
        })),
      );
    }
    made.forEach((item, index) => {
      const message = messages[index];
      if (message) remember(item, message);
    });
    await api.sendMessage(chatId, controlText(t, record, chunk), {
      reply_markup: albumKeyboard(
        record.ticket,
        made.map((item) => item.position),
      ),
    });
    return sent;
  }

  async function finishBatch(record: BatchRecord): Promise<void> {
    const chunks = await deps.records.chunks(record);
    if (!chunks.every((chunk) => chunk.delivered)) {
      await deps.refreshCard(record.ticket);
      return;
    }
    await deps.records.update(record.ticket, (current) => ({ ...current, state: "finished" }));
    await deps.refreshCard(record.ticket, { final: true });
  }

  async function handler(data: DeliverData, context: JobContext): Promise<void> {
    const record = await deps.records.get(data.ticket);
    const first = await deps.records.chunk(data.ticket, data.chunk);
    if (!record || !first || first.delivered || record.state === "undeliverable") return;
    if (!first.items.every((item) => isFinished(item.status))) return;
    const logger = context.logger.child({ ticket: record.ticket, chunk: data.chunk, user_id: record.userId });
    const lockName = `generation-deliver:${record.ticket}:${data.chunk}`;
    const lock = await deps.locks.acquire(lockName, LOCK_TTL_MS);
    if (lock === undefined) throw new RetryLaterError(2_000);
    const renewal = setInterval(() => {
      deps.locks.extend(lockName, lock, LOCK_TTL_MS).catch((error: unknown) => {
        logger.warn({ err: error }, "delivery lock not renewed");
      });
    }, LOCK_RENEW_MS);
    try {
      const chunk = await deps.records.chunk(record.ticket, data.chunk);
      if (!chunk || chunk.delivered) return;
      const wait = await deps.reserveChatSend(record.chatId);
      if (wait > 0) throw new RetryLaterError(wait + Math.floor(Math.random() * 250));
      const t = deps.translate(record.locale);
      const items = await freshOutputs(record, chunk.items, logger);
      let sent: Map<string, { fileId: string; uniqueId: string }>;
      try {
        sent = await deps.withReservedSend(() => send(record, { ...chunk, items }, t));
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        // The upload may have reached Telegram: sending again could double it. The links cannot.
        logger.warn({ err: error }, "results upload interrupted; sending their links instead");
        const links = items.flatMap((item) =>
          item.output ? [`${item.position + 1}. ${item.output.url}`] : [],
        );
        await deps.api.sendMessage(record.chatId, [t("generation-links-fallback"), ...links].join("\n"), {
          link_preview_options: { is_disabled: true },
        });
        sent = new Map();
      }
      await deps.records.changeChunk(record.ticket, data.chunk, (current) => ({
        ...current,
        delivered: true,
        items: current.items.map((item) => {
          const renewed = items.find((candidate) => candidate.id === item.id);
          const photo = sent.get(item.id);
          return {
            ...item,
            ...(renewed?.output ? { output: renewed.output } : {}),
            ...(photo ? { photoFileId: photo.fileId, photoFileUniqueId: photo.uniqueId } : {}),
          };
        }),
      }));
      logger.info({ images: sent.size }, "generations delivered");
      await finishBatch(record);
    } catch (error) {
      if (chatClosed(error)) {
        logger.info({ err: error }, "chat closed to the bot; delivery ends");
        await deps.records.update(record.ticket, (current) => ({ ...current, state: "undeliverable" }));
        throw new PermanentJobError("the user blocked the bot");
      }
      const retryAfter = telegramRetryAfter(error);
      if (retryAfter !== undefined) throw new RetryLaterError(retryAfter);
      throw error;
    } finally {
      clearInterval(renewal);
      await deps.locks.release(lockName, lock);
    }
  }

  return {
    name: "deliver-generations",
    schema: DeliverDataSchema,
    attempts: 8,
    backoffMs: 5_000,
    // Mostly waiting for the chat's turn and for uploads: many at once keep Telegram's rate busy.
    concurrency: 32,
    handler,
  };
}
