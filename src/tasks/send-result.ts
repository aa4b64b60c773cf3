/**
 * A finished task's result, into the chat: videos as playable videos, audio as an MP3 (and a voice
 * note when short), transcripts as text and documents, clips as albums, the dubbing transcript as an
 * SRT to edit. A file over Telegram's upload limit goes as its link with the expiry. Files are read
 * from the service only at https addresses or at the service's own origin (the local sandbox), never
 * at an address a callback named; each upload reads a fresh stream, so a retried upload works.
 * undici is loaded at the first result read, not at start.
 */
import type { Readable } from "node:stream";
import { type Api, GrammyError, InputFile } from "grammy";
import type { InlineKeyboardMarkup, InputMediaVideo } from "grammy/types";
import { formatDate } from "../i18n/format.js";
import type { Translate } from "../i18n/translate.js";
import { readAtMost } from "../media/read-at-most.js";
import type { Clip, Task } from "../tasks-service/responses.js";
import { rereadableFile } from "../telegram/client-policy.js";
import type { TaskRecord } from "./task-records.js";

/** A transcript this short is also shown as a message; Telegram's limit is 4096 characters. */
const TRANSCRIPT_IN_CHAT_CHARS = 3500;
const MAX_TEXT_RESULT_BYTES = 20 * 1024 * 1024;
/** MP3 at 128 kbit/s is about 960 KB a minute: below that a voice note is under a minute. */
const VOICE_NOTE_MAX_BYTES = 960 * 1024;
const ALBUM_SIZE = 10;

export class ResultUnavailableError extends Error {
  override readonly name = "ResultUnavailableError";
}

export interface ResultFetcher {
  /** Size in bytes as the server states it, or undefined. */
  size(url: string): Promise<number | undefined>;
  /** A fresh stream of the file. */
  open(url: string): Promise<Readable>;
  /** A small text file, whole; refuses more than maxBytes. */
  text(url: string, maxBytes: number): Promise<string>;
}

