import { readFile } from "node:fs/promises";
import type { Context } from "hono";
import { Hono } from "hono";
import type { SandboxAccounts } from "./accounts.js";
import { fileFields, isUploadId, parseTaskRequest, type TaskRequest } from "./contract/index.js";
import type { SandboxFaults } from "./faults.js";
import { linkedInput, type TaskInput, uploadedInput } from "./inputs.js";
import type { LinkRead } from "./links.js";
import { estimateTask } from "./pricing.js";
import type { SlidingWindowLimiter } from "./rate-limit.js";
import type { ResultStore } from "./results.js";
import { latestTimecode } from "./srt.js";
import { serviceTimestamp, type TaskEngine } from "./tasks.js";
import type { StoredUpload, UploadStore } from "./uploads.js";

/** What the sandbox knows of a verified key. */
export interface VerifiedKey {
  userId: number;
  /** The key's 8-character id; read from the key itself when absent. */
  keyId?: string;
  createdAt?: Date;
}

export type VerifyKey = (apiKey: string) => Promise<VerifiedKey | undefined>;

export interface SandboxAppDeps {
  serviceName: string;
  verifyKey: VerifyKey;
  accounts: SandboxAccounts;
  faults: SandboxFaults;
  uploads: UploadStore;
  tasks: TaskEngine;
  results: ResultStore;
  limits: { requests: SlidingWindowLimiter; uploads: SlidingWindowLimiter } | undefined;
  now: () => number;
  /** Seconds counted for audio or video whose length is not read: links, and uploads with headers not understood. */
  unmeasuredMediaSeconds: number;
  allowHttpWebhooks: boolean;
  /** Fetches a linked file's first bytes; undefined: links are taken as they are, never fetched. */
  readLink: ((link: string) => Promise<LinkRead>) | undefined;
}

type Env = { Variables: { caller: { userId: number; keyId: string; createdAt: number; apiKey: string } } };

const KEY_FORM = /^[a-z0-9]{2,16}_([A-Za-z0-9]{8})_[A-Za-z0-9]{32}$/;
const DEFAULT_PAGE = 20;
const MAX_PAGE = 100;

const PROFILE_LIMITS = {
  seconds_per_month: 36_000,
  tts_chars_limit: 1_000_000,
  elevenlabs_chars_limit: 100_000,
  transcription_seconds: 36_000,
  max_photos: 30,
  max_video_duration: 600,
  max_file_size_mb: 500,
  can_translate: true,
  can_dub: true,
  premium_voices: true,
};

function problem(
  c: Context,
  status: 401 | 402 | 403 | 404 | 413 | 415 | 422 | 429 | 500 | 503,
  detail: string,
) {
  return c.json({ detail }, status);
}

