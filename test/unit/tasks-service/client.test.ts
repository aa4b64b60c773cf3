import { once } from "node:events";
import { createServer, type Server } from "node:http";
import { Agent } from "undici";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TasksServiceClient, type TasksServiceClientOptions } from "../../../src/tasks-service/client.js";
import { TasksServiceError } from "../../../src/tasks-service/errors.js";
import { KeyPacing } from "../../../src/tasks-service/pacing.js";
import { refusingAddress } from "../../support/refusing-address.js";
import {
  captureLogger,
  freePort,
  readBody,
  type ServiceStub,
  sendJson,
  startServiceStub,
} from "../../support/tasks-service-client-server.js";
import { createRecordingWindows } from "../../support/tasks-service-client-windows.js";

const API_KEY = "cmp_AbCd1234_s3cr3tS3CR3Ts3cr3tS3CR3Ts3cr3tS3";

const completedTask = {
  task_id: 7,
  type: "voiceover",
  status: "completed",
  progress: 100,
  result_url: "https://cdn.example.com/r/7.mp3",
  result_url_expires_at: "2026-11-23T10:00:00",
  result_urls: null,
  error_message: null,
  created_at: "2026-11-22T10:00:00.123456",
  updated_at: "2026-11-22T10:01:00",
};

const QUOTA_PROFILE = {
  user_id: 42,
  tariff: "Pro",
  tariff_expires_at: "2027-01-01T00:00:00",
  limits: {},
  usage: {},
  api_key_prefix: "AbCd1234",
  api_key_created_at: "2026-11-01T09:30:00",
};

let stub: ServiceStub;
let logLines: string[];
let sleeps: number[];
const clients: TasksServiceClient[] = [];

function makeClient(options: Partial<TasksServiceClientOptions> = {}): TasksServiceClient {
  const { logger, lines } = captureLogger();
  logLines = lines;
  const client = new TasksServiceClient({
    baseUrl: stub.baseUrl,
    logger,
    timeoutMs: 5_000,
    // Backoff waits are recorded, not slept: the tests check how long the client would wait.
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    ...options,
  });
  clients.push(client);
  return client;
}

async function failure(promise: Promise<unknown>): Promise<TasksServiceError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TasksServiceError);
  return error as TasksServiceError;
}

beforeEach(async () => {
  sleeps = [];
  logLines = [];
  stub = await startServiceStub();
});

afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  // No call may ever write the key into a log line.
  expect(logLines.join("\n")).not.toContain(API_KEY);
  expect(logLines.join("\n")).not.toContain("s3cr3tS3CR3T");
  await stub.close();
});

