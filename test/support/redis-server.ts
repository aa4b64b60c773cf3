/**
 * A throw-away redis-server on a free loopback port, with persistence off unless asked for (then an
 * append-only file in a temporary folder, so an outage test can stop it and start it again with its
 * data, as a production Redis with persistence comes back). Redis cannot listen on port 0,
 * so a free port is found by binding a socket first. When no redis-server binary is installed this
 * resolves to undefined and says so on the console, so Redis suites skip visibly instead of failing.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdtemp } from "node:fs/promises";
import { createServer, Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
  /** Starts it again on the same port after stop(); with persistence its data is back. */
  start(): Promise<void>;
}

const HOST = "127.0.0.1";

function hasRedisServer(): boolean {
  return spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0;
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, HOST);
  await once(server, "listening");
  const address = server.address();
  server.close();
  await once(server, "close");
  if (address === null || typeof address === "string") throw new Error("no port was assigned");
  return address.port;
}

async function answersPing(port: number): Promise<boolean> {
  const socket = new Socket();
  try {
    socket.connect(port, HOST);
    await once(socket, "connect");
    socket.write("PING\r\n");
    const [data] = await once(socket, "data");
    return String(data).startsWith("+PONG");
  } catch {
    return false;
  } finally {
    socket.destroy();
  }
}

async function launch(port: number, dataDir: string | undefined): Promise<ChildProcess | undefined> {
  const persistence = dataDir
    ? ["--dir", dataDir, "--appendonly", "yes", "--appendfsync", "always"]
    : ["--appendonly", "no"];
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", HOST, "--save", "", ...persistence, "--loglevel", "warning"],
    { stdio: "ignore" },
  );
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  for (let attempt = 0; attempt < 200 && !exited; attempt += 1) {
    if (await answersPing(port)) return child;
    await delay(25);
  }
  child.kill("SIGKILL");
  return undefined;
}

export async function startRedisServer(
  options: { persistent?: boolean } = {},
): Promise<RedisServer | undefined> {
  if (!hasRedisServer()) {
    console.warn("redis-server is not installed: the tests that need a real Redis are skipped");
    return undefined;
  }
  const dataDir = options.persistent ? await mkdtemp(join(tmpdir(), "redis-")) : undefined;
  // Another process may take the probed port before redis binds it; try a few ports.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const port = await freePort();
    let child = await launch(port, dataDir);
    if (!child) continue;
    return {
      url: `redis://${HOST}:${port}`,
      async stop() {
        if (!child || child.exitCode !== null || child.signalCode !== null) return;
        const exited = once(child, "exit");
        child.kill("SIGTERM");
        await exited;
      },
      async start() {
        if (child && child.exitCode === null && child.signalCode === null) return;
        child = await launch(port, dataDir);
        if (!child) throw new Error(`redis-server did not start again on port ${port}`);
      },
    };
  }
  throw new Error("redis-server did not start on a free loopback port");
}
