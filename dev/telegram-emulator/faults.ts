import {
  BLOCKED_BY_USER,
  type BotApiError,
  BotApiError as BotApiErrorClass,
  ENTITY_TOO_LARGE,
  tooManyRequests,
} from "./errors.js";

/** One injected failure. `times` counts calls (default 1); `method` narrows it to one Bot API method. */
export type FaultSpec = { method?: string; times?: number } & (
  | { kind: "rate_limit"; retryAfter: number }
  | { kind: "too_large" }
  | { kind: "server_error"; status?: 500 | 502 | 503 | 504 }
  | { kind: "delay"; ms: number }
  | { kind: "drop_connection" }
  | { kind: "error"; code: number; description: string }
);

export interface FaultHandle {
  /** Calls this fault will still affect. */
  readonly remaining: number;
  remove(): void;
}

/** What the server does with one call after consulting the faults. */
export interface FaultDecision {
  delayMs: number;
  drop: boolean;
  error?: BotApiError;
}

interface ActiveFault {
  spec: FaultSpec;
  remaining: number;
}

const SERVER_ERROR_TEXT: Record<number, string> = {
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/**
 * Deterministic fault injection: faults apply in the order they were added, each to the next calls
 * that match it, until its count runs out. Blocking a chat lasts until it is unblocked or cleared.
 */
export class Faults {
  private readonly active: ActiveFault[] = [];
  private readonly blockedChats = new Set<number>();

  inject(spec: FaultSpec): FaultHandle {
    const fault: ActiveFault = { spec, remaining: spec.times ?? 1 };
    this.active.push(fault);
    return {
      get remaining() {
        return fault.remaining;
      },
      remove: () => this.discard(fault),
    };
  }

  /** The user has blocked the bot: sends into this chat fail with 403 until `unblock`. */
  blockByUser(chatId: number): void {
    this.blockedChats.add(chatId);
  }

  unblock(chatId: number): void {
    this.blockedChats.delete(chatId);
  }

  isBlocked(chatId: number): boolean {
    return this.blockedChats.has(chatId);
  }

  blockedError(chatId: number): BotApiError | undefined {
    return this.blockedChats.has(chatId) ? BLOCKED_BY_USER() : undefined;
  }

  /** Removes every fault and every block. */
  clear(): void {
    this.active.length = 0;
    this.blockedChats.clear();
  }

  /** Consumes the faults that match this call. A delay combines with one failure. */
  decide(method: string): FaultDecision {
    const decision: FaultDecision = { delayMs: 0, drop: false };
    for (const fault of [...this.active]) {
      if (fault.spec.method !== undefined && fault.spec.method.toLowerCase() !== method.toLowerCase())
        continue;
      const spec = fault.spec;
      if (spec.kind === "delay") {
        decision.delayMs += spec.ms;
      } else if (decision.error || decision.drop) {
        continue;
      } else if (spec.kind === "drop_connection") {
        decision.drop = true;
      } else {
        decision.error = errorFor(spec);
      }
      fault.remaining -= 1;
      if (fault.remaining <= 0) this.discard(fault);
    }
    return decision;
  }

  private discard(fault: ActiveFault): void {
    const index = this.active.indexOf(fault);
    if (index >= 0) this.active.splice(index, 1);
  }
}

function errorFor(spec: Exclude<FaultSpec, { kind: "delay" | "drop_connection" }>): BotApiError {
  switch (spec.kind) {
    case "rate_limit":
      return tooManyRequests(spec.retryAfter);
    case "too_large":
      return ENTITY_TOO_LARGE();
    case "server_error": {
      const status = spec.status ?? 502;
      return new BotApiErrorClass(status, SERVER_ERROR_TEXT[status] ?? "Internal Server Error");
    }
    case "error":
      return new BotApiErrorClass(spec.code, spec.description);
  }
}
