/**
 * Deterministic fault injection. Each fault is armed for the next N occurrences of its event (a task created,
 * a webhook about to be sent, a request received) and is used up by them, so a test states exactly which
 * task or request misbehaves.
 */
export interface FaultPlan {
  /** The next `count` tasks created take `factor` times longer (default 20). */
  slowTasks?: { count: number; factor?: number };
  /** The next `count` tasks created end as failed with this error_message. */
  failTasks?: { count: number; message?: string };
  /** The next `count` completion webhooks are never sent. */
  dropWebhooks?: number;
  /** The next `count` completion webhooks are sent twice. */
  duplicateWebhooks?: number;
  /** The next `count` completion webhooks are sent `delayMs` after the task finished. */
  lateWebhooks?: { count: number; delayMs: number };
  /** The next `count` completion webhooks are followed by a stale `processing` one (out of order). */
  staleWebhooks?: number;
  /** The next `count` requests to /v1 are answered with this status (429 or 503) and Retry-After. */
  httpErrors?: { status: 429 | 503; count: number; retryAfterSeconds?: number };
  /** The next `count` task creations make the task, then answer 500: the task exists, its answer is lost. */
  failAfterCreating?: number;
}

export type WebhookFault =
  | { kind: "drop" }
  | { kind: "duplicate" }
  | { kind: "late"; delayMs: number }
  | { kind: "stale" };

export interface TaskFault {
  slowFactor: number;
  failure: string | undefined;
}

export const DEFAULT_FAILURE_MESSAGE = "Processing failed: the media could not be rendered";
const DEFAULT_SLOW_FACTOR = 20;

export class SandboxFaults {
  #slow: { count: number; factor: number } = { count: 0, factor: 1 };
  #fail: { count: number; message: string } = { count: 0, message: DEFAULT_FAILURE_MESSAGE };
  #drop = 0;
  #duplicate = 0;
  #late: { count: number; delayMs: number } = { count: 0, delayMs: 0 };
  #stale = 0;
  #atRandom: { fraction: number; random: () => number } = { fraction: 0, random: Math.random };
  #http: { status: 429 | 503; count: number; retryAfterSeconds: number } = {
    status: 503,
    count: 0,
    retryAfterSeconds: 1,
  };
  #failAfterCreating = 0;

  constructor(plan: FaultPlan = {}) {
    this.apply(plan);
  }

  /** Arms every fault the plan names (replacing what was armed for that fault). */
  apply(plan: FaultPlan): void {
    if (plan.slowTasks) this.slowTasks(plan.slowTasks.count, plan.slowTasks.factor);
    if (plan.failTasks) this.failTasks(plan.failTasks.count, plan.failTasks.message);
    if (plan.dropWebhooks !== undefined) this.dropWebhooks(plan.dropWebhooks);
    if (plan.duplicateWebhooks !== undefined) this.duplicateWebhooks(plan.duplicateWebhooks);
    if (plan.lateWebhooks) this.lateWebhooks(plan.lateWebhooks.count, plan.lateWebhooks.delayMs);
    if (plan.staleWebhooks !== undefined) this.staleWebhooks(plan.staleWebhooks);
    if (plan.httpErrors) {
      this.failRequests(plan.httpErrors.count, plan.httpErrors.status, plan.httpErrors.retryAfterSeconds);
    }
    if (plan.failAfterCreating !== undefined) this.failAfterCreating(plan.failAfterCreating);
  }

  slowTasks(count: number, factor = DEFAULT_SLOW_FACTOR): void {
    this.#slow = { count, factor };
  }

  failTasks(count: number, message = DEFAULT_FAILURE_MESSAGE): void {
    this.#fail = { count, message };
  }

  dropWebhooks(count: number): void {
    this.#drop = count;
  }

  duplicateWebhooks(count: number): void {
    this.#duplicate = count;
  }

  lateWebhooks(count: number, delayMs: number): void {
    this.#late = { count, delayMs };
  }

  staleWebhooks(count: number): void {
    this.#stale = count;
  }

  failRequests(count: number, status: 429 | 503, retryAfterSeconds = 1): void {
    this.#http = { status, count, retryAfterSeconds };
  }

  failAfterCreating(count: number): void {
    this.#failAfterCreating = count;
  }

  /**
   * From now on, that fraction of requests to /v1 answer 429 or 500 at random before doing anything,
   * and that fraction of task creations answer 500 after creating the task: a service having a bad day.
   */
  failAtRandom(fraction: number, random: () => number = Math.random): void {
    this.#atRandom = { fraction, random };
  }

  /** Disarms everything. */
  reset(): void {
    this.#slow = { count: 0, factor: 1 };
    this.#fail = { count: 0, message: DEFAULT_FAILURE_MESSAGE };
    this.#drop = 0;
    this.#duplicate = 0;
    this.#late = { count: 0, delayMs: 0 };
    this.#stale = 0;
    this.#http = { ...this.#http, count: 0 };
    this.#failAfterCreating = 0;
    this.#atRandom = { ...this.#atRandom, fraction: 0 };
  }

  /** Used once per created task. */
  takeTaskFault(): TaskFault {
    let slowFactor = 1;
    if (this.#slow.count > 0) {
      this.#slow.count -= 1;
      slowFactor = this.#slow.factor;
    }
    let failure: string | undefined;
    if (this.#fail.count > 0) {
      this.#fail.count -= 1;
      failure = this.#fail.message;
    }
    return { slowFactor, failure };
  }

  /** Used once per completion webhook; at most one fault applies to a webhook, checked in this order. */
  takeWebhookFault(): WebhookFault | undefined {
    if (this.#drop > 0) {
      this.#drop -= 1;
      return { kind: "drop" };
    }
    if (this.#duplicate > 0) {
      this.#duplicate -= 1;
      return { kind: "duplicate" };
    }
    if (this.#late.count > 0) {
      this.#late.count -= 1;
      return { kind: "late", delayMs: this.#late.delayMs };
    }
    if (this.#stale > 0) {
      this.#stale -= 1;
      return { kind: "stale" };
    }
    return undefined;
  }

  /** Used once per task created: true when its answer is to be a 500. */
  takeCreationFault(): boolean {
    if (this.#atRandom.random() < this.#atRandom.fraction) return true;
    if (this.#failAfterCreating <= 0) return false;
    this.#failAfterCreating -= 1;
    return true;
  }

  /** Used once per request to /v1. */
  takeRequestFault(): { status: 429 | 500 | 503; retryAfterSeconds: number } | undefined {
    const { fraction, random } = this.#atRandom;
    if (fraction > 0 && random() < fraction) {
      return { status: random() < 0.5 ? 429 : 500, retryAfterSeconds: 1 };
    }
    if (this.#http.count <= 0) return undefined;
    this.#http.count -= 1;
    return { status: this.#http.status, retryAfterSeconds: this.#http.retryAfterSeconds };
  }
}
