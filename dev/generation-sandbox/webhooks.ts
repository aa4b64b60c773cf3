import { createHmac } from "node:crypto";
import type { Background } from "./background.js";
import type { SandboxFaults } from "./faults.js";

export interface SandboxLogger {
  warn(details: object, message: string): void;
  debug(details: object, message: string): void;
}

export const SUCCEEDED_EVENT = "generation.succeeded";
/** The spec's retries: 3, after 5 seconds, 30 seconds and 5 minutes. */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [5_000, 30_000, 300_000];

/** The spec's signature: lowercase hex HMAC-SHA256 of `<t>.<body>` keyed with the signing secret. */
export function webhookSignature(secret: string, unixSeconds: number, body: string): string {
  return createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex");
}

/**
 * Sends `generation.succeeded` webhooks: `{data: <generation>}`, signed per attempt with the current time,
 * retried after each delay of `retryDelaysMs` (the spec's 5 s, 30 s, 5 min) until a 2xx. A redirect counts as a
 * failure (redirects are not followed), and so does no answer before the attempt's `deadline`.
 */
export class WebhookSender {
  constructor(
    private readonly deps: {
      background: Background;
      faults: SandboxFaults;
      now: () => number;
      retryDelaysMs: readonly number[];
      deadline: () => AbortSignal;
      logger: SandboxLogger;
    },
  ) {}

  send(delivery: { url: string; generation: { id: string }; secret: string }): void {
    const { background, faults, logger } = this.deps;
    const payload = JSON.stringify({ data: delivery.generation });
    const target = { url: delivery.url, payload, secret: delivery.secret, id: delivery.generation.id };
    const fault = faults.takeWebhookFault();
    if (fault?.kind === "drop") {
      logger.debug({ generation_id: target.id }, "webhook dropped by fault injection");
      return;
    }
    background.track(
      (async () => {
        if (fault?.kind === "late") await background.sleep(fault.delayMs);
        await this.#deliver(target);
        if (fault?.kind === "duplicate") await this.#deliver(target);
      })(),
    );
  }

  async #deliver(target: { url: string; payload: string; secret: string; id: string }): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      if (this.deps.background.closed) return;
      if (await this.#attempt(target)) return;
      const delay = this.deps.retryDelaysMs[attempt];
      if (delay === undefined) {
        this.deps.logger.warn({ generation_id: target.id, attempts: attempt + 1 }, "webhook given up");
        return;
      }
      await this.deps.background.sleep(delay);
    }
  }

  async #attempt(target: { url: string; payload: string; secret: string; id: string }): Promise<boolean> {
    const t = Math.floor(this.deps.now() / 1000);
    try {
      const response = await fetch(target.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-service-event": SUCCEEDED_EVENT,
          "x-service-signature": `t=${t},v1=${webhookSignature(target.secret, t, target.payload)}`,
        },
        body: target.payload,
        redirect: "manual",
        signal: this.deps.deadline(),
      });
      await response.body?.cancel();
      if (response.status >= 200 && response.status < 300) return true;
      this.deps.logger.warn(
        { generation_id: target.id, status: response.status },
        "webhook receiver refused",
      );
    } catch (err) {
      this.deps.logger.warn({ err, generation_id: target.id }, "webhook not delivered");
    }
    return false;
  }
}
