import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pipeline } from "node:stream/promises";
import { findMethod, type MethodContext } from "./bot-methods.js";
import { BotApiError, NOT_FOUND, UNAUTHORIZED } from "./errors.js";
import type { Faults } from "./faults.js";
import type { SendRateLimiter } from "./rate-limit.js";
import { readRequestBody, type Upload } from "./request-body.js";
import type { World } from "./world.js";

/** One Bot API call as the emulator answered it. */
export interface RecordedCall {
  method: string;
  params: Record<string, unknown>;
  ok: boolean;
  errorCode?: number;
  description?: string;
  /** When the request arrived, on the emulator's clock (a long poll is recorded when it is answered). */
  receivedAt: number;
}

export interface ServerDeps {
  world: World;
  token: string;
  faults: Faults;
  rate: SendRateLimiter;
  urlAllowList: readonly string[];
  webhookChanged: () => void;
  calls: RecordedCall[];
  logger?: { debug: (object: object, message?: string) => void } | undefined;
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (response.headersSent || response.destroyed) return;
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

function sendError(response: ServerResponse, error: BotApiError): void {
  const retryAfter = error.parameters?.retry_after;
  sendJson(
    response,
    error.code,
    error.toJSON(),
    retryAfter !== undefined ? { "retry-after": String(retryAfter) } : {},
  );
}

/** The call log keeps the latest calls only, so a long-running playground does not grow without end. */
const MAX_RECORDED_CALLS = 10_000;

function recordCall(deps: ServerDeps, call: RecordedCall): void {
  deps.calls.push(call);
  if (deps.calls.length > MAX_RECORDED_CALLS) deps.calls.splice(0, deps.calls.length - MAX_RECORDED_CALLS);
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs one Bot API method outside HTTP (webhook replies use this). */
export async function executeMethod(
  deps: ServerDeps,
  method: string,
  params: Record<string, unknown>,
  uploads: Map<string, Upload> = new Map(),
  signal: AbortSignal = new AbortController().signal,
  receivedAt: number = deps.world.now(),
): Promise<unknown> {
  const handler = findMethod(method);
  if (!handler) throw NOT_FOUND();
  const context: MethodContext = {
    world: deps.world,
    faults: deps.faults,
    rate: deps.rate,
    uploads,
    signal,
    urlAllowList: deps.urlAllowList,
    webhookChanged: deps.webhookChanged,
  };
  try {
    const result = await handler(params, context);
    recordCall(deps, { method, params, ok: true, receivedAt });
    return result;
  } catch (error) {
    if (error instanceof BotApiError) {
      recordCall(deps, {
        method,
        params,
        ok: false,
        errorCode: error.code,
        description: error.description,
        receivedAt,
      });
    }
    throw error;
  }
}

export function createBotApiServer(deps: ServerDeps): Server {
  const server = createServer((request, response) => {
    handle(deps, request, response).catch((error: unknown) => {
      deps.logger?.debug({ err: error }, "telegram emulator request failed");
      if (error instanceof BotApiError) sendError(response, error);
      else sendJson(response, 500, { ok: false, error_code: 500, description: "Internal Server Error" });
    });
  });
  server.keepAliveTimeout = 65_000;
  return server;
}

async function handle(deps: ServerDeps, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const receivedAt = deps.world.now();
  const url = new URL(request.url ?? "/", "http://emulator");
  const fileMatch = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname);
  if (fileMatch && request.method === "GET")
    return serveFile(deps, fileMatch[1] as string, decodeURIComponent(fileMatch[2] as string), response);
  const match = /^\/bot([^/]+)\/([A-Za-z0-9_]*)$/.exec(url.pathname);
  if (!match) {
    request.resume();
    return sendError(response, NOT_FOUND());
  }
  const [, token, method] = match as unknown as [string, string, string];
  if (token !== deps.token) {
    request.resume();
    return sendError(response, UNAUTHORIZED());
  }
  if (!findMethod(method)) {
    request.resume();
    return sendError(response, NOT_FOUND());
  }
  const body = await readRequestBody(request, {
    maxBytes: deps.world.limits.maxUploadBytes,
    tempPath: () => deps.world.files.tempPath(),
  });
  const decision = deps.faults.decide(method);
  if (decision.delayMs > 0) await delay(decision.delayMs);
  if (decision.drop) {
    recordCall(deps, {
      method,
      params: body.fields,
      ok: false,
      description: "connection dropped",
      receivedAt,
    });
    request.socket.destroy();
    return;
  }
  if (decision.error) {
    recordCall(deps, {
      method,
      params: body.fields,
      ok: false,
      errorCode: decision.error.code,
      description: decision.error.description,
      receivedAt,
    });
    return sendError(response, decision.error);
  }
  const abort = new AbortController();
  response.on("close", () => abort.abort());
  const result = await executeMethod(deps, method, body.fields, body.uploads, abort.signal, receivedAt);
  sendJson(response, 200, { ok: true, result });
}

async function serveFile(
  deps: ServerDeps,
  token: string,
  path: string,
  response: ServerResponse,
): Promise<void> {
  if (token !== deps.token) return sendError(response, UNAUTHORIZED());
  const file = deps.world.files.atPath(path);
  if (!file) return sendError(response, NOT_FOUND());
  const decision = deps.faults.decide("download");
  if (decision.delayMs > 0) await delay(decision.delayMs);
  if (decision.drop) {
    response.socket?.destroy();
    return;
  }
  if (decision.error) return sendError(response, decision.error);
  response.writeHead(200, {
    "content-type": file.mimeType ?? "application/octet-stream",
    "content-length": String(file.size),
  });
  await pipeline(deps.world.files.open(file), response);
}

export function addressOf(server: Server): { host: string; port: number } {
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return { host, port: address.port };
}
