import { type BotApiError, tooManyRequests } from "./errors.js";
import type { RateLimits } from "./limits.js";

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/**
 * Token buckets for sent messages: one for the bot, one per chat. A short burst passes; a sustained
 * rate above the limit is refused with 429 and the whole seconds until a token is back.
 */
export class SendRateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly limits: () => RateLimits,
    private readonly now: () => number,
  ) {}

  /** Takes `count` tokens from every bucket that applies, or returns the refusal and takes none. */
  take(
    chatId: number,
    chatType: "private" | "group" | "supergroup" | "channel",
    count = 1,
  ): BotApiError | undefined {
    const rate = this.limits();
    if (!rate.enabled) return undefined;
    const perChat =
      chatType === "private"
        ? { rate: rate.perPrivateChatPerSecond, burst: rate.perPrivateChatBurst }
        : { rate: rate.perGroupPerMinute / 60, burst: rate.perGroupBurst };
    const checks = [
      { key: "bot", rate: rate.perBotPerSecond, burst: rate.perBotBurst },
      { key: `chat:${chatId}`, ...perChat },
    ];
    const at = this.now();
    let waitMs = 0;
    for (const check of checks) {
      const bucket = this.refill(check.key, check.rate, check.burst, at);
      const need = Math.min(count, check.burst);
      if (bucket.tokens < need) waitMs = Math.max(waitMs, ((need - bucket.tokens) / check.rate) * 1000);
    }
    if (waitMs > 0) return tooManyRequests(Math.max(1, Math.ceil(waitMs / 1000)));
    for (const check of checks) {
      const bucket = this.refill(check.key, check.rate, check.burst, at);
      bucket.tokens -= Math.min(count, check.burst);
    }
    return undefined;
  }

  reset(): void {
    this.buckets.clear();
  }

  private refill(key: string, ratePerSecond: number, burst: number, at: number): Bucket {
    const bucket = this.buckets.get(key) ?? { tokens: burst, updatedAt: at };
    bucket.tokens = Math.min(burst, bucket.tokens + ((at - bucket.updatedAt) / 1000) * ratePerSecond);
    bucket.updatedAt = at;
    this.buckets.set(key, bucket);
    return bucket;
  }
}
