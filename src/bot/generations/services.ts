/** The generation forms' GenerationFlowDeps, built from the program's services. */
import { randomBytes } from "node:crypto";
import type { GenerationCredentialsReader } from "../../accounts/generation-links.js";
import { type Account, type Catalog, keyBudgetOf } from "../../generation-service/responses.js";
import { generationProblem } from "../../generations/problems.js";
import { KIND_RULES } from "../../generations/reference-files.js";
import type { GenerationSubmissions } from "../../generations/start.js";
import { inlinePlaceholderUrlAt } from "../../lifecycle/hook-url.js";
import type { Logger } from "../../logger.js";
import type { TelegramDownloadDeps } from "../../media/telegram-download.js";
import type { KeyValueStore } from "../../storage/ports.js";
import { newNonce } from "../../telegram/callback-data.js";
import { LastChoices } from "../forms/defaults.js";
import { type FormBasicServices, formBasics, formUser, readLength } from "../forms/form-basics.js";
import type { GenerationFlowDeps, GenerationFormInput, GenerationFormSetup } from "./conversation.js";
import { isVideoFormType } from "./forms/field-kit.js";
import type { InlineImageDeps } from "./inline-image.js";
import { generationPriceClass } from "./offer-prices.js";

export interface GenerationFlowServices extends FormBasicServices {
  credentials: GenerationCredentialsReader;
  models: { get(): Promise<Catalog> };
  service: { getAccount(apiKey: string): Promise<Account> };
  submissions: Pick<GenerationSubmissions, "start">;
  kv: KeyValueStore;
  telegram: TelegramDownloadDeps;
  /** The user's Media Task Service balance, which pays for a keyframe chain's join; undefined when unread. */
  taskBalance?: (userId: number) => Promise<number | undefined>;
}

export async function formSetup(
  services: Pick<GenerationFlowServices, "credentials" | "models" | "service" | "kv" | "taskBalance">,
  userId: number,
  type: GenerationFormInput["type"],
  logger: Logger,
): Promise<GenerationFormSetup> {
  const credentials = await services.credentials.credentials(userId);
  if (!credentials) return { problem: { key: "generation-not-linked" } };
  // The stored choices are read while the service answers.
  const read = await Promise.all([
    services.models.get(),
    services.service.getAccount(credentials.apiKey),
    new LastChoices(services.kv).get(userId, type),
  ]).catch((error: unknown) => {
    const problem = generationProblem(error);
    if (!problem) throw error;
    logger.warn({ err: error }, "generation form could not open");
    return { problem };
  });
  if ("problem" in read) return read;
  const [catalog, account, last] = read;
  return {
    nonce: newNonce(),
    instance: randomBytes(12).toString("base64url"),
    catalog: isVideoFormType(type) ? catalog.video : catalog.image,
    maxBatch: Math.min(catalog.max_batch, account.limits.max_batch || catalog.max_batch),
    available: catalog.available,
    account: {
      plan: account.plan,
      balance: account.balance_tokens,
      tokensPerUsd: account.tokens_per_usd,
      budgetLeft: keyBudgetOf(account.key)?.left,
    },
    taskBalance: type === "keyframe_video" ? await services.taskBalance?.(userId) : undefined,
    last,
  };
}

/** "Make an image" in inline mode with what the image form opens with, its placeholder at the public URL. */
export function inlineImageDeps(
  services: GenerationFlowServices,
  publicUrl: () => string | undefined,
  logger: Logger,
): InlineImageDeps {
  const inlineLogger = logger.child({ component: "inline-image" });
  return {
    setup: (userId) => formSetup(services, userId, "text_to_image", inlineLogger),
    submissions: services.submissions,
    kv: services.kv,
    placeholderUrl: () => inlinePlaceholderUrlAt(publicUrl()),
  };
}

export function createGenerationFlowDeps(services: GenerationFlowServices): GenerationFlowDeps {
  return {
    ...formBasics(services),
    prepare: (outer, type) => formSetup(services, formUser(outer), type, outer.logger),
    async offerPrices(outer) {
      const linked = await services.credentials.credentials(formUser(outer));
      if (!linked) return () => ({ kind: "notLinked" });
      try {
        const catalog = await services.models.get();
        return (type) => generationPriceClass(type, catalog);
      } catch (error) {
        // The offers then show no price: the form's card says it once the catalog answers.
        outer.logger.warn({ err: error }, "catalog not readable for the offers' prices");
        return () => undefined;
      }
    },
    // At most the service's limit for an audio reference, its whole header read; unmeasured, it is measured
    // again from its bytes before the upload.
    measure: (ref) => readLength(services.telegram, ref, KIND_RULES.audio.maxBytes).catch(() => undefined),
    async submit(batch, definition, values) {
      await services.submissions.start(batch);
      await new LastChoices(services.kv).remember(batch.userId, definition, values);
    },
  };
}
