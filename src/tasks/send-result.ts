/**
 * A finished task's result into the chat: a playable video or an MP3 with length and frame, a transcript
 * as one album of its TXT and SRT, clips as albums and a summary; a file over Telegram's upload limit as
 * its link. Each upload reads a fresh stream, so a retried upload works.
 */
import { type Api, GrammyError, InputFile } from "grammy";
import type { InlineKeyboardMarkup, InputMediaDocument } from "grammy/types";
import { formatDate } from "../i18n/format.js";
import type { Translate } from "../i18n/translate.js";
import { albums, rereadableFile, sendVideoAlbum } from "../lifecycle/chat-delivery.js";
import { type SentFile, sentFilesOf } from "../lifecycle/result-index.js";
import { type MediaHeader, mp3Seconds, mp4Header } from "../media/media-header.js";
import { type Clip, reportedTaskType, type Task } from "../tasks-service/responses.js";
import type { TaskRecord } from "./records.js";
import { resultCaption } from "./result-caption.js";
import { type ResultFetcher, ResultUnavailableError } from "./result-files.js";

/** How much of a transcript its caption shows; Telegram allows 1024 characters. */
const TRANSCRIPT_CAPTION_CHARS = 700;
const MAX_TEXT_RESULT_BYTES = 20 * 1024 * 1024;
/** Enough of a file's start for an MP4 movie header placed before the media, or an MP3's first frame. */
const HEADER_BYTES = 512 * 1024;

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
  const types = [record?.type, reportedTaskType(task.type)];
  return (["audio", "transcription", "smart_clip"] as const).find((kind) => types.includes(kind)) ?? "video";
}

export type ResultApi = Pick<
  Api,
  "sendVideo" | "sendAudio" | "sendDocument" | "sendMediaGroup" | "sendMessage"
>;

/** The messages of a delivery already in the chat: a delivery run again after a crash sends only the rest. */
export interface SentParts {
  has(part: string): Promise<boolean>;
  add(part: string): Promise<void>;
}

/** One result to one chat; the buttons go under its message when it can carry them. */
export interface ResultSendRequest {
  chatId: number;
  taskId: number;
  kind: ResultKind;
  task: Task;
  t: Translate;
  locale: string;
  taskName: string;
  /** An audio result's title in players (the start of its text). */
  audioTitle?: string;
  replyMarkup?: InlineKeyboardMarkup;
  /** What the task cost in tokens, by the price table; said on its own line under the result. */
  cost?: { tokens: number; upTo?: number };
  sentParts?: SentParts;
}

/** What went out: an album cannot carry buttons, so the caller shows them elsewhere. */
export interface ResultSent {
  buttonsShown: boolean;
  /** How long the main result plays, where its header said: the next task's estimate needs it. */
  seconds?: number;
  /** As Telegram returned them, in the order they went. */
  files?: SentFile[];
}

/** Sends results: the delivery job through its paced Api, /tasks again through the update's. */
export interface TaskResultSender {
  send(api: ResultApi, request: ResultSendRequest): Promise<ResultSent>;
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

/** What a clip's caption and its line in the summary say of it. */
function clipFacts(clip: Clip) {
  const { index, title, score } = clip;
  return { index, title, score, from: clock(clip.start), to: clock(clip.end) };
}

class ResultSender {
  private readonly files: SentFile[] = [];

  constructor(private readonly input: SendResultInput) {}

  /** What went out with its buttons, and how long it plays where its header said. */
  private shown({ seconds }: MediaHeader = {}): ResultSent {
    return { buttonsShown: true, files: this.files, seconds: seconds && seconds > 0 ? seconds : undefined };
  }

  private linkText(url: string): string {
    const { t, task, taskId, locale } = this.input;
    const expires = task.result_url_expires_at;
    return expires
      ? t("result-link", { id: String(taskId), url, expires: formatDate(expires, locale) }) + this.costLine
      : t("result-link-no-expiry", { id: String(taskId), url }) + this.costLine;
  }

