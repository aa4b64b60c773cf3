/**
 * How Bot API calls travel: the `fetch` grammY's client takes, built on undici's request over one pool of
 * kept-alive connections per process, which the bot, its forms (a form's Api copies the bot's client
 * options) and the jobs share. grammY reads nothing of an answer but its JSON, so a call builds no WHATWG
 * Request, Headers, Response or body streams, as node-fetch (grammY's own default) and fetch do.
 */
import type { Readable } from "node:stream";
import { Agent, type Dispatcher, request } from "undici";

/** What grammY's client hands its fetch: a JSON or multipart body, its headers, the call's abort signal. */
export interface BotApiRequest {
  headers?: Record<string, string>;
  body?: string | Readable;
  signal?: AbortSignal | null;
}

/** The answer as grammY's client reads it. */
export interface BotApiAnswer {
  json(): Promise<unknown>;
}

export type BotApiTransport = (url: string, init: BotApiRequest) => Promise<BotApiAnswer>;

export function createBotApiTransport(dispatcher: Dispatcher): BotApiTransport {
  return async (url, init) => {
    const { body } = await request(url, {
      dispatcher,
      // grammY posts every call.
      method: "POST",
      headers: init.headers,
      body: init.body,
      signal: init.signal ?? undefined,
    });
    return { json: () => body.json() };
  };
}

let shared: BotApiTransport | undefined;

/** The process's transport; its connections stay open between calls (undici's keep-alive). */
export function botApiTransport(): BotApiTransport {
  shared ??= createBotApiTransport(new Agent());
  return shared;
}