describe("requests on the wire", () => {
  it("checks health without an API key", async () => {
    stub.handle((_req, res) => sendJson(res, 200, { status: "ok", service: "tasks" }));
    const health = await makeClient().health();
    expect(health).toMatchObject({ status: "ok", service: "tasks" });
    expect(stub.requests[0]).toMatchObject({ method: "GET", path: "/health" });
    expect(stub.requests[0]?.headers["x-api-key"]).toBeUndefined();
  });

  it("reads the token-billed profile with the key and marks it billing=tokens", async () => {
    stub.handle((_req, res) =>
      sendJson(res, 200, {
        user_id: 42,
        token_balance: 1500,
        limits: { seconds_per_month: 3600, max_photos: 30, can_dub: true },
        usage: { used_seconds_this_month: 60, limit_reset_date: "2026-12-01T00:00:00" },
        api_key_prefix: "AbCd1234",
        api_key_created_at: "2026-11-01T09:30:00",
      }),
    );
    const profile = await makeClient().me(API_KEY);
    expect(stub.requests[0]).toMatchObject({ method: "GET", path: "/v1/me" });
    expect(stub.requests[0]?.headers["x-api-key"]).toBe(API_KEY);
    expect(profile.billing).toBe("tokens");
    if (profile.billing !== "tokens") throw new Error("expected a token profile");
    expect(profile.token_balance).toBe(1500);
    expect(profile.api_key_created_at?.toISOString()).toBe("2026-11-01T09:30:00.000Z");
  });

  it("reads the quota-based profile and marks it billing=quota", async () => {
    stub.handle((_req, res) => sendJson(res, 200, QUOTA_PROFILE));
    const profile = await makeClient().me(API_KEY);
    expect(profile).toMatchObject({ billing: "quota", tariff: "Pro" });
  });

  it("tells onProfile of each profile read, and a failure there still answers the read, logged", async () => {
    stub.handle((_req, res) => sendJson(res, 200, QUOTA_PROFILE));
    const seen: string[] = [];
    const noting = makeClient({ onProfile: async (profile) => void seen.push(profile.billing) });
    await noting.me(API_KEY);
    expect(seen).toEqual(["quota"]);
    const failing = makeClient({
      onProfile: async () => {
        throw new Error("storage is down");
      },
    });
    expect(await failing.me(API_KEY)).toMatchObject({ billing: "quota" });
    expect(logLines.join("\n")).toContain("what the profile says of billing was not kept");
  });

  it("creates a task with a JSON body and the key", async () => {
    let received: unknown;
    stub.handle(async (req, res) => {
      received = JSON.parse((await readBody(req)).toString("utf8"));
      sendJson(res, 201, { task_id: 99, status: "pending" });
    });
    const created = await makeClient().createTask(API_KEY, {
      type: "audio",
      text: "Hello",
      webhook_url: "https://bot.example.com/hooks/tasks/abc",
      send_to_messenger: false,
    });
    expect(created).toEqual({ task_id: 99, status: "pending" });
    expect(stub.requests[0]).toMatchObject({ method: "POST", path: "/v1/tasks" });
    expect(stub.requests[0]?.headers["content-type"]).toBe("application/json");
    expect(stub.requests[0]?.headers["x-api-key"]).toBe(API_KEY);
    expect(received).toEqual({
      type: "audio",
      text: "Hello",
      webhook_url: "https://bot.example.com/hooks/tasks/abc",
      send_to_messenger: false,
    });
  });

  it("gets a task and reads zone-less timestamps as UTC", async () => {
    stub.handle((_req, res) => sendJson(res, 200, completedTask));
    const task = await makeClient().getTask(API_KEY, 7);
    expect(stub.requests[0]).toMatchObject({ method: "GET", path: "/v1/tasks/7" });
    expect(stub.requests[0]?.headers["x-api-key"]).toBe(API_KEY);
    expect(task).toMatchObject({ task_id: 7, type: "voiceover", status: "completed", progress: 100 });
    expect(task.result_url_expires_at?.toISOString()).toBe("2026-11-23T10:00:00.000Z");
    expect(task.created_at?.toISOString()).toBe("2026-11-22T10:00:00.123Z");
  });

  it("lists tasks with limit and offset and accepts the sandbox's envelope", async () => {
    stub.handle((_req, res) =>
      sendJson(res, 200, { tasks: [completedTask], total: 1, limit: 100, offset: 0 }),
    );
    const tasks = await makeClient().listTasks(API_KEY, { limit: 100, offset: 0 });
    expect(stub.requests[0]).toMatchObject({ method: "GET", path: "/v1/tasks?limit=100&offset=0" });
    expect(tasks.map((task) => task.task_id)).toEqual([7]);
  });

  it("refuses a list page outside 1..100 or a negative offset without calling the service", async () => {
    const client = makeClient();
    for (const page of [
      { limit: 0, offset: 0 },
      { limit: 101, offset: 0 },
      { limit: 10, offset: -1 },
    ]) {
      const error = await failure(client.listTasks(API_KEY, page));
      expect(error.kind).toBe("invalid_request");
    }
    expect(stub.requests).toHaveLength(0);
  });

  it("logs method, path, status and attempt of each call", async () => {
    stub.handle((_req, res) => sendJson(res, 200, completedTask));
    await makeClient().getTask(API_KEY, 7);
    const entry = logLines.map((line) => JSON.parse(line)).find((line) => line.path === "/v1/tasks/7");
    expect(entry).toMatchObject({ method: "GET", status: 200, attempt: 1, op: "getTask" });
    expect(typeof entry.latencyMs).toBe("number");
  });
});