export function createSandboxApp(deps: SandboxAppDeps): Hono<Env> {
  const app = new Hono<Env>();
  // When verifyKey does not know when a key was made, the first request with it stands in.
  const firstSeen = new Map<string, number>();

  app.get("/health", (c) => c.json({ status: "ok", service: deps.serviceName }));

  app.get("/results/:token/:name", async (c) => {
    const file = await deps.results.read(c.req.param("token"), c.req.param("name"));
    if (!file) return problem(c, 404, "Result not found or expired");
    return c.body(new Uint8Array(file.body), 200, {
      "content-type": file.contentType,
      "content-length": String(file.body.length),
    });
  });

  app.use("/v1/*", async (c, next) => {
    const fault = deps.faults.takeRequestFault();
    if (fault) {
      c.header("Retry-After", String(fault.retryAfterSeconds));
      return problem(
        c,
        fault.status,
        fault.status === 429
          ? "Too many requests"
          : fault.status === 500
            ? "Internal Server Error"
            : "Service temporarily unavailable",
      );
    }
    const apiKey = c.req.header("x-api-key");
    const verified = apiKey ? await deps.verifyKey(apiKey) : undefined;
    if (!apiKey || !verified) return problem(c, 401, "Missing or invalid X-API-Key");
    if (deps.limits) {
      const isUpload = c.req.method === "POST" && c.req.path === "/v1/uploads";
      // A refused request uses up neither budget.
      const wait = Math.max(
        deps.limits.requests.wait(apiKey),
        isUpload ? deps.limits.uploads.wait(apiKey) : 0,
      );
      if (wait > 0) {
        c.header("Retry-After", String(wait));
        return problem(
          c,
          429,
          isUpload ? "More than 30 requests or 20 uploads per minute" : "More than 30 requests per minute",
        );
      }
      deps.limits.requests.record(apiKey);
      if (isUpload) deps.limits.uploads.record(apiKey);
    }
    const keyId = verified.keyId ?? KEY_FORM.exec(apiKey)?.[1] ?? apiKey.slice(0, 8);
    if (!firstSeen.has(apiKey)) firstSeen.set(apiKey, deps.now());
    c.set("caller", {
      userId: verified.userId,
      keyId,
      createdAt: verified.createdAt?.getTime() ?? firstSeen.get(apiKey) ?? deps.now(),
      apiKey,
    });
    await next();
  });

  app.get("/v1/me", (c) => {
    const caller = c.get("caller");
    const account = deps.accounts.get(caller.userId);
    const now = new Date(deps.now());
    const resetAt = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    const billing = account.tariff
      ? {
          tariff: account.tariff.name,
          tariff_expires_at: account.tariff.expiresAt
            ? serviceTimestamp(account.tariff.expiresAt.getTime())
            : null,
        }
      : { token_balance: account.balance };
    return c.json({
      user_id: caller.userId,
      ...billing,
      limits: PROFILE_LIMITS,
      usage: {
        used_seconds_this_month: account.usage.seconds,
        used_chars_this_month: account.usage.characters,
        used_eleven_chars_this_month: account.usage.premiumCharacters,
        used_transcription_seconds: account.usage.transcriptionSeconds,
        limit_reset_date: serviceTimestamp(resetAt),
      },
      api_key_prefix: caller.keyId,
      api_key_created_at: serviceTimestamp(caller.createdAt),
    });
  });

  app.post("/v1/uploads", async (c) => {
    const caller = c.get("caller");
    const outcome = await deps.uploads.receive({
      userId: caller.userId,
      contentType: c.req.header("content-type"),
      body: c.req.raw.body,
    });
    if (!outcome.ok) return problem(c, outcome.status, outcome.detail);
    const { upload } = outcome;
    return c.json({ upload_id: upload.uploadId, filename: upload.filename, size_bytes: upload.sizeBytes });
  });

  app.post("/v1/tasks", async (c) => {
    const caller = c.get("caller");
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return problem(c, 422, "The body is not valid JSON");
    }
    const parsed = parseTaskRequest(body);
    if (!parsed.ok) return problem(c, 422, parsed.detail);
    const { request } = parsed;
    if (request.webhook_url !== null && !isWebhookUrl(request.webhook_url, deps.allowHttpWebhooks)) {
      return problem(c, 422, "webhook_url: expected an https:// link");
    }
    const overLimit = accountLimitProblem(request);
    if (overLimit) return problem(c, 422, overLimit);
    const files = await resolveFiles(request, caller.userId, deps);
    if (!files.ok) return problem(c, files.status, files.detail);
    const account = deps.accounts.get(caller.userId);
    const missing = missingFeature(request, account.plan);
    if (missing) return problem(c, 403, `Your plan does not include ${missing}`);
    const estimate = estimateTask(
      request,
      files.inputs.filter((input) => input.role === "media"),
    );
    if (account.tariff === undefined && account.balance < estimate.tokens) {
      return problem(
        c,
        402,
        `Not enough tokens: the task needs ${estimate.tokens}, the balance is ${account.balance}`,
      );
    }
    const task = deps.tasks.create({
      userId: caller.userId,
      request,
      inputs: files.inputs,
      estimate,
      webhookUrl: request.webhook_url ?? undefined,
      inputFailure: unreadableInput(files.inputs),
    });
    if (deps.faults.takeCreationFault()) return problem(c, 500, "Internal Server Error");
    return c.json({ task_id: task.taskId, status: "pending" });
  });

  app.get("/v1/tasks", (c) => {
    const caller = c.get("caller");
    const limit = pageNumber(c.req.query("limit"), DEFAULT_PAGE, 1, MAX_PAGE);
    const offset = pageNumber(c.req.query("offset"), 0, 0, Number.MAX_SAFE_INTEGER);
    if (limit === undefined) return problem(c, 422, `limit: expected an integer from 1 to ${MAX_PAGE}`);
    if (offset === undefined) return problem(c, 422, "offset: expected a non-negative integer");
    const page = deps.tasks.list(caller.userId, limit, offset);
    return c.json({
      tasks: page.tasks.map((task) => deps.tasks.toBody(task)),
      total: page.total,
      limit,
      offset,
    });
  });

  app.get("/v1/tasks/:id", (c) => {
    const caller = c.get("caller");
    const id = c.req.param("id");
    const task = /^\d{1,15}$/.test(id) ? deps.tasks.get(Number(id), caller.userId) : undefined;
    if (!task) return problem(c, 404, "Task not found");
    return c.json(deps.tasks.toBody(task));
  });

  app.notFound((c) => problem(c, 404, "Not found"));
  return app;
}

