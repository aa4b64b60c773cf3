/**
 * Timers and promises the sandbox runs on its own (generation runs, webhook deliveries and their retries), so
 * `idle()` can wait for them and `close()` can cancel them. A cancelled sleep never resolves; waiters of
 * `until()` are released on close.
 */
export class Background {
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #work = new Set<Promise<void>>();
  #waiters: Array<() => void> = [];
  #closed = false;

  get closed(): boolean {
    return this.#closed;
  }

  /** Work in flight (deliveries, retries waiting for their turn). */
  get busy(): boolean {
    return this.#work.size > 0;
  }

  later(ms: number, action: () => void): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      if (!this.#closed) action();
    }, ms);
    this.#timers.add(timer);
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.later(ms, resolve));
  }

  track(work: Promise<void>): void {
    this.#work.add(work);
    void work.finally(() => {
      this.#work.delete(work);
      this.wake();
    });
  }

  /** Tells waiters that something changed. */
  wake(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }

  /** Resolves once `busy` answers false (asked again on every change) or the sandbox closes. */
  async until(busy: () => boolean): Promise<void> {
    while (!this.#closed && busy()) {
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  close(): void {
    this.#closed = true;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    this.wake();
  }
}
