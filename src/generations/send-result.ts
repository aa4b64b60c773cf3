/**
 * How a chunk looks in the chat: images as a photo or an album (a document when Telegram refuses a photo),
 * clips as playable videos or, too big to upload, their link. Each message goes once through the parts.
 */
import { open, stat } from "node:fs/promises";
import path from "node:path";
import { type Api, GrammyError, type InputFile } from "grammy";
import type { InlineKeyboardButton, InputMediaVideo, Message } from "grammy/types";
import type { Translate } from "../i18n/translate.js";
import { rereadableFile, sendVideoAlbum, withinCaption } from "../lifecycle/chat-delivery.js";
import { type SentFile, sentFileOf, sentFilesOf } from "../lifecycle/result-index.js";
import { type MediaHeader, mp4Header } from "../media/media-header.js";
import { controlText, failureLines, imageCaption } from "./card.js";
import type { BatchRecord, ChunkItem, ChunkRecord, StoredOutput } from "./records.js";
import { albumRows, joinRows, singleKeyboard } from "./result-actions.js";
import { download, type ResultReader, ResultUnavailableError, resultFileName } from "./result-files.js";

export type ResultApi = Pick<
  Api,
  "sendPhoto" | "sendVideo" | "sendMediaGroup" | "sendMessage" | "sendDocument" | "deleteMessage"
>;

/** Enough of an MP4's start to hold its movie header when it comes before the media, as streamable files have it. */
const VIDEO_HEADER_BYTES = 512 * 1024;

async function videoHeader(file: string): Promise<MediaHeader> {
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read({
      buffer: Buffer.alloc(VIDEO_HEADER_BYTES),
      position: 0,
    });
    return mp4Header(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

const BYTES_PER_MB = 1024 * 1024;

/** A clip too big for the bot to upload, as its link, with when the link stops working. */
export function tooBigText(
  t: Translate,
  locale: string,
  item: Pick<ChunkItem, "position"> & { output: StoredOutput },
  bytes: number,
  limitBytes: number,
): string {
  const format = new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  });
  return t("video-too-big", {
    number: item.position + 1,
    size: Math.ceil(bytes / BYTES_PER_MB),
    limit: Math.floor(limitBytes / BYTES_PER_MB),
    until: format.format(new Date(item.output.expiresAt * 1000)),
    url: item.output.url,
  });
}

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

/** Sent as a photo, or as a document when Telegram refuses it as one (too big, odd sides). */
async function photoElseDocument<R>(photo: () => Promise<R>, document: () => Promise<R>): Promise<R> {
  try {
    return await photo();
  } catch (error) {
    const notAPhoto =
      error instanceof GrammyError &&
      (error.error_code === 413 || /PHOTO_|too big|dimensions|IMAGE_PROCESS_FAILED/i.test(error.description));
    if (!notAPhoto) throw error;
    return document();
  }
}

function filesOf(pairs: Array<[ChunkItem, unknown]>): Map<string, SentFile> {
  const sent = new Map<string, SentFile>();
  for (const [item, message] of pairs) {
    const file = sentFileOf(message);
    if (file) sent.set(item.id, file);
  }
  return sent;
}

/** The messages of a chunk's delivery already in the chat, each recorded as soon as Telegram answers it. */
export interface SentParts {
  /** Sends one message unless an earlier run did, and records it (and its files) before the next goes. */
  once(part: string, send: () => Promise<Map<string, SentFile> | undefined>): Promise<void>;
  has(part: string): boolean;
}

export interface BatchResultSenderDeps {
  api: ResultApi;
  results: ResultReader;
  /** The largest file the bot may upload to the chat; a bigger video goes as its link. */
  uploadLimitBytes: number;
}

