/**
 * Delivery of a chunk (up to ten generations, one album), as a job queued once its last generation has
 * finished. One image goes as a photo with its buttons; several as an album followed by one message with
 * numbered buttons per image (albums take no buttons); what failed or was canceled is said there with its
 * refund. A link about to expire is renewed by reading the generation again before it is used. The sent
 * photos' file_ids are kept, so sending one again downloads nothing. A chunk goes to the chat once, under
 * its lock and its delivered flag. Each message of it (the album, a link, its message of buttons) is
 * recorded the moment Telegram answers, so a run after a crash sends only what had not gone yet; only a
 * crash between an answer and its record repeats that one message. Albums go in the
 * batch's order: a chunk that finished before the one ahead of it (a poll reads the newest first) waits,
 * and each delivery hands the turn to the next chunk; one given up for good hands it on as well.
 */
import { open, stat } from "node:fs/promises";
import path from "node:path";
import { type Api, GrammyError, HttpError, InputFile } from "grammy";
import type { InputMediaPhoto, InputMediaVideo, Message } from "grammy/types";
import { z } from "zod";
import type { GenerationCredentialsReader } from "../accounts/generation-links.js";
import { isGenerationServiceError } from "../generation-service/errors.js";
import type { Generation } from "../generation-service/responses.js";
import type { Translate } from "../i18n/translate.js";
import {
  type JobContext,
  type JobDefinition,
  type JobQueue,
  PermanentJobError,
  RetryLaterError,
} from "../jobs/queue.js";
import { type Logger, ticketTag } from "../logger.js";
import { type MediaHeader, mp4Header } from "../media/media-header.js";
import type { LockStore } from "../storage/ports.js";
import {
  albumKeyboard,
  controlText,
  failureLines,
  imageCaption,
  joinRows,
  singleImageKeyboard,
  singleVideoKeyboard,
} from "./cards.js";
import {
  type BatchRecord,
  type ChunkItem,
  type ChunkRecord,
  type GenerationRecords,
  isFinished,
  storedOutput,
} from "./records.js";
import {
  download,
  type ResultReader,
  ResultUnavailableError,
  resultFileName,
  withDownloads,
} from "./result-files.js";

/** A link this close to its expiry is renewed before an upload reads it. */
const RENEW_BEFORE_EXPIRY_MS = 10 * 60 * 1000;
/** Short, so a crashed holder frees the chunk soon; renewed while an upload is still going. */
const LOCK_TTL_MS = 15_000;
const LOCK_RENEW_MS = 5_000;
const CAPTION_LIMIT = 1024;

export type ResultApi = Pick<
  Api,
  "sendPhoto" | "sendVideo" | "sendMediaGroup" | "sendMessage" | "sendDocument"
>;

export const DeliverDataSchema = z.object({
  ticket: z.string().min(16),
  chunk: z.number().int().nonnegative(),
});
export type DeliverData = z.infer<typeof DeliverDataSchema>;

export interface DeliverDeps {
  records: GenerationRecords;
  locks: LockStore;
  /** Where a delivery queues the next chunk's, whose turn it is once this one is in the chat. */
  queue: Pick<JobQueue, "enqueue">;
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
  /** The largest file the bot may upload to the chat; a bigger video goes as its link. */
  uploadLimitBytes: number;
  now?: () => number;
}

/** A video result on disk: its poster when there is one, its size, and its length and frame as it states them. */
interface VideoFile {
  poster?: string;
  bytes: number;
  header: MediaHeader;
}

/** Enough of an MP4's start to hold its movie header when it comes before the media, as streamable files have it. */
const VIDEO_HEADER_BYTES = 512 * 1024;

