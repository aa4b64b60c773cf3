import type { SandboxAccounts } from "./accounts.js";
import type { TaskRequest } from "./contract/index.js";
import type { SandboxFaults, TaskFault } from "./faults.js";
import type { TaskInput } from "./inputs.js";
import type { Estimate } from "./pricing.js";
import { FIXTURES, type ResultFile, type ResultStore, srtOf } from "./results.js";

export type SandboxTaskStatus = "pending" | "processing" | "completed" | "failed";

export interface Clip {
  index: number;
  title: string;
  hook: string;
  start: number;
  end: number;
  duration: number;
  score: number;
  result_url: string;
}

export interface ResultUrls {
  txt_url?: string;
  srt_url?: string;
  clips?: Clip[];
}

export interface SandboxTask {
  taskId: number;
  userId: number;
  /** The type the service reports: an audio task reports `voiceover`, as in the spec's example. */
  reportedType: string;
  request: TaskRequest;
  inputs: TaskInput[];
  estimate: Estimate;
  webhookUrl: string | undefined;
  /** Why the task fails when it runs, whatever the faults say: an input that could not be fetched. */
  inputFailure: string | undefined;
  status: SandboxTaskStatus;
  progress: number;
  resultUrl: string | null;
  resultUrlExpiresAt: number | null;
  resultUrls: ResultUrls | null;
  errorMessage: string | null;
  createdAt: number;
  updatedAt: number;
}