describe("error statuses", () => {
  const cases = [
    [400, "invalid_request"],
    [401, "unauthorized"],
    [402, "insufficient_balance"],
    [403, "forbidden"],
    [404, "not_found"],
    [413, "too_large"],
    [415, "unsupported_type"],
    [422, "invalid_request"],
    [429, "rate_limited"],
    [500, "server"],
    [502, "server"],
    [503, "server"],
  ] as const;

  for (const [status, kind] of cases) {
    it(`maps HTTP ${status} to ${kind} with the service's detail`, async () => {
      stub.handle((_req, res) => sendJson(res, status, { detail: `reason ${status}` }));
      const error = await failure(makeClient({ retry: { maxAttempts: 1 } }).getTask(API_KEY, 1));
      expect(error).toMatchObject({ kind, status, detail: `reason ${status}`, operation: "getTask" });
    });
  }

  it("turns a validation error list into a readable detail", async () => {
    stub.handle((_req, res) =>
      sendJson(res, 422, {
        detail: [{ loc: ["body", "photos"], msg: "Field required", type: "missing" }],
      }),
    );
    const error = await failure(makeClient().createTask(API_KEY, { type: "video", photos: [] }));
    expect(error).toMatchObject({ kind: "invalid_request", status: 422, detail: "photos: Field required" });
  });

  it("keeps the kind when the error body is not JSON", async () => {
    stub.handle((_req, res) => {
      res.writeHead(502, { "content-type": "text/html" });
      res.end("<html>Bad gateway</html>");
    });
    const error = await failure(makeClient({ retry: { maxAttempts: 1 } }).me(API_KEY));
    expect(error).toMatchObject({ kind: "server", status: 502 });
    expect(error.detail).toBeUndefined();
  });

  it("reports a 200 whose body is not JSON as invalid_response, without retrying", async () => {
    stub.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{not json");
    });
    const error = await failure(makeClient().getTask(API_KEY, 7));
    expect(error).toMatchObject({ kind: "invalid_response", status: 200 });
    expect(stub.requests).toHaveLength(1);
  });

  it("reports a body of the wrong shape as invalid_response", async () => {
    stub.handle((_req, res) => sendJson(res, 200, { task_id: "seven", status: "completed" }));
    const error = await failure(makeClient().getTask(API_KEY, 7));
    expect(error.kind).toBe("invalid_response");
    expect(error.detail).toContain("task_id");
  });

  it("reports a refused connection as network", async () => {
    const refusing = await refusingAddress();
    try {
      const client = makeClient({ baseUrl: refusing.url, retry: { maxAttempts: 1 } });
      const error = await failure(client.me(API_KEY));
      expect(error).toMatchObject({ kind: "network", operation: "me", notSent: true });
    } finally {
      await refusing.release();
    }
  });
});

