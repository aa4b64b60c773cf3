import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  FIXTURES_DIR,
  startTasksSandbox,
  type TasksSandbox,
  type TasksSandboxOptions,
  type WebhookBody,
} from "../../../dev/tasks-sandbox/index.js";

export const USER_ID = 41;
export const OTHER_USER_ID = 42;
export const KEY = `cmp_AbCdEfGh_${"a".repeat(32)}`;
export const OTHER_KEY = `cmp_ZyXwVuTs_${"b".repeat(32)}`;

/** The bot's registry reduced to two known keys. */
export async function verifyKey(apiKey: string): Promise<{ userId: number } | undefined> {
  if (apiKey === KEY) return { userId: USER_ID };
  if (apiKey === OTHER_KEY) return { userId: OTHER_USER_ID };
  return undefined;
}

export const START = Date.UTC(2026, 10, 22, 10, 0, 0);

export interface UploadedBytes {
  bytes: Uint8Array;
  filename: string;
}

export interface Harness {
  sandbox: TasksSandbox;
  clock: { now: number; advance(ms: number): void };
  get(path: string, key?: string | null): Promise<Response>;
  post(path: string, body: unknown, key?: string | null): Promise<Response>;
  upload(fixture: string | UploadedBytes, key?: string): Promise<Response>;
  /** Uploads a fixture (or bytes) and returns its upload_id. */
  uploadId(fixture: string | UploadedBytes, key?: string): Promise<string>;
  /** Steps the lifecycle until the task is completed or failed, then returns it. */
  finish(taskId: number, key?: string): Promise<TaskJson>;
  close(): Promise<void>;
}

export interface TaskJson {
  task_id: number;
  type: string;
  status: string;
  progress: number;
  result_url: string | null;
  result_url_expires_at: string | null;
  result_urls: {
    txt_url?: string;
    srt_url?: string;
    clips?: Array<{
      index: number;
      title: string;
      hook: string;
      start: number;
      end: number;
      duration: number;
      score: number;
      result_url: string;
    }>;
  } | null;
  error_message: string | null;
  created_at: string;
  updated_at: string;
}

export async function startHarness(options: Partial<TasksSandboxOptions> = {}): Promise<Harness> {
  const clock = {
    now: START,
    advance(ms: number) {
      clock.now += ms;
    },
  };
  const sandbox = await startTasksSandbox({
    verifyKey,
    autoStep: false,
    allowHttpWebhooks: true,
    now: () => clock.now,
    ...options,
  });
  const headers = (key: string | null | undefined): Record<string, string> =>
    key === null ? {} : { "x-api-key": key ?? KEY };
  const harness: Harness = {
    sandbox,
    clock,
    get: (path, key) => fetch(`${sandbox.baseUrl}${path}`, { headers: headers(key) }),
    post: (path, body, key) =>
      fetch(`${sandbox.baseUrl}${path}`, {
        method: "POST",
        headers: { ...headers(key), "content-type": "application/json" },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    async upload(fixture, key) {
      const file =
        typeof fixture === "string"
          ? { bytes: await readFile(`${FIXTURES_DIR}${fixture}`), filename: fixture }
          : fixture;
      const form = new FormData();
      form.set("file", new Blob([new Uint8Array(file.bytes)]), file.filename);
      return fetch(`${sandbox.baseUrl}/v1/uploads`, { method: "POST", headers: headers(key), body: form });
    },
    async uploadId(fixture, key) {
      const response = await harness.upload(fixture, key);
      const name = typeof fixture === "string" ? fixture : fixture.filename;
      if (response.status !== 200) throw new Error(`upload of ${name} gave ${response.status}`);
      return ((await response.json()) as { upload_id: string }).upload_id;
    },
    async finish(taskId, key) {
      for (let round = 0; round < 1000; round += 1) {
        const task = (await (await harness.get(`/v1/tasks/${taskId}`, key)).json()) as TaskJson;
        if (task.status === "completed" || task.status === "failed") {
          await sandbox.idle();
          return task;
        }
        sandbox.step();
      }
      throw new Error(`task ${taskId} never finished`);
    },
    close: () => sandbox.close(),
  };
  return harness;
}

/** A local webhook receiver that records every body it is sent, in order. */
export async function startReceiver(): Promise<{
  url: string;
  received: WebhookBody[];
  close(): Promise<void>;
}> {
  const received: WebhookBody[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString("utf8")) as WebhookBody);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/tasks/ticket-1`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
