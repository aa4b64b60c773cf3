/**
 * The create requests of the spec (`POST /v1/images/generations`, `POST /v1/videos/generations`), parsed and
 * turned into a plan: the model, the mode inferred from the inputs, one item per generation with its prompt,
 * and the price of each. Written from the spec alone; every refusal is a ServiceError with the spec's code.
 */
import { isIP } from "node:net";
import { z } from "zod";
import type { Plan } from "./accounts.js";
import {
  DEFAULT_MODELS,
  findModel,
  type GenerationType,
  type ModelInput,
  modelsOf,
  type ResultFormat,
  type SandboxModel,
} from "./catalog.js";
import { ServiceError } from "./errors.js";
import type { FileKind, StoredFile } from "./files.js";
import { MAX_BATCH, MAX_METADATA_PAIRS, MAX_VARIANTS } from "./plans.js";

/** Mode values. The spec shows only `text2image`; the others are the sandbox's names in the same style. */
export type GenerationMode =
  | "text2image"
  | "reference2image"
  | "text2video"
  | "image2video"
  | "keyframes2video"
  | "video2video"
  | "audio2video";

/** Prompts used when an item request sends none (the spec's "default motion or transition prompt"). */
export const DEFAULT_PROMPTS: Partial<Record<GenerationMode, string>> = {
  reference2image: "One coherent scene that blends the reference images",
  image2video: "Bring the scene to life with natural, subtle motion",
  keyframes2video: "A smooth, continuous transition from this frame to the next",
  video2video: "Restyle the clip while keeping its motion and timing",
  audio2video: "Animate the subject in sync with the audio",
};

const Prompt = z.string().refine((text) => text.trim() !== "", "must not be blank");
const FileId = z.string().min(1);
const Metadata = z
  .record(z.string().min(1), z.string())
  .refine((pairs) => Object.keys(pairs).length <= MAX_METADATA_PAIRS, {
    message: `up to ${MAX_METADATA_PAIRS} string key/value pairs`,
  });

const CommonFields = {
  prompt: Prompt.optional(),
  prompts: z.array(Prompt).optional(),
  n: z.int().min(1).max(MAX_VARIANTS).optional(),
  model: z.string().min(1).optional(),
  resolution: z.string().optional(),
  aspect: z.string().optional(),
  quality_mode: z.string().optional(),
  webhook_url: z.string().optional(),
  metadata: Metadata.optional(),
};

export const ImageRequestSchema = z.strictObject({
  ...CommonFields,
  background: z.string().optional(),
  reference_file_ids: z.array(FileId).min(1).optional(),
});

export const VideoRequestSchema = z.strictObject({
  ...CommonFields,
  duration: z.int().optional(),
  audio: z.boolean().optional(),
  image_file_id: FileId.optional(),
  image_file_ids: z.array(FileId).min(1).optional(),
  keyframe_file_ids: z.array(FileId).min(2, "at least 2 ordered frames").optional(),
  video_file_ids: z.array(FileId).min(1).optional(),
  audio_file_ids: z.array(FileId).min(1).optional(),
});

type ImageRequest = z.infer<typeof ImageRequestSchema>;
type VideoRequest = z.infer<typeof VideoRequestSchema>;

export interface PlannedItem {
  prompt: string;
  /** The uploads this generation reads (a reference set, a start frame, two keyframes, a clip, an audio). */
  fileIds: string[];
}

export interface GenerationPlan {
  type: GenerationType;
  model: SandboxModel;
  mode: GenerationMode;
  aspect: string;
  resolution: string;
  items: PlannedItem[];
  costEach: number;
  result: ResultFormat;
  /** How long a video result plays (the request's or the model's duration); undefined for images. */
  seconds: number | undefined;
  webhookUrl: string | undefined;
  metadata: Record<string, string>;
}

export interface PlanContext {
  plan: Plan;
  /** The caller's file, or undefined when unknown or another account's. */
  file(fileId: string): StoredFile | undefined;
  /** Also accept http:// and private hosts as webhook URLs (local receivers). */
  allowLocalWebhooks: boolean;
}

/**
 * Order of checks: fields (400 `invalid_request`), the model (400) and a Pro-only model (403 `pro_required`),
 * whether the model takes the inputs (400), each option against the model's lists (400; a Pro-only resolution
 * 403), the number of generations (400 `batch_too_large`) and prompts (400 `prompt_count_mismatch`), then the
 * files (404 `not_found` for unknown or another account's ids, 400 for the wrong kind).
 */
