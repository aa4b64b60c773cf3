/**
 * POST /hooks/generations/:ticket when a generation of that batch has succeeded: signed, so a delivery
 * that passes the check is trusted as it is; the work is queued, to answer within the service's 10 seconds.
 */
import type { Hono } from "hono";
import type { GenerationCredentialsReader } from "../accounts/generation-links.js";
import {
  verifyWebhookSignature,
  WEBHOOK_SIGNATURE_HEADER,
  WebhookPayloadSchema,
} from "../generation-service/webhooks.js";
import type { ObserveData } from "../generations/follower.js";
import type { GenerationRecords } from "../generations/records.js";
import type { JobDefinition, JobQueue } from "../jobs/queue.js";
import { ticketTag } from "../lifecycle/tickets.js";
import type { Logger } from "../logger.js";
import { parseStored } from "../storage/json.js";
import type { KeyValueStore } from "../storage/ports.js";

/** Longer than the service's retries last (5 s, 30 s, 5 min), so no retry of a handled delivery is handled again. */
const REPLAY_MEMORY_MS = 24 * 60 * 60 * 1000;

export interface GenerationHookDeps {
  records: GenerationRecords;
  credentials: GenerationCredentialsReader;
  queue: JobQueue;
  observeJob: JobDefinition<ObserveData>;
  kv: KeyValueStore;
  logger: Logger;
  /** Unix seconds. */
  now?: () => number;
}

export function generationHookRoutes(deps: GenerationHookDeps): (app: Hono) => void {
  const { records, queue, logger } = deps;
  return (app) => {
    app.post("/hooks/generations/:ticket", async (c) => {
      const ticket = c.req.param("ticket");
      const record = await records.get(ticket);
      if (!record) return c.json({ detail: "unknown ticket" }, 404);
      // The signature covers the bytes as sent: the raw body, not JSON read and written again.
      const rawBody = Buffer.from(await c.req.arrayBuffer());
      const secret = (await deps.credentials.credentials(record.userId))?.signingSecret;
      // A batch is given this address only with a secret to check it; without one nothing here is trusted.
      if (!secret) return c.json({ detail: "no signing secret for this batch" }, 401);
      const verified = verifyWebhookSignature({
        header: c.req.header(WEBHOOK_SIGNATURE_HEADER),
        rawBody,
        secret,
        ...(deps.now ? { now: deps.now() } : {}),
      });
      if (!verified.ok) {
        logger.warn({ ticket: ticketTag(ticket), reason: verified.reason }, "generation webhook refused");
        return verified.reason === "stale"
          ? c.json({ detail: "signature too old or too far ahead" }, 400)
          : c.json({ detail: "bad signature" }, 401);
      }
      const payload = parseStored(rawBody.toString("utf8"), WebhookPayloadSchema);
      if (!payload) return c.json({ detail: "invalid body" }, 400);
      const generation = payload.data;
      const place = await records.locate(generation.id);
      if (place?.ticket !== ticket) {
        logger.warn(
          { ticket: ticketTag(ticket), generation_id: generation.id },
          "webhook names a generation of no batch of this ticket",
        );
        return c.json({ status: "ignored" }, 200);
      }
      // The envelope has no event id: a generation in a status is news once, whatever the signature's time.
      const seen = `generation-hook:${generation.id}:${generation.status}`;
      if ((await deps.kv.get(seen)) !== undefined) return c.json({ status: "duplicate" }, 200);
      try {
        await queue.enqueue(
          deps.observeJob,
          { generation },
          { jobId: `generation-hook-${generation.id}-${generation.status}` },
        );
      } catch (error) {
        logger.error({ err: error, ticket: ticketTag(ticket) }, "generation webhook could not be queued");
        return c.json({ detail: "not queued; try again" }, 503);
      }
      await deps.kv.set(seen, "1", { ttlMs: REPLAY_MEMORY_MS });
      return c.json({ status: "queued" }, 200);
    });
  };
}