function isWebhookUrl(value: unknown, allowHttp: boolean): boolean {
  if (typeof value !== "string" || !URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === "https:" || (allowHttp && protocol === "http:");
}

function pageNumber(
  text: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number | undefined {
  if (text === undefined) return fallback;
  if (!/^\d{1,15}$/.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

/** `target_duration` "must not exceed the account's limit", the profile's `max_video_duration`. */
function accountLimitProblem(request: TaskRequest): string | undefined {
  if (request.type !== "video" || request.target_duration === null) return undefined;
  const limit = PROFILE_LIMITS.max_video_duration;
  return request.target_duration > limit
    ? `target_duration: ${request.target_duration} s exceeds the account's limit of ${limit} s`
    : undefined;
}

type ResolvedFiles = { ok: true; inputs: TaskInput[] } | { ok: false; status: 404 | 422; detail: string };

/**
 * Every file the request names: an upload must be the caller's, alive (404 otherwise) and of a format the field
 * takes (422); links are taken as they are, and fetched for their length when the sandbox reads links. A manual
 * dubbing's SRT must end within its video.
 */
async function resolveFiles(
  request: TaskRequest,
  userId: number,
  deps: SandboxAppDeps,
): Promise<ResolvedFiles> {
  const inputs: TaskInput[] = [];
  const uploads = new Map<string, StoredUpload>();
  for (const field of fileFields(request)) {
    if (!isUploadId(field.reference)) {
      const read = deps.readLink ? await deps.readLink(field.reference) : undefined;
      inputs.push(linkedInput(field, deps.unmeasuredMediaSeconds, read));
      continue;
    }
    const upload = await deps.uploads.find(field.reference, userId);
    if (!upload) return { ok: false, status: 404, detail: `Upload ${field.reference} not found or expired` };
    if (!field.accepts.includes(upload.format)) {
      const detail = `${field.path}: expected ${field.expected}, got an upload of ${upload.format.toUpperCase()}`;
      return { ok: false, status: 422, detail };
    }
    uploads.set(field.path, upload);
    inputs.push(uploadedInput(field, upload, deps.unmeasuredMediaSeconds));
  }
  if (request.type === "dubbing" && request.mode === "manual") {
    const overrun = await srtOverrun(uploads.get("file"), uploads.get("srt_file"));
    if (overrun) return { ok: false, status: 422, detail: overrun };
  }
  return { ok: true, inputs };
}

/**
 * The spec has no creation error for a link and says a task whose processing meets an error ends `failed`, with
 * `error_message` and no charge: a linked file that cannot be fetched fails the task, not the request.
 */
function unreadableInput(inputs: readonly TaskInput[]): string | undefined {
  const input = inputs.find((candidate) => candidate.unreadable !== undefined);
  return input ? `Could not download ${input.label}: ${input.unreadable}` : undefined;
}

/** "Timecodes must not exceed the video duration", checked when both are uploads and the video's length is read. */
async function srtOverrun(
  video: StoredUpload | undefined,
  srt: StoredUpload | undefined,
): Promise<string | undefined> {
  if (video?.durationSeconds === undefined || srt === undefined) return undefined;
  const latest = latestTimecode(await readFile(srt.path, "utf8"));
  // SRT times are whole milliseconds; a video of 1.9996 s holds a cue ending at 00:00:02,000.
  const videoMs = Math.ceil(video.durationSeconds * 1000);
  if (latest === undefined || Math.round(latest * 1000) <= videoMs) return undefined;
  return `srt_file: a timecode reaches ${latest.toFixed(3)} s, past the end of the video (${(videoMs / 1000).toFixed(3)} s)`;
}

function missingFeature(
  request: TaskRequest,
  plan: { smartClip: boolean; motion: boolean; cards: boolean },
): string | undefined {
  if (request.type === "smart_clip" && !plan.smartClip) return "smart clips";
  if (request.type === "motion" && !plan.motion) return "motion videos";
  if ("ai_graphics" in request && request.ai_graphics && !plan.cards) return "animated cards";
  return undefined;
}
