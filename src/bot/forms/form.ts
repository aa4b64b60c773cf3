/** A form as data the reducer and screens read; naming only its request's fields, a typo fails to compile. */
import type { Catalog } from "../../catalog/index.js";
import type { ImageGenerationRequest, VideoGenerationRequest } from "../../generation-service/requests.js";
import type { Translate } from "../../i18n/translate.js";
import type { MediaClass } from "../../media/accept.js";
import type { MediaRef } from "../../media/media-ref.js";
import { TASK_TYPES, type TaskRequestInput, type TaskType } from "../../tasks-service/schemas/index.js";
import { fitGlossary } from "../glossary.js";

export const GENERATION_FORM_TYPES = [
  "text_to_image",
  "reference_image",
  "text_to_video",
  "image_to_video",
  "keyframe_video",
  "video_to_video",
  "audio_to_video",
] as const;
export type GenerationFormType = (typeof GENERATION_FORM_TYPES)[number];

export type FormType = TaskType | GenerationFormType;

export function isTaskType(type: string): type is TaskType {
  return (TASK_TYPES as readonly string[]).includes(type);
}

export function formNameKey(type: FormType): string {
  return isTaskType(type) ? `task-${type}-name` : `generation-form-${type}-name`;
}

/** The fields of T's request (of any of its variants, as dubbing's modes) but those the bot sets. */
type TaskFieldKey<T extends TaskType> =
  Extract<TaskRequestInput, { type: T }> extends infer Variant
    ? Variant extends unknown
      ? Exclude<keyof Variant, "type" | "webhook_url"> & string
      : never
    : never;

/** The fields of an image or video request a form sets; the bot adds the webhook and splits prompts itself. */
type GenerationFieldKey = Exclude<
  keyof ImageGenerationRequest | keyof VideoGenerationRequest,
  "webhook_url" | "metadata" | "prompts"
> &
  string;

/** Beyond the request, "join": a keyframe chain's clips joined into one video by a task the bot starts. */
export type FieldKey<T extends FormType> = T extends TaskType ? TaskFieldKey<T> : GenerationFieldKey | "join";

export type RequestField = FieldKey<FormType>;

/** The request fields chosen so far, as sent (files as MediaRef until uploaded); the schema judges the whole. */
export type FormValues = { [Key in RequestField]?: unknown };

export interface FormEnv {
  catalog: Catalog;
  locale: string;
  /** ▶ is offered for every voice with a sample sentence, not only for those with a sample file. */
  samplesOnRequest?: boolean;
  /** Absent when the service did not answer. */
  account?: AccountView;
  contract: FormContract;
  /** The user's glossary as it was when the form opened. */
  glossary?: readonly string[];
}

/** A reason the service would refuse the request, in the user's words: a locale key and its variables. */
export interface FormIssue {
  key: string;
  params?: Record<string, string | number>;
}

/** Which of the user's accounts pays (the task service's balance or plan, or the generations'); cards name it. */
export type PaidFrom = "media-tasks" | "media-tasks-plan" | "generations";

/** The service's side of a form: its refusals before they happen, and its price before Create. */
export interface FormContract {
  issues(definition: FormDefinition, view: FormView): FormIssue[];
  paidFrom(view: FormView): PaidFrom;
  /** The cost, and what the user has to pay it with. */
  ledger(definition: FormDefinition, view: FormView, t: Translate): string[];
  /** What the form costs beyond `instead`'s values, in words ("+50 tokens"); undefined if no more or unknown. */
  extraCost?(
    definition: FormDefinition,
    view: FormView,
    instead: FormValues,
    t: Translate,
  ): string | undefined;
}

/** What a form needs of GET /v1/me, kept plain so it survives the conversation's replay log. */
export interface AccountView {
  /** On a token-billed deployment; `tariff` on a quota-based one. */
  balance?: number;
  tariff?: string;
  maxVideoDurationSeconds?: number;
}

export interface FormView {
  values: FormValues;
  media: readonly MediaRef[];
  env: FormEnv;
  /** The glossary's terms that go with this request: the user's, unless left out for this one. */
  glossary?: readonly string[];
}

export interface ChoiceOption {
  value: unknown;
  /** Literal text (a catalog label); otherwise the card derives the label from the value. */
  label?: string;
  /** Shown but not to be chosen (a Pro-only value on a Free plan): pressing it says why. */
  locked?: FormIssue;
}

/** A typed value: the parsed value, or the locale key (and variables) of what was wrong. */
export type ParsedInput = { ok: true; value: unknown } | ({ ok: false } & FormIssue);

export type FieldInput =
  /** `typed` also takes a value sent as text (numbers, codes, colours). */
  | {
      kind: "choice";
      options: (view: FormView) => readonly ChoiceOption[];
      typed?: (text: string, view: FormView) => ParsedInput;
    }
  /** `fixed`: the one value it has where the form's state allows no other. */
  | { kind: "toggle"; fixed?: (view: FormView) => boolean | undefined }
  | { kind: "multi"; options: readonly string[] }
  | { kind: "text"; maxLength: number; parse?: (text: string, view: FormView) => ParsedInput }
  | { kind: "file"; accepts: MediaClass }
  /** tts_provider and tts_voice, chosen through the voice picker. */
  | { kind: "voice" }
  /** text_overlays, through the caption editor. */
  | { kind: "overlays" };

