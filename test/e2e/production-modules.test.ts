import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startTasksServiceStub } from "../../bench/tasks-service-stub.js";
import {
  type EmulatedUser,
  startTelegramEmulator,
  type TelegramEmulator,
} from "../../dev/telegram-emulator/index.js";
import { FIXTURE, freePort } from "../support/delivery-stack.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const DEV_URL = new URL("../../dev/", import.meta.url).href;
/** Loaded when an update needs them, never at start or for /start. */
const ON_DEMAND_PACKAGES = ["file-type", "ogg-opus-decoder", "@breezystack/lamejs", "undici"];

/**
 * Runs `node <flags> <entry>` as production does (a bot token, so no playground; memory storage), with
 * every module it loads recorded; the URLs it loaded from start through one /start, in load order.
 * `then`, when given, runs on the started bot before it is stopped.
 */
async function loadedModules(
  emulator: TelegramEmulator,
  directory: string,
  entry: string,
  then?: (person: EmulatedUser) => Promise<void>,
): Promise<string[]> {
  const list = path.join(directory, "loaded.txt");
  const port = await freePort();
  const tasksService = await startTasksServiceStub();
  const bot = spawn(
    process.execPath,
    ["--import", "tsx", "--import", "./test/support/record-loaded-modules.ts", entry],
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
        TASKS_BASE_URL: tasksService.baseUrl,
        LOG_LEVEL: "silent",
      },
      stdio: "ignore",
    },
  );
  const exited = once(bot, "exit");
  try {
    const person = emulator.users.create({ first_name: "Ann", language_code: "en" });
    person.sendCommand("start");
    await person.chat.waitForMessage((message) => message.fromBot, { timeoutMs: 30_000 });
    const loaded = (await readFile(list, "utf8")).split("\n").filter(Boolean);
    await then?.(person);
    return loaded;
  } finally {
    bot.kill("SIGTERM");
    await exited;
    await tasksService.close();
  }
}

describe("the sources, compiled on load (npm run dev and the process tests)", () => {
  let emulator: TelegramEmulator;
  let directory: string;
  let loaded: string[];

  beforeAll(async () => {
    emulator = await startTelegramEmulator({ rateLimits: false });
    directory = await mkdtemp(path.join(tmpdir(), "modules-"));
    loaded = await loadedModules(emulator, directory, "src/main.ts");
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

  it("leaves the media codecs, file sniffing and the services' HTTP client for the updates that need them", () => {
    const packages = ON_DEMAND_PACKAGES.filter((name) =>
      loaded.some((url) => url.includes(`/node_modules/${name}/`)),
    );
    expect(packages).toEqual([]);
  });

  it("never loads BullMQ without Redis, where jobs run on the in-process queue", () => {
    expect(loaded.filter((url) => url.includes("/node_modules/bullmq/"))).toEqual([]);
  });
});

const MetafileSchema = z.object({
  outputs: z.record(z.string(), z.object({ inputs: z.record(z.string(), z.unknown()) })),
});

/**
 * The production build (npm run build) made into a folder outside the repository, where no
 * node_modules can be found, and started from there: what it loads at start is its own chunks, each
 * known by the sources the build put into it.
 */
describe("the production bundle", () => {
  let emulator: TelegramEmulator;
  let directory: string;
  let distUrl: string;
  let loaded: string[];
  /** The chunks loaded, each as the sources and packages bundled into it. */
  let loadedInputs: string[];
  /** The form card the bot answers a photo sent after /start with. */
  let photoCard: string;

  beforeAll(async () => {
    emulator = await startTelegramEmulator({ rateLimits: false });
    directory = await mkdtemp(path.join(tmpdir(), "bundle-"));
    const dist = path.join(directory, "dist");
    const metafile = path.join(directory, "meta.json");
    const build = spawn(
      process.execPath,
      ["--import", "tsx", "scripts/build.ts", "--outdir", dist, "--metafile", metafile],
      { cwd: ROOT, stdio: "inherit" },
    );
    const [code] = await once(build, "exit");
    expect(code).toBe(0);
    distUrl = `${pathToFileURL(dist).href}/`;
    const entry = path.join(dist, "main.js");
    const all = await loadedModules(emulator, directory, entry, async (person) => {
      // A photo opens its form, whose card shows the account read from the service through the
      // services' HTTP client (undici): a chunk /start did not load, loaded now.
      await person.sendPhoto({ bytes: FIXTURE("sample.jpg"), width: 1280, height: 720 });
      const card = await person.chat.waitForMessage(
        (message) => message.fromBot && (message.message.text ?? "").includes("Slideshow with voiceover"),
        { timeoutMs: 30_000 },
      );
      photoCard = card.message.text ?? "";
    });
    loaded = all.slice(all.indexOf(pathToFileURL(entry).href));
    const { outputs } = MetafileSchema.parse(JSON.parse(await readFile(metafile, "utf8")));
    const inputsOf = new Map(
      Object.entries(outputs).map(([output, { inputs }]) => [path.basename(output), Object.keys(inputs)]),
    );
    loadedInputs = loaded
      .filter((url) => url.startsWith(distUrl))
      .flatMap((url) => inputsOf.get(path.basename(url)) ?? []);
  }, 120_000);

  afterAll(async () => {
    await emulator?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it("answers from its own files alone: no module of node_modules or of the sources", () => {
    expect(loaded.filter((url) => !url.startsWith(distUrl) && !url.startsWith("node:"))).toEqual([]);
    expect(loadedInputs).toContain("src/app.ts");
  });

  it("never loads the playground, the emulator or the sandbox", () => {
    expect(loadedInputs.filter((input) => input.startsWith("dev/"))).toEqual([]);
  });

  it("loads what a photo needs when one comes: its form shows the balance the service reports", () => {
    expect(photoCard).toContain("Balance: 10,000 tokens");
  });

  it("leaves the media codecs, file sniffing and the services' HTTP client for the updates that need them", () => {
    const packages = ON_DEMAND_PACKAGES.filter((name) =>
      loadedInputs.some((input) => input.includes(`/node_modules/${name}/`)),
    );
    expect(packages).toEqual([]);
  });

  it("never loads BullMQ without Redis, where jobs run on the in-process queue", () => {
    expect(loadedInputs.filter((input) => input.includes("/node_modules/bullmq/"))).toEqual([]);
  });

  it("carries none of prom-client's default process metrics or the OpenTelemetry API they read", () => {
    expect(loadedInputs.filter((input) => input.includes("/node_modules/@opentelemetry/"))).toEqual([]);
    expect(loadedInputs.filter((input) => input.includes("/prom-client/lib/metrics/"))).toEqual([]);
  });
});
