/**
 * A stand-in for the Media Task Service that records what the bot asks of it. GET /health answers ok;
 * GET /v1/me a profile with a balance; GET /v1/tasks/{id} that the task is still processing at 0 %, so a
 * watched task stays watched and its card needs no edit, or that it failed once `fail(id)` was called;
 * anything else is 404. Each request is recorded with its API key and time, so a benchmark can count
 * per key.
 */
import { once } from "node:events";
import { createServer } from "node:http";

export interface StubRequest {
  apiKey: string | undefined;
  method: string;
  path: string;
  /** Date.now() on arrival. */
  at: number;
}

export interface TasksServiceStub {
  readonly baseUrl: string;
  readonly requests: readonly StubRequest[];
  /** From now on the task is reported failed. */
  fail(taskId: number): void;
  close(): Promise<void>;
}

function json(body: unknown): string {
  return JSON.stringify(body);
}

function taskAnswer(taskId: number, failed: ReadonlySet<number>) {
  return failed.has(taskId)
    ? { task_id: taskId, type: "video", status: "failed", error_message: "stopped by the benchmark" }
    : { task_id: taskId, type: "video", status: "processing", progress: 0 };
}

export async function startTasksServiceStub(): Promise<TasksServiceStub> {
  const requests: StubRequest[] = [];
  const failed = new Set<number>();
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://stub").pathname;
    const apiKey = request.headers["x-api-key"];
    requests.push({
      apiKey: typeof apiKey === "string" ? apiKey : undefined,
      method: request.method ?? "GET",
      path,
      at: Date.now(),
    });
    request.resume();
    const task = /^\/v1\/tasks\/(\d+)$/.exec(path);
    const [status, body] =
      path === "/health"
        ? [200, json({ status: "ok" })]
        : path === "/v1/me"
          ? [200, json({ user_id: 1, limits: {}, usage: {}, token_balance: 10_000 })]
          : task && request.method === "GET"
            ? [200, json(taskAnswer(Number(task[1]), failed))]
            : [404, json({ detail: "Not Found" })];
    response.writeHead(status, { "content-type": "application/json" }).end(body);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the stub has no port");
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    requests,
    fail: (taskId) => failed.add(taskId),
    async close() {
      const closed = once(server, "close");
      server.close();
      server.closeAllConnections();
      await closed;
    },
  };
}
