/**
 * ▶ samples of voices, never charged to the user: the catalog's file, or a sentence made once on the
 * operator's key (VOICE_SAMPLE_API_KEY), then sent by its file_id; presses while it is made all get it.
 */
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { type Api, InputFile } from "grammy";
import { z } from "zod";
import type { Catalog, CatalogVoice } from "../catalog/index.js";
import { sampleSentence } from "../catalog/sample-sentences.js";
import type { Translate } from "../i18n/translate.js";
import type { JobDefinition, JobQueue } from "../jobs/queue.js";
import { rereadableFile } from "../lifecycle/chat-delivery.js";
import { defineJob } from "../lifecycle/tickets.js";
import type { Logger } from "../logger.js";
import type { Storage } from "../storage/ports.js";
import type { TaskReader } from "../tasks-service/ports.js";
import { TaskRequestSchema } from "../tasks-service/schemas/index.js";
import type { SubmitDeps } from "./create-job.js";

const PreviewDataSchema = z.object({
  provider: z.string().min(1),
  voice: z.string().min(1),
  locale: z.string().min(2),
});

const MessageIdSchema = z.coerce.number().int().positive();
/** Telegram lets a bot delete its messages for 48 hours; a sample older than that stays. */
const SHOWN_SAMPLE_TTL_MS = 48 * 60 * 60 * 1000;
export type PreviewData = z.infer<typeof PreviewDataSchema>;

const POLL_MS = 2_000;
const MAKE_LIMIT_MS = 3 * 60_000;

const cacheKey = (key: string) => `voice-preview:${key}`;
const waitersKey = (key: string) => `voice-preview-waiters:${key}`;
const shownKey = (chatId: number) => `voice-preview-shown:${chatId}`;

function previewKey(data: Pick<PreviewData, "provider" | "voice">): string {
  return createHash("sha256").update(`${data.provider}\u0000${data.voice}`).digest("hex").slice(0, 32);
}

export interface VoicePreviewDeps {
  storage: Storage;
  queue: JobQueue;
  api: Pick<Api, "sendAudio" | "sendMessage" | "deleteMessage">;
  catalog: Catalog;
  /** The operator's key that pays for samples made through the service; undefined: only the catalog's files. */
  sampleApiKey: string | undefined;
  tasksService: TaskReader & SubmitDeps["tasksService"];
  /** A fresh stream each call: a retried upload reads it again. */
  openResult(url: string): Promise<Readable>;
  translate(locale: string): Translate;
  logger: Pick<Logger, "warn">;
  sleep?: (ms: number) => Promise<void>;
}

/** A ▶ press: which voice, in which chat and interface language, and the card it was pressed on. */
export type PreviewRequest = PreviewData & { chatId: number; cardMessageId?: number };

/** Who waits for a sample being made: the chat, and the card the sample answers. */
type Waiter = Pick<PreviewRequest, "chatId" | "cardMessageId">;

function waiterMember({ chatId, cardMessageId }: Waiter): string {
  return cardMessageId === undefined ? String(chatId) : `${chatId}:${cardMessageId}`;
}

function parseWaiter(member: string): Waiter | undefined {
  const [chat, card] = member.split(":");
  const chatId = Number(chat);
  if (!Number.isSafeInteger(chatId)) return undefined;
  const cardMessageId = MessageIdSchema.safeParse(card);
  return card !== undefined && cardMessageId.success
    ? { chatId, cardMessageId: cardMessageId.data }
    : { chatId };
}

export interface VoicePreviewPort {
  /** Every voice of a language with a sample sentence can be made: the operator's key pays for it. */
  readonly madeOnRequest: boolean;
  /** Returns a notice key. */
  play(request: PreviewRequest): Promise<string>;
}

export function hasSample(voice: CatalogVoice, madeOnRequest: boolean): boolean {
  return voice.sampleFile !== undefined || (madeOnRequest && sampleSentence(voice.language) !== undefined);
}

export class VoicePreviews implements VoicePreviewPort {
  readonly job: JobDefinition<PreviewData>;
  readonly madeOnRequest: boolean;

  constructor(private readonly deps: VoicePreviewDeps) {
    this.madeOnRequest = deps.sampleApiKey !== undefined;
    const tuning = { attempts: 2, backoffMs: 5_000, concurrency: 2 };
    this.job = defineJob("voice-preview", PreviewDataSchema, tuning, (data) => this.make(data));
  }

