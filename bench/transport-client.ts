/**
 * One side of npm run bench:transport, in a process of its own: makes `--calls` sendMessage calls,
 * `--concurrency` at a time, through grammY's Api over one transport, and prints its figures as JSON.
 */
import { parseArgs } from "node:util";
import { Api, type ApiClientOptions } from "grammy";
import { z } from "zod";

const { values } = parseArgs({
  options: {
    transport: { type: "string" },
    "api-root": { type: "string" },
    calls: { type: "string" },
    concurrency: { type: "string" },
  },
});
const Count = z.coerce.number().int().positive();
const CALLS = Count.parse(values.calls);
const CONCURRENCY = Count.parse(values.concurrency);
const apiRoot = z.string().parse(values["api-root"]);
const WARM_UP_CALLS = 500;

const started = performance.now();

/** The client options of each transport, with the modules it needs loaded now, as a start would. */
async function clientOptions(transport: string): Promise<ApiClientOptions> {
  if (transport === "grammy-default") return { apiRoot };
  if (transport === "bot") {
    // What botApiClient (src/telegram/client-policy.ts) hands every Api of the bot.
    const { botApiTransport } = await import("../src/telegram/transport.js");
    return { apiRoot, fetch: botApiTransport() };
  }
  if (transport === "undici-request") {
    const { Agent, request } = await import("undici");
    const dispatcher = new Agent();
    const fetch = async (url: string, init: { headers: Record<string, string>; body: string }) => {
      const { body } = await request(url, {
        dispatcher,
        method: "POST",
        headers: init.headers,
        body: init.body,
      });
      return { json: () => body.json() };
    };
    return { apiRoot, fetch };
  }
  throw new Error(`no transport ${transport}`);
}

const api = new Api("1:bench", await clientOptions(values.transport ?? ""));
const send = () =>
  api.sendMessage(1, "Pick a task below", {
    reply_markup: { inline_keyboard: [[{ text: "Voiceover", callback_data: "st:AbCdEf:audio" }]] },
  });
await send();
const firstCallMs = performance.now() - started;

async function run(calls: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < calls) await send();
    }),
  );
}

await run(WARM_UP_CALLS);
const cpuBefore = process.cpuUsage();
const loadStarted = performance.now();
await run(CALLS);
const cpu = process.cpuUsage(cpuBefore);
process.stdout.write(
  `${JSON.stringify({
    cpuMsPerCall: (cpu.user + cpu.system) / 1000 / CALLS,
    callsPerSecond: CALLS / ((performance.now() - loadStarted) / 1000),
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    firstCallMs,
  })}\n`,
);
