/**
 * The model catalog (`GET /v1/models`, limited per client address) kept briefly in storage, so every
 * form of every instance reads one copy, and new models or prices show within minutes. When the service
 * cannot be asked, a copy up to an hour old still serves.
 */
import { z } from "zod";
import { type Catalog, CatalogSchema } from "../generation-service/responses.js";
import { readStored } from "../storage/json.js";
import type { KeyValueStore } from "../storage/ports.js";

const STORED_KEY = "generation-catalog";
const StoredCatalogSchema = z.object({ fetchedAt: z.number(), catalog: CatalogSchema });

export interface CatalogCacheOptions {
  /** How long a copy is used before it is asked for again. Default 5 minutes. */
  freshMs?: number;
  /** How long a copy serves when the service cannot be asked. Default an hour. */
  staleMs?: number;
  now?: () => number;
}

export class GenerationCatalogCache {
  private readonly freshMs: number;
  private readonly staleMs: number;
  private readonly now: () => number;

  constructor(
    private readonly kv: KeyValueStore,
    private readonly service: { listModels(): Promise<Catalog> },
    options: CatalogCacheOptions = {},
  ) {
    this.freshMs = options.freshMs ?? 5 * 60_000;
    this.staleMs = options.staleMs ?? 60 * 60_000;
    this.now = options.now ?? Date.now;
  }

  async get(): Promise<Catalog> {
    const stored = await readStored(this.kv, STORED_KEY, StoredCatalogSchema);
    const age = stored === undefined ? Number.POSITIVE_INFINITY : this.now() - stored.fetchedAt;
    if (stored && age < this.freshMs) return stored.catalog;
    try {
      const catalog = await this.service.listModels();
      await this.kv.set(STORED_KEY, JSON.stringify({ fetchedAt: this.now(), catalog }), {
        ttlMs: this.staleMs,
      });
      return catalog;
    } catch (error) {
      if (stored && age < this.staleMs) return stored.catalog;
      throw error;
    }
  }
}
