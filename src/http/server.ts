import type { AddressInfo } from "node:net";
import type { ServerType } from "@hono/node-server";
import { type Context, Hono, type Next } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { JobQueue, QueueDepth } from "../jobs/queue.js";
import type { Logger } from "../logger.js";
import type { Metrics } from "../metrics.js";

/** Telegram's updates are small; a task callback is three fields. Anything larger is not ours. */
const MAX_BODY_BYTES = 1024 * 1024;
/** An orchestrator asks often and acts on the answer: a dependency that hangs counts as down. */
const READINESS_TIMEOUT_MS = 1_500;

function withinReadinessTime(check: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("no answer in time")), READINESS_TIMEOUT_MS);
  });
  return Promise.race([check(), timeout]).finally(() => clearTimeout(timer));
}

export interface HttpAppDeps {
  logger: Logger;
  metrics: Metrics;
  queue: JobQueue;
  readiness: Array<{ name: string; check(): Promise<void> }>;
  /** While storage is away, Telegram and the services are told to come back (503, which both retry). */
  storageUp: () => boolean;
  /** Mounted routes of other rooms: the Telegram webhook, task callbacks, the playground. */
  routes?: Array<(app: Hono) => void>;
}

export function createHttpApp(deps: HttpAppDeps): Hono {
  const app = new Hono();
  const smallBodies = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ error: "body too large" }, 413),
  });
  const storageGate = async (c: Context, next: Next) => {
    if (!deps.storageUp()) return c.json({ error: "storage unavailable; try again" }, 503);
    await next();
  };
  for (const path of ["/telegram", "/hooks/*"]) app.use(path, smallBodies, storageGate);

  app.get("/healthz", (c) => c.json({ status: "ok" }));

  app.get("/readyz", async (c) => {
    const results = await Promise.all(
      deps.readiness.map(async ({ name, check }) => {
        try {
          await withinReadinessTime(check);
          return [name, "ok"] as const;
        } catch (err) {
          deps.logger.warn({ err, dependency: name }, "readiness check failed");
          return [name, "unavailable"] as const;
        }
      }),
    );
    const ready = results.every(([, state]) => state === "ok");
    return c.json(
      { status: ready ? "ready" : "not ready", checks: Object.fromEntries(results) },
      ready ? 200 : 503,
    );
  });

  app.get("/metrics", async (c) => {
    const storageUp = deps.storageUp();
    deps.metrics.storageUp.set(storageUp ? 1 : 0);
    deps.metrics.queueDepth.reset();
    // Queue depths live in Redis: during an outage the rest of the metrics still tell the story.
    const none: Record<string, QueueDepth> = {};
    const depths = storageUp ? await deps.queue.depths().catch(() => none) : none;
    for (const [queue, depth] of Object.entries(depths)) {
      for (const [state, count] of Object.entries(depth))
        deps.metrics.queueDepth.set({ queue, state }, count);
    }
    return c.text(await deps.metrics.registry.metrics(), 200, {
      "content-type": deps.metrics.registry.contentType,
    });
  });

  for (const mount of deps.routes ?? []) mount(app);

  app.onError((err, c) => {
    if (!deps.storageUp()) {
      deps.logger.warn({ err, path: c.req.path }, "storage went away while answering; asked to retry");
      return c.json({ error: "storage unavailable; try again" }, 503);
    }
    deps.logger.error({ err, path: c.req.path }, "HTTP handler failed");
    return c.json({ error: "internal error" }, 500);
  });
  return app;
}

/** Serves the app; Node's HTTP adapter is loaded here, so a polling bot's first getUpdates need not wait for it. */
export async function startHttpServer(
  app: Hono,
  options: { host: string; port: number },
): Promise<{ url: string; close(): Promise<void> }> {
  const { serve } = await import("@hono/node-server");
  return new Promise((resolve, reject) => {
    let server: ServerType | undefined;
    const onError = (err: Error) => reject(err);
    server = serve({ fetch: app.fetch, hostname: options.host, port: options.port }, (info: AddressInfo) => {
      server?.off("error", onError);
      const host = info.family === "IPv6" ? `[${info.address}]` : info.address;
      resolve({
        url: `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            server?.close(() => done());
            if (server && "closeAllConnections" in server) server.closeAllConnections();
          }),
      });
    });
    server.on("error", onError);
  });
}