  /** Set apart from the caption above it; empty without a cost. */
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

  /** Length and frame from the file's first bytes; a file that does not say gets a caption without them. */
  private async header(url: string, read: (prefix: Buffer) => MediaHeader): Promise<MediaHeader> {
    try {
      return read(await this.input.fetcher.head(url, HEADER_BYTES));
    } catch {
      return {};
    }
  }

  private caption(header: MediaHeader, format?: "mp3"): string {
    const { t, taskName, taskId } = this.input;
    return resultCaption(t, { task: taskName, taskId, ...header, format }) + this.costLine;
  }

  /** Sends one part unless an earlier run did, recorded as soon as Telegram answers. */
  private async once(part: string, send: () => Promise<unknown>): Promise<void> {
    const parts = this.input.sentParts;
    if (await parts?.has(part)) return;
    this.files.push(...sentFilesOf(await send()));
    await parts?.add(part);
  }

  private message(text: string) {
    return this.input.api.sendMessage(this.input.chatId, text, {
      link_preview_options: { is_disabled: true },
      reply_markup: this.input.replyMarkup,
    });
  }

  /** A result of one message, sent once. */
  private async single(send: () => Promise<unknown>): Promise<ResultSent> {
    await this.once("result", send);
    return this.shown();
  }

  async send(): Promise<ResultSent> {
    const { task, now, kind, t, taskId } = this.input;
    const expires = task.result_url_expires_at;
    if (expires && expires.getTime() <= now.getTime()) {
      return this.single(() => this.message(t("result-expired", { id: String(taskId) })));
    }
    if (kind === "video") return this.video();
    if (kind === "audio") return this.audio();
    return kind === "smart_clip" ? this.clips() : this.transcription();
  }

  private mainUrl(): string {
    const url = this.input.task.result_url;
    if (!url) throw new ResultUnavailableError("the task has no result link");
    return url;
  }

  private async video(): Promise<ResultSent> {
    const { api, chatId, taskId, replyMarkup } = this.input;
    const url = this.mainUrl();
    if (!(await this.fits(url))) return this.single(() => this.message(this.linkText(url)));
    const header = await this.header(url, mp4Header);
    await this.single(async () => {
      try {
        return await api.sendVideo(chatId, this.file(url, `task-${taskId}.mp4`), {
          caption: this.caption(header),
          supports_streaming: true,
          duration: header.seconds === undefined ? undefined : Math.round(header.seconds),
          ...(header.width !== undefined && header.height !== undefined
            ? { width: header.width, height: header.height }
            : {}),
          reply_markup: replyMarkup,
        });
      } catch (error) {
        if (!tooBigForTelegram(error)) throw error;
        return this.message(this.linkText(url));
      }
    });
    return this.shown(header);
  }

  private async audio(): Promise<ResultSent> {
    const { api, chatId, taskId, fetcher, t, taskName, audioTitle, replyMarkup } = this.input;
    const url = this.mainUrl();
    const size = await fetcher.size(url).catch(() => undefined);
    if (size !== undefined && size > this.input.uploadLimitBytes) {
      return this.single(() => this.message(this.linkText(url)));
    }
    const header = await this.header(url, (prefix) => {
      const seconds = mp3Seconds(prefix, size);
      return seconds === undefined ? {} : { seconds };
    });
    await this.single(() =>
      api.sendAudio(chatId, this.file(url, `task-${taskId}.mp3`), {
        caption: this.caption(header, "mp3"),
        title: audioTitle ?? t("result-audio-title", { task: taskName, id: String(taskId) }),
        duration: header.seconds === undefined ? undefined : Math.max(1, Math.round(header.seconds)),
        reply_markup: replyMarkup,
      }),
    );
    return this.shown(header);
  }

