/**
 * Keeps what the jobs send within Telegram's rates: about 30 messages a second per bot and one a
 * second per private chat (with a short burst). The budgets live in storage buckets, so several
 * instances share them. Installed as an API transformer on the jobs' Api.
 */
import type { Transformer } from "grammy";
import type { TokenBucketRule, TokenBucketStore } from "../storage/ports.js";

export const BOT_RATE: TokenBucketRule = { capacity: 30, refillPerMs: 30 / 1000 };
export const CHAT_RATE: TokenBucketRule = { capacity: 3, refillPerMs: 1 / 1000 };

/** Methods that put something into a chat and so count against its rate. */
const PACED = /^(send|edit|copy|forward)/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
      if (typeof chatId === "number" || typeof chatId === "string") {
        await takeToken(buckets, `telegram:chat:${chatId}`, rates.chat);
      }
      await takeToken(buckets, "telegram:bot", rates.bot);
    }
    return prev(method, payload, signal);
  };
}