async function videoHeader(file: string): Promise<MediaHeader> {
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(
      Buffer.alloc(VIDEO_HEADER_BYTES),
      0,
      VIDEO_HEADER_BYTES,
      0,
    );
    return mp4Header(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

const BYTES_PER_MB = 1024 * 1024;

/** A clip's width and height from the shape and size it was made in (`16:9` at `720p` is 1280×720), for a file that does not state them. */
function videoFrameSize(
  aspect: string | undefined,
  resolution: string | undefined,
): { width: number; height: number } | undefined {
  const ratio = /^(\d+):(\d+)$/.exec(aspect ?? "");
  const lines = /^(\d+)p$/i.exec(resolution ?? "");
  if (!ratio || !lines) return undefined;
  const across = Number(ratio[1]);
  const down = Number(ratio[2]);
  const short = Number(lines[1]);
  if (across <= 0 || down <= 0) return undefined;
  // Video sides are even numbers.
  const long = Math.round((short * Math.max(across, down)) / Math.min(across, down) / 2) * 2;
  return across >= down ? { width: long, height: short } : { width: short, height: long };
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

type SentPhotos = Map<string, { fileId: string; uniqueId: string }>;

/** The messages of a chunk's delivery already in the chat, each recorded as soon as Telegram answers it. */
interface SentParts {
  /**
   * Sends one message of the delivery unless an earlier run did, then records it (with the photos it
   * carried) before anything else is sent.
   */
  once(part: string, send: () => Promise<SentPhotos | undefined>): Promise<void>;
  has(part: string): boolean;
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
      const file = path.join(folder, resultFileName(item.position, output.mime));
      let current = item;
      try {
        await download(deps.results, output.url, file);
      } catch (error) {
        if (!(error instanceof ResultUnavailableError)) throw error;
        if (error.status === 429) throw new RetryLaterError(error.retryAfterMs ?? 5_000);
        if (error.status !== 403) throw error;
        // Signed links expire (403): reading the generation again gives a fresh one.
        const credentials = await deps.credentials.credentials(record.userId);
        if (!credentials) throw error;
        const generation = await deps.service.getGeneration(credentials.apiKey, item.id);
        if (!generation.output) throw error;
        current = { ...item, output: storedOutput(generation.output) };
        await download(deps.results, generation.output.url, file);
      }
      files.set(item.id, file);
      fetched.push(current);
      if (record.type === "video") videos.set(item.id, await videoFile(current, file, folder));
    }
    return { items: fetched, files, videos };
  }

  /** A clip's size, and its poster beside it; a poster that cannot be read leaves the clip without one. */
  async function videoFile(item: ChunkItem, file: string, folder: string): Promise<VideoFile> {
    const { size } = await stat(file);
    const posterUrl = item.output?.posterUrl;
    if (!posterUrl || size > deps.uploadLimitBytes) return { bytes: size, header: {} };
    const header = await videoHeader(file);
    const poster = path.join(folder, `poster-${item.position + 1}.jpg`);
    try {
      await download(deps.results, posterUrl, poster);
      return { bytes: size, header, poster };
    } catch (error) {
      if (!(error instanceof ResultUnavailableError)) throw error;
      return { bytes: size, header };
    }
  }

  /**
   * Clips go as playable videos (poster as thumbnail, width, height, streaming), one alone with its
   * buttons, several as an album with a message of numbered buttons; one too big for the bot to upload
   * goes as its link, with when the link stops working.
   */
  async function sendVideos(
    record: BatchRecord,
    chunk: ChunkRecord,
    files: Map<string, string>,
    videos: Map<string, VideoFile>,
    t: Translate,
    parts: SentParts,
  ): Promise<void> {
    const { api } = deps;
    const chatId = record.chatId;
    const made = chunk.items.filter((item) => item.status === "succeeded" && files.has(item.id));
    // Only canceled ones: the batch card says so, and nothing goes to the chat.
    if (made.length === 0 && controlText(t, record, chunk) === "") return;
    const fits = made.filter((item) => (videos.get(item.id)?.bytes ?? 0) <= deps.uploadLimitBytes);
    const tooBig = made.filter((item) => !fits.includes(item));
    const media = (item: ChunkItem) => {
      const file = files.get(item.id);
      if (!file || !item.output) throw new ResultUnavailableError(`generation ${item.id} has no result`);
      const video = videos.get(item.id);
      const poster = video?.poster;
      const { width, height, seconds } = video?.header ?? {};
      const size =
        width !== undefined && height !== undefined
          ? { width, height }
          : videoFrameSize(item.aspect, item.resolution);
      return {
        file: new InputFile(file, resultFileName(item.position, item.output.mime)),
        other: {
          ...(poster ? { thumbnail: new InputFile(poster, path.basename(poster)) } : {}),
          ...(size ?? {}),
          ...(seconds !== undefined ? { duration: Math.round(seconds) } : {}),
          supports_streaming: true,
        },
      };
    };
    const [only] = fits;
    if (fits.length === 1 && only && tooBig.length === 0) {
      await parts.once("media", async () => {
        const { file, other } = media(only);
        const caption = withinCaption(
          [imageCaption(t, record, only), ...failureLines(t, record, chunk)].join("\n"),
        );
        await api.sendVideo(chatId, file, {
          ...other,
          caption,
          reply_markup: singleVideoKeyboard(t, record.ticket, only.position),
        });
        return undefined;
      });
      return;
    }
    await parts.once("media", async () => {
      if (fits.length === 1 && only) {
        const { file, other } = media(only);
        await api.sendVideo(chatId, file, {
          ...other,
          caption: withinCaption(imageCaption(t, record, only)),
        });
      }
      if (fits.length > 1) {
        const album: InputMediaVideo[] = fits.map((item) => {
          const { file, other } = media(item);
          return {
            type: "video",
            media: file,
            ...other,
            caption: withinCaption(imageCaption(t, record, item)),
          };
        });
        await api.sendMediaGroup(chatId, album);
      }
      return undefined;
    });
    for (const item of tooBig) {
      const output = item.output;
      if (!output) continue;
      await parts.once(`link:${item.position}`, async () => {
        await api.sendMessage(
          chatId,
          t("video-too-big", {
            number: item.position + 1,
            size: Math.ceil((videos.get(item.id)?.bytes ?? 0) / BYTES_PER_MB),
            limit: Math.floor(deps.uploadLimitBytes / BYTES_PER_MB),
            until: new Intl.DateTimeFormat(record.locale, {
              dateStyle: "medium",
              timeStyle: "short",
              timeZone: "UTC",
            }).format(new Date(output.expiresAt * 1000)),
            url: output.url,
          }),
          { link_preview_options: { is_disabled: true } },
        );
        return undefined;
      });
    }
    const keyboard = albumKeyboard(
      record.ticket,
      made.map((item) => item.position),
      record.type,
    );
    await parts.once("control", async () => {
      await api.sendMessage(chatId, controlText(t, record, chunk), {
        reply_markup: { inline_keyboard: [...joinRows(t, record, chunk), ...keyboard.inline_keyboard] },
      });
      return undefined;
    });
  }

  /** Sends the chunk's images: one as a photo with its buttons, several as an album and its message of buttons. */
  async function send(
    record: BatchRecord,
    chunk: ChunkRecord,
    files: Map<string, string>,
    t: Translate,
    parts: SentParts,
  ): Promise<void> {
    const { api } = deps;
    const fileOf = (item: ChunkItem): InputFile => {
      const file = files.get(item.id);
      if (!file || !item.output) throw new ResultUnavailableError(`generation ${item.id} has no result`);
      return new InputFile(file, resultFileName(item.position, item.output.mime));
    };
    const chatId = record.chatId;
    const made = chunk.items.filter((item) => item.status === "succeeded" && files.has(item.id));
    const photosOf = (pairs: Array<[ChunkItem, Message | undefined]>): SentPhotos => {
      const sent: SentPhotos = new Map();
      for (const [item, message] of pairs) {
        const photo = message ? largestPhoto(message) : undefined;
        if (photo) sent.set(item.id, photo);
      }
      return sent;
    };
    if (made.length === 0) {
      // Only canceled ones leave nothing to say here: the batch card counts them with their refund.
      const text = controlText(t, record, chunk);
      if (text === "") return;
      await parts.once("control", async () => {
        await api.sendMessage(chatId, text);
        return undefined;
      });
      return;
    }
    const [only] = made;
    if (made.length === 1 && only) {
      await parts.once("media", async () => {
        const caption = withinCaption(
          [imageCaption(t, record, only), ...failureLines(t, record, chunk)].join("\n"),
        );
        const reply_markup = singleImageKeyboard(t, record.ticket, only.position);
        try {
          return photosOf([[only, await api.sendPhoto(chatId, fileOf(only), { caption, reply_markup })]]);
        } catch (error) {
          if (!notAPhoto(error)) throw error;
          return photosOf([[only, await api.sendDocument(chatId, fileOf(only), { caption, reply_markup })]]);
        }
      });
      return;
    }
    await parts.once("media", async () => {
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
      return photosOf(made.map((item, index) => [item, messages[index]]));
    });
    await parts.once("control", async () => {
      await api.sendMessage(chatId, controlText(t, record, chunk), {
        reply_markup: albumKeyboard(
          record.ticket,
          made.map((item) => item.position),
          record.type,
        ),
      });
      return undefined;
    });
  }

  async function finishBatch(record: BatchRecord): Promise<void> {
    const chunks = await deps.records.chunks(record);
    if (!chunks.every((chunk) => chunk.delivered)) {
      await deps.refreshCard(record.ticket);
      return;
    }
    await deps.records.update(record.ticket, (current) => ({ ...current, state: "finished" }));
    await deps.records.markClosed(record.ticket);
    await deps.refreshCard(record.ticket, { final: true });
  }

  function sentParts(ticket: string, index: number, earlier: readonly string[]): SentParts {
    const done = new Set(earlier);
    return {
      has: (part) => done.has(part),
      async once(part, sendPart) {
        if (done.has(part)) return;
        const photos = await sendPart();
        done.add(part);
        await deps.records.changeChunk(ticket, index, (current) => ({
          ...current,
          sent: [...new Set([...(current.sent ?? []), part])],
          items: current.items.map((item) => {
            const photo = photos?.get(item.id);
            return photo ? { ...item, photoFileId: photo.fileId, photoFileUniqueId: photo.uniqueId } : item;
          }),
        }));
      },
    };
  }

  /** True while a chunk ahead of this one has yet to reach the chat: its delivery hands the turn on. */
  async function waitsForEarlier(ticket: string, index: number): Promise<boolean> {
    for (let earlier = 0; earlier < index; earlier++) {
      const chunk = await deps.records.chunk(ticket, earlier);
      if (chunk && !chunk.delivered && chunk.abandoned !== true) return true;
    }
    return false;
  }

  /** Queues the next chunk's delivery when it has finished and waits only for its turn. */
  async function handOn(ticket: string, index: number): Promise<void> {
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

  async function handler(data: DeliverData, context: JobContext): Promise<void> {
    const record = await deps.records.get(data.ticket);
    const first = await deps.records.chunk(data.ticket, data.chunk);
    if (!record || !first || record.state === "undeliverable") return;
    if (first.delivered) {
      // A run cut short after recording the delivery may not have handed the turn on.
      await handOn(record.ticket, data.chunk);
      return;
    }
    if (!first.items.every((item) => isFinished(item.status))) return;
    if (await waitsForEarlier(record.ticket, data.chunk)) return;
    const logger = context.logger.child({
      ticket: ticketTag(record.ticket),
      chunk: data.chunk,
      user_id: record.userId,
    });
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
      const parts = sentParts(record.ticket, data.chunk, chunk.sent ?? []);
      const renewed = await freshOutputs(record, chunk.items, logger);
      const items = await withDownloads(async (folder) => {
        const fetched = await fetchFiles(record, renewed, folder);
        try {
          const delivered = { ...chunk, items: fetched.items };
          await deps.withReservedSend(async () => {
            if (record.type !== "video") await send(record, delivered, fetched.files, t, parts);
            else await sendVideos(record, delivered, fetched.files, fetched.videos, t, parts);
          });
        } catch (error) {
          // Only the upload of the results themselves is worth replacing by links; anything later is sent again.
          if (!(error instanceof HttpError) || parts.has("media")) throw error;
          // The upload may have reached Telegram: sending again could double it. The links cannot.
          logger.warn({ err: error }, "results upload interrupted; sending their links instead");
          const links = fetched.items.flatMap((item) =>
            item.output ? [`${item.position + 1}. ${item.output.url}`] : [],
          );
          await parts.once("media", async () => {
            await deps.api.sendMessage(record.chatId, [t("generation-links-fallback"), ...links].join("\n"), {
              link_preview_options: { is_disabled: true },
            });
            return undefined;
          });
        }
        return fetched.items;
      });
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
      await handOn(record.ticket, data.chunk);
      await finishBatch(record);
    } catch (error) {
      if (chatClosed(error)) {
        logger.info({ err: error }, "chat closed to the bot; delivery ends");
        await deps.records.update(record.ticket, (current) => ({ ...current, state: "undeliverable" }));
        await deps.records.markClosed(record.ticket);
        throw new PermanentJobError("the user blocked the bot");
      }
      const retryAfter = telegramRetryAfter(error);
      if (retryAfter !== undefined) throw new RetryLaterError(retryAfter);
      if (context.attempt >= definition.attempts) {
        await deps.records.changeChunk(record.ticket, data.chunk, (current) => ({
          ...current,
          abandoned: true,
        }));
        await handOn(record.ticket, data.chunk);
      }
      throw error;
    } finally {
      clearInterval(renewal);
      await deps.locks.release(lockName, lock);
    }
  }

  const definition: JobDefinition<DeliverData> = {
    name: "deliver-generations",
    schema: DeliverDataSchema,
    attempts: 8,
    backoffMs: 5_000,
    // Mostly waiting for the chat's turn and for uploads: many at once keep Telegram's rate busy.
    concurrency: 32,
    handler,
  };
  return definition;
}
