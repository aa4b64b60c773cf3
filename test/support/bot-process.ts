/**
 * The bot as a real process (`src/main.ts` under tsx), for tests that kill it, restart its Redis or run
 * several of it. STACK_LOG=debug shows its logs.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import {
  startTasksSandbox,
  type TasksSandbox,
  type TasksSandboxOptions,
} from "../../dev/tasks-sandbox/index.js";
import { startTelegramEmulator, type TelegramEmulator } from "../../dev/telegram-emulator/index.js";
import { KeyRegistry } from "../../src/accounts/registry.js";
import { createLogger } from "../../src/logger.js";
import { createStorage } from "../../src/storage/index.js";
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

/** What bot processes talk to: a Telegram emulator, and a tasks sandbox that verifies keys in the shared Redis. */
export interface World {
  emulator: TelegramEmulator;
  sandbox: TasksSandbox;
  redisUrl: string;
  close(): Promise<void>;
}

export async function startWorld(
  redisUrl: string,
  sandbox: Partial<TasksSandboxOptions> = {},
): Promise<World> {
  const registryStorage = createStorage({ redisUrl }, createLogger({ level: "silent" }));
  const registry = new KeyRegistry(registryStorage);
  const emulator = await startTelegramEmulator({ rateLimits: false });
  const service = await startTasksSandbox({
    verifyKey: (key) => registry.verify(key),
    allowHttpWebhooks: true,
    rateLimits: false,
    ...sandbox,
  });
  return {
    emulator,
    sandbox: service,
    redisUrl,
    async close() {
      await service.close();
      await emulator.close();
      await registryStorage.close();
    },
  };
}

/** The settings of a bot process in the world, answering at `port` (PUBLIC_URL may be overridden). */
export function botEnvironment(
  world: World,
  port: number,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    BOT_TOKEN: world.emulator.token,
    BOT_MODE: "polling",
    BOT_API_ROOT: world.emulator.apiRoot,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HTTP_HOST: "127.0.0.1",
    HTTP_PORT: String(port),
    TASKS_BASE_URL: world.sandbox.baseUrl,
    REDIS_URL: world.redisUrl,
    KEY_VAULT_SECRET: randomBytes(32).toString("base64"),
    ...extra,
  };
}
