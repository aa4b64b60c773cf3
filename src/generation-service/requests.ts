/**
 * What the client sends, checked against the fixed rules of the spec before anything goes on the wire.
 * Model options (model ids, aspects, resolutions, durations, quality modes, backgrounds) are only typed
 * as strings here: which values a model takes comes from the catalog at run time, and the service
 * answers a value it does not accept with 400 invalid_request and the allowed list.
 */
import { z } from "zod";
import { summarizeIssues } from "../http-client/errors.js";
import { type GenerationOperation, GenerationServiceError } from "./errors.js";
import { isIdempotencyKey } from "./idempotency.js";
import { GENERATION_TYPES } from "./responses.js";

const MAX_METADATA_PAIRS = 16;
const MAX_VARIANTS = 10;
const MAX_BULK_DELETE_IDS = 500;
const MAX_PAGE_SIZE = 100;

export const FileIdSchema = z.string().startsWith("file_");
export const GenerationIdSchema = z.string().regex(/^gen_[0-9a-f]+$/i);
const option = z.string().min(1);

const MetadataSchema = z
  .record(z.string(), z.string())
  .refine((pairs) => Object.keys(pairs).length <= MAX_METADATA_PAIRS, {
    message: `metadata holds at most ${MAX_METADATA_PAIRS} pairs`,
  });

const common = {
  prompt: z.string().min(1).optional(),
  prompts: z.array(z.string().min(1)).min(1).optional(),
  n: z.number().int().min(1).max(MAX_VARIANTS).optional(),
  model: option.optional(),
  resolution: option.optional(),
  aspect: option.optional(),
  quality_mode: option.optional(),
  // The scheme and reachability are the service's to check: the playground's callbacks are plain http.
  webhook_url: z.url().optional(),
  metadata: MetadataSchema.optional(),
};

function onePromptField(request: { prompt?: string | undefined; prompts?: string[] | undefined }): boolean {
  return request.prompt === undefined || request.prompts === undefined;
}
const promptFieldsMessage = { message: "prompt and prompts are mutually exclusive", path: ["prompts"] };

export const ImageGenerationRequestSchema = z
  .strictObject({
    ...common,
    background: option.optional(),
    reference_file_ids: z.array(FileIdSchema).min(1).optional(),
  })
  .refine(onePromptField, promptFieldsMessage)
  .refine((request) => request.reference_file_ids === undefined || (request.prompts?.length ?? 1) === 1, {
    message: "reference images take a single prompt",
    path: ["prompts"],
  });
export type ImageGenerationRequest = z.infer<typeof ImageGenerationRequestSchema>;

export const VideoGenerationRequestSchema = z
  .strictObject({
    ...common,
    duration: z.number().int().positive().optional(),
    audio: z.boolean().optional(),
    image_file_id: FileIdSchema.optional(),
    image_file_ids: z.array(FileIdSchema).min(1).optional(),
    keyframe_file_ids: z.array(FileIdSchema).min(2).optional(),
    video_file_ids: z.array(FileIdSchema).min(1).optional(),
    audio_file_ids: z.array(FileIdSchema).min(1).optional(),
  })
  .refine(onePromptField, promptFieldsMessage);
export type VideoGenerationRequest = z.infer<typeof VideoGenerationRequestSchema>;

/** Exactly one of the two: what an empty body would delete is not shown, so it is never sent. */
export const BulkDeleteRequestSchema = z.union([
  z.strictObject({ ids: z.array(GenerationIdSchema).min(1).max(MAX_BULK_DELETE_IDS) }),
  z.strictObject({ older_than_days: z.number().int().nonnegative() }),
]);
export type BulkDeleteRequest = z.infer<typeof BulkDeleteRequestSchema>;

export const ListGenerationsQuerySchema = z.strictObject({
  /** `canceled` is a status but not one of the list's filters. */
  status: z.enum(["queued", "running", "succeeded", "failed"]).optional(),
  type: z.enum(GENERATION_TYPES).optional(),
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  starting_after: GenerationIdSchema.optional(),
});
export type ListGenerationsQuery = z.infer<typeof ListGenerationsQuerySchema>;

/** The input in the schema's shape, or an invalid_request error naming the first field at fault. */
export function checked<T>(operation: GenerationOperation, schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0]?.path.join(".");
  throw new GenerationServiceError("invalid_request", {
    operation,
    detail: summarizeIssues(parsed.error),
    ...(first ? { param: first } : {}),
    cause: parsed.error,
  });
}

export function checkedIdempotencyKey(operation: GenerationOperation, key: string): string {
  if (isIdempotencyKey(key)) return key;
  throw new GenerationServiceError("invalid_request", {
    operation,
    param: "Idempotency-Key",
    detail: "an idempotency key is 1 to 255 visible ASCII characters",
  });
}
