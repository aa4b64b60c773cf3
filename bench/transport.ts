/**
 * Transport benchmark: the bot's Bot API transport (src/telegram/transport.ts: Node's HTTP client over
 * kept-alive connections, handing grammY the JSON) beside grammY's default (node-fetch over Node's
 * HTTP client with a keep-alive agent) and beside undici's request over an undici Agent, each in a
 * process of its own (bench/transport-client.ts) calling a stand-in Bot API in this process that
 * answers every call with a message. Figures per transport, medians of the rounds: CPU per call and
 * calls a second over the calls after a warm-up, the client process's peak RSS, and the time from the
 * process's first line to its first answered call (loading the transport included).
 *
 *   npm run bench:transport [-- --rounds 5 --calls 5000 --concurrency 10]
 */
import { execFile } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs, promisify } from "node:util";
import { z } from "zod";
import { median, medianWithRange, table } from "./figures.js";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "5" },
    calls: { type: "string", default: "5000" },
    concurrency: { type: "string", default: "10" },
  },
});
const Count = z.coerce.number().int().positive();
const ROUNDS = Count.parse(values.rounds);

const TRANSPORTS = [
  { id: "grammy-default", label: "grammY's default (node-fetch)" },
  { id: "bot", label: "this bot's" },
  { id: "undici-request", label: "undici's request" },
] as const;

const ClientFigures = z.object({
  cpuMsPerCall: z.number(),
  callsPerSecond: z.number(),
  peakRssMb: z.number(),
  firstCallMs: z.number(),
});
type ClientFigures = z.infer<typeof ClientFigures>;

const ANSWER = JSON.stringify({
  ok: true,
  result: { message_id: 1, date: 1_700_000_000, chat: { id: 1, type: "private" }, text: "Pick a task below" },
});

async function main(): Promise<void> {
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      response.writeHead(200, {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(ANSWER),
      });
      response.end(ANSWER);
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const apiRoot = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const run = promisify(execFile);
  const figures = new Map<string, ClientFigures[]>();
  try {
    process.stdout.write(
      `${values.calls} sendMessage calls a round, ${values.concurrency} at a time, after 500 to warm up; ${ROUNDS} rounds\n`,
    );
    for (let round = 1; round <= ROUNDS; round++) {
      for (const { id } of TRANSPORTS) {
        const { stdout } = await run(process.execPath, [
          "--import",
          "tsx",
          "bench/transport-client.ts",
          "--transport",
          id,
          "--api-root",
          apiRoot,
          "--calls",
          String(values.calls),
          "--concurrency",
          String(values.concurrency),
        ]);
        const result = ClientFigures.parse(JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}"));
        figures.set(id, [...(figures.get(id) ?? []), result]);
      }
      process.stdout.write(`round ${round} done\n`);
    }
  } finally {
    server.close();
  }
  const base = figures.get("grammy-default") ?? [];
  const rows: string[][] = [
    ["transport", "CPU per call, ms", "/ default", "calls a second", "peak RSS, MB", "first call, ms"],
  ];
  for (const { id, label } of TRANSPORTS) {
    const runs = figures.get(id) ?? [];
    const cpu = runs.map((run) => run.cpuMsPerCall);
    rows.push([
      label,
      medianWithRange(cpu, 3),
      `x${(median(cpu) / median(base.map((run) => run.cpuMsPerCall))).toFixed(2)}`,
      medianWithRange(
        runs.map((run) => run.callsPerSecond),
        0,
      ),
      medianWithRange(
        runs.map((run) => run.peakRssMb),
        0,
      ),
      medianWithRange(
        runs.map((run) => run.firstCallMs),
        0,
      ),
    ]);
  }
  process.stdout.write(`\n${table(rows)}\n`);
}

await main();
