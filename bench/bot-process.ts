/**
 * A bot run as a child process and measured from outside through /proc (Linux), so the figures hold what
 * `node <script>` costs and nothing of the benchmark's own process (tsx, the emulator, the users).
 */
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const REPOSITORY_ROOT = fileURLToPath(new URL("..", import.meta.url));

/** A Node.js program and the flags of the node that runs it. */
export interface NodeCommand {
  script: string;
  nodeFlags: readonly string[];
}

/**
 * The heap settings the bot runs with, chosen by both benchmarks (npm run bench:updates, npm run
 * bench:state): a larger young generation collects less often and costs less CPU per update, a
 * smaller one holds the resident set down. At 16 MB the 10,000-forms state peaks at the 150 MB limit;
 * 4 MB costs a few MB over 2 MB under the /start load and collects less often. The old generation
 * may grow to 1.5 times what it held after its last full collection before the next one, not V8's
 * default of up to 4 times: objects of polls and updates in flight outlive two young collections and
 * die soon after, and under the default the 10,000-tasks poll grew the old generation from 23 to 60 MB
 * of such garbage before its first full collection. At 1.5 both benchmarks peak lower for no CPU
 * beyond their noise; at 1.2 the /start load pays a fifth more CPU per answer.
 */
export const HEAP_FLAGS: readonly string[] = ["--max-semi-space-size=4", "--heap-growing-percent=50"];

/** The bot as the production image starts it (the Dockerfile's CMD): the bundle of npm run build. */
export const COMPILED_BOT: NodeCommand = {
  script: "dist/main.js",
  nodeFlags: HEAP_FLAGS,
};

/**
 * The bot as `npm start` runs it (package.json's start script): the same bundle, after a check that it is
 * no older than its sources (and a build when it is).
 */
export const NPM_START_BOT: NodeCommand = {
  script: "scripts/start.js",
  nodeFlags: HEAP_FLAGS,
};

/**
 * The command with other heap settings in place of HEAP_FLAGS (a benchmark's `--heap-flags`, to
 * measure a setting before choosing it); "" for V8's own.
 */
export function withHeapFlags(command: NodeCommand, heapFlags: string | undefined): NodeCommand {
  if (heapFlags === undefined) return command;
  const others = command.nodeFlags.filter((flag) => !HEAP_FLAGS.includes(flag));
  return { ...command, nodeFlags: [...heapFlags.split(" ").filter(Boolean), ...others] };
}

export function commandLine(command: NodeCommand): string {
  return ["node", ...command.nodeFlags, command.script].join(" ");
}

const OUTPUT_KEPT_CHARS = 4_000;
const CLOCK_TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());

export interface BotProcess {
  readonly pid: number;
  /** Date.now() when it was spawned. */
  readonly spawnedAt: number;
  /** Rejects if the process ends before stop(): race it against anything that waits on the bot. */
  readonly failure: Promise<never>;
  /** Resident memory now and its peak so far (VmRSS, VmHWM), in MB. */
  memory(): { rssMb: number; peakRssMb: number };
  /** User and system CPU time used so far, in ms. */
  cpuMs(): number;
  /** SIGTERM, then SIGKILL if it has not exited within the grace period. */
  stop(graceMs?: number): Promise<void>;
}

/** The end of what the process printed, for the message when it fails. */
function keepTail(buffer: { text: string }, chunk: Buffer): void {
  buffer.text = (buffer.text + chunk.toString("utf8")).slice(-OUTPUT_KEPT_CHARS);
}

/** Runs the command from the repository root with exactly these environment variables (and PATH). */
export function startBotProcess(command: NodeCommand, env: Record<string, string>): BotProcess {
  const { script } = command;
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, [...command.nodeFlags, script], {
    cwd: REPOSITORY_ROOT,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = { text: "" };
  child.stdout.on("data", (chunk: Buffer) => keepTail(output, chunk));
  child.stderr.on("data", (chunk: Buffer) => keepTail(output, chunk));
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${script} did not start`);
  let stopping = false;
  const exited = once(child, "exit");
  const failure = exited.then(([code, signal]) => {
    throw new Error(
      stopping
        ? `${script} was stopped`
        : `${script} exited (code ${code}, signal ${signal}) before it was stopped:\n${output.text}`,
    );
  });
  // Only a race that loses to it observes the failure; an unobserved one must not crash the benchmark.
  failure.catch(() => undefined);

  const status = (field: string): number => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(
      readFileSync(`/proc/${pid}/status`, "utf8"),
    );
    if (!match?.[1]) throw new Error(`/proc/${pid}/status has no ${field}`);
    return Number(match[1]) / 1024;
  };
  return {
    pid,
    spawnedAt,
    failure,
    memory: () => ({ rssMb: status("VmRSS"), peakRssMb: status("VmHWM") }),
    cpuMs() {
      // The fields after the command name, which is in parentheses and may hold spaces.
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const ticks = Number(fields[11]) + Number(fields[12]);
      if (!Number.isFinite(ticks)) throw new Error(`/proc/${pid}/stat has no CPU times`);
      return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
    },
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      stopping = true;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Resolves with `work`, or rejects as soon as the bot process dies or `timeoutMs` passes. */
export async function whileAlive<T>(
  bot: BotProcess,
  work: Promise<T>,
  what: string,
  timeoutMs = 60_000,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no result within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([work, bot.failure, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
