/** One stored catalog for all instances: fresh 5 minutes, used up to an hour while the service is down. */
import { z } from "zod";
import type { GenerationServiceClient } from "../generation-service/client.js";
import { type Catalog, CatalogSchema } from "../generation-service/responses.js";
import { readStored } from "../storage/json.js";
import type { KeyValueStore } from "../storage/ports.js";

const STORED_KEY = "generation-catalog";
const StoredCatalogSchema = z.object({ fetchedAt: z.number(), catalog: CatalogSchema });

/** How long a copy is used before it is asked for again. */
const FRESH_MS = 5 * 60_000;
/** How long a copy serves when the service cannot be asked. */
const STALE_MS = 60 * 60_000;

export class GenerationCatalogCache {
  constructor(
    private readonly kv: KeyValueStore,
    private readonly service: Pick<GenerationServiceClient, "listModels">,
  ) {}

  async get(): Promise<Catalog> {
    const stored = await readStored(this.kv, STORED_KEY, StoredCatalogSchema);
    const age = stored === undefined ? Number.POSITIVE_INFINITY : Date.now() - stored.fetchedAt;
    if (stored && age < FRESH_MS) return stored.catalog;
    try {
      const catalog = await this.service.listModels();
      await this.kv.set(STORED_KEY, JSON.stringify({ fetchedAt: Date.now(), catalog }), {
        ttlMs: STALE_MS,
      });
      return catalog;
    } catch (error) {
      if (stored && age < STALE_MS) return stored.catalog;
      throw error;
    }
  }
}
