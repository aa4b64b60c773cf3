/**
 * Paces calls per API key within the service's budget (30 requests and 20 uploads a minute), across
 * instances, in sliding windows in shared storage. Polls also fit a smaller allowance that foreground
 * calls drain, so polling never touches the last `pollReserve` requests of a minute, and within one
 * process a poll waits while a foreground call for the same key waits.
 */
import { createHash } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import type { RateWindowRule, RateWindowStore } from "../storage/ports.js";
import { type ServiceOperation, TasksServiceError } from "./errors.js";

/** What a call is, for pacing: uploads count against both budgets; polls yield to everything else. */
export type PacedCall = "create" | "upload" | "read" | "poll";

export interface KeyPacingOptions {
  requestsPerMinute?: number;
  /** Requests a minute kept from polling for foreground calls. */
  pollReserve?: number;
  /** Longest a call waits for its turn; past it the call fails as rate_limited. */
  maxWaitMs?: number;
  /** `maxWaitMs` unless given: a poll failing sooner frees its worker for a callback or a user's read. */
  pollMaxWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * The service's minute, and a second more: a request is counted when it arrives, and one sent at once
 * can arrive sooner after the oldest of its window than that one took to go out.
 */
const WINDOW_MS = 61_000;
const UPLOADS_PER_MINUTE = 20;

const operationOf: Record<PacedCall, ServiceOperation> = {
  create: "createTask",
  upload: "upload",
  read: "getTask",
  poll: "listTasks",
};

export class KeyPacing {
  private readonly requests: RateWindowRule;
  private readonly uploads: RateWindowRule;
  private readonly pollAllowance: RateWindowRule;
  private readonly maxWaitMs: number;
  private readonly pollMaxWaitMs: number;
  private readonly sleep: (ms: number) => Promise<void>;
  /** Per key id, in this process. */
  private readonly foregroundWaiting = new Map<
    string,
    { count: number; settled: Promise<void>; wake: () => void }
  >();

  constructor(
    private readonly windows: RateWindowStore,
    options: KeyPacingOptions = {},
  ) {
    const requestsPerMinute = options.requestsPerMinute ?? 30;
    const pollReserve = options.pollReserve ?? Math.ceil(requestsPerMinute / 3);
    if (pollReserve < 0 || pollReserve >= requestsPerMinute) {
      throw new RangeError("pollReserve must leave polling at least one request a minute");
    }
    this.requests = { limit: requestsPerMinute, windowMs: WINDOW_MS };
    this.uploads = { limit: UPLOADS_PER_MINUTE, windowMs: WINDOW_MS };
    this.pollAllowance = { limit: requestsPerMinute - pollReserve, windowMs: WINDOW_MS };
    this.maxWaitMs = options.maxWaitMs ?? 2 * 60_000;
    this.pollMaxWaitMs = options.pollMaxWaitMs ?? this.maxWaitMs;
    this.sleep = options.sleep ?? ((ms) => delay(ms));
  }

  /** The name under which a key's budget is kept: derived from the key, never the key itself. */
  static budgetId(apiKey: string): string {
    return createHash("sha256").update(apiKey).digest("hex").slice(0, 24);
  }

  /** Resolves when the call may be sent; throws rate_limited when the wait would pass `maxWaitMs`. */
  async acquire(apiKey: string, call: PacedCall, operation: ServiceOperation = operationOf[call]) {
    const id = KeyPacing.budgetId(apiKey);
    const deadline = {
      waitedMs: 0,
      maxWaitMs: call === "poll" ? this.pollMaxWaitMs : this.maxWaitMs,
      operation,
    };
    const window = (budget: "requests" | "uploads" | "poll") => `pace:${id}:${budget}`;
    if (call === "poll") {
      await this.yieldToForeground(id);
      await this.take(window("poll"), this.pollAllowance, deadline);
      await this.take(window("requests"), this.requests, deadline);
      return;
    }
    const release = this.markForegroundWaiting(id);
    try {
      if (call === "upload") await this.take(window("uploads"), this.uploads, deadline);
      await this.take(window("requests"), this.requests, deadline);
    } finally {
      release();
    }
    // Drain the poll allowance when there is some: a busy foreground leaves polling less room.
    await this.windows.take(window("poll"), this.pollAllowance);
  }

  private async take(
    window: string,
    rule: RateWindowRule,
    deadline: { waitedMs: number; maxWaitMs: number; operation: ServiceOperation },
  ): Promise<void> {
    while (true) {
      const { waitMs } = await this.windows.take(window, rule);
      if (waitMs <= 0) return;
      if (deadline.waitedMs + waitMs > deadline.maxWaitMs) {
        throw new TasksServiceError({
          kind: "rate_limited",
          operation: deadline.operation,
          retryAfterMs: waitMs,
        });
      }
      deadline.waitedMs += waitMs;
      await this.sleep(waitMs);
    }
  }

  private markForegroundWaiting(id: string): () => void {
    let entry = this.foregroundWaiting.get(id);
    if (!entry) {
      let wake = () => {};
      const settled = new Promise<void>((resolve) => {
        wake = resolve;
      });
      entry = { count: 0, settled, wake };
      this.foregroundWaiting.set(id, entry);
    }
    const current = entry;
    current.count += 1;
    return () => {
      current.count -= 1;
      if (current.count === 0) {
        this.foregroundWaiting.delete(id);
        current.wake();
      }
    };
  }

  private async yieldToForeground(id: string): Promise<void> {
    for (let entry = this.foregroundWaiting.get(id); entry; entry = this.foregroundWaiting.get(id)) {
      await entry.settled;
    }
  }
}