  /** The TXT and the SRT as one album, the first captioned with the start of the text. */
  private async transcription(): Promise<ResultSent> {
    const { api, chatId, t, taskId, task, fetcher, taskName, replyMarkup } = this.input;
    const documents: Array<[string, "txt" | "srt"]> = [];
    if (task.result_urls?.txt_url) documents.push([task.result_urls.txt_url, "txt"]);
    if (task.result_urls?.srt_url) documents.push([task.result_urls.srt_url, "srt"]);
    if (documents.length === 0 && task.result_url) documents.push([task.result_url, "txt"]);
    if (documents.length === 0) throw new ResultUnavailableError("the transcription has no files");
    const texts = await Promise.all(documents.map(([url]) => fetcher.text(url, MAX_TEXT_RESULT_BYTES)));
    const plain = documents.findIndex(([, kind]) => kind === "txt");
    const spoken = (plain >= 0 ? texts[plain] : srtText(texts[0] ?? "")) ?? "";
    const heading = resultCaption(t, { task: taskName, taskId, format: "transcript" });
    const caption =
      `${heading}\n\n${startOf(spoken.trim(), TRANSCRIPT_CAPTION_CHARS)}`.trim() + this.costLine;
    const files = documents.map(
      ([, extension], index) =>
        new InputFile(Buffer.from(texts[index] ?? "", "utf8"), `task-${taskId}.${extension}`),
    );
    const [only] = files;
    if (files.length === 1 && only) {
      return this.single(() => api.sendDocument(chatId, only, { caption, reply_markup: replyMarkup }));
    }
    const media: InputMediaDocument[] = files.map((file, index) => ({
      type: "document",
      media: file,
      ...(index === 0 ? { caption } : {}),
    }));
    await this.once("transcript", () => api.sendMediaGroup(chatId, media));
    return { buttonsShown: false, files: this.files };
  }

  private async clips(): Promise<ResultSent> {
    const { api, chatId, t, taskId, task } = this.input;
    const clips = [...(task.result_urls?.clips ?? [])].sort((a, b) => a.index - b.index);
    if (clips.length === 0) return this.video();
    const uploadable: Clip[] = [];
    const linked: Clip[] = [];
    for (const clip of clips) ((await this.fits(clip.result_url)) ? uploadable : linked).push(clip);
    for (const [index, album] of albums(uploadable).entries()) {
      await this.once(`clips:${index}`, () =>
        sendVideoAlbum(
          api,
          chatId,
          album.map((clip) => ({
            type: "video",
            media: this.file(clip.result_url, `clip-${clip.index}.mp4`),
            caption: t("result-clip-caption", { ...clipFacts(clip), hook: clip.hook }),
            supports_streaming: true,
            duration: Math.round(clip.duration),
          })),
        ),
      );
    }
    const lines = [t("result-clips-summary", { id: String(taskId), count: clips.length })];
    for (const clip of clips) {
      const line = t("result-clip-line", clipFacts(clip));
      lines.push(linked.includes(clip) ? `${line}\n${clip.result_url}` : line);
    }
    if (linked.length > 0 && task.result_url_expires_at) {
      lines.push(
        t("result-links-expire", { expires: formatDate(task.result_url_expires_at, this.input.locale) }),
      );
    }
    await this.once("clips:summary", () => this.message(lines.join("\n") + this.costLine));
    return this.shown();
  }
}

/** The spoken words of an SRT: its text lines, without numbers and timecodes. */
function srtText(srt: string): string {
  return srt
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "" && !/^\d+$/.test(line.trim()) && !line.includes("-->"))
    .join(" ");
}

/** The text's start, cut at a word and marked as cut. */
function startOf(text: string, chars: number): string {
  if (text.length <= chars) return text;
  const cut = text.slice(0, chars);
  const space = cut.lastIndexOf(" ");
  return `${(space > chars / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export function createTaskResultSender(settings: {
  uploadLimitBytes: number;
  fetcher: ResultFetcher;
  now?: () => Date;
}): TaskResultSender {
  const { now = () => new Date(), ...rest } = settings;
  return { send: (api, request) => new ResultSender({ ...request, ...rest, api, now: now() }).send() };
}
