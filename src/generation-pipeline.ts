/**
 * The generation service, wired: its client (rate shared in storage), the accounts users link, and the
 * bot's features for it. Part of the composition root beside task-pipeline.ts: app.ts builds it once,
 * and only when the service is configured (or the playground's sandbox stands in for it).
 */
import { type GenerationCredentials, GenerationLinks } from "./accounts/generation-links.js";
import type { KeyVault } from "./accounts/vault.js";
import type { GenerationFeatures } from "./bot/index.js";
import { GenerationServiceClient } from "./generation-service/client.js";
import { KeyRateLimits } from "./generation-service/rate-limits.js";
import type { Logger } from "./logger.js";
import type { Storage } from "./storage/ports.js";

export interface GenerationPipelineOptions {
  baseUrl: string;
  storage: Storage;
  vault: KeyVault;
  logger: Logger;
  /** The playground links each user to an account of its sandbox on first use. */
  autoLink?: (userId: number) => Promise<GenerationCredentials | undefined>;
}

export interface GenerationPipeline {
  features: GenerationFeatures;
  close(): Promise<void>;
}

export function createGenerationPipeline(options: GenerationPipelineOptions): GenerationPipeline {
  const { storage, logger } = options;
  const client = new GenerationServiceClient({
    baseUrl: options.baseUrl,
    logger: logger.child({ component: "generation-service" }),
    rateLimits: new KeyRateLimits(storage.kv),
  });
  const links = new GenerationLinks({
    storage,
    vault: options.vault,
    ...(options.autoLink ? { autoLink: options.autoLink } : {}),
  });
  return {
    features: { account: { links, service: client } },
    close: () => client.close(),
  };
}
