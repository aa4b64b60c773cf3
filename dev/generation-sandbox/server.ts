import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { getConnInfo } from "@hono/node-server/conninfo";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { type AccountStore, type ApiKeyRecord, isoWithOffset, type SandboxAccount } from "./accounts.js";
import { catalogEntry, DEFAULT_MODELS, type GenerationType, modelsOf } from "./catalog.js";
import { errorResponse, ServiceError, type ValidationDetail, validationResponse } from "./errors.js";
import type { SandboxFaults } from "./faults.js";
import { FILE_KINDS, type FileStore, type StoredFile } from "./files.js";
import type { GenerationEngine } from "./generations.js";
import { fingerprintOf, IDEMPOTENCY_HEADER, type IdempotencyStore, REPLAY_HEADER } from "./idempotency.js";
import type { LinkSigner } from "./links.js";
import { OPENAPI_DESCRIPTION } from "./openapi.js";
import {
  DEFAULT_PAGE,
  MAX_BATCH,
  MAX_BULK_DELETE,
  MAX_IN_FLIGHT,
  MAX_PAGE,
  PLAN_LIMITS,
  REQUESTS_PER_MINUTE,
  TOKENS_PER_USD,
} from "./plans.js";
import type { RateWindow, SlidingWindowLimiter } from "./rate-limit.js";
import { parseFields, planGeneration } from "./requests.js";
import type { SandboxLogger } from "./webhooks.js";

export interface SandboxAppDeps {
  accounts: AccountStore;
  files: FileStore;
  engine: GenerationEngine;
  links: LinkSigner;
  faults: SandboxFaults;
  idempotency: IdempotencyStore;
  /** Per key (the spec's 60 a minute) and per client IP (requests without a known key). */
  limits: { perKey: SlidingWindowLimiter; perIp: SlidingWindowLimiter } | undefined;
  allowLocalWebhooks: boolean;
  /** How `key.budget_tokens` reads for a key without a budget of its own. */
  keyWithoutBudget: KeyWithoutBudget;
  logger: SandboxLogger;
}

/** Readings of a key without a budget of its own the spec leaves open: `null`, `0`, or no field at all. */
export type KeyWithoutBudget = "null" | "zero" | "absent";

function budgetField(
  budget: number | undefined,
  reading: KeyWithoutBudget,
): { budget_tokens?: number | null } {
  if (budget !== undefined) return { budget_tokens: budget };
  if (reading === "absent") return {};
  return { budget_tokens: reading === "zero" ? 0 : null };
}

type Env = { Variables: { caller: { account: SandboxAccount; key: ApiKeyRecord } } };

const CONTENT_PATH = /^\/v1\/files\/[^/]+\/content$/;

const ListQuerySchema = z.object({
  status: z.enum(["", "queued", "running", "succeeded", "failed"]).default(""),
  type: z.enum(["", "image", "video"]).default(""),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE).default(DEFAULT_PAGE),
  starting_after: z.string().default(""),
});

const JsonObjectSchema = z.record(z.string(), z.unknown());
const UploadQuerySchema = z.object({ kind: z.enum(FILE_KINDS).default("image") });
const ContentQuerySchema = z.object({ kind: z.enum(["file", "poster"]).default("file") });

const BulkDeleteSchema = z.strictObject({
  ids: z.array(z.string()).max(MAX_BULK_DELETE).optional(),
  older_than_days: z.int().min(0).optional(),
});

/** The key a request presents: `Authorization: Bearer <key>`, else `X-API-Key`. */
function presentedKey(c: Context): string | undefined {
  const authorization = c.req.header("authorization");
  const bearer = authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  return bearer ?? c.req.header("x-api-key")?.trim();
}

/** Routes the spec opens without a key: the catalog and signed file links. */
function isPublic(c: Context): boolean {
  if (c.req.method !== "GET") return false;
  return c.req.path === "/v1/models" || (CONTENT_PATH.test(c.req.path) && c.req.query("sig") !== undefined);
}

