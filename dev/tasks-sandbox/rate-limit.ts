const WINDOW_MS = 60_000;

/** The spec's per-key budget: at most `limit` events in any 60-second window. */
export class SlidingWindowLimiter {
  readonly #events = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly now: () => number,
  ) {}

  /** Records the event and returns 0, or returns the seconds until one is allowed (nothing recorded). */
  take(key: string): number {
    const now = this.now();
    const recent = (this.#events.get(key) ?? []).filter((at) => at > now - WINDOW_MS);
    if (recent.length >= this.limit) {
      this.#events.set(key, recent);
      const oldest = recent[0] ?? now;
      return Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000));
    }
    recent.push(now);
    this.#events.set(key, recent);
    return 0;
  }
}
