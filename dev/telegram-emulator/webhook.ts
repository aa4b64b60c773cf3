import type { Update } from "grammy/types";
import type { World } from "./world.js";

export interface WebhookOptions {
  /** Wait before retrying a failed delivery. */
  retryDelayMs: number;
  /** How long one delivery may take before it counts as failed. */
  timeoutMs: number;
  /** Runs a method the bot returned in the webhook response body (webhook reply). */
  executeReply: (method: string, params: Record<string, unknown>) => Promise<void>;
}

function chatKeyOf(update: Update): string {
  const payload = Object.values(update).find((value) => typeof value === "object" && value !== null) as
    | { chat?: { id: number }; message?: { chat?: { id: number } }; from?: { id: number } }
    | undefined;
  const chatId = payload?.chat?.id ?? payload?.message?.chat?.id;
  if (chatId !== undefined) return `chat:${chatId}`;
  return payload?.from ? `user:${payload.from.id}` : "none";
}

/**
 * Pushes pending updates to the webhook: one at a time per chat (the next only after the previous one
 * was answered with 2xx), chats in parallel up to max_connections, a failed delivery retried.
 */
export class WebhookSender {
  private readonly busyChats = new Set<string>();
  private readonly inFlight = new Set<number>();
  private readonly controllers = new Set<AbortController>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly stopListening: () => void;
  private closed = false;

  constructor(
    private readonly world: World,
    private readonly options: WebhookOptions,
  ) {
    this.stopListening = world.onUpdate(() => this.pump());
  }

  pump(): void {
    const hook = this.world.webhook;
    if (!hook || this.closed) return;
    for (const update of this.world.pending) {
      if (this.inFlight.size >= hook.maxConnections) return;
      if (this.inFlight.has(update.update_id)) continue;
      const key = chatKeyOf(update);
      if (this.busyChats.has(key)) continue;
      this.busyChats.add(key);
      this.inFlight.add(update.update_id);
      void this.deliver(update, key, hook.url, hook.secretToken);
    }
  }

  private async deliver(update: Update, key: string, url: string, secret: string | undefined): Promise<void> {
    const controller = new AbortController();
    this.controllers.add(controller);
    const timer = setTimeout(() => controller.abort(), this.options.timeoutMs);
    let failure: string | undefined;
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(secret ? { "x-telegram-bot-api-secret-token": secret } : {}),
        },
        body: JSON.stringify(update),
        signal: controller.signal,
      });
      const text = await response.text();
      if (response.ok) await this.runReply(text);
      else failure = `Wrong response from the webhook: ${response.status} ${response.statusText}`;
    } catch (error) {
      failure = controller.signal.aborted
        ? "Read timeout expired"
        : `Connection refused: ${(error as Error).message}`;
    } finally {
      clearTimeout(timer);
      this.controllers.delete(controller);
    }
    this.inFlight.delete(update.update_id);
    if (this.closed) return;
    if (failure === undefined) {
      this.world.pending = this.world.pending.filter((pending) => pending.update_id !== update.update_id);
      this.busyChats.delete(key);
      this.pump();
      return;
    }
    const hook = this.world.webhook;
    if (hook) {
      hook.lastErrorDate = this.world.date();
      hook.lastErrorMessage = failure;
    }
    const retry = setTimeout(() => {
      this.timers.delete(retry);
      this.busyChats.delete(key);
      this.pump();
    }, this.options.retryDelayMs);
    this.timers.add(retry);
  }

  private async runReply(text: string): Promise<void> {
    if (text.trim() === "") return;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof body !== "object" || body === null) return;
    const { method, ...params } = body as Record<string, unknown>;
    if (typeof method === "string") await this.options.executeReply(method, params).catch(() => undefined);
  }

  close(): void {
    this.closed = true;
    this.stopListening();
    for (const controller of this.controllers) controller.abort();
    for (const timer of this.timers) clearTimeout(timer);
  }
}
