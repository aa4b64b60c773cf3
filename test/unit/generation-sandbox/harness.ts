import { readFile } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import {
  FIXTURES_DIR,
  type GenerationSandbox,
  type GenerationSandboxOptions,
  type IssuedKey,
  startGenerationSandbox,
} from "../../../dev/generation-sandbox/index.js";

export const START = Date.UTC(2026, 10, 22, 10, 0, 0);
export const START_SECONDS = START / 1000;

export interface GenerationJson {
  id: string;
  object: "generation";
  type: "image" | "video";
  status: "queued" | "running" | "succeeded" | "failed" | "canceled";
  mode?: string;
  model: string;
  aspect: string;
  resolution: string;
  prompt: string;
  output: { url: string; poster_url?: string; mime: string; expires_at: number } | null;
  error: { message: string } | null;
  cost_tokens: number;
  created: number;
  metadata: Record<string, string>;
}

export interface BatchJson {
  id: string;
  object: "batch";
  created: number;
  generations: GenerationJson[];
  cost_tokens: number;
  balance_tokens: number;
}

export interface StorageJson {
  bytes_used: number;
  bytes_quota: number;
  bytes_remaining: number;
  unlimited: boolean;
  percent: number;
}

export interface AccountJson {
  object: "account";
  plan: "Free" | "Pro";
  balance_tokens: number;
  tokens_per_usd: number;
  limits: { rpm: number; concurrent_generations: number; max_batch: number; max_queued: number };
  prices_tokens: { image: number; video: number };
  storage: StorageJson;
  key: { id: string; expires_at: string | null; budget_tokens: number | null; budget_used_tokens: number };
}

export interface ErrorJson {
  error: { type: string; code: string; message: string; param: string | null };
}

export interface FileJson {
  id: string;
  object: "file";
  kind: string;
  filename: string;
  bytes: number;
  created: number;
  url: string;
  expires_at: number;
}

type Endpoint = "images" | "videos";

interface RequestOptions {
  /** The API key; null sends none. Default the Free account's key. */
  key?: string | null;
  headers?: Record<string, string>;
}

export interface Harness {
  sandbox: GenerationSandbox;
  clock: { now: number; advance(ms: number): void };
  /** A Free account's key (balance 10,000) and a Pro account's key (balance 100,000). */
  free: IssuedKey;
  pro: IssuedKey;
  get(path: string, options?: RequestOptions): Promise<Response>;
  post(path: string, body: unknown, options?: RequestOptions): Promise<Response>;
  delete(path: string, options?: RequestOptions): Promise<Response>;
  upload(
    fixture: string | { bytes: Uint8Array; filename?: string },
    options?: RequestOptions & { kind?: string },
  ): Promise<Response>;
  /** Uploads a fixture and returns its file id. */
  fileId(fixture: string, kind?: string, key?: string): Promise<string>;
  /** A create request that must be accepted (202); returns the batch. */
  create(endpoint: Endpoint, body: Record<string, unknown>, key?: string): Promise<BatchJson>;
  generation(id: string, key?: string): Promise<GenerationJson>;
  account(key?: string): Promise<AccountJson>;
  close(): Promise<void>;
}

export async function startHarness(options: GenerationSandboxOptions = {}): Promise<Harness> {
  const clock = {
    now: START,
    advance(ms: number) {
      clock.now += ms;
    },
  };
  const sandbox = await startGenerationSandbox({
    autoStep: false,
    rateLimits: false,
    allowLocalWebhooks: true,
    webhookRetryDelaysMs: [1, 1, 1],
    now: () => clock.now,
    ...options,
  });
  const free = sandbox.accounts.issueKey(sandbox.accounts.create({ plan: "Free", balance: 10_000 }));
  const pro = sandbox.accounts.issueKey(sandbox.accounts.create({ plan: "Pro", balance: 100_000 }));
  const headers = (options: RequestOptions = {}): Record<string, string> => ({
    ...(options.key === null ? {} : { authorization: `Bearer ${options.key ?? free.apiKey}` }),
    ...options.headers,
  });
  const url = (path: string) => `${sandbox.baseUrl}${path}`;
  const harness: Harness = {
    sandbox,
    clock,
    free,
    pro,
    get: (path, options) => fetch(url(path), { headers: headers(options) }),
    post: (path, body, options) =>
      fetch(url(path), {
        method: "POST",
        headers: { "content-type": "application/json", ...headers(options) },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    delete: (path, options) => fetch(url(path), { method: "DELETE", headers: headers(options) }),
    async upload(fixture, options = {}) {
      const file =
        typeof fixture === "string"
          ? { bytes: await readFile(`${FIXTURES_DIR}${fixture}`), filename: fixture }
          : fixture;
      const query = options.kind === undefined ? "" : `?kind=${encodeURIComponent(options.kind)}`;
      return fetch(url(`/v1/files${query}`), {
        method: "POST",
        headers: {
          ...headers(options),
          ...(file.filename === undefined ? {} : { "x-filename": file.filename }),
        },
        body: new Uint8Array(file.bytes),
      });
    },
    async fileId(fixture, kind, key) {
      const response = await harness.upload(fixture, { ...(kind ? { kind } : {}), ...(key ? { key } : {}) });
      if (response.status !== 200) throw new Error(`upload of ${fixture} gave ${response.status}`);
      return ((await response.json()) as FileJson).id;
    },
    async create(endpoint, body, key) {
      const response = await harness.post(`/v1/${endpoint}/generations`, body, key ? { key } : {});
      if (response.status !== 202) {
        throw new Error(`create gave ${response.status}: ${await response.text()}`);
      }
      return (await response.json()) as BatchJson;
    },
    async generation(id, key) {
      const response = await harness.get(`/v1/generations/${id}`, key ? { key } : {});
      if (response.status !== 200) throw new Error(`GET ${id} gave ${response.status}`);
      return (await response.json()) as GenerationJson;
    },
    async account(key) {
      return (await (await harness.get("/v1/account", key ? { key } : {})).json()) as AccountJson;
    },
    close: () => sandbox.close(),
  };
  return harness;
}

export async function errorOf(response: Response): Promise<ErrorJson["error"]> {
  return ((await response.json()) as ErrorJson).error;
}

export interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers an attempt (counted from 1): a status, or no answer at all. */
export type Answer = number | "hang";

/**
 * A local webhook receiver. It records every request in arrival order; `received(count)` resolves once that
 * many have arrived.
 */
export async function startReceiver(answer: (attempt: number) => Answer = () => 204): Promise<{
  url: string;
  deliveries: Delivery[];
  received(count: number): Promise<void>;
  close(): Promise<void>;
}> {
  const deliveries: Delivery[] = [];
  let waiters: Array<() => void> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      deliveries.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      const reply = answer(deliveries.length);
      if (reply !== "hang") {
        response.writeHead(
          reply,
          reply >= 300 && reply < 400 ? { location: "http://127.0.0.1:9/elsewhere" } : {},
        );
        response.end();
      }
      const wake = waiters;
      waiters = [];
      for (const resolve of wake) resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/generations/ticket-1`,
    deliveries,
    async received(count) {
      while (deliveries.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