  /** Replies to the card and deletes the chat's sample before it, so the card stays in view. */
  private async send(waiter: Waiter, file: string | InputFile, caption: string) {
    const sent = await this.deps.api.sendAudio(waiter.chatId, file, {
      caption,
      ...(waiter.cardMessageId === undefined
        ? {}
        : { reply_parameters: { message_id: waiter.cardMessageId, allow_sending_without_reply: true } }),
    });
    const key = shownKey(waiter.chatId);
    const before = MessageIdSchema.safeParse(await this.deps.storage.kv.get(key));
    await this.deps.storage.kv.set(key, String(sent.message_id), { ttlMs: SHOWN_SAMPLE_TTL_MS });
    if (before.success && before.data !== sent.message_id) {
      await this.deps.api.deleteMessage(waiter.chatId, before.data).catch((error: unknown) => {
        this.deps.logger.warn(
          { chatId: waiter.chatId, messageId: before.data, err: error },
          "an earlier voice sample could not be deleted; it stays under the card",
        );
      });
    }
    return sent;
  }

  private voiceOf(data: Pick<PreviewData, "provider" | "voice">): CatalogVoice | undefined {
    return this.deps.catalog.voices.find(
      (voice) => voice.provider === data.provider && voice.id === data.voice,
    );
  }

  async play(request: PreviewRequest): Promise<string> {
    const voice = this.voiceOf(request);
    if (!voice || !hasSample(voice, this.madeOnRequest)) return "voice-preview-failed";
    const key = previewKey(request);
    // The caption is the voice's name: the user hears which voice it is.
    const caption = voice.name;
    const { provider, voice: voiceId, locale, ...waiter } = request;
    const fileId = await this.deps.storage.kv.get(cacheKey(key));
    if (fileId !== undefined) {
      await this.send(waiter, fileId, caption);
      return "voice-preview-sent";
    }
    if (voice.sampleFile !== undefined) {
      const sent = await this.send(waiter, new InputFile(voice.sampleFile), caption);
      if (sent.audio?.file_id) await this.deps.storage.kv.set(cacheKey(key), sent.audio.file_id);
      return "voice-preview-sent";
    }
    const now = Date.now();
    await this.deps.storage.sortedSets.add(waitersKey(key), waiterMember(waiter), now);
    await this.deps.queue.enqueue(
      this.job,
      { provider, voice: voiceId, locale },
      {
        jobId: `preview-${key}-${Math.floor(now / MAKE_LIMIT_MS)}`,
      },
    );
    return "voice-preview-making";
  }

  private async waiters(key: string): Promise<Waiter[]> {
    const members = await this.deps.storage.sortedSets.rangeByScore(
      waitersKey(key),
      Number.MAX_SAFE_INTEGER,
      1000,
    );
    for (const member of members) await this.deps.storage.sortedSets.remove(waitersKey(key), member);
    return members.map(parseWaiter).filter((waiter) => waiter !== undefined);
  }

  private async make(data: PreviewData): Promise<void> {
    const key = previewKey(data);
    const t = this.deps.translate(data.locale);
    const voice = this.voiceOf(data);
    const caption = voice?.name ?? data.voice;
    let fileId = await this.deps.storage.kv.get(cacheKey(key));
    if (fileId === undefined) {
      const url = voice ? await this.sample(voice) : undefined;
      if (url === undefined) {
        for (const waiter of await this.waiters(key))
          await this.deps.api.sendMessage(waiter.chatId, t("voice-preview-failed"));
        return;
      }
      const [first, ...rest] = await this.waiters(key);
      if (first === undefined) return;
      const sent = await this.send(
        first,
        rereadableFile(() => this.deps.openResult(url), "sample.mp3"),
        caption,
      );
      fileId = sent.audio?.file_id;
      if (!fileId) return;
      await this.deps.storage.kv.set(cacheKey(key), fileId);
      for (const waiter of rest) await this.send(waiter, fileId, caption);
      return;
    }
    for (const waiter of await this.waiters(key)) await this.send(waiter, fileId, caption);
  }

  /** The sample's MP3 link, made on the operator's key; undefined when it could not be made. */
  private async sample(voice: CatalogVoice): Promise<string | undefined> {
    const sleep = this.deps.sleep ?? ((ms: number) => new Promise((resolve) => setTimeout(resolve, ms)));
    const apiKey = this.deps.sampleApiKey;
    const text = sampleSentence(voice.language);
    if (apiKey === undefined || text === undefined) return undefined;
    const request = TaskRequestSchema.parse({
      type: "audio",
      text,
      tts_provider: voice.provider,
      tts_voice: voice.id,
    });
    const created = await this.deps.tasksService.createTask(apiKey, request);
    for (let waited = 0; waited < MAKE_LIMIT_MS; waited += POLL_MS) {
      await sleep(POLL_MS);
      const task = await this.deps.tasksService.getTask(apiKey, created.task_id, { priority: "foreground" });
      if (task.status === "completed") return task.result_url ?? undefined;
      if (task.status === "failed") return undefined;
    }
    return undefined;
  }
}
