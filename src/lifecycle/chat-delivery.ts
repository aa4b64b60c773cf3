/** What a job sending results to a chat needs: lock, turn, Telegram's refusals, albums, re-readable files. */
import type { Readable } from "node:stream";
import { type Api, GrammyError, InputFile } from "grammy";
import type { InputMediaVideo, Message } from "grammy/types";
import type { Translate } from "../i18n/translate.js";
import { PermanentJobError, RetryLaterError } from "../jobs/queue.js";
import type { Logger } from "../logger.js";
import type { LockStore, Storage } from "../storage/ports.js";
import { reserveChatSend, withPrepaidSend } from "../telegram/pacing.js";

/** Telegram's most media in one album. */
export const ALBUM_SIZE = 10;
/** Telegram's longest caption. */
const CAPTION_LIMIT = 1024;

/** What a delivery job needs of the chat and the store, on both sides. */
export interface ChatDeliveryDeps {
  locks: LockStore;
  /** Reserves the chat's next send: 0, else the wait, which a delivery spends off its worker. */
  reserveChatSend(chatId: number): Promise<number>;
  /** Runs the sends of one delivery to the chat, the first of them already reserved. */
  withReservedSend<T>(chatId: number, work: () => Promise<T>): Promise<T>;
  translate(locale: string): Translate;
}

/** A pipeline's delivery deps: its store's locks, Telegram's pace per chat, and translate for jobs. */
export function chatDeliveryOf(
  storage: Pick<Storage, "locks" | "buckets">,
  translate: (locale: string) => Translate,
): ChatDeliveryDeps {
  return {
    locks: storage.locks,
    reserveChatSend: (chatId) => reserveChatSend(storage.buckets, chatId),
    withReservedSend: withPrepaidSend,
    translate,
  };
}

/** Telegram's flood limit: how long it asks to wait, in milliseconds; undefined for any other error. */
export function telegramRetryAfter(error: unknown): number | undefined {
  if (error instanceof GrammyError && error.error_code === 429) {
    return (error.parameters.retry_after ?? 5) * 1000;
  }
  return undefined;
}

/** The chat will take nothing more (blocked, deleted, deactivated): retrying cannot help. */
export function chatClosed(error: unknown): boolean {
  return (
    error instanceof GrammyError &&
    (error.error_code === 403 || /chat not found|user is deactivated/i.test(error.description))
  );
}

/** Takes the chat's next send, or steps aside (off the worker) until it comes, a little jittered. */
export async function takeChatTurn(deps: Pick<ChatDeliveryDeps, "reserveChatSend">, chatId: number) {
  const wait = await deps.reserveChatSend(chatId);
  if (wait > 0) throw new RetryLaterError(wait + Math.floor(Math.random() * 250));
}

/** One run of a delivery job: its lock, and what it records when it ends. */
export interface DeliveryRun {
  lock: string;
  /** Short, so a crashed holder frees it soon; renewed while a long upload goes on. */
  timing: { ttlMs: number; renewMs: number };
  logger: Logger;
  /** Records that the chat takes nothing more: the delivery then ends for good. */
  closed(): Promise<void>;
  /** Anything else went wrong (not a flood limit, which is waited out); the error is thrown on after. */
  failed?(error: unknown): Promise<void>;
}

/** One delivery under its lock (held elsewhere: look again soon); a closed chat ends it for good. */
export async function deliverUnderLock(locks: LockStore, run: DeliveryRun, work: () => Promise<void>) {
  const { lock: name, timing, logger } = run;
  const lock = await locks.acquire(name, timing.ttlMs);
  if (lock === undefined) throw new RetryLaterError(2_000);
  const renewal = setInterval(() => {
    locks.extend(name, lock, timing.ttlMs).catch((error: unknown) => {
      logger.warn({ err: error }, "delivery lock not renewed");
    });
  }, timing.renewMs);
  try {
    await work();
  } catch (error) {
    if (chatClosed(error)) {
      logger.info({ err: error }, "chat closed to the bot; delivery ends");
      await run.closed();
      throw new PermanentJobError("the user blocked the bot");
    }
    const wait = telegramRetryAfter(error);
    if (wait !== undefined) throw new RetryLaterError(wait);
    await run.failed?.(error);
    throw error;
  } finally {
    clearInterval(renewal);
    await locks.release(name, lock);
  }
}

/** Items in groups of `size` (by default albums of Telegram's most), in their order. */
export function albums<T>(items: readonly T[], size = ALBUM_SIZE): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );
}

/** A caption cut to Telegram's limit, marked as cut. */
export function withinCaption(text: string): string {
  return text.length <= CAPTION_LIMIT ? text : `${text.slice(0, CAPTION_LIMIT - 1)}…`;
}

/** One album of videos: a lone one goes as a video message (an album takes two or more). */
export async function sendVideoAlbum(
  api: Pick<Api, "sendVideo" | "sendMediaGroup">,
  chatId: number,
  videos: InputMediaVideo[],
): Promise<Message | Message[] | undefined> {
  const [only] = videos;
  if (videos.length === 1 && only) {
    const { type: _type, media, ...other } = only;
    return api.sendVideo(chatId, media, other);
  }
  return videos.length > 1 ? api.sendMediaGroup(chatId, videos) : undefined;
}

/** An upload Telegram can be sent again: a file on disk or a stream opened afresh, never one read once. */
export function rereadableFile(source: string | (() => Promise<Readable>), name: string): InputFile {
  return new InputFile(source, name);
}

/**
 * The card gives way to the result carrying its last words, once that is in and recorded; a delete that
 * fails (already gone, too old) leaves the card, logged. A flood limit is waited out as for a send.
 */
export async function cardGivesWay(
  deleteMessage: (chatId: number, messageId: number) => Promise<unknown>,
  card: { chatId: number; messageId: number },
  logger: Logger,
): Promise<void> {
  try {
    await deleteMessage(card.chatId, card.messageId);
  } catch (error) {
    if (telegramRetryAfter(error) !== undefined) throw error;
    logger.warn({ err: error, message_id: card.messageId }, "card not deleted; it stays above its result");
  }
}
