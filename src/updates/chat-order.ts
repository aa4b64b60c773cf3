/**
 * One chat's updates in order across processes behind any load balancer (webhook mode): each update joins
 * its chat's line in storage (a sorted set by update_id) and runs first in line, holding the chat's lock.
 */
import type { Update } from "grammy/types";
import type { Storage } from "../storage/ports.js";

/** Longer than any update takes; a process that died holding the lock frees the chat after this. */
const CHAT_LOCK_TTL_MS = 30_000;
/**
 * A first-in-line entry that does not take the free lock for this long belongs to a process that died
 * waiting (a live one looks again within MAX_POLL_MS), and leaves the line.
 */
const DEAD_IN_LINE_MS = 2_000;
const FIRST_POLL_MS = 5;
const MAX_POLL_MS = 100;

function chatOf(update: Update): number | undefined {
  return update.message?.chat.id ?? update.callback_query?.message?.chat.id ?? update.callback_query?.from.id;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function inChatOrder(
  handle: (update: Update) => Promise<void>,
  storage: Pick<Storage, "sortedSets" | "locks">,
): (update: Update) => Promise<void> {
  const { sortedSets, locks } = storage;
  /** Waits for this update's turn and returns the chat's lock, held. */
  async function takeTurn(chat: number, line: string, member: string): Promise<string> {
    let pollMs = FIRST_POLL_MS;
    let ahead: { member: string; since: number } | undefined;
    for (;;) {
      const [first] = await sortedSets.rangeByScore(line, Number.MAX_SAFE_INTEGER, 1);
      const token = await locks.acquire(`chat:${chat}`, CHAT_LOCK_TTL_MS);
      if (token !== undefined) {
        if (first === undefined || first === member) return token;
        if (ahead?.member === first && Date.now() - ahead.since > DEAD_IN_LINE_MS) {
          await sortedSets.remove(line, first);
          return token;
        }
        await locks.release(`chat:${chat}`, token);
      }
      if (first !== undefined && ahead?.member !== first) ahead = { member: first, since: Date.now() };
      await sleep(pollMs);
      pollMs = Math.min(MAX_POLL_MS, pollMs * 2);
    }
  }
  return async (update) => {
    const chat = chatOf(update);
    if (chat === undefined) return handle(update);
    const line = `chat-line:${chat}`;
    const member = String(update.update_id);
    await sortedSets.add(line, member, update.update_id);
    let token: string | undefined;
    try {
      token = await takeTurn(chat, line, member);
      await handle(update);
    } finally {
      await sortedSets.remove(line, member);
      if (token !== undefined) await locks.release(`chat:${chat}`, token);
    }
  };
}
