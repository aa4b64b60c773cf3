import type { Plan } from "./accounts.js";

const GB = 1024 ** 3;
export const DAY_MS = 24 * 60 * 60_000;

/** The spec's limits by plan. */
export const PLAN_LIMITS: Record<Plan, { concurrent: number; retentionMs: number; storageBytes: number }> = {
  Free: { concurrent: 4, retentionMs: 7 * DAY_MS, storageBytes: 2 * GB },
  Pro: { concurrent: 8, retentionMs: 30 * DAY_MS, storageBytes: 5 * GB },
};

/** Generations one request may create (prompts, frames or transitions combined). */
export const MAX_BATCH = 500;
/** Queued plus running generations per account. */
export const MAX_IN_FLIGHT = 1000;
export const REQUESTS_PER_MINUTE = 60;
export const TOKENS_PER_USD = 1000;
export const MAX_VARIANTS = 10;
export const MAX_METADATA_PAIRS = 16;
export const MAX_PAGE = 100;
export const DEFAULT_PAGE = 20;
export const MAX_BULK_DELETE = 500;
