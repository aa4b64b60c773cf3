/**
 * An HTTP proxy in front of a service that records every request exactly as it arrived (method, path
 * with query, headers, body) and passes it on, so a test can check the very bytes the service received
 * while the service itself (a sandbox) answers.
 */
import { once } from "node:events";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { request } from "undici";

export interface ProxiedRequest {
  /** When it arrived (epoch ms). */
  at: number;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  status?: number;
  /** What the service answered. */
  response?: Buffer;
}

export interface RecordingProxy {
  baseUrl: string;
  requests: ProxiedRequest[];
  /** The JSON bodies of the requests to a path, in order. */
  json(method: string, path: string): unknown[];
  /** Changes what the service answers to a GET of this path, as another service's catalog would read. */
  answerGet(path: string, change: (answer: unknown) => unknown): void;
  close(): Promise<void>;
}

/** `target` may be given as a function when the proxy must start first (its address goes into the target's links). */
export async function startRecordingProxy(target: string | (() => string)): Promise<RecordingProxy> {
  const targetUrl = typeof target === "string" ? () => target : target;
  const requests: ProxiedRequest[] = [];
  const changes = new Map<string, (answer: unknown) => unknown>();
  const server: Server = createServer(async (req, res) => {
    const at = Date.now();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(Buffer.from(chunk));
    const recorded: ProxiedRequest = {
      at,
      method: req.method ?? "",
      path: req.url ?? "",
      headers: req.headers,
      body: Buffer.concat(chunks),
    };
    requests.push(recorded);
    try {
      const { host: _host, connection: _connection, ...headers } = req.headers;
      const answer = await request(`${targetUrl()}${req.url ?? ""}`, {
        method: recorded.method as "GET",
        headers,
        body: recorded.method === "GET" || recorded.method === "HEAD" ? null : recorded.body,
      });
      recorded.status = answer.statusCode;
      const change = recorded.method === "GET" ? changes.get(recorded.path) : undefined;
      const received = Buffer.from(await answer.body.arrayBuffer());
      const body = change
        ? Buffer.from(JSON.stringify(change(JSON.parse(received.toString("utf8")))))
        : received;
      recorded.response = body;
      const passed: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined && name !== "transfer-encoding" && name !== "connection")
          passed[name] = value;
      }
      passed["content-length"] = String(body.length);
      res.writeHead(answer.statusCode, passed);
      res.end(body);
    } catch (error) {
      res.writeHead(502);
      res.end(String(error));
    }
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    json: (method, path) =>
      requests
        .filter((entry) => entry.method === method && entry.path === path)
        .map((entry) => JSON.parse(entry.body.toString("utf8")) as unknown),
    answerGet: (path, change) => {
      changes.set(path, change);
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}
