/**
 * POST /telegram in webhook mode: answered within Telegram's 10 s (work goes on after it), or the update
 * comes again; an update is handled once, its id remembered in storage for a day.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Update } from "grammy/types";
import type { Hono } from "hono";
import type { Logger } from "../logger.js";
import type { KeyValueStore } from "../storage/ports.js";
import { readUpdate } from "../updates/updates.js";
import { jsonBody, sameSecret } from "./request.js";

/** Under Telegram's 10 s, with room for the network. */
const ANSWER_WITHIN_MS = 8_000;
/** Telegram gives up re-sending an update long before this. */
const SEEN_UPDATE_TTL_MS = 24 * 60 * 60 * 1000;

export interface TelegramWebhookDeps {
  secretToken: string;
  kv: KeyValueStore;
  logger: Logger;
  handle(update: Update): Promise<void>;
  answerWithinMs?: number;
}

export function telegramWebhook(deps: TelegramWebhookDeps) {
  const running = new Set<Promise<void>>();
  const answerWithinMs = deps.answerWithinMs ?? ANSWER_WITHIN_MS;
  return {
    mount(app: Hono) {
      app.post("/telegram", async (c) => {
        if (!sameSecret(c.req.header("x-telegram-bot-api-secret-token"), deps.secretToken)) {
          return c.json({ error: "wrong secret token" }, 401);
        }
        const body = await jsonBody(c);
        const read = body.ok ? readUpdate(body.value) : ({ kind: "malformed" } as const);
        if (read.kind === "malformed") return c.json({ error: "not an update" }, 400);
        if (read.kind === "ignored") return c.json({ ok: true });
        const updateId = read.update.update_id;
        const first = await deps.kv.setIfAbsent(`telegram-update:${updateId}`, "1", {
          ttlMs: SEEN_UPDATE_TTL_MS,
        });
        if (!first) return c.json({ ok: true });
        const work = deps.handle(read.update).catch((error: unknown) => {
          deps.logger.error({ err: error, update_id: updateId }, "webhook update failed");
        });
        running.add(work);
        void work.finally(() => running.delete(work));
        const answered = new AbortController();
        const due = sleep(answerWithinMs, undefined, { signal: answered.signal }).catch(() => undefined);
        await Promise.race([work, due]);
        answered.abort();
        return c.json({ ok: true });
      });
    },
    /** Resolves once the updates still being handled after their answer are done. */
    async drain() {
      await Promise.all(running);
    },
  };
}