export function planGeneration(type: GenerationType, body: Record<string, unknown>, context: PlanContext) {
  // A null field is an absent one, as JSON clients often send it.
  const fields = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));
  return type === "image"
    ? planImages(parseFields(ImageRequestSchema, fields), context)
    : planVideos(parseFields(VideoRequestSchema, fields), context);
}

/** A body's fields by the schema; the first problem becomes a 400 `invalid_request` naming the field. */
export function parseFields<T>(schema: z.ZodType<T>, fields: Record<string, unknown>): T {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (!issue) throw new ServiceError("invalid_request", "The request body is not valid");
  if (issue.code === "unrecognized_keys") {
    const [first] = issue.keys;
    throw new ServiceError("invalid_request", `Unknown field: ${issue.keys.join(", ")}`, first ?? null);
  }
  const param = issue.path.length > 0 ? issue.path.map(String).join(".") : null;
  throw new ServiceError("invalid_request", param ? `${param}: ${issue.message}` : issue.message, param);
}

function planImages(request: ImageRequest, context: PlanContext): GenerationPlan {
  const prompts = promptsOf(request);
  const model = pickModel("image", request.model, context.plan);
  const references = request.reference_file_ids;
  const mode: GenerationMode = references ? "reference2image" : "text2image";
  requireInput(model, references ? "references" : "text", references ? "reference_file_ids" : "prompt");
  if (references && references.length > model.entry.max_reference_files) {
    throw new ServiceError(
      "invalid_request",
      `reference_file_ids: ${model.entry.id} takes up to ${model.entry.max_reference_files} reference images; got ${references.length}`,
      "reference_file_ids",
    );
  }
  const options = chooseOptions(model, request, undefined, context.plan);
  const background = pickValue(model, "background", request.background, model.entry.backgrounds);
  const n = request.n ?? 1;
  requireVariants(model, n);

  let items: PlannedItem[];
  if (references) {
    // References blend into one new frame, so one prompt at most.
    if (prompts.length > 1) {
      throw new ServiceError("invalid_request", "prompts: reference mode takes a single prompt", "prompts");
    }
    const prompt = prompts[0] ?? defaultPrompt(mode);
    items = Array.from({ length: n }, () => ({ prompt, fileIds: references }));
  } else {
    items = textItems(prompts, n);
  }
  requireBatchSize(items.length);
  if (references) requireFiles(context, "reference_file_ids", references, "image");
  return {
    type: "image",
    model,
    mode,
    aspect: options.aspect,
    resolution: options.resolution,
    items,
    costEach: options.cost,
    result: background === "transparent" ? "png" : model.result,
    seconds: undefined,
    webhookUrl: webhookUrl(request.webhook_url, context.allowLocalWebhooks),
    metadata: request.metadata ?? {},
  };
}

const VIDEO_INPUTS = [
  { field: "image_file_id", input: "frames", mode: "image2video", kind: "image" },
  { field: "image_file_ids", input: "frames", mode: "image2video", kind: "image" },
  { field: "keyframe_file_ids", input: "keyframes", mode: "keyframes2video", kind: "image" },
  { field: "video_file_ids", input: "video", mode: "video2video", kind: "video" },
  { field: "audio_file_ids", input: "audio", mode: "audio2video", kind: "audio" },
] as const satisfies ReadonlyArray<{
  field: keyof VideoRequest;
  input: ModelInput;
  mode: GenerationMode;
  kind: FileKind;
}>;

