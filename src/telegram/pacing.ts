/**
 * Keeps what the jobs send within Telegram's rates: about 30 messages a second per bot and one a
 * second per private chat (with a short burst). The budgets live in storage buckets, so several
 * instances share them. Installed as an API transformer on the jobs' Api.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Transformer } from "grammy";
import type { TokenBucketRule, TokenBucketStore } from "../storage/ports.js";

/**
 * A little under Telegram's own figures: our clock and Telegram's count the same second a few
 * milliseconds apart, and a send refused with 429 costs a whole retry_after.
 */
const BOT_RATE: TokenBucketRule = { capacity: 20, refillPerMs: 28 / 1000 };
const CHAT_RATE: TokenBucketRule = { capacity: 2, refillPerMs: 0.9 / 1000 };

/** Methods that put something into a chat and so count against its rate. */
const PACED = /^(send|edit|copy|forward)/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends already paid for in their chat's budget: a delivery reserves its first message before it
 * starts (and waits elsewhere when the chat is busy), so that send does not take a second token.
 */
const prepaid = new AsyncLocalStorage<{ remaining: number }>();

export function withPrepaidSend<T>(work: () => Promise<T>): Promise<T> {
  return prepaid.run({ remaining: 1 }, work);
}

/** Takes one send of the chat's budget now, or says how long until there is one (taking nothing). */
export async function reserveChatSend(
  buckets: TokenBucketStore,
  chatId: number,
  rule: TokenBucketRule = CHAT_RATE,
): Promise<number> {
  return (await buckets.take(`telegram:chat:${chatId}`, rule)).waitMs;
}

async function takeToken(buckets: TokenBucketStore, bucket: string, rule: TokenBucketRule): Promise<void> {
  for (;;) {
    const { waitMs } = await buckets.take(bucket, rule);
    if (waitMs <= 0) return;
    await sleep(waitMs);
  }
}

export function telegramPacing(
  buckets: TokenBucketStore,
  rates: { bot: TokenBucketRule; chat: TokenBucketRule } = { bot: BOT_RATE, chat: CHAT_RATE },
): Transformer {
  return async (prev, method, payload, signal) => {
    if (PACED.test(method)) {
      const chatId = (payload as { chat_id?: unknown }).chat_id;
      const credit = prepaid.getStore();
      if (credit && credit.remaining > 0) credit.remaining -= 1;
      else if (typeof chatId === "number" || typeof chatId === "string") {
        await takeToken(buckets, `telegram:chat:${chatId}`, rates.chat);
      }
      await takeToken(buckets, "telegram:bot", rates.bot);
    }
    return prev(method, payload, signal);
  };
}
