import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTelegramEmulator, type TelegramEmulator } from "../../dev/telegram-emulator/index.js";
import { freePort } from "../support/delivery-stack.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const DEV_URL = new URL("../../dev/", import.meta.url).href;
/** Loaded when an update needs them, never at start or for /start. */
const ON_DEMAND_PACKAGES = ["file-type", "ogg-opus-decoder", "@breezystack/lamejs"];

/**
 * The process as production runs it (a bot token, so no playground; memory storage), with every module
 * it loads recorded, from start through one /start to shutdown.
 */
describe("production start", () => {
  let emulator: TelegramEmulator;
  let directory: string;
  let loaded: string[];

  beforeAll(async () => {
    emulator = await startTelegramEmulator({ rateLimits: false });
    directory = await mkdtemp(path.join(tmpdir(), "modules-"));
    const list = path.join(directory, "loaded.txt");
    const port = await freePort();
    const bot = spawn(
      process.execPath,
      ["--import", "tsx", "--import", "./test/support/record-loaded-modules.ts", "src/main.ts"],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? "",
          LOADED_MODULES_FILE: list,
          BOT_TOKEN: emulator.token,
          BOT_API_ROOT: emulator.apiRoot,
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          HTTP_HOST: "127.0.0.1",
          HTTP_PORT: String(port),
          TASKS_BASE_URL: "http://127.0.0.1:9",
          LOG_LEVEL: "silent",
        },
        stdio: "ignore",
      },
    );
    const exited = once(bot, "exit");
    try {
      const person = emulator.users.create({ first_name: "Ann", language_code: "en" });
      person.sendCommand("start");
      await person.chat.waitForMessage((message) => message.fromBot, { timeoutMs: 20_000 });
    } finally {
      bot.kill("SIGTERM");
      await exited;
    }
    loaded = (await readFile(list, "utf8")).split("\n").filter(Boolean);
  }, 60_000);

  afterAll(async () => {
    await emulator?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it("loads the bot's modules", () => {
    expect(loaded).toContain(new URL("../../src/app.ts", import.meta.url).href);
  });

  it("never loads the playground, the emulator or the sandbox", () => {
    expect(loaded.filter((url) => url.startsWith(DEV_URL))).toEqual([]);
  });

  it("leaves the media codecs and file sniffing for the updates that need them", () => {
    const packages = ON_DEMAND_PACKAGES.filter((name) =>
      loaded.some((url) => url.includes(`/node_modules/${name}/`)),
    );
    expect(packages).toEqual([]);
  });

  it("never loads BullMQ without Redis, where jobs run on the in-process queue", () => {
    expect(loaded.filter((url) => url.includes("/node_modules/bullmq/"))).toEqual([]);
  });
});