function planVideos(request: VideoRequest, context: PlanContext): GenerationPlan {
  const prompts = promptsOf(request);
  const sent = VIDEO_INPUTS.filter(({ field }) => request[field] !== undefined);
  if (sent.length > 1) {
    throw new ServiceError(
      "invalid_request",
      `Send one kind of input: ${sent.map(({ field }) => field).join(" and ")} select different modes`,
      sent[1]?.field ?? null,
    );
  }
  const input = sent[0];
  const model = pickModel("video", request.model, context.plan);
  requireInput(model, input?.input ?? "text", input?.field ?? "prompt");
  const duration = pickValue(model, "duration", request.duration, model.entry.durations_sec);
  const options = chooseOptions(model, request, duration, context.plan);
  if (request.audio !== undefined && !model.entry.audio_toggle) {
    throw new ServiceError(
      "invalid_request",
      `audio: ${model.entry.id} has no audio toggle; models with one: ${namesWhere("video", (m) => m.entry.audio_toggle)}`,
      "audio",
    );
  }
  if (input && request.n !== undefined) {
    throw new ServiceError("invalid_request", "n: variants apply to text to video only", "n");
  }
  const n = request.n ?? 1;
  requireVariants(model, n);

  let items: PlannedItem[];
  let mode: GenerationMode = "text2video";
  if (!input) {
    items = textItems(prompts, n);
    requireBatchSize(items.length);
  } else {
    mode = input.mode;
    const ids = fileIdsOf(request, input.field);
    const groups =
      input.field === "keyframe_file_ids"
        ? ids.slice(1).map((end, index) => [ids[index] ?? end, end])
        : ids.map((id) => [id]);
    requireBatchSize(groups.length);
    items = groups.map((fileIds, index) => ({
      prompt: itemPrompt(prompts, groups.length, index, mode),
      fileIds,
    }));
    requireFiles(context, input.field, ids, input.kind);
  }
  return {
    type: "video",
    model,
    mode,
    aspect: options.aspect,
    resolution: options.resolution,
    items,
    costEach: options.cost,
    result: model.result,
    seconds: duration,
    webhookUrl: webhookUrl(request.webhook_url, context.allowLocalWebhooks),
    metadata: request.metadata ?? {},
  };
}

function fileIdsOf(request: VideoRequest, field: (typeof VIDEO_INPUTS)[number]["field"]): string[] {
  if (field === "image_file_id") return request.image_file_id === undefined ? [] : [request.image_file_id];
  return request[field] ?? [];
}

function promptsOf(request: { prompt?: string | undefined; prompts?: string[] | undefined }): string[] {
  if (request.prompt !== undefined && request.prompts !== undefined) {
    throw new ServiceError("invalid_request", "Send prompt or prompts, not both", "prompts");
  }
  return request.prompt !== undefined ? [request.prompt] : (request.prompts ?? []);
}

function textItems(prompts: string[], n: number): PlannedItem[] {
  if (prompts.length === 0)
    throw new ServiceError("invalid_request", "prompt or prompts is required", "prompt");
  return prompts.flatMap((prompt) => Array.from({ length: n }, () => ({ prompt, fileIds: [] })));
}

/** The spec's prompt-count rule for N items: none (the default), one for all, or exactly one each. */
function itemPrompt(prompts: string[], items: number, index: number, mode: GenerationMode): string {
  if (prompts.length === 0) return defaultPrompt(mode);
  if (prompts.length === 1) return prompts[0] ?? defaultPrompt(mode);
  if (prompts.length === items) return prompts[index] ?? defaultPrompt(mode);
  throw new ServiceError(
    "prompt_count_mismatch",
    `${prompts.length} prompts for ${items} items: send none, one for all, or exactly ${items}`,
    "prompts",
  );
}

function defaultPrompt(mode: GenerationMode): string {
  return DEFAULT_PROMPTS[mode] ?? "";
}

function pickModel(type: GenerationType, id: string | undefined, plan: Plan): SandboxModel {
  const model = id === undefined ? DEFAULT_MODELS[type] : findModel(type, id);
  if (!model) {
    throw new ServiceError(
      "invalid_request",
      `model: ${id} is not a ${type} model; allowed: ${modelsOf(type)
        .map((m) => m.entry.id)
        .join(", ")}`,
      "model",
    );
  }
  if (model.entry.pro_only && plan !== "Pro") {
    throw new ServiceError("pro_required", `${model.entry.id} needs a Pro plan`, "model");
  }
  return model;
}

const INPUT_NAMES: Record<ModelInput, string> = {
  text: "prompts alone",
  references: "reference images",
  frames: "start frames",
  keyframes: "keyframe chains",
  video: "source clips",
  audio: "audio references",
};

function requireInput(model: SandboxModel, input: ModelInput, param: string): void {
  if (model.inputs.has(input)) return;
  throw new ServiceError(
    "invalid_request",
    `${model.entry.id} does not take ${INPUT_NAMES[input]}; models that do: ${namesWhere(model.type, (m) => m.inputs.has(input))}`,
    param,
  );
}

function namesWhere(type: GenerationType, test: (model: SandboxModel) => boolean): string {
  const names = modelsOf(type)
    .filter(test)
    .map((model) => model.entry.id);
  return names.length > 0 ? names.join(", ") : "none";
}