export function createSandboxApp(deps: SandboxAppDeps): Hono<Env> {
  const app = new Hono<Env>();

  app.onError((err, c) => {
    if (err instanceof ServiceError) return errorResponse(c, err);
    deps.logger.warn({ err, path: c.req.path }, "generation sandbox request failed");
    return errorResponse(c, new ServiceError("internal_error", "Internal error"));
  });
  app.notFound((c) =>
    errorResponse(c, new ServiceError("not_found", `No route ${c.req.method} ${c.req.path}`)),
  );

  // Injected request faults, then the rate limit; X-RateLimit-* goes on every response, refusals included.
  app.use("*", async (c, next) => {
    const apiKey = presentedKey(c);
    const known = apiKey === undefined ? undefined : deps.accounts.find(apiKey);
    const limiter = known ? deps.limits?.perKey : deps.limits?.perIp;
    const bucket = known ? `key:${known.hash}` : `ip:${getConnInfo(c).remote.address ?? "unknown"}`;
    let window: RateWindow | undefined;
    const fault = c.req.path.startsWith("/v1/") ? deps.faults.takeRequestFault() : undefined;
    if (fault) {
      window = limiter?.peek(bucket);
      c.res = errorResponse(
        c,
        fault.status === 429
          ? new ServiceError("rate_limit_exceeded", "Too many requests; retry after the Retry-After seconds")
          : new ServiceError("provider_unavailable", "The generation backend is unavailable; retry later"),
      );
      c.res.headers.set("Retry-After", String(fault.retryAfterSeconds));
    } else if (limiter) {
      const taken = limiter.take(bucket);
      window = taken.window;
      if (taken.allowed) {
        await next();
      } else {
        c.res = errorResponse(
          c,
          new ServiceError(
            "rate_limit_exceeded",
            `More than ${limiter.limit} requests a minute${known ? " with this key" : " from this address"}`,
          ),
        );
        c.res.headers.set("Retry-After", String(window.resetSeconds));
      }
    } else {
      await next();
    }
    if (window) {
      c.res.headers.set("X-RateLimit-Limit", String(window.limit));
      c.res.headers.set("X-RateLimit-Remaining", String(window.remaining));
      c.res.headers.set("X-RateLimit-Reset", String(window.resetSeconds));
    }
  });

  app.use("/v1/*", async (c, next) => {
    await deps.engine.sweep();
    if (!isPublic(c)) c.set("caller", deps.accounts.authenticate(presentedKey(c)));
    await next();
  });

  app.get("/v1/models", (c) =>
    c.json({
      image: { models: modelsOf("image").map(catalogEntry), default: DEFAULT_MODELS.image.entry.id },
      video: { models: modelsOf("video").map(catalogEntry), default: DEFAULT_MODELS.video.entry.id },
      max_batch: MAX_BATCH,
      max_queued: MAX_IN_FLIGHT,
      available: !deps.faults.isProviderDown,
    }),
  );

  app.get("/v1/openapi.json", (c) => c.json(OPENAPI_DESCRIPTION));

  app.get("/v1/account", (c) => {
    const { account, key } = c.get("caller");
    const limits = PLAN_LIMITS[account.plan];
    return c.json({
      object: "account",
      plan: account.plan,
      balance_tokens: account.balance,
      tokens_per_usd: TOKENS_PER_USD,
      limits: {
        rpm: deps.limits?.perKey.limit ?? REQUESTS_PER_MINUTE,
        concurrent_generations: limits.concurrent,
        max_batch: MAX_BATCH,
        max_queued: MAX_IN_FLIGHT,
      },
      prices_tokens: {
        image: catalogEntry(DEFAULT_MODELS.image).price_tokens.min,
        video: catalogEntry(DEFAULT_MODELS.video).price_tokens.min,
      },
      storage: deps.engine.storage(account),
      key: {
        id: key.keyId,
        expires_at: key.expiresAt === undefined ? null : isoWithOffset(key.expiresAt),
        ...budgetField(key.budgetTokens, deps.keyWithoutBudget),
        budget_used_tokens: key.budgetUsedTokens,
      },
    });
  });

  const createGenerations = async (c: Context<Env>, type: GenerationType) => {
    const body = await readJsonObject(c, { optional: false });
    if (body instanceof Response) return body;
    const { account, key } = c.get("caller");
    const response = await idempotent(c, body, () => {
      const plan = planGeneration(type, body, {
        plan: account.plan,
        file: (fileId) => deps.files.get(fileId, account.id),
        allowLocalWebhooks: deps.allowLocalWebhooks,
      });
      return c.json(deps.engine.submit(account, key, plan), 202);
    });
    if (
      response.status === 202 &&
      !response.headers.has(REPLAY_HEADER) &&
      deps.faults.takeErrorAfterCreate()
    ) {
      return errorResponse(
        c,
        new ServiceError("internal_error", "Internal error after the request was accepted"),
      );
    }
    return response;
  };
  app.post("/v1/images/generations", (c) => createGenerations(c, "image"));
  app.post("/v1/videos/generations", (c) => createGenerations(c, "video"));

  app.get("/v1/generations", (c) => {
    const query = parseQuery(c, ListQuerySchema);
    if (query instanceof Response) return query;
    const { account } = c.get("caller");
    const page = deps.engine.list(account.id, {
      status: query.status === "" ? undefined : query.status,
      type: query.type === "" ? undefined : query.type,
      limit: query.limit,
      startingAfter: query.starting_after === "" ? undefined : query.starting_after,
    });
    const last = page.data.at(-1);
    return c.json({
      object: "list",
      data: page.data.map((generation) => deps.engine.toBody(generation)),
      has_more: page.hasMore,
      next_cursor: page.hasMore && last ? last.id : null,
    });
  });

  app.get("/v1/generations/:id", (c) => {
    const generation = deps.engine.get(c.req.param("id"), c.get("caller").account.id);
    if (!generation) throw new ServiceError("not_found", `No generation ${c.req.param("id")}`);
    return c.json(deps.engine.toBody(generation));
  });

  app.post("/v1/generations/delete", async (c) => {
    const body = await readJsonObject(c, { optional: true });
    if (body instanceof Response) return body;
    const { account } = c.get("caller");
    return idempotent(c, body, () => {
      const { ids, older_than_days: olderThanDays } = parseFields(BulkDeleteSchema, body);
      if ((ids === undefined) === (olderThanDays === undefined)) {
        throw new ServiceError("invalid_request", "Send exactly one of ids and older_than_days", "ids");
      }
      const deleted = deps.engine.removeMany(
        account.id,
        ids !== undefined ? { ids } : { olderThanDays: olderThanDays ?? 0 },
      );
      return c.json({ object: "delete_result", deleted, storage: deps.engine.storage(account) });
    });
  });

  app.post("/v1/generations/:id/cancel", async (c) => {
    const { account } = c.get("caller");
    return idempotent(c, {}, () =>
      c.json(deps.engine.toBody(deps.engine.cancel(c.req.param("id"), account.id))),
    );
  });

  app.delete("/v1/generations/:id", (c) => {
    const id = c.req.param("id");
    deps.engine.remove(id, c.get("caller").account.id);
    return c.json({ id, object: "generation", deleted: true });
  });

  app.post("/v1/files", async (c) => {
    const query = parseQuery(c, UploadQuerySchema);
    if (query instanceof Response) return query;
    const { account } = c.get("caller");
    const receive = () =>
      deps.files.receive({
        accountId: account.id,
        kind: query.kind,
        filename: c.req.header("x-filename"),
        body: c.req.raw.body,
      });
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key === undefined) return c.json(fileBody((await receive()).file));
    return deps.idempotency.run(account.id, key, async (replay) => {
      const { file, sha256 } = await receive();
      const fingerprint = fingerprintOf("POST", c.req.path, {
        kind: query.kind,
        filename: file.filename,
        sha256,
      });
      const replayed = await discardIfReplayed(replay, fingerprint, file);
      return { response: replayed ?? c.json(fileBody(file)), fingerprint };
    });
  });

  app.get("/v1/files/:id/content", (c) => {
    const query = parseQuery(c, ContentQuerySchema);
    if (query instanceof Response) return query;
    const id = c.req.param("id");
    let accountId: string;
    if (isPublic(c)) {
      const signedFor = deps.links.verify(id, {
        u: c.req.query("u"),
        exp: c.req.query("exp"),
        sig: c.req.query("sig"),
        kind: query.kind,
      });
      if (signedFor === undefined)
        throw new ServiceError("invalid_signature", "The link has expired or was altered");
      accountId = signedFor;
    } else {
      accountId = c.get("caller").account.id;
    }
    const file = deps.files.get(id, accountId);
    const content = query.kind === "poster" ? file?.poster : file;
    if (!file || !content) throw new ServiceError("not_found", `No ${query.kind} for ${id}`);
    const name =
      query.kind === "poster" ? `${file.filename.replace(/\.[^.]*$/, "")}-poster.jpg` : file.filename;
    return c.body(Readable.toWeb(createReadStream(content.path)) as ReadableStream, 200, {
      "content-type": content.mime,
      "content-length": String(content.bytes),
      "content-disposition": `inline; filename*=UTF-8''${encodeURIComponent(name)}`,
    });
  });

  function fileBody(file: StoredFile) {
    const link = deps.links.sign(file.id, file.accountId);
    return {
      id: file.id,
      object: "file",
      kind: file.kind,
      filename: file.filename,
      bytes: file.bytes,
      created: Math.floor(file.created / 1000),
      url: link.url,
      expires_at: link.expiresAt,
    };
  }

  async function discardIfReplayed(
    replay: (fingerprint: string) => Response | undefined,
    fingerprint: string,
    file: StoredFile,
  ): Promise<Response | undefined> {
    try {
      const replayed = replay(fingerprint);
      if (replayed) await deps.files.remove(file.id);
      return replayed;
    } catch (err) {
      await deps.files.remove(file.id);
      throw err;
    }
  }

  /** Runs a JSON POST under its Idempotency-Key, when one is sent. */
  async function idempotent(c: Context<Env>, body: unknown, handle: () => Response): Promise<Response> {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key === undefined) return handle();
    const fingerprint = fingerprintOf(c.req.method, c.req.path, body);
    return deps.idempotency.run(c.get("caller").account.id, key, async (replay) => ({
      response: replay(fingerprint) ?? handle(),
      fingerprint,
    }));
  }

  return app;
}

/**
 * The body as a JSON object. The description types these bodies as free-form objects, so only a body that is
 * not one gets the framework's 422; every field check is the service's own 400.
 */
async function readJsonObject(
  c: Context,
  options: { optional: boolean },
): Promise<Record<string, unknown> | Response> {
  const text = await c.req.text();
  if (text.trim() === "" && options.optional) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return validationResponse(c, [
      { loc: ["body"], msg: "JSON decode error", type: "json_invalid", input: text },
    ]);
  }
  const object = JsonObjectSchema.safeParse(value);
  if (!object.success) {
    return validationResponse(c, [
      { loc: ["body"], msg: "Input should be a valid dictionary", type: "dict_type", input: value },
    ]);
  }
  return object.data;
}

/** Query parameters the description types: a bad one gets the framework's 422 with its location. */
function parseQuery<T>(c: Context, schema: z.ZodType<T>): T | Response {
  const parsed = schema.safeParse(c.req.query());
  if (parsed.success) return parsed.data;
  const detail: ValidationDetail[] = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? "");
    return { loc: ["query", name], msg: issue.message, type: issue.code, input: c.req.query(name) };
  });
  return validationResponse(c, detail);
}
