import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { JobQueue } from "../jobs/queue.js";
import type { Logger } from "../logger.js";
import type { Metrics } from "../metrics.js";

/** Telegram's updates are small; a task callback is three fields. Anything larger is not ours. */
const MAX_BODY_BYTES = 1024 * 1024;

export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

export interface HttpAppDeps {
  logger: Logger;
  metrics: Metrics;
  queue: JobQueue;
  readiness: ReadinessCheck[];
  /** Mounted routes of other rooms: the Telegram webhook, task callbacks, the playground. */
  routes?: Array<(app: Hono) => void>;
}

export function createHttpApp(deps: HttpAppDeps): Hono {
  const app = new Hono();
  const smallBodies = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ error: "body too large" }, 413),
  });
  app.use("/telegram", smallBodies);
  app.use("/hooks/*", smallBodies);

  app.get("/healthz", (c) => c.json({ status: "ok" }));

  app.get("/readyz", async (c) => {
    const results = await Promise.all(
      deps.readiness.map(async ({ name, check }) => {
        try {
          await check();
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
    const depths = await deps.queue.depths();
    deps.metrics.queueDepth.reset();
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
    deps.logger.error({ err, path: c.req.path }, "HTTP handler failed");
    return c.json({ error: "internal error" }, 500);
  });
  return app;
}

export interface RunningHttpServer {
  readonly url: string;
  close(): Promise<void>;
}

export function startHttpServer(
  app: Hono,
  options: { host: string; port: number },
): Promise<RunningHttpServer> {
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