/** A value from the model's list, or the list's first value when none is sent; never silently another one. */
function pickValue<T extends string | number>(
  model: SandboxModel,
  field: string,
  value: T | undefined,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined) return allowed[0];
  if (allowed.includes(value)) return value;
  throw new ServiceError(
    "invalid_request",
    allowed.length === 0
      ? `${field}: ${model.entry.id} takes no ${field}`
      : `${field}: ${model.entry.id} accepts ${allowed.join(", ")}; got ${value}`,
    field,
  );
}

function chooseOptions(
  model: SandboxModel,
  request: {
    aspect?: string | undefined;
    resolution?: string | undefined;
    quality_mode?: string | undefined;
  },
  duration: number | undefined,
  plan: Plan,
): { aspect: string; resolution: string; cost: number } {
  const { entry } = model;
  const aspect = request.aspect ?? (entry.aspects.includes("16:9") ? "16:9" : entry.aspects[0]);
  pickValue(model, "aspect", aspect, entry.aspects);
  const qualityMode = pickValue(model, "quality_mode", request.quality_mode, entry.quality_modes);
  let resolution: string;
  if (model.resolutionOf) {
    if (request.resolution !== undefined) {
      throw new ServiceError(
        "invalid_request",
        `resolution: ${entry.id} takes no resolution; it follows quality_mode`,
        "resolution",
      );
    }
    resolution = model.resolutionOf(qualityMode ?? "");
  } else {
    resolution = pickValue(model, "resolution", request.resolution, entry.resolutions) ?? "";
    if (entry.pro_only_resolutions.includes(resolution) && plan !== "Pro") {
      throw new ServiceError("pro_required", `resolution ${resolution} needs a Pro plan`, "resolution");
    }
  }
  const cost = model.price({
    resolution: entry.resolutions.length > 0 ? resolution : undefined,
    duration,
    qualityMode,
  });
  return { aspect: aspect ?? "", resolution, cost };
}

function requireVariants(model: SandboxModel, n: number): void {
  if (n > model.entry.max_results) {
    throw new ServiceError(
      "invalid_request",
      `n: ${model.entry.id} gives up to ${model.entry.max_results} results per prompt; got ${n}`,
      "n",
    );
  }
}

function requireBatchSize(count: number): void {
  if (count > MAX_BATCH) {
    throw new ServiceError(
      "batch_too_large",
      `The request makes ${count} generations; one request makes at most ${MAX_BATCH}`,
    );
  }
}

function requireFiles(context: PlanContext, field: string, ids: readonly string[], kind: FileKind): void {
  for (const id of ids) {
    const file = context.file(id);
    if (!file) throw new ServiceError("not_found", `${field}: no file ${id}`, field);
    if (file.kind !== kind) {
      throw new ServiceError("invalid_request", `${field}: ${id} is ${file.kind}, not ${kind}`, field);
    }
  }
}

const PRIVATE_IPV4 = [
  /^0\./,
  /^10\./,
  /^127\./,
  /^169\.254\./,
  /^172\.(1[6-9]|2\d|3[01])\./,
  /^192\.168\./,
  /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./,
  /^(22[4-9]|2[3-5]\d)\./,
];

/** The spec's webhook rule: HTTPS and publicly routable (no DNS lookup: names and literal addresses only). */
function webhookUrl(value: string | undefined, allowLocal: boolean): string | undefined {
  if (value === undefined) return undefined;
  const refuse = (why: string) => new ServiceError("invalid_request", `webhook_url: ${why}`, "webhook_url");
  if (!URL.canParse(value)) throw refuse("not a URL");
  const url = new URL(value);
  if (allowLocal && (url.protocol === "http:" || url.protocol === "https:")) return value;
  if (url.protocol !== "https:") throw refuse("must be an https:// URL");
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const local =
    host === "localhost" ||
    /\.(localhost|local|internal|lan|home\.arpa)$/.test(host) ||
    (isIP(host) === 4 && PRIVATE_IPV4.some((range) => range.test(host))) ||
    (isIP(host) === 6 && /^(::1?$|f[cd]|fe[89ab]|::ffff:)/.test(host)) ||
    (isIP(host) === 0 && !host.includes("."));
  if (local) throw refuse("must be publicly routable");
  return value;
}