/** A clip on disk: its size, its header, and its poster beside it unless the poster cannot be read. */
export async function videoFile(deps: BatchResultSenderDeps, item: ChunkItem, file: string, folder: string) {
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

export type VideoFile = Awaited<ReturnType<typeof videoFile>>;

function resultFile(files: Map<string, string>, item: ChunkItem): InputFile {
  const file = files.get(item.id);
  if (!file || !item.output) throw new ResultUnavailableError(`generation ${item.id} has no result`);
  return rereadableFile(file, resultFileName(item.position, item.output.mime));
}

/** The card's last words (money, failures; Retry), carried by the batch's last message when it goes. */
export interface CardWords {
  lines: string[];
  rows: InlineKeyboardButton[][];
}

/** What sending one chunk needs; `card` holds the card's last words when this chunk carries them. */
export interface ChunkSending {
  deps: BatchResultSenderDeps;
  record: BatchRecord;
  chunk: ChunkRecord;
  files: Map<string, string>;
  videos: Map<string, VideoFile>;
  t: Translate;
  parts: SentParts;
  card: CardWords | undefined;
}

/** A result sent alone: its caption, what else of its chunk failed, and the card's last words. */
function aloneCaption({ t, record, chunk, card }: ChunkSending, item: ChunkItem): string {
  return withinCaption(
    // The card's last words say what was charged: the result's own line then leaves its price out.
    [
      imageCaption(t, record, item, { priced: card === undefined }),
      ...failureLines(t, chunk),
      ...(card?.lines ?? []),
    ].join("\n"),
  );
}

/** `rows` and the card's buttons below; no markup when `rows` is absent and the card has none. */
export function withCardRows(card: CardWords | undefined, rows?: InlineKeyboardButton[][]) {
  const all = [...(rows ?? []), ...(card?.rows ?? [])];
  return rows || all.length > 0 ? { reply_markup: { inline_keyboard: all } } : {};
}

/** The message after an album (or of a chunk with nothing to show), with the card's last words. */
async function sendControl(sending: ChunkSending, rows?: InlineKeyboardButton[][]): Promise<void> {
  const { deps, record, chunk, t, card } = sending;
  await sending.parts.once("control", async () => {
    const text = [controlText(t, record, chunk), ...(card?.lines ?? [])].filter((line) => line !== "");
    await deps.api.sendMessage(record.chatId, text.join("\n"), withCardRows(card, rows));
    return undefined;
  });
}

/** Clips as playable videos, alone with buttons or an album and its buttons; one too big goes as its link. */
async function sendVideos(sending: ChunkSending, made: ChunkItem[]): Promise<void> {
  const { deps, record, chunk, files, videos, t, parts, card } = sending;
  const { api } = deps;
  const chatId = record.chatId;
  const fits = made.filter((item) => (videos.get(item.id)?.bytes ?? 0) <= deps.uploadLimitBytes);
  const tooBig = made.filter((item) => !fits.includes(item));
  const media = (item: ChunkItem) => {
    const video = videos.get(item.id);
    const poster = video?.poster;
    const { width, height, seconds } = video?.header ?? {};
    const size =
      width !== undefined && height !== undefined
        ? { width, height }
        : videoFrameSize(item.aspect, item.resolution);
    return {
      file: resultFile(files, item),
      other: {
        ...(poster ? { thumbnail: rereadableFile(poster, path.basename(poster)) } : {}),
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
      const rows = singleKeyboard(t, "video", record.ticket, only.position).inline_keyboard;
      const sent = await api.sendVideo(chatId, file, {
        ...other,
        caption: aloneCaption(sending, only),
        ...withCardRows(card, rows),
      });
      return filesOf([[only, sent]]);
    });
    return;
  }
  await parts.once("media", async () => {
    const album: InputMediaVideo[] = fits.map((item) => {
      const { file, other } = media(item);
      return { type: "video", media: file, ...other, caption: withinCaption(imageCaption(t, record, item)) };
    });
    const sent = sentFilesOf(await sendVideoAlbum(api, chatId, album));
    return new Map(fits.flatMap((item, index) => (sent[index] ? [[item.id, sent[index]]] : [])));
  });
  for (const item of tooBig) {
    const output = item.output;
    if (!output) continue;
    await parts.once(`link:${item.position}`, async () => {
      const bytes = videos.get(item.id)?.bytes ?? 0;
      await api.sendMessage(
        chatId,
        tooBigText(t, record.locale, { ...item, output }, bytes, deps.uploadLimitBytes),
        { link_preview_options: { is_disabled: true } },
      );
      return undefined;
    });
  }
  await sendControl(sending, [...joinRows(t, record, chunk), ...albumRows(record, made)]);
}

/** Images: one as a photo with its buttons, several as an album and its message of buttons. */
async function sendImages(sending: ChunkSending, made: ChunkItem[]): Promise<void> {
  const { deps, record, t, parts, card } = sending;
  const { api } = deps;
  const fileOf = (item: ChunkItem) => resultFile(sending.files, item);
  const chatId = record.chatId;
  if (made.length === 0) {
    await sendControl(sending);
    return;
  }
  const [only] = made;
  if (made.length === 1 && only) {
    await parts.once("media", async () => {
      const rows = singleKeyboard(t, "image", record.ticket, only.position).inline_keyboard;
      const options = { caption: aloneCaption(sending, only), ...withCardRows(card, rows) };
      const sent = await photoElseDocument<Message>(
        () => api.sendPhoto(chatId, fileOf(only), options),
        () => api.sendDocument(chatId, fileOf(only), options),
      );
      return filesOf([[only, sent]]);
    });
    return;
  }
  await parts.once("media", async () => {
    const album = <T extends "photo" | "document">(type: T) =>
      made.map((item) => ({
        type,
        media: fileOf(item),
        caption: withinCaption(imageCaption(t, record, item)),
      }));
    const messages = await photoElseDocument<Message[]>(
      () => api.sendMediaGroup(chatId, album("photo")),
      () => api.sendMediaGroup(chatId, album("document")),
    );
    return filesOf(made.map((item, index) => [item, messages[index]]));
  });
  await sendControl(sending, albumRows(record, made));
}

/** A chunk's results, each message once; true when the message carrying the card's last words is in. */
export async function sendChunk(sending: ChunkSending): Promise<boolean> {
  const { record, chunk, files, t } = sending;
  const made = chunk.items.filter((item) => item.status === "succeeded" && files.has(item.id));
  // Only canceled ones leave nothing to say here: the batch card counts them with their refund.
  if (made.length === 0 && controlText(t, record, chunk) === "") return false;
  await (record.type === "video" ? sendVideos(sending, made) : sendImages(sending, made));
  return true;
}
