/**
 * What the generation service answers, parsed with zod. Closed vocabularies the spec defines (object
 * names, statuses, types, file kinds) are enums; open ones (plans, modes, model options) are strings,
 * because new models and their options ship without notice. Unknown fields are kept, not rejected.
 */
import { z } from "zod";

const count = z.number().int().nonnegative();
/** Unix time in seconds. */
const unixSeconds = z.number().int().nonnegative();
/** Links are handed to Telegram and to users: only web links. */
const link = z.url({ protocol: /^https?$/ });

export const GENERATION_STATUSES = ["queued", "running", "succeeded", "failed", "canceled"] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

export const GENERATION_TYPES = ["image", "video"] as const;
export type GenerationType = (typeof GENERATION_TYPES)[number];

export const FILE_KINDS = ["image", "video", "audio"] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const OutputSchema = z.looseObject({
  url: link,
  /** Videos only. */
  poster_url: link.nullish(),
  mime: z.string().min(1),
  expires_at: unixSeconds,
});
export type Output = z.infer<typeof OutputSchema>;

export const GenerationSchema = z.looseObject({
  id: z.string().regex(/^gen_[0-9a-f]+$/i),
  object: z.literal("generation"),
  type: z.enum(GENERATION_TYPES),
  status: z.enum(GENERATION_STATUSES),
  /** Present in create responses only. */
  mode: z.string().nullish(),
  model: z.string().min(1),
  aspect: z.string().min(1),
  /** The model whose resolution follows its quality mode has none to report. */
  resolution: z.string().nullish(),
  prompt: z.string(),
  output: OutputSchema.nullable(),
  /** The spec shows only `message`; whatever else the service puts there is kept. */
  error: z.looseObject({ message: z.string() }).nullable(),
  cost_tokens: count,
  created: unixSeconds,
  metadata: z.record(z.string(), z.string()),
});
export type Generation = z.infer<typeof GenerationSchema>;

export const BatchSchema = z.looseObject({
  id: z.string().startsWith("batch_"),
  object: z.literal("batch"),
  created: unixSeconds,
  generations: z.array(GenerationSchema),
  cost_tokens: count,
  balance_tokens: z.number().int(),
});
export type Batch = z.infer<typeof BatchSchema>;

export const FileObjectSchema = z.looseObject({
  id: z.string().startsWith("file_"),
  object: z.literal("file"),
  kind: z.enum(FILE_KINDS),
  /** Taken from the optional X-Filename header, so an upload without one may have no name. */
  filename: z.string().nullish(),
  bytes: count,
  created: unixSeconds,
  url: link,
  expires_at: unixSeconds,
});
export type FileObject = z.infer<typeof FileObjectSchema>;

export const GenerationPageSchema = z.looseObject({
  object: z.literal("list"),
  data: z.array(GenerationSchema),
  has_more: z.boolean(),
  /** The last page has no next cursor to give. */
  next_cursor: z.string().nullish(),
});
export type GenerationPage = z.infer<typeof GenerationPageSchema>;

export const StorageBlockSchema = z.looseObject({
  bytes_used: count,
  bytes_quota: count,
  bytes_remaining: count,
  unlimited: z.boolean(),
  percent: count,
});
export type StorageBlock = z.infer<typeof StorageBlockSchema>;

export const AccountKeySchema = z.looseObject({
  id: z.string().min(1),
  /** ISO 8601 with an offset; absent or null for a key without expiry. */
  expires_at: z.iso
    .datetime({ offset: true })
    .transform((text) => new Date(text))
    .nullish(),
  /** The budget is an optional restriction of the key: a key without one may report none. */
  budget_tokens: count.nullish(),
  budget_used_tokens: count,
});

/**
 * The key's own budget in tokens, or undefined for a key without one. The spec does not say how such
 * a key reads: 0, null and no field all mean none, as a budget of 0 would refuse every request. A 402
 * `key_budget_exceeded` stays the authority on whether a request fits.
 */
