/**
 * grammY's `fetch` on Node's HTTP client, one kept-alive pool per process: grammY reads only an answer's
 * JSON, so no WHATWG objects are built, a third less CPU per call than node-fetch (npm run bench:transport).
 */
import http from "node:http";
import https from "node:https";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/** What grammY's client hands its fetch: a JSON or multipart body, its headers, the call's abort signal. */
interface BotApiRequest {
  headers?: Record<string, string>;
  body?: string | Readable;
  signal?: AbortSignal | null;
}

/** The answer as grammY's client reads it: its JSON. */
type BotApiTransport = (url: string, init: BotApiRequest) => Promise<{ json(): Promise<unknown> }>;

function createTransport(): BotApiTransport {
  const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
  return (url, init) =>
    new Promise((resolve, reject) => {
      // grammY posts every call.
      const options = { method: "POST", headers: init.headers ?? {} };
      const request = url.startsWith("https:")
        ? https.request(url, { ...options, agent: agents.https })
        : http.request(url, { ...options, agent: agents.http });
      const signal = init.signal ?? undefined;
      const abort = () => request.destroy(new Error("the Bot API call was aborted"));
      if (signal?.aborted) abort();
      signal?.addEventListener("abort", abort);
      const fail = (error: Error) => {
        signal?.removeEventListener("abort", abort);
        reject(error);
      };
      request.on("error", fail);
      request.on("response", (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", fail);
        response.on("end", () => {
          signal?.removeEventListener("abort", abort);
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({ json: async () => JSON.parse(text) });
        });
      });
      if (init.body === undefined || typeof init.body === "string") request.end(init.body);
      // A body that fails destroys the request, whose own error settles the call.
      else pipeline(init.body, request).catch(() => undefined);
    });
}

let shared: BotApiTransport | undefined;

/** The process's transport; its connections stay open between calls. */
export function botApiTransport(): BotApiTransport {
  shared ??= createTransport();
  return shared;
}
