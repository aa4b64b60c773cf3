import { isGenerationServiceError } from "../generation-service/errors.js";
import { type Account, keyBudgetOf } from "../generation-service/responses.js";
import { formatDate, formatNumber } from "../i18n/format.js";
import type { Translate } from "../i18n/translate.js";
import { type JobDefinition, RetryLaterError } from "../jobs/queue.js";
import { type TicketData, ticketJob } from "../lifecycle/tickets.js";
import type { KeyValueStore } from "../storage/ports.js";
import type { BatchRecord } from "./records.js";
import type { BatchJobDeps } from "./result-links.js";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Share of the key's budget used at which the user hears about it. */
export const BUDGET_WARNING_SHARE = 0.8;
/** The expiry is announced this long ahead. */
export const EXPIRY_WARNING_MS = 7 * DAY_MS;
/** A flag outlives any threshold it guards: a key expiring in 7 days is gone long before. */
const FLAG_TTL_MS = 90 * DAY_MS;

type KeyNotice = { threshold: "budget" | "expiry"; text: string };

export class KeyGuardian {
  constructor(
    private readonly kv: KeyValueStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** The thresholds the account's key has crossed, as notices, each only the first time it is seen. */
  async notices(userId: number, account: Account, t: Translate, locale: string): Promise<KeyNotice[]> {
    const crossed: KeyNotice[] = [];
    const { key } = account;
    const own = keyBudgetOf(key);
    if (own && own.used >= own.budget * BUDGET_WARNING_SHARE) {
      crossed.push({
        threshold: "budget",
        text: t("key-guardian-budget", {
          percent: Math.min(100, Math.floor((own.used / own.budget) * 100)),
          left: formatNumber(own.left, locale),
          budget: own.budget,
        }),
      });
    }
    const expiresAt = key.expires_at;
    if (expiresAt && expiresAt.getTime() - this.now() <= EXPIRY_WARNING_MS) {
      crossed.push({
        threshold: "expiry",
        text: t("key-guardian-expiry", {
          days: Math.max(0, Math.floor((expiresAt.getTime() - this.now()) / DAY_MS)),
          date: formatDate(expiresAt, locale),
        }),
      });
    }
    const fresh: KeyNotice[] = [];
    for (const notice of crossed) {
      const flag = `key-guardian:${userId}:${key.id}:${notice.threshold}`;
      if (await this.kv.setIfAbsent(flag, "1", { ttlMs: FLAG_TTL_MS })) fresh.push(notice);
    }
    return fresh;
  }
}

/** A job on a batch with its owner's account: nothing to do without a working key; a rate limit waits. */
export function ownerAccountJob(
  name: string,
  tuning: Pick<JobDefinition<TicketData>, "attempts" | "backoffMs" | "concurrency">,
  deps: BatchJobDeps,
  { retryAfterMs, takes }: { retryAfterMs: number; takes?: (record: BatchRecord) => boolean },
  work: (record: BatchRecord, account: Account, t: Translate) => Promise<void>,
): JobDefinition<TicketData> {
  return ticketJob(name, tuning, async (ticket) => {
    const record = await deps.records.get(ticket);
    if (!record || takes?.(record) === false) return;
    const credentials = await deps.credentials.credentials(record.userId);
    if (!credentials) return;
    let account: Account;
    try {
      account = await deps.service.getAccount(credentials.apiKey);
    } catch (error) {
      if (!isGenerationServiceError(error)) throw error;
      if (error.code === "rate_limit_exceeded") throw new RetryLaterError(error.retryAfterMs ?? retryAfterMs);
      return;
    }
    await work(record, account, deps.translate(record.locale));
  });
}

/** After a batch is created: says what the key guardian finds in the account. */
export function keyGuardJob(deps: BatchJobDeps & { guardian: KeyGuardian }): JobDefinition<TicketData> {
  const tuning = { attempts: 3, backoffMs: 5_000, concurrency: 4 };
  // A key that no longer works is explained where it is used; the guardian only warns ahead.
  return ownerAccountJob(
    "guard-generation-key",
    tuning,
    deps,
    { retryAfterMs: 20_000 },
    async (record, account, t) => {
      for (const notice of await deps.guardian.notices(record.userId, account, t, record.locale)) {
        await deps.api.sendMessage(record.chatId, notice.text);
      }
    },
  );
}