export function keyBudgetOf(key: z.infer<typeof AccountKeySchema>) {
  const budget = key.budget_tokens;
  if (budget == null || budget <= 0) return undefined;
  const used = key.budget_used_tokens;
  return { budget, used, left: Math.max(0, budget - used) };
}

export const AccountSchema = z.looseObject({
  /** Named in the section title but not in the field table, so not required. */
  object: z.literal("account").optional(),
  plan: z.string().min(1),
  balance_tokens: z.number().int(),
  tokens_per_usd: z.number().int().positive(),
  limits: z.looseObject({
    rpm: count,
    concurrent_generations: count,
    max_batch: count,
    max_queued: count,
  }),
  prices_tokens: z.looseObject({ image: count, video: count }),
  storage: StorageBlockSchema,
  key: AccountKeySchema,
});
export type Account = z.infer<typeof AccountSchema>;

export const GenerationDeletedSchema = z.looseObject({
  id: z.string().regex(/^gen_[0-9a-f]+$/i),
  object: z.literal("generation"),
  deleted: z.literal(true),
});
export type GenerationDeleted = z.infer<typeof GenerationDeletedSchema>;

export const BulkDeleteResultSchema = z.looseObject({
  object: z.literal("delete_result"),
  deleted: count,
  storage: StorageBlockSchema,
});
export type BulkDeleteResult = z.infer<typeof BulkDeleteResultSchema>;

/**
 * The spec does not show what a successful cancel answers. A generation object is used when it is one;
 * any other answer leaves the caller to read the generation again.
 */
export const CancelResponseSchema = z.unknown().transform((body) => {
  const parsed = GenerationSchema.safeParse(body);
  return parsed.success ? parsed.data : undefined;
});

const PriceRangeSchema = z
  .looseObject({ min: count, max: count })
  .refine((price) => price.min <= price.max, "price_tokens.min is above max");

export const CatalogModelSchema = z.looseObject({
  id: z.string().min(1),
  label: z.string().min(1),
  provider: z.string(),
  aspects: z.array(z.string().min(1)),
  resolutions: z.array(z.string().min(1)),
  pro_only_resolutions: z.array(z.string().min(1)),
  /** Empty for images; a single value is a fixed length. */
  durations_sec: z.array(z.number().int().positive()),
  quality_modes: z.array(z.string().min(1)),
  backgrounds: z.array(z.string().min(1)),
  max_reference_files: count,
  reference_modes: z.array(z.string().min(1)),
  audio: z.boolean(),
  audio_toggle: z.boolean(),
  max_results: count,
  pro_only: z.boolean(),
  price_tokens: PriceRangeSchema,
});
export type CatalogModel = z.infer<typeof CatalogModelSchema>;

const CatalogSectionSchema = z
  .looseObject({ models: z.array(CatalogModelSchema), default: z.string().min(1) })
  .refine(
    (section) => section.models.some((model) => model.id === section.default),
    "the default model is not among the models",
  );
export type CatalogSection = z.infer<typeof CatalogSectionSchema>;

export const CatalogSchema = z.looseObject({
  image: CatalogSectionSchema,
  video: CatalogSectionSchema,
  max_batch: count,
  max_queued: count,
  available: z.boolean(),
});
export type Catalog = z.infer<typeof CatalogSchema>;

/** The body of every failure the service itself reports. */
export const ErrorBodySchema = z.looseObject({
  error: z.looseObject({
    /** Only `billing_error` is named by the spec. */
    type: z.string().nullish(),
    code: z.string().min(1),
    message: z.string(),
    param: z.string().nullish(),
  }),
});

export const ValidationIssueSchema = z.looseObject({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
  input: z.unknown().optional(),
  ctx: z.record(z.string(), z.unknown()).optional(),
});
export type ValidationIssue = z.infer<typeof ValidationIssueSchema>;

/** The 422 body of the machine-readable description's validation. */
export const ValidationErrorBodySchema = z.looseObject({ detail: z.array(ValidationIssueSchema) });
