const WINDOW_MS = 60_000;

/** The spec's per-key budget: at most `limit` events in any 60-second window. */
export class SlidingWindowLimiter {
  readonly #events = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly now: () => number,
  ) {}

  /** Seconds until one more event is allowed; 0 when it is allowed now. Records nothing. */
  wait(key: string): number {
    const now = this.now();
    const recent = (this.#events.get(key) ?? []).filter((at) => at > now - WINDOW_MS);
    this.#events.set(key, recent);
    if (recent.length < this.limit) return 0;
    const oldest = recent[0] ?? now;
    return Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000));
  }

  record(key: string): void {
    const recent = this.#events.get(key) ?? [];
    recent.push(this.now());
    this.#events.set(key, recent);
  }
}