export function createResultFetcher(options: { serviceBaseUrl: string; timeoutMs?: number }): ResultFetcher {
  const serviceOrigin = new URL(options.serviceBaseUrl).origin;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const allowed = (url: string): URL => {
    const parsed = new URL(url);
    if (parsed.protocol === "https:" || parsed.origin === serviceOrigin) return parsed;
    throw new ResultUnavailableError(`result address refused: ${parsed.origin}`);
  };
  const get = async (url: string, method: "GET" | "HEAD") => {
    const { request } = await import("undici");
    const response = await request(allowed(url), {
      method,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    if (response.statusCode < 200 || response.statusCode >= 300) {
      await response.body.dump();
      throw new ResultUnavailableError(`result answered HTTP ${response.statusCode}`);
    }
    return response;
  };
  return {
    async size(url) {
      const response = await get(url, "HEAD");
      await response.body.dump();
      const length = Number(response.headers["content-length"]);
      return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
    },
    async open(url) {
      return (await get(url, "GET")).body;
    },
    async text(url, maxBytes) {
      const content = await readAtMost((await get(url, "GET")).body, maxBytes);
      if (content === undefined) throw new ResultUnavailableError(`result is larger than ${maxBytes} bytes`);
      return content.toString("utf8");
    },
  };
}

export type ResultKind = "video" | "audio" | "transcription" | "smart_clip" | "srt_step";

/** Which sender a finished task needs, from what the service returned rather than what we expected. */
export function resultKindOf(
  record: Pick<TaskRecord, "type" | "request"> | undefined,
  task: Task,
): ResultKind {
  const urls = task.result_urls;
  if (record?.type === "dubbing" && record.request?.step === "transcribe") return "srt_step";
  if (urls?.clips && urls.clips.length > 0) return "smart_clip";
  if (urls?.txt_url || urls?.srt_url) return "transcription";
  if (record?.type === "audio" || task.type === "audio" || task.type === "voiceover") return "audio";
  if (record?.type === "transcription" || task.type === "transcription") return "transcription";
  if (record?.type === "smart_clip" || task.type === "smart_clip") return "smart_clip";
  return "video";
}

export type ResultApi = Pick<
  Api,
  "sendVideo" | "sendAudio" | "sendVoice" | "sendDocument" | "sendMediaGroup" | "sendMessage"
>;

/** One result to one chat; the buttons go under its last message. */
export interface ResultSendRequest {
  chatId: number;
  taskId: number;
  kind: ResultKind;
  task: Task;
  t: Translate;
  locale: string;
  replyMarkup?: InlineKeyboardMarkup;
  /** What the task cost in tokens, by the price table; said on its own line under the result. */
  cost?: { tokens: number; upTo?: number };
}

/** Sends results: the delivery job through its paced Api, /tasks again through the update's. */
export interface TaskResultSender {
  send(api: ResultApi, request: ResultSendRequest): Promise<void>;
}

interface SendResultInput extends ResultSendRequest {
  api: ResultApi;
  now: Date;
  uploadLimitBytes: number;
  fetcher: ResultFetcher;
}

function tooBigForTelegram(error: unknown): boolean {
  return (
    error instanceof GrammyError && (error.error_code === 413 || /too big|too large/i.test(error.description))
  );
}

function clock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

class ResultSender {
  constructor(private readonly input: SendResultInput) {}

  private get markup() {
    return this.input.replyMarkup ? { reply_markup: this.input.replyMarkup } : {};
  }

  private linkText(url: string): string {
    const { t, task, taskId, locale } = this.input;
    const expires = task.result_url_expires_at;
    return expires
      ? t("result-link", { id: String(taskId), url, expires: formatDate(expires, locale) }) + this.costLine
      : t("result-link-no-expiry", { id: String(taskId), url }) + this.costLine;
  }

  /** The cost line, set apart from the caption above it; empty without a cost. */
  private get costLine(): string {
    const { cost, t } = this.input;
    if (!cost) return "";
    const line =
      cost.upTo === undefined
        ? t("money-result-cost", { tokens: cost.tokens })
        : t("money-result-cost-range", { least: cost.tokens, most: cost.upTo });
    return `\n\n${line}`;
  }

  private async fits(url: string): Promise<boolean> {
    const size = await this.input.fetcher.size(url).catch(() => undefined);
    return size === undefined || size <= this.input.uploadLimitBytes;
  }

  private file(url: string, name: string): InputFile {
    return rereadableFile(() => this.input.fetcher.open(url), name);
  }

  private async message(text: string, withMarkup: boolean): Promise<void> {
    await this.input.api.sendMessage(this.input.chatId, text, {
      link_preview_options: { is_disabled: true },
      ...(withMarkup ? this.markup : {}),
    });
  }

  async send(): Promise<void> {
    const { task, now, kind, t, taskId } = this.input;
    const expires = task.result_url_expires_at;
    if (expires && expires.getTime() <= now.getTime()) {
      await this.message(t("result-expired", { id: String(taskId) }), true);
      return;
    }
    switch (kind) {
      case "video":
        return this.video();
      case "audio":
        return this.audio();
      case "transcription":
        return this.transcription();
      case "smart_clip":
        return this.clips();
      case "srt_step":
        return this.srtStep();
    }
  }

  private mainUrl(): string {
    const url = this.input.task.result_url;
    if (!url) throw new ResultUnavailableError("the task has no result link");
    return url;
  }

  private async video(): Promise<void> {
    const { api, chatId, t, taskId } = this.input;
    const url = this.mainUrl();
    if (!(await this.fits(url))) return this.message(this.linkText(url), true);
    try {
      await api.sendVideo(chatId, this.file(url, `task-${taskId}.mp4`), {
        caption: t("result-video-caption", { id: String(taskId) }) + this.costLine,
        supports_streaming: true,
        ...this.markup,
      });
    } catch (error) {
      if (!tooBigForTelegram(error)) throw error;
      await this.message(this.linkText(url), true);
    }
  }

  private async audio(): Promise<void> {
    const { api, chatId, t, taskId, fetcher } = this.input;
    const url = this.mainUrl();
    const size = await fetcher.size(url).catch(() => undefined);
    if (size !== undefined && size > this.input.uploadLimitBytes)
      return this.message(this.linkText(url), true);
    if (size !== undefined && size <= VOICE_NOTE_MAX_BYTES) {
      await api.sendVoice(chatId, this.file(url, `task-${taskId}.mp3`));
    }
    await api.sendAudio(chatId, this.file(url, `task-${taskId}.mp3`), {
      caption: t("result-audio-caption", { id: String(taskId) }) + this.costLine,
      ...this.markup,
    });
  }

  private async transcription(): Promise<void> {
    const { api, chatId, t, taskId, task, fetcher } = this.input;
    const documents: Array<[string, "txt" | "srt"]> = [];
    if (task.result_urls?.txt_url) documents.push([task.result_urls.txt_url, "txt"]);
    if (task.result_urls?.srt_url) documents.push([task.result_urls.srt_url, "srt"]);
    if (documents.length === 0 && task.result_url) documents.push([task.result_url, "txt"]);
    if (documents.length === 0) throw new ResultUnavailableError("the transcription has no files");
    const texts = await Promise.all(documents.map(([url]) => fetcher.text(url, MAX_TEXT_RESULT_BYTES)));
    const plain = documents.findIndex(([, kind]) => kind === "txt");
    const plainText = plain >= 0 ? texts[plain]?.trim() : undefined;
    if (plainText && plainText.length <= TRANSCRIPT_IN_CHAT_CHARS) {
      await api.sendMessage(chatId, plainText);
    }
    for (const [index, [, extension]] of documents.entries()) {
      const last = index === documents.length - 1;
      await api.sendDocument(
        chatId,
        new InputFile(Buffer.from(texts[index] ?? "", "utf8"), `task-${taskId}.${extension}`),
        {
          caption: t(`result-document-${extension}`, { id: String(taskId) }) + (last ? this.costLine : ""),
          ...(last ? this.markup : {}),
        },
      );
    }
  }

  private clipCaption(clip: Clip): string {
    return this.input.t("result-clip-caption", {
      index: clip.index,
      title: clip.title,
      hook: clip.hook,
      score: clip.score,
      from: clock(clip.start),
      to: clock(clip.end),
    });
  }

  private async clips(): Promise<void> {
    const { api, chatId, t, taskId, task } = this.input;
    const clips = [...(task.result_urls?.clips ?? [])].sort((a, b) => a.index - b.index);
    if (clips.length === 0) return this.video();
    const uploadable: Clip[] = [];
    const linked: Clip[] = [];
    for (const clip of clips) ((await this.fits(clip.result_url)) ? uploadable : linked).push(clip);
    for (let start = 0; start < uploadable.length; start += ALBUM_SIZE) {
      const album = uploadable.slice(start, start + ALBUM_SIZE);
      if (album.length === 1 && album[0]) {
        const [clip] = album;
        await api.sendVideo(chatId, this.file(clip.result_url, `clip-${clip.index}.mp4`), {
          caption: this.clipCaption(clip),
          supports_streaming: true,
        });
        continue;
      }
      const media: InputMediaVideo[] = album.map((clip) => ({
        type: "video",
        media: this.file(clip.result_url, `clip-${clip.index}.mp4`),
        caption: this.clipCaption(clip),
        supports_streaming: true,
      }));
      await api.sendMediaGroup(chatId, media);
    }
    const lines = [t("result-clips-summary", { id: String(taskId), count: clips.length })];
    for (const clip of clips) {
      const line = t("result-clip-line", {
        index: clip.index,
        title: clip.title,
        score: clip.score,
        from: clock(clip.start),
        to: clock(clip.end),
      });
      lines.push(linked.includes(clip) ? `${line}\n${clip.result_url}` : line);
    }
    if (linked.length > 0 && task.result_url_expires_at) {
      lines.push(
        t("result-links-expire", { expires: formatDate(task.result_url_expires_at, this.input.locale) }),
      );
    }
    await this.message(lines.join("\n") + this.costLine, true);
  }

  private async srtStep(): Promise<void> {
    const { api, chatId, t, taskId, task, fetcher } = this.input;
    const url = task.result_urls?.srt_url ?? this.mainUrl();
    const srt = await fetcher.text(url, MAX_TEXT_RESULT_BYTES);
    await api.sendDocument(chatId, new InputFile(Buffer.from(srt, "utf8"), `dubbing-${taskId}.srt`), {
      caption: t("result-srt-step", { id: String(taskId) }),
      ...this.markup,
    });
  }
}

export function createTaskResultSender(settings: {
  uploadLimitBytes: number;
  fetcher: ResultFetcher;
  now?: () => Date;
}): TaskResultSender {
  const now = settings.now ?? (() => new Date());
  return {
    send: (api, request) =>
      new ResultSender({
        ...request,
        api,
        now: now(),
        uploadLimitBytes: settings.uploadLimitBytes,
        fetcher: settings.fetcher,
      }).send(),
  };
}
