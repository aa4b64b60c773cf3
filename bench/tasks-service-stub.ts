/**
 * A stand-in for the Media Task Service that records what the bot asks of it. GET /health answers ok;
 * GET /v1/tasks/{id} answers that the task is still processing, so a watched task stays watched; anything
 * else is 404. Each request is recorded with its API key and time, so a benchmark can count per key.
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
  close(): Promise<void>;
}

function json(body: unknown): string {
  return JSON.stringify(body);
}

export async function startTasksServiceStub(): Promise<TasksServiceStub> {
  const requests: StubRequest[] = [];
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
        : task && request.method === "GET"
          ? [
              200,
              json({ task_id: Number(task[1]), type: "transcription", status: "processing", progress: 40 }),
            ]
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
    async close() {
      const closed = once(server, "close");
      server.close();
      server.closeAllConnections();
      await closed;
    },
  };
}