/** The wire form of a task (GET /v1/tasks/{id}). */
export interface TaskBody {
  task_id: number;
  type: string;
  status: SandboxTaskStatus;
  progress: number;
  result_url: string | null;
  result_url_expires_at: string | null;
  result_urls: ResultUrls | null;
  error_message: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookBody {
  task_id: number;
  status: string;
  result_url: string | null;
}

export interface SandboxLogger {
  warn(details: object, message: string): void;
  debug(details: object, message: string): void;
}

export interface TaskEngineDeps {
  accounts: SandboxAccounts;
  faults: SandboxFaults;
  results: ResultStore;
  now: () => number;
  /** Time of one lifecycle tick; a task passes pending, `steps` processing steps, then finishes. */
  stepMs: number;
  /** False: tasks move only when step() is called (deterministic lifecycle tests). */
  autoStep: boolean;
  steps: number;
  resultTtlMs: number;
  webhookTimeoutMs: number;
  logger: SandboxLogger;
  messengerHook: ((task: { task_id: number; user_id: number }) => Promise<void>) | undefined;
  /** Told of every task that finishes, when it does (benchmarks time delivery from it). */
  onTaskFinished: ((task: { task_id: number; user_id: number; status: string }) => void) | undefined;
}

/** Clips smart_clip makes on its own (the spec's automatic count is 4 to 10; the sandbox's input is short). */
const AUTOMATIC_CLIPS = 4;

/** ISO 8601 without zone, as the spec shows (UTC, microsecond precision like the service's). */
export function serviceTimestamp(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 23)}000`;
}

/**
 * Tasks and their tick-driven lifecycle: pending -> processing (progress steps) -> completed or failed, then
 * the completion webhook and the messenger hook. Tokens are charged at completion only.
 */
export class TaskEngine {
  readonly #tasks = new Map<number, SandboxTask>();
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #deliveries = new Set<Promise<void>>();
  /** Unfinished tasks with their next lifecycle step and the ticks left until it. */
  readonly #running = new Map<SandboxTask, { step: number; ticksLeft: number; fault: TaskFault }>();
  #ticker: NodeJS.Timeout | undefined;
  #waiters: Array<() => void> = [];
  #nextId = 1001;
  #closed = false;

  constructor(private readonly deps: TaskEngineDeps) {}

  create(input: {
    userId: number;
    request: TaskRequest;
    inputs: TaskInput[];
    estimate: Estimate;
    webhookUrl: string | undefined;
    inputFailure?: string | undefined;
  }): SandboxTask {
    const now = this.deps.now();
    const task: SandboxTask = {
      taskId: this.#nextId++,
      userId: input.userId,
      reportedType: input.request.type === "audio" ? "voiceover" : input.request.type,
      request: input.request,
      inputs: input.inputs,
      estimate: input.estimate,
      webhookUrl: input.webhookUrl,
      inputFailure: input.inputFailure,
      status: "pending",
      progress: 0,
      resultUrl: null,
      resultUrlExpiresAt: null,
      resultUrls: null,
      errorMessage: null,
      createdAt: now,
      updatedAt: now,
    };
    this.#tasks.set(task.taskId, task);
    const fault = this.deps.faults.takeTaskFault();
    this.#running.set(task, { step: 0, ticksLeft: fault.slowFactor, fault });
    if (this.deps.autoStep && this.#ticker === undefined) {
      this.#ticker = setInterval(() => this.step(), this.deps.stepMs);
    }
    return task;
  }

  /** The user's task; another user's task is as unknown as a missing one. */
  get(taskId: number, userId: number): SandboxTask | undefined {
    const task = this.#tasks.get(taskId);
    return task && task.userId === userId ? task : undefined;
  }

  /** The user's tasks, newest first. */
  list(userId: number, limit: number, offset: number): { tasks: SandboxTask[]; total: number } {
    const mine = [...this.#tasks.values()].filter((task) => task.userId === userId).reverse();
    return { tasks: mine.slice(offset, offset + limit), total: mine.length };
  }

  /**
   * One lifecycle tick for every unfinished task: a task moves one step per tick, a slow one per `factor` ticks.
   * Steps: pending -> processing at progress 0, 100/steps, ... -> completed or failed.
   */
  step(): void {
    const { steps } = this.deps;
    for (const [task, state] of this.#running) {
      state.ticksLeft -= 1;
      if (state.ticksLeft > 0) continue;
      state.ticksLeft = state.fault.slowFactor;
      if (state.step < steps) {
        task.status = "processing";
        task.progress = Math.floor((state.step * 100) / steps);
        task.updatedAt = this.deps.now();
        state.step += 1;
      } else {
        this.#running.delete(task);
        this.#finish(task, task.inputFailure ?? state.fault.failure);
      }
    }
    if (this.#running.size === 0) this.#stopTicker();
  }

  /**
   * Resolves when every webhook and messenger call has been made and, when tasks step on their own, every task
   * has finished.
   */
  async idle(): Promise<void> {
    const busy = () => (this.deps.autoStep && this.#running.size > 0) || this.#deliveries.size > 0;
    while (!this.#closed && busy()) {
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  close(): void {
    this.#closed = true;
    this.#stopTicker();
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    this.#wake();
  }

  toBody(task: SandboxTask): TaskBody {
    return {
      task_id: task.taskId,
      type: task.reportedType,
      status: task.status,
      progress: task.progress,
      result_url: task.resultUrl,
      result_url_expires_at:
        task.resultUrlExpiresAt === null ? null : serviceTimestamp(task.resultUrlExpiresAt),
      result_urls: task.resultUrls,
      error_message: task.errorMessage,
      created_at: serviceTimestamp(task.createdAt),
      updated_at: serviceTimestamp(task.updatedAt),
    };
  }

  #later(ms: number, action: () => void): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      if (!this.#closed) action();
    }, ms);
    this.#timers.add(timer);
  }

  /** A timer close() cancels; a cancelled sleep never resolves, and idle() stops waiting for it on close. */
  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.#later(ms, resolve));
  }

  #stopTicker(): void {
    if (this.#ticker !== undefined) clearInterval(this.#ticker);
    this.#ticker = undefined;
  }

  #wake(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }

  #finish(task: SandboxTask, failure: string | undefined): void {
    const account = this.deps.accounts.get(task.userId);
    const billed = account.tariff === undefined;
    const reason =
      failure ??
      (billed && account.balance < task.estimate.tokens
        ? "Not enough tokens to complete the task"
        : undefined);
    task.updatedAt = this.deps.now();
    if (reason !== undefined) {
      task.status = "failed";
      task.errorMessage = reason;
    } else {
      this.#publishResults(task);
      if (billed) account.balance -= task.estimate.tokens;
      account.usage.seconds += Math.round(task.estimate.outputSeconds);
      account.usage.characters += task.estimate.speechCharacters;
      if (task.request.type === "transcription") {
        account.usage.transcriptionSeconds += Math.round(task.estimate.outputSeconds);
      }
      task.status = "completed";
      task.progress = 100;
    }
    this.#deliver(task);
    this.#wake();
  }

  #publishResults(task: SandboxTask): void {
    const expiresAt = this.deps.now() + this.deps.resultTtlMs;
    const files = resultFiles(task);
    const urls = this.deps.results.publish(files.files, expiresAt);
    task.resultUrlExpiresAt = expiresAt;
    task.resultUrl = urls[files.main] ?? null;
    if (files.clips) {
      task.resultUrls = {
        clips: files.clips.map(({ file, ...clip }) => ({ ...clip, result_url: urls[file] ?? "" })),
      };
    } else if (files.txt !== undefined || files.srt !== undefined) {
      task.resultUrls = {
        ...(files.txt === undefined ? {} : { txt_url: urls[files.txt] }),
        ...(files.srt === undefined ? {} : { srt_url: urls[files.srt] }),
      };
    }
  }

  #deliver(task: SandboxTask): void {
    this.deps.onTaskFinished?.({ task_id: task.taskId, user_id: task.userId, status: task.status });
    const { webhookUrl } = task;
    const body: WebhookBody = { task_id: task.taskId, status: task.status, result_url: task.resultUrl };
    if (webhookUrl !== undefined) {
      const fault = this.deps.faults.takeWebhookFault();
      if (fault?.kind === "drop") {
        this.deps.logger.debug({ task_id: task.taskId }, "webhook dropped by fault injection");
      } else if (fault?.kind === "late") {
        this.#track(this.#sleep(fault.delayMs).then(() => this.#post(webhookUrl, body)));
      } else {
        this.#track(
          (async () => {
            await this.#post(webhookUrl, body);
            if (fault?.kind === "duplicate") await this.#post(webhookUrl, body);
            if (fault?.kind === "stale") {
              await this.#post(webhookUrl, { task_id: task.taskId, status: "processing", result_url: null });
            }
          })(),
        );
      }
    }
    const hook = this.deps.messengerHook;
    if (task.request.send_to_messenger && hook) {
      this.#track(
        hook({ task_id: task.taskId, user_id: task.userId }).catch((err: unknown) =>
          this.deps.logger.warn({ err, task_id: task.taskId }, "messenger hook failed"),
        ),
      );
    }
  }

  #track(work: Promise<void>): void {
    this.#deliveries.add(work);
    void work.finally(() => {
      this.#deliveries.delete(work);
      this.#wake();
    });
  }

  async #post(url: string, body: WebhookBody): Promise<void> {
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.deps.webhookTimeoutMs),
      });
      await response.body?.cancel();
      if (!response.ok) {
        this.deps.logger.warn({ task_id: body.task_id, status: response.status }, "webhook receiver refused");
      }
    } catch (err) {
      this.deps.logger.warn({ err, task_id: body.task_id }, "webhook not delivered");
    }
  }
}

interface PlannedResults {
  files: Record<string, ResultFile>;
  main: string;
  txt?: string;
  srt?: string;
  clips?: Array<Omit<Clip, "result_url"> & { file: string }>;
}

const MP4: ResultFile = { contentType: "video/mp4", fixture: FIXTURES.mp4 };

function resultFiles(task: SandboxTask): PlannedResults {
  const request = task.request;
  const source = task.inputs[0]?.label ?? "the input";
  switch (request.type) {
    case "audio":
      return {
        files: { "voiceover.mp3": { contentType: "audio/mpeg", fixture: FIXTURES.mp3 } },
        main: "voiceover.mp3",
      };
    case "transcription": {
      const lines = [
        `Transcript of ${source}.`,
        request.language ? `Language: ${request.language}.` : "Language detected automatically.",
        ...(request.ai_prompt ? [`Context: ${request.ai_prompt}`] : []),
      ];
      const format = request.output_format;
      const files: Record<string, ResultFile> = {};
      if (format !== "srt")
        files["transcript.txt"] = { contentType: "text/plain; charset=utf-8", text: `${lines.join("\n")}\n` };
      if (format !== "txt")
        files["transcript.srt"] = { contentType: "application/x-subrip", text: srtOf(lines) };
      return {
        files,
        main: format === "srt" ? "transcript.srt" : "transcript.txt",
        ...(format === "srt" ? {} : { txt: "transcript.txt" }),
        ...(format === "txt" ? {} : { srt: "transcript.srt" }),
      };
    }
    case "dubbing":
      if (request.mode === "semi_auto" && request.step === "transcribe") {
        const lines = [
          `Speech of ${source} translated from ${request.source_lang} to ${request.target_lang}.`,
          "Each entry can be edited before the render step.",
        ];
        return {
          files: { "dubbing.srt": { contentType: "application/x-subrip", text: srtOf(lines) } },
          main: "dubbing.srt",
          srt: "dubbing.srt",
        };
      }
      return { files: { "dubbed.mp4": MP4 }, main: "dubbed.mp4" };
    case "smart_clip": {
      const count = request.max_clips > 0 ? Math.min(request.max_clips, AUTOMATIC_CLIPS) : AUTOMATIC_CLIPS;
      const length = request.target_sec;
      const clips = Array.from({ length: count }, (_, index) => ({
        index: index + 1,
        title: `Moment ${index + 1} of ${source}`,
        hook: `Why moment ${index + 1} matters`,
        start: index * length,
        end: (index + 1) * length,
        duration: length,
        score: 95 - index * 10,
        file: `clip_${index + 1}.mp4`,
      }));
      return {
        files: Object.fromEntries(clips.map((clip) => [clip.file, MP4])),
        main: clips[0]?.file ?? "",
        clips,
      };
    }
    case "video":
    case "subtitles":
    case "pause_removal":
    case "motion":
      return { files: { "result.mp4": MP4 }, main: "result.mp4" };
  }
}