describe("retries", () => {
  it("waits out a 429 for at least its Retry-After seconds, then succeeds", async () => {
    stub.handle((_req, res, index) =>
      index === 0
        ? sendJson(res, 429, { detail: "Too Many Requests" }, { "retry-after": "3" })
        : sendJson(res, 200, completedTask),
    );
    const task = await makeClient().getTask(API_KEY, 7);
    expect(task.task_id).toBe(7);
    expect(stub.requests).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThanOrEqual(3_000);
  });

  it("tells the attempt observer of each attempt: the refused one with its kind, then the answered one", async () => {
    stub.handle((_req, res, index) =>
      index === 0
        ? sendJson(res, 429, { detail: "Too Many Requests" }, { "retry-after": "1" })
        : sendJson(res, 200, completedTask),
    );
    const attempts: unknown[] = [];
    await makeClient({ observeAttempt: (attempt) => attempts.push(attempt) }).getTask(API_KEY, 7);
    expect(attempts).toEqual([
      {
        service: "tasks",
        operation: "getTask",
        status: 429,
        seconds: expect.any(Number),
        failure: "rate_limited",
      },
      {
        service: "tasks",
        operation: "getTask",
        status: 200,
        seconds: expect.any(Number),
        failure: undefined,
      },
    ]);
  });

  it("honours Retry-After given as an HTTP date", async () => {
    stub.handle((_req, res, index) =>
      index === 0
        ? sendJson(
            res,
            429,
            { detail: "slow down" },
            { "retry-after": new Date(Date.now() + 10_000).toUTCString() },
          )
        : sendJson(res, 200, completedTask),
    );
    await makeClient().getTask(API_KEY, 7);
    expect(sleeps[0]).toBeGreaterThanOrEqual(8_000);
  });

  it("retries a 503 on a read", async () => {
    stub.handle((_req, res, index) =>
      index === 0 ? sendJson(res, 503, { detail: "busy" }) : sendJson(res, 200, completedTask),
    );
    await makeClient().getTask(API_KEY, 7);
    expect(stub.requests).toHaveLength(2);
  });

  it("backs off more with each attempt and stops after the attempt cap", async () => {
    stub.handle((_req, res) => sendJson(res, 503, { detail: "down" }));
    const client = makeClient({ random: () => 0.999, retry: { maxAttempts: 4, baseDelayMs: 100 } });
    const error = await failure(client.listTasks(API_KEY, { limit: 20, offset: 0 }));
    expect(error).toMatchObject({ kind: "server", status: 503 });
    expect(stub.requests).toHaveLength(4);
    expect(sleeps).toHaveLength(3);
    expect(sleeps[1]).toBeGreaterThan(sleeps[0] ?? Number.POSITIVE_INFINITY);
    expect(sleeps[2]).toBeGreaterThan(sleeps[1] ?? Number.POSITIVE_INFINITY);
  });

  it("gives up at once when Retry-After is longer than it will wait", async () => {
    stub.handle((_req, res) => sendJson(res, 429, { detail: "quota" }, { "retry-after": "3600" }));
    const error = await failure(makeClient().me(API_KEY));
    expect(error).toMatchObject({ kind: "rate_limited", status: 429, retryAfterMs: 3_600_000 });
    expect(stub.requests).toHaveLength(1);
  });

  it("stops when the total wait would pass its cap", async () => {
    stub.handle((_req, res) => sendJson(res, 429, { detail: "slow" }, { "retry-after": "20" }));
    const client = makeClient({ retry: { maxAttempts: 10, maxTotalWaitMs: 45_000 } });
    await failure(client.me(API_KEY));
    expect(stub.requests).toHaveLength(3);
    expect(sleeps.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(45_000);
  });

  it("never repeats a task creation after a 500", async () => {
    stub.handle((_req, res) => sendJson(res, 500, { detail: "Internal Server Error" }));
    const error = await failure(makeClient().createTask(API_KEY, { type: "pause_removal", file: "x" }));
    expect(error).toMatchObject({ kind: "server", status: 500, operation: "createTask", notSent: false });
    expect(stub.requests).toHaveLength(1);
  });

  it("never repeats a task creation when the connection drops after the request was sent", async () => {
    stub.handle(async (req) => {
      await readBody(req);
      req.socket.destroy();
    });
    const error = await failure(makeClient().createTask(API_KEY, { type: "pause_removal", file: "x" }));
    expect(error).toMatchObject({ kind: "network", notSent: false });
    expect(stub.requests).toHaveLength(1);
  });

  it("repeats a task creation the service refused with 429", async () => {
    stub.handle((_req, res, index) =>
      index === 0
        ? sendJson(res, 429, { detail: "Too Many Requests" }, { "retry-after": "1" })
        : sendJson(res, 201, { task_id: 5, status: "pending" }),
    );
    const created = await makeClient().createTask(API_KEY, { type: "pause_removal", file: "x" });
    expect(created.task_id).toBe(5);
    expect(stub.requests).toHaveLength(2);
  });

  for (const host of ["127.0.0.1", "localhost"]) {
    it(`repeats a task creation whose connection to ${host} was refused before anything was sent`, async () => {
      const port = await freePort();
      let late: Server | undefined;
      const client = makeClient({
        baseUrl: `http://${host}:${port}`,
        // The service comes up while the client waits to try again.
        sleep: async (ms) => {
          sleeps.push(ms);
          if (late) return;
          late = createServer((_req, res) => sendJson(res, 201, { task_id: 11, status: "pending" }));
          late.listen(port, "127.0.0.1");
          await once(late, "listening");
        },
      });
      try {
        const created = await client.createTask(API_KEY, { type: "pause_removal", file: "x" });
        expect(created.task_id).toBe(11);
        expect(sleeps).toHaveLength(1);
      } finally {
        await client.close();
        late?.closeAllConnections();
        late?.close();
      }
    });
  }
});

describe("time-outs", () => {
  it("times out when the service sends no answer", async () => {
    stub.handle(() => {});
    const error = await failure(
      makeClient({ timeoutMs: 200, retry: { maxAttempts: 1 } }).getTask(API_KEY, 7),
    );
    expect(error).toMatchObject({ kind: "timeout", operation: "getTask" });
  });

  it("times out when the answer's body stalls", async () => {
    stub.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"task_id": 7,');
    });
    const error = await failure(
      makeClient({ timeoutMs: 200, retry: { maxAttempts: 1 } }).getTask(API_KEY, 7),
    );
    expect(error.kind).toBe("timeout");
  });

  it("retries a timed-out read", async () => {
    stub.handle((_req, res, index) => {
      if (index > 0) sendJson(res, 200, completedTask);
    });
    const task = await makeClient({ timeoutMs: 1_000 }).getTask(API_KEY, 7);
    expect(task.task_id).toBe(7);
    expect(stub.requests).toHaveLength(2);
  });

  it("does not repeat a task creation that timed out", async () => {
    stub.handle(() => {});
    const error = await failure(
      makeClient({ timeoutMs: 200 }).createTask(API_KEY, { type: "audio", text: "x" }),
    );
    expect(error).toMatchObject({ kind: "timeout", notSent: false });
    expect(stub.requests).toHaveLength(1);
  });
});

