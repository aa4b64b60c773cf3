/**
 * ▶ previews of voices: a short sample made once through the service's audio task, sent as an MP3, and
 * from then on sent again by its Telegram file_id, so the next person to press ▶ waits for nothing.
 * Presses while a sample is being made wait on a list and all get it when it is ready.
 */
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import type { Api } from "grammy";
import { z } from "zod";
import type { ApiKeyReader } from "../accounts/ports.js";
import type { Translate } from "../i18n/translate.js";
import type { JobDefinition, JobQueue } from "../jobs/queue.js";
import type { Storage } from "../storage/ports.js";
import type { Task } from "../tasks-service/responses.js";
import { type TaskRequest, TaskRequestSchema } from "../tasks-service/schemas/index.js";
import { rereadableFile } from "../telegram/client-policy.js";

const PreviewDataSchema = z.object({
  userId: z.number().int(),
  provider: z.string().min(1),
  voice: z.string().min(1),
  /** The voice's display name, the sample's caption; jobs queued before it was kept have none. */
  name: z.string().min(1).optional(),
  language: z.string().min(2),
  locale: z.string().min(2),
});
export type PreviewData = z.infer<typeof PreviewDataSchema>;

const POLL_MS = 2_000;
const MAKE_LIMIT_MS = 3 * 60_000;

function previewKey(data: Pick<PreviewData, "provider" | "voice" | "locale">): string {
  return createHash("sha256")
    .update(`${data.locale}\u0000${data.provider}\u0000${data.voice}`)
    .digest("hex")
    .slice(0, 32);
}

export interface VoicePreviewDeps {
  storage: Storage;
  queue: JobQueue;
  api: Pick<Api, "sendAudio" | "sendMessage">;
  apiKeys: ApiKeyReader;
  tasksService: {
    createTask(apiKey: string, request: TaskRequest): Promise<{ task_id: number }>;
    getTask(apiKey: string, id: number, options?: { priority?: "foreground" | "background" }): Promise<Task>;
  };
  /** A fresh stream of a result file each call (a retried upload reads it again). */
  openResult(url: string): Promise<Readable>;
  translate(locale: string): Translate;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** A ▶ press: which voice, for whom, in which chat and interface language. */
export interface PreviewRequest {
  chatId: number;
  userId: number;
  provider: string;
  voice: string;
  /** The voice's display name. */
  name: string;
  language: string;
  locale: string;
}

/** Plays a voice sample in the chat (from the cache, or made once); returns a notice key. */
export interface VoicePreviewPort {
  play(request: PreviewRequest): Promise<string>;
}

export class VoicePreviews implements VoicePreviewPort {
  readonly job: JobDefinition<PreviewData>;

  constructor(private readonly deps: VoicePreviewDeps) {
    this.job = {
      name: "voice-preview",
      schema: PreviewDataSchema,
      attempts: 2,
      backoffMs: 5_000,
      concurrency: 2,
      handler: (data) => this.make(data),
    };
  }

  private cacheKey(key: string): string {
    return `voice-preview:${key}`;
  }

  private waitersKey(key: string): string {
    return `voice-preview-waiters:${key}`;
  }

  async play(request: PreviewData & { chatId: number }): Promise<string> {
    const key = previewKey(request);
    const t = this.deps.translate(request.locale);
    const fileId = await this.deps.storage.kv.get(this.cacheKey(key));
    if (fileId !== undefined) {
      await this.deps.api.sendAudio(request.chatId, fileId, {
        caption: t("voice-preview-caption", { voice: request.name ?? request.voice }),
      });
      return "voice-preview-sent";
    }
    const now = (this.deps.now ?? Date.now)();
    await this.deps.storage.sortedSets.add(this.waitersKey(key), String(request.chatId), now);
    const { chatId: _chatId, ...data } = request;
    await this.deps.queue.enqueue(this.job, data, {
      jobId: `preview-${key}-${Math.floor(now / MAKE_LIMIT_MS)}`,
    });
    return "voice-preview-making";
  }

  private async waiters(key: string): Promise<number[]> {
    const members = await this.deps.storage.sortedSets.rangeByScore(
      this.waitersKey(key),
      Number.MAX_SAFE_INTEGER,
      1000,
    );
    for (const member of members) await this.deps.storage.sortedSets.remove(this.waitersKey(key), member);
    return members.map(Number).filter(Number.isSafeInteger);
  }

  private async make(data: PreviewData): Promise<void> {
    const key = previewKey(data);
    const t = this.deps.translate(data.locale);
    const caption = t("voice-preview-caption", { voice: data.name ?? data.voice });
    let fileId = await this.deps.storage.kv.get(this.cacheKey(key));
    if (fileId === undefined) {
      const url = await this.sample(data, t);
      if (url === undefined) {
        for (const chatId of await this.waiters(key))
          await this.deps.api.sendMessage(chatId, t("voice-preview-failed"));
        return;
      }
      const [first, ...rest] = await this.waiters(key);
      if (first === undefined) return;
      const sent = await this.deps.api.sendAudio(
        first,
        rereadableFile(() => this.deps.openResult(url), "sample.mp3"),
        {
          caption,
        },
      );
      fileId = sent.audio?.file_id;
      if (fileId) await this.deps.storage.kv.set(this.cacheKey(key), fileId);
      for (const chatId of rest) {
        if (fileId) await this.deps.api.sendAudio(chatId, fileId, { caption });
      }
      return;
    }
    for (const chatId of await this.waiters(key)) await this.deps.api.sendAudio(chatId, fileId, { caption });
  }

  /** The sample's MP3 link, or undefined when the service could not make it. */
  private async sample(data: PreviewData, t: Translate): Promise<string | undefined> {
    const sleep = this.deps.sleep ?? ((ms: number) => new Promise((resolve) => setTimeout(resolve, ms)));
    const { apiKey } = await this.deps.apiKeys.ensure(data.userId);
    const request = TaskRequestSchema.parse({
      type: "audio",
      text: t("voice-preview-text"),
      tts_provider: data.provider,
      tts_voice: data.voice,
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
