/**
 * Deterministic fault injection. A counted fault is armed for the next N occurrences of its event (a
 * generation created, a webhook about to be sent, a request received, a create request answered) and is used
 * up by them, so a test states exactly which generation or request misbehaves. `failFraction` draws from the
 * sandbox's `random` option, which tests replace with a fixed sequence.
 */
export interface FaultPlan {
  /** The next `count` generations created run `factor` times longer (default 20). */
  slowGenerations?: { count: number; factor?: number };
  /** The next `count` generations created end `failed` with this error message, uncharged. */
  failGenerations?: { count: number; message?: string };
  /** Every generation created from now on fails with this probability (0 to 1). */
  failFraction?: { fraction: number; message?: string };
  /** The next `count` webhooks are never sent (no attempt, no retry). */
  dropWebhooks?: number;
  /** The next `count` webhooks are delivered twice. */
  duplicateWebhooks?: number;
  /** The first attempt of the next `count` webhooks is made `delayMs` after the generation succeeded. */
  lateWebhooks?: { count: number; delayMs: number };
  /** The next `count` requests to /v1 are refused with this status and Retry-After. */
  httpErrors?: { status: 429 | 503; count: number; retryAfterSeconds?: number };
  /** The next `count` create requests create their generations, then answer 500 (the response is lost). */
  errorsAfterCreate?: number;
  /** The provider is down: catalog `available: false`, create requests 503 `provider_unavailable`. */
  providerDown?: boolean;
}

export type WebhookFault = { kind: "drop" } | { kind: "duplicate" } | { kind: "late"; delayMs: number };

export interface GenerationFault {
  slowFactor: number;
  failure: string | undefined;
}

export const PROVIDER_FAILURE_MESSAGE = "The model provider failed to generate the result";
export const PROVIDER_TIMEOUT_MESSAGE = "The model provider timed out";
export const SAFETY_FILTER_MESSAGE = "The content was rejected by the provider's safety filter";
const DEFAULT_SLOW_FACTOR = 20;

export class SandboxFaults {
  #slow = { count: 0, factor: 1 };
  #fail = { count: 0, message: PROVIDER_FAILURE_MESSAGE };
  #fraction = { fraction: 0, message: PROVIDER_FAILURE_MESSAGE };
  readonly #failById = new Map<string, string>();
  #drop = 0;
  #duplicate = 0;
  #late = { count: 0, delayMs: 0 };
  #http: { status: 429 | 503; count: number; retryAfterSeconds: number } = {
    status: 503,
    count: 0,
    retryAfterSeconds: 1,
  };
  #afterCreate = 0;
  #providerDown = false;

  constructor(
    plan: FaultPlan = {},
    private readonly random: () => number = Math.random,
  ) {
    this.apply(plan);
  }

  /** Arms every fault the plan names (replacing what was armed for that fault). */
  apply(plan: FaultPlan): void {
    if (plan.slowGenerations) this.slowGenerations(plan.slowGenerations.count, plan.slowGenerations.factor);
    if (plan.failGenerations) this.failGenerations(plan.failGenerations.count, plan.failGenerations.message);
    if (plan.failFraction) this.failFraction(plan.failFraction.fraction, plan.failFraction.message);
    if (plan.dropWebhooks !== undefined) this.dropWebhooks(plan.dropWebhooks);
    if (plan.duplicateWebhooks !== undefined) this.duplicateWebhooks(plan.duplicateWebhooks);
    if (plan.lateWebhooks) this.lateWebhooks(plan.lateWebhooks.count, plan.lateWebhooks.delayMs);
    if (plan.httpErrors) {
      this.failRequests(plan.httpErrors.count, plan.httpErrors.status, plan.httpErrors.retryAfterSeconds);
    }
    if (plan.errorsAfterCreate !== undefined) this.errorsAfterCreate(plan.errorsAfterCreate);
    if (plan.providerDown !== undefined) this.providerDown(plan.providerDown);
  }

  slowGenerations(count: number, factor = DEFAULT_SLOW_FACTOR): void {
    this.#slow = { count, factor };
  }

  failGenerations(count: number, message = PROVIDER_FAILURE_MESSAGE): void {
    this.#fail = { count, message };
  }

  failFraction(fraction: number, message = PROVIDER_FAILURE_MESSAGE): void {
    if (!(fraction >= 0 && fraction <= 1)) throw new Error("fraction: 0 to 1");
    this.#fraction = { fraction, message };
  }

  /** This generation ends `failed` when it finishes running (if it has not finished yet). */
  failGeneration(generationId: string, message = PROVIDER_FAILURE_MESSAGE): void {
    this.#failById.set(generationId, message);
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

  failRequests(count: number, status: 429 | 503, retryAfterSeconds = 1): void {
    this.#http = { status, count, retryAfterSeconds };
  }

  errorsAfterCreate(count: number): void {
    this.#afterCreate = count;
  }

  providerDown(down: boolean): void {
    this.#providerDown = down;
  }

  get isProviderDown(): boolean {
    return this.#providerDown;
  }

  /** Disarms everything. */
  reset(): void {
    this.#slow = { count: 0, factor: 1 };
    this.#fail = { count: 0, message: PROVIDER_FAILURE_MESSAGE };
    this.#fraction = { fraction: 0, message: PROVIDER_FAILURE_MESSAGE };
    this.#failById.clear();
    this.#drop = 0;
    this.#duplicate = 0;
    this.#late = { count: 0, delayMs: 0 };
    this.#http = { ...this.#http, count: 0 };
    this.#afterCreate = 0;
    this.#providerDown = false;
  }

  /** Used once per created generation. */
  takeGenerationFault(): GenerationFault {
    let slowFactor = 1;
    if (this.#slow.count > 0) {
      this.#slow.count -= 1;
      slowFactor = this.#slow.factor;
    }
    let failure: string | undefined;
    if (this.#fail.count > 0) {
      this.#fail.count -= 1;
      failure = this.#fail.message;
    } else if (this.#fraction.fraction > 0 && this.random() < this.#fraction.fraction) {
      failure = this.#fraction.message;
    }
    return { slowFactor, failure };
  }

  /** The failure armed for this very generation, used up by it. */
  takeFailureOf(generationId: string): string | undefined {
    const message = this.#failById.get(generationId);
    this.#failById.delete(generationId);
    return message;
  }

  /** Used once per webhook; at most one fault applies to a webhook, checked in this order. */
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
    return undefined;
  }

  /** Used once per request to /v1. */
  takeRequestFault(): { status: 429 | 503; retryAfterSeconds: number } | undefined {
    if (this.#http.count <= 0) return undefined;
    this.#http.count -= 1;
    return { status: this.#http.status, retryAfterSeconds: this.#http.retryAfterSeconds };
  }

  /** Used once per create request that got as far as creating its generations. */
  takeErrorAfterCreate(): boolean {
    if (this.#afterCreate <= 0) return false;
    this.#afterCreate -= 1;
    return true;
  }
}