/** A form field; K is every request field it names (its key, the fields it clears). */
export interface FormField<K extends RequestField = RequestField> {
  key: K;
  group: string;
  input: FieldInput;
  /** False hides the field and leaves it out of the request. */
  applies?: (view: FormView) => boolean;
  /** Other fields this one replaces when set (bgm_track and bgm_file exclude each other). */
  clears?: readonly K[];
  /** The service needs it and has no default: Create waits until it is set. */
  required?: boolean;
  /** The value means "not set" and is left out of the request (for example an automatic language). */
  unsetValue?: unknown;
  /** Values a file handed in for this field brings along (an SRT to dub with is the manual mode). */
  implies?: FormValues;
  /** The locale key of the field's explanation, when it is not `hint-<key>` (one text, several forms). */
  hint?: string;
  /** The locale key of the field's name, when it is not `field-<key>` (variants of an image or of a clip). */
  label?: string;
  /** The value's words, where the form knows them better than its type does (a catalog label). */
  describe?: (value: unknown, t: Translate) => string | undefined;
}

type MediaField = "photos" | "file" | `${"reference" | "image" | "keyframe" | "video" | "audio"}_file_ids`;

export interface MediaRule<F extends MediaField = MediaField> {
  min: number;
  /** Or what the current choices allow (a model's reference limit). */
  max: number | ((view: FormView) => number);
  /** The locale key that says too many were sent, where it is not the video's. */
  tooManyKey?: string;
  /** An array for video, one reference otherwise. */
  field: F;
  accepts: readonly MediaClass[];
  /** False when the form does not take media for the current values (motion from text). */
  applies?: (values: FormValues) => boolean;
  /** Their order matters (a keyframe chain's): the card shows it and swaps neighbours. */
  reorder?: boolean;
}

export interface FormDefinition<T extends FormType = FormType> {
  type: T;
  media?: MediaRule<Extract<FieldKey<T>, MediaField>>;
  fields: readonly FormField<FieldKey<T>>[];
  /** In card order. */
  groups: readonly string[];
  /** The locale key asking for the media, when the values change what to ask (`form-media-prompt-<type>`). */
  mediaPrompt?: (values: FormValues) => string | undefined;
  /** The text field a message sent on any screen fills, where it is not `text` (a clip's prompts). */
  freeText?: FieldKey<T>;
  /** A choice offered on the card itself, one button per option (dubbing's mode). */
  summaryChoice?: FieldKey<T>;
  /** Lines of the card beyond the chosen values (the scene map of a video). */
  insight?: (view: FormView) => FormIssue[];
  /** The locale key of a group's name where it depends on what it holds (a model's quality modes). */
  groupName?: (group: string, view: FormView) => string | undefined;
  /** Brings values back within what the other choices allow (a model's options once the model changes). */
  normalize?: (values: FormValues, env: FormEnv) => FormValues;
  /** Brings values within what the form's media allow (a clip no longer than its source), as they arrive. */
  followMedia?: (values: FormValues, media: readonly MediaRef[]) => FormValues;
  /** The text field the user's glossary is added to (what helps the service recognise names). */
  glossary?: FieldKey<T>;
}

export function fieldLabelKey(field: Pick<FormField, "key" | "label">): string {
  return field.label ?? `field-${field.key}`;
}

export function fieldOf(definition: FormDefinition, key: RequestField): FormField | undefined {
  return definition.fields.find((field) => field.key === key);
}

export function applies(field: FormField, view: FormView): boolean {
  return field.applies?.(view) ?? true;
}

/** The field's one possible value, stated not offered; a locked option stays a button that says why. */
export function soleValue(field: FormField, view: FormView): { value: unknown } | undefined {
  const input = field.input;
  if (input.kind === "toggle") {
    const fixed = input.fixed?.(view);
    return fixed === undefined ? undefined : { value: fixed };
  }
  if (input.kind !== "choice" || input.typed) return undefined;
  const options = input.options(view);
  const [only] = options;
  return options.length === 1 && only && !only.locked ? { value: only.value } : undefined;
}

/** The fields of a group that are buttons now: those that apply and offer more than one value. */
export function groupButtons(definition: FormDefinition, group: string, view: FormView): FormField[] {
  return definition.fields.filter(
    (field) => field.group === group && applies(field, view) && soleValue(field, view) === undefined,
  );
}

export function groupNameKey(definition: FormDefinition, group: string, view: FormView): string {
  return definition.groupName?.(group, view) ?? `form-group-${group}`;
}

export function mediaMax(rule: MediaRule, view: FormView): number {
  return typeof rule.max === "number" ? rule.max : rule.max(view);
}

export function mediaApplies(definition: FormDefinition, values: FormValues): boolean {
  return definition.media !== undefined && (definition.media.applies?.(values) ?? true);
}

export function isUnset(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

/** The field the glossary joins, its text as sent (the user's words, then the terms that fit), if any. */
export function glossaryField(definition: FormDefinition, view: FormView) {
  const key = definition.glossary;
  const terms = view.glossary;
  if (key === undefined || terms === undefined || terms.length === 0) return undefined;
  const field = fieldOf(definition, key);
  if (field?.input.kind !== "text" || !applies(field, view)) return undefined;
  const own = view.values[key];
  return { key, ...fitGlossary(typeof own === "string" ? own : "", terms, field.input.maxLength) };
}

export function missingRequired(definition: FormDefinition, view: FormView): FormIssue[] {
  return definition.fields
    .filter((field) => field.required && applies(field, view))
    .filter((field) => isUnset(view.values[field.input.kind === "voice" ? "tts_voice" : field.key]))
    .map((field) => ({ key: "form-required", params: { field: field.key } }));
}
