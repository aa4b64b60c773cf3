/**
 * A local HTTP server standing in for the task service in client tests: each test says how to answer,
 * and the server records what arrived (method, path, headers, body bytes).
 */
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import pino, { type Logger } from "pino";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
}

export type StubHandler = (req: IncomingMessage, res: ServerResponse, index: number) => void | Promise<void>;

export interface ServiceStub {
  baseUrl: string;
  port: number;
  requests: RecordedRequest[];
  /** Replaces how the next requests are answered. */
  handle(handler: StubHandler): void;
  close(): Promise<void>;
}

export async function startServiceStub(handler?: StubHandler, port = 0): Promise<ServiceStub> {
  let current: StubHandler = handler ?? ((_req, res) => sendJson(res, 404, { detail: "Not Found" }));
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const index = requests.length;
    requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers });
    Promise.resolve(current(req, res, index)).catch((error: unknown) => {
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  const address = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    port: address.port,
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

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
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

/** A port nothing listens on (yet). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, "close");
  return port;
}
