/**
 * The bot as a real process (`src/main.ts` under tsx), for tests that kill it, restart its Redis or run
 * several of it. STACK_LOG=debug shows its logs.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { eventually } from "./delivery-stack.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export function spawnBotProcess(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, LOG_LEVEL: process.env.STACK_LOG ?? "silent", ...env },
    stdio: process.env.STACK_LOG ? "inherit" : "ignore",
  });
}

/** Resolves once the process's HTTP server answers the path with 2xx. */
export async function answering(port: number, path = "/healthz", timeoutMs = 60_000): Promise<void> {
  await eventually(
    async () => (await fetch(`http://127.0.0.1:${port}${path}`).catch(() => undefined))?.ok,
    timeoutMs,
  );
}