describe("pacing", () => {
  it("spends the key's budget on every attempt, in budgets named without the key", async () => {
    const clock = { now: 0 };
    const windows = createRecordingWindows(clock);
    const pacing = new KeyPacing(windows, {
      requestsPerMinute: 2,
      pollReserve: 1,
      maxWaitMs: 1_000,
      sleep: async (ms) => {
        clock.now += ms;
      },
    });
    stub.handle((_req, res, index) =>
      index === 0 ? sendJson(res, 503, { detail: "busy" }) : sendJson(res, 200, completedTask),
    );
    const client = makeClient({ pacing });
    await client.getTask(API_KEY, 7);
    // Two attempts used both requests of the minute: the next call cannot get a token in time.
    const error = await failure(client.getTask(API_KEY, 7));
    expect(error).toMatchObject({ kind: "rate_limited", operation: "getTask" });
    expect(stub.requests).toHaveLength(2);
    expect(windows.names().join(" ")).not.toContain(API_KEY);
  });
});

it("uses the connection pool it is given", async () => {
  stub.handle((_req, res) => sendJson(res, 200, { status: "ok" }));
  const dispatcher = new Agent();
  let dispatched = 0;
  const counting = dispatcher.compose((dispatch) => (options, handler) => {
    dispatched += 1;
    return dispatch(options, handler);
  });
  await makeClient({ dispatcher: counting }).health();
  expect(dispatched).toBe(1);
  await dispatcher.close();
});
