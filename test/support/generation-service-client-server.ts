/**
 * A local HTTP server standing in for the generation service in client tests: each test says how to
 * answer, and the server records what arrived (method, path with query, headers). Bodies are read by
 * the handlers, so an upload test can count bytes without holding them.
 */
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type Readable, Writable } from "node:stream";
import pino, { type Logger } from "pino";

export interface RecordedRequest {
  method: string;
  /** Path with its query, as sent. */
  path: string;
  headers: IncomingMessage["headers"];
}

export type StubHandler = (req: IncomingMessage, res: ServerResponse, index: number) => void | Promise<void>;

export interface GenerationServiceStub {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Replaces how the next requests are answered. */
  handle(handler: StubHandler): void;
  close(): Promise<void>;
}

export async function startGenerationServiceStub(handler?: StubHandler): Promise<GenerationServiceStub> {
  let current: StubHandler =
    handler ?? ((_req, res) => sendError(res, 404, "not_found", "No such route", "invalid_request_error"));
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const index = requests.length;
    requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers });
    Promise.resolve(current(req, res, index)).catch((error: unknown) => {
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    handle: (next) => {
      current = next;
    },
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}

/** Every byte of a request (or of a downloaded stream). */
export async function readBody(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  return JSON.parse((await readBody(req)).toString("utf8"));
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(text);
}

/** The service's error body: `{error: {type, code, message, param}}`. */
export function sendError(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  type: string | null = null,
  headers: Record<string, string> = {},
  param: string | null = null,
): void {
  sendJson(res, status, { error: { type, code, message, param } }, headers);
}

/** X-RateLimit-* headers as the service sends them on every response. */
export function rateHeaders(limit: number, remaining: number, resetSeconds: number): Record<string, string> {
  return {
    "x-ratelimit-limit": String(limit),
    "x-ratelimit-remaining": String(remaining),
    "x-ratelimit-reset": String(resetSeconds),
  };
}

/** A pino logger whose lines the test can read (to check what is and is not logged). */
export function captureLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino({ level: "debug" }, destination), lines };
}
