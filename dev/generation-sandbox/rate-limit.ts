const WINDOW_MS = 60_000;

/** What the `X-RateLimit-*` headers report. */
export interface RateWindow {
  limit: number;
  remaining: number;
  /** Seconds until the oldest counted request leaves the window (0 when none is counted). */
  resetSeconds: number;
}

/** The spec's sliding window: at most `limit` requests per bucket in any 60 seconds. */
export class SlidingWindowLimiter {
  readonly #events = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    private readonly now: () => number,
  ) {}

  /** Counts one request when the window has room; a refused request is not counted. */
  take(bucket: string): { allowed: boolean; window: RateWindow } {
    const recent = this.#recent(bucket);
    const allowed = recent.length < this.limit;
    if (allowed) recent.push(this.now());
    return { allowed, window: this.#window(recent) };
  }

  /** The window as it stands, counting nothing. */
  peek(bucket: string): RateWindow {
    return this.#window(this.#recent(bucket));
  }

  #recent(bucket: string): number[] {
    const now = this.now();
    const recent = (this.#events.get(bucket) ?? []).filter((at) => at > now - WINDOW_MS);
    this.#events.set(bucket, recent);
    return recent;
  }

  #window(recent: number[]): RateWindow {
    const oldest = recent[0];
    return {
      limit: this.limit,
      remaining: Math.max(0, this.limit - recent.length),
      resetSeconds:
        oldest === undefined ? 0 : Math.max(1, Math.ceil((oldest + WINDOW_MS - this.now()) / 1000)),
    };
  }
}
