/**
 * Keeps what the jobs send within Telegram's rates (about 30 messages a second per bot, one per chat),
 * in storage buckets that several instances share.
 */
import type { Transformer } from "grammy";
import type { TokenBucketRule, TokenBucketStore } from "../storage/ports.js";

/** A little under Telegram's figures (clocks differ, a 429 costs a whole retry_after); a chat bursts 3. */
const BOT_RATE: TokenBucketRule = { capacity: 20, refillPerMs: 28 / 1000 };
const CHAT_RATE: TokenBucketRule = { capacity: 3, refillPerMs: 0.9 / 1000 };

/** Methods that put something into a chat and so count against its rate. */
const PACED = /^(send|edit|copy|forward)/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends already paid for in their chat's budget: a delivery reserves its first message before it starts;
 * the chat's next send uses the credit, and one left unused when the delivery ends is dropped.
 */
const prepaid = new Map<string, Array<{ remaining: number }>>();

export async function withPrepaidSend<T>(chatId: number, work: () => Promise<T>): Promise<T> {
  const chat = String(chatId);
  const credit = { remaining: 1 };
  prepaid.set(chat, [...(prepaid.get(chat) ?? []), credit]);
  try {
    return await work();
  } finally {
    const left = prepaid.get(chat)?.filter((other) => other !== credit) ?? [];
    if (left.length > 0) prepaid.set(chat, left);
    else prepaid.delete(chat);
  }
}

function usePrepaidSend(chat: string): boolean {
  const credit = prepaid.get(chat)?.find((each) => each.remaining > 0);
  if (!credit) return false;
  credit.remaining -= 1;
  return true;
}

/** Takes one send of the chat's budget now, or says how long until there is one (taking nothing). */
export async function reserveChatSend(buckets: TokenBucketStore, chatId: number): Promise<number> {
  return (await buckets.take(`telegram:chat:${chatId}`, CHAT_RATE)).waitMs;
}

async function takeTokens(buckets: TokenBucketStore, bucket: string, rule: TokenBucketRule, cost: number) {
  for (let wait = 1; wait > 0; ) {
    wait = (await buckets.take(bucket, rule, cost)).waitMs;
    if (wait > 0) await sleep(wait);
  }
}

/** Messages a call puts into the chat: an album is one per item. */
function messagesOf(method: string, payload: unknown): number {
  if (method !== "sendMediaGroup" || typeof payload !== "object" || payload === null) return 1;
  const media = "media" in payload ? payload.media : undefined;
  return Array.isArray(media) ? Math.max(1, media.length) : 1;
}

export function telegramPacing(buckets: TokenBucketStore): Transformer {
  return async (prev, method, payload, signal) => {
    if (PACED.test(method)) {
      const messages = messagesOf(method, payload);
      const chatId = (payload as { chat_id?: unknown }).chat_id;
      const chat = typeof chatId === "number" || typeof chatId === "string" ? String(chatId) : undefined;
      // A burst is as much as a bucket holds: a longer album takes the whole of it.
      let chatCost = Math.min(messages, CHAT_RATE.capacity);
      if (chat !== undefined && usePrepaidSend(chat)) chatCost -= 1;
      if (chatCost > 0 && chat !== undefined)
        await takeTokens(buckets, `telegram:chat:${chat}`, CHAT_RATE, chatCost);
      await takeTokens(buckets, "telegram:bot", BOT_RATE, Math.min(messages, BOT_RATE.capacity));
    }
    return prev(method, payload, signal);
  };
}
