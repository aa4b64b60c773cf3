/**
 * What the task service answers, parsed with zod. The spec leaves several shapes open (in-progress
 * status names, the list answer, results of some task types), so these schemas accept the documented
 * shapes strictly and keep fields they do not know instead of rejecting the whole answer.
 */
import { z } from "zod";
import { describeValidationIssue } from "../http-client/errors.js";
import { TASK_TYPES, type TaskType } from "./schemas/index.js";

const zonedTimestamp =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** An ISO 8601 timestamp; the service writes them without a zone, which means UTC. */
export function parseServiceTimestamp(text: string): Date | undefined {
  const match = zonedTimestamp.exec(text.trim());
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second = "0", fraction = "0", zone] = match;
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = [year, month, day, hour, minute, second].map(Number);
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  // Date.UTC rolls 2026-02-31 over into March (and years below 100 into the 1900s); a real timestamp
  // survives the round trip.
  const written = `${year}-${month}-${day}T${hour}:${minute}:${second.padStart(2, "0")}`;
  if (new Date(utc).toISOString().slice(0, 19) !== written) return undefined;
  return new Date(utc + Math.floor(Number(`0.${fraction}`) * 1000) - zoneOffsetMs(zone));
}

function zoneOffsetMs(zone: string | undefined): number {
  if (zone === undefined || zone.toUpperCase() === "Z") return 0;
  const sign = zone.startsWith("-") ? -1 : 1;
  // `+05` has no minutes: its empty slice reads as 0.
  const digits = zone.slice(1).replace(":", "");
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4))) * 60_000;
}

const TimestampSchema = z.string().transform((text, ctx) => {
  const date = parseServiceTimestamp(text);
  if (date === undefined) {
    ctx.addIssue({ code: "custom", message: `not an ISO 8601 timestamp: ${text}` });
    return z.NEVER;
  }
  return date;
});

export const TASK_STATUSES = ["pending", "processing", "completed", "failed"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/**
 * The spec names pending, completed and failed and withholds the in-progress names; any other name
 * means the task is still running, so callers keep polling it.
 */
function normalizeTaskStatus(status: string): TaskStatus {
  const known = TASK_STATUSES.find((name) => name === status.toLowerCase());
  return known ?? "processing";
}

const TaskStatusSchema = z.string().min(1).transform(normalizeTaskStatus);

/** Result links are handed to Telegram and to users: only web links. */
const LinkSchema = z.url({ protocol: /^https?$/ });

export const ClipSchema = z.looseObject({
  index: z.number().int(),
  title: z.string(),
  hook: z.string(),
  start: z.number(),
  end: z.number(),
  duration: z.number(),
  score: z.number().int().min(1).max(100),
  result_url: LinkSchema,
});
export type Clip = z.infer<typeof ClipSchema>;

const ResultUrlsSchema = z.looseObject({
  txt_url: LinkSchema.nullish(),
  srt_url: LinkSchema.nullish(),
  clips: z.array(ClipSchema).nullish(),
});

export const TaskSchema = z
  .looseObject({
    task_id: z.number().int(),
    type: z.string(),
    status: z.string().min(1),
    progress: z.number().int().min(0).max(100).nullish(),
    result_url: LinkSchema.nullish(),
    result_url_expires_at: TimestampSchema.nullish(),
    result_urls: ResultUrlsSchema.nullish(),
    error_message: z.string().nullish(),
    created_at: TimestampSchema.nullish(),
    updated_at: TimestampSchema.nullish(),
  })
  .transform((task) => ({
    ...task,
    status: normalizeTaskStatus(task.status),
    /** The status name exactly as the service wrote it (for logs when it is not one of ours). */
    reported_status: task.status,
  }));
export type Task = z.infer<typeof TaskSchema>;

/** The task type a task reports, which is not always the one it was created as: audio reports `voiceover`. */
export function reportedTaskType(reported: string): TaskType | undefined {
  if (reported === "voiceover") return "audio";
  return TASK_TYPES.find((type) => type === reported);
}

/** Only the id and the status: the caller gets nothing else of the answer. */
export const CreateTaskResponseSchema = z.object({
  task_id: z.number().int(),
  status: TaskStatusSchema,
});

export const UploadResponseSchema = z.looseObject({
  upload_id: z.guid(),
  filename: z.string(),
  size_bytes: z.number().int().nonnegative(),
});
export type UploadResponse = z.infer<typeof UploadResponseSchema>;

const countField = z.number().int().nullish();
const flagField = z.boolean().nullish();

const ProfileLimitsSchema = z.looseObject({
  seconds_per_month: countField,
  tts_chars_limit: countField,
  elevenlabs_chars_limit: countField,
  transcription_seconds: countField,
  max_photos: countField,
  max_video_duration: countField,
  max_file_size_mb: countField,
  can_translate: flagField,
  can_dub: flagField,
  premium_voices: flagField,
});

const ProfileUsageSchema = z.looseObject({
  used_seconds_this_month: countField,
  used_chars_this_month: countField,
  used_eleven_chars_this_month: countField,
  used_transcription_seconds: countField,
  limit_reset_date: TimestampSchema.nullish(),
});

const profileCommon = {
  user_id: z.number().int(),
  limits: ProfileLimitsSchema,
  usage: ProfileUsageSchema,
  api_key_prefix: z.string().nullish(),
  api_key_created_at: TimestampSchema.nullish(),
};

const TokenProfileSchema = z
  .looseObject({ ...profileCommon, token_balance: z.number().int() })
  .transform((profile) => ({ ...profile, billing: "tokens" as const }));

const QuotaProfileSchema = z
  .looseObject({ ...profileCommon, tariff: z.string(), tariff_expires_at: TimestampSchema.nullish() })
  .transform((profile) => ({ ...profile, billing: "quota" as const }));

/** GET /v1/me in either deployment: token-billed (`billing: "tokens"`) or quota-based (`billing: "quota"`). */
export const ProfileSchema = z.union([TokenProfileSchema, QuotaProfileSchema]);
export type Profile = z.infer<typeof ProfileSchema>;

export const HealthSchema = z.looseObject({
  status: z.string(),
  service: z.string().nullish(),
});
export type Health = z.infer<typeof HealthSchema>;

/** FastAPI-style validation errors: `detail` is a list of `{loc, msg}`. */
const ValidationIssueSchema = z.looseObject({
  loc: z.array(z.union([z.string(), z.number()])).nullish(),
  msg: z.string(),
});

export const ErrorBodySchema = z.looseObject({
  detail: z.union([
    z.string(),
    z.array(ValidationIssueSchema).transform((issues) => issues.map(describeValidationIssue).join("; ")),
  ]),
});

/** The spec does not show the list answer: a bare array, or an envelope with `tasks` or `items`. */
export const TaskListSchema = z.union([
  z.array(TaskSchema),
  z.looseObject({ tasks: z.array(TaskSchema) }).transform((page) => page.tasks),
  z.looseObject({ items: z.array(TaskSchema) }).transform((page) => page.items),
]);
