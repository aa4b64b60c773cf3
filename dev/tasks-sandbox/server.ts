import type { Context } from "hono";
import { Hono } from "hono";
import { type TaskRequest, TaskRequestSchema } from "../../src/tasks-service/schemas/index.js";
import type { SandboxAccounts } from "./accounts.js";
import type { SandboxFaults } from "./faults.js";
import { estimateTask } from "./pricing.js";
import type { SlidingWindowLimiter } from "./rate-limit.js";
import type { ResultStore } from "./results.js";
import { serviceTimestamp, type TaskEngine, type TaskInput } from "./tasks.js";
import type { UploadStore } from "./uploads.js";

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
  /** Every uploaded or linked audio or video counts as this many seconds (the sandbox does not probe media). */
  mediaSeconds: number;
  allowHttpWebhooks: boolean;
}

type Env = { Variables: { caller: { userId: number; keyId: string; createdAt: number; apiKey: string } } };

const KEY_FORM = /^[a-z0-9]{2,16}_([A-Za-z0-9]{8})_[A-Za-z0-9]{32}$/;
const UUID_FORM = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
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
        fault.status === 429 ? "Too many requests" : "Service temporarily unavailable",
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
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      return problem(c, 422, "The body must be a JSON object");
    }
    const { webhook_url: webhookUrl, ...fields } = body as Record<string, unknown>;
    if (
      webhookUrl !== undefined &&
      webhookUrl !== null &&
      !isWebhookUrl(webhookUrl, deps.allowHttpWebhooks)
    ) {
      return problem(c, 422, "webhook_url: expected an https:// link");
    }
    const parsed = TaskRequestSchema.safeParse(fields);
    if (!parsed.success) {
      const detail = parsed.error.issues
        .map((issue) => (issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
        .join("; ");
      return problem(c, 422, detail);
    }
    const request = parsed.data;
    const inputs: TaskInput[] = [];
    for (const reference of fileReferences(request)) {
      if (!UUID_FORM.test(reference)) {
        inputs.push({ kind: "link", url: reference });
        continue;
      }
      const upload = await deps.uploads.find(reference, caller.userId);
      if (!upload) return problem(c, 404, `Upload ${reference} not found or expired`);
      inputs.push({ kind: "upload", filename: upload.filename, sizeBytes: upload.sizeBytes });
    }
    const account = deps.accounts.get(caller.userId);
    const missing = missingFeature(request, account.plan);
    if (missing) return problem(c, 403, `Your plan does not include ${missing}`);
    const estimate = estimateTask(request, deps.mediaSeconds);
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
      inputs,
      estimate,
      webhookUrl: typeof webhookUrl === "string" ? webhookUrl : undefined,
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

/** Every field of the request that names a file, in order (the first is the main input). */
function fileReferences(request: TaskRequest): string[] {
  const references: Array<string | null | undefined> = [];
  switch (request.type) {
    case "video":
      references.push(...request.photos, request.bgm_file);
      break;
    case "motion":
      references.push(request.file, request.bgm_file);
      break;
    case "dubbing":
      references.push(request.file, "srt_file" in request ? request.srt_file : undefined);
      break;
    case "audio":
      break;
    default:
      references.push(request.file);
  }
  return references.filter((reference): reference is string => typeof reference === "string");
}

function missingFeature(
  request: TaskRequest,
  plan: { smartClip: boolean; motion: boolean; cards: boolean },
): string | undefined {
  if (request.type === "smart_clip" && !plan.smartClip) return "smart clips";
  if (request.type === "motion" && !plan.motion) return "motion videos";
  if ("ai_graphics" in request && request.ai_graphics === true && !plan.cards) return "animated cards";
  return undefined;
}
