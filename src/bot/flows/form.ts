/**
 * The shape of a task form: its fields, what kind of input each takes, when each applies and which
 * button group shows it. Forms are data; the reducer and the screens read them. A form of task type T
 * names only fields of T's request schema, so a misspelt or foreign field is a type error.
 */
import type { Catalog } from "../../catalog/index.js";
import type { MediaClass } from "../../media/accept.js";
import type { MediaRef } from "../../media/media-ref.js";
import type { TaskRequestInput, TaskType } from "../../tasks-service/schemas/index.js";

/** The request body of task type T, as the bot writes it. */
export type RequestOf<T extends TaskType> = Extract<TaskRequestInput, { type: T }>;

/**
 * The fields a form of task type T may set: every field of T's request (of any of its variants, as
 * dubbing's modes), but the type itself and the webhook, which the bot sets.
 */
export type FieldKey<T extends TaskType> =
  RequestOf<T> extends infer Variant
    ? Variant extends unknown
      ? Exclude<keyof Variant, "type" | "webhook_url"> & string
      : never
    : never;

/** A field of any task's request. */
export type RequestField = FieldKey<TaskType>;

/**
 * The request fields chosen so far, as they will be sent (files are kept as MediaRef until the submit
 * job uploads them). Values are checked where they are used; the task's schema judges the whole.
 */
export type FormValues = { [Key in RequestField]?: unknown };

/** What a form may look at besides its values. */
export interface FormEnv {
  catalog: Catalog;
  /** The interface language: the voice picker starts there. */
  locale: string;
  /** ▶ is offered for every voice with a sample sentence, not only for those with a sample file. */
  samplesOnRequest?: boolean;
  /** The user's account, when the service answered. */
  account?: AccountView;
}

/** What a form needs of GET /v1/me, kept plain so it survives the conversation's replay log. */
export interface AccountView {
  /** Token balance (token-billed deployment). */
  balance?: number;
  /** Plan name (quota-based deployment). */
  tariff?: string;
  maxVideoDurationSeconds?: number;
  maxPhotos?: number;
}

export interface FormView {
  values: FormValues;
  media: readonly MediaRef[];
  env: FormEnv;
}

export interface ChoiceOption {
  value: unknown;
  /** Literal text (a catalog label); otherwise the card derives the label from the value. */
  label?: string;
}

/** A typed value: the parsed value, or the locale key (and variables) of what was wrong. */
export type ParsedInput =
  | { ok: true; value: unknown }
  | { ok: false; key: string; params?: Record<string, string | number> };

export type FieldInput =
  /** Buttons, one per option; `typed` also takes a value sent as text (numbers, codes, colours). */
  | {
      kind: "choice";
      options: (view: FormView) => readonly ChoiceOption[];
      typed?: (text: string, view: FormView) => ParsedInput;
    }
  | { kind: "toggle" }
  /** Several options at once (filters). */
  | { kind: "multi"; options: readonly string[] }
  /** Text sent as a message; `parse` checks it. */
  | { kind: "text"; maxLength: number; parse?: (text: string, view: FormView) => ParsedInput }
  /** A file sent in the chat (own music, an SRT). */
  | { kind: "file"; accepts: MediaClass }
  /** tts_provider and tts_voice, chosen through the voice picker. */
  | { kind: "voice" }
  /** text_overlays, through the caption editor. */
  | { kind: "overlays" };

/** A form field; K is every request field it names (its key, the fields it clears). */
export interface FormField<K extends RequestField = RequestField> {
  /** The request field it sets. */
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
}

export interface MediaRule<F extends "photos" | "file" = "photos" | "file"> {
  min: number;
  max: number;
  /** The request field the media go into: an array for video, one reference otherwise. */
  field: F;
  accepts: readonly MediaClass[];
  /** False when the form does not take media for the current values (motion from text). */
  applies?: (values: FormValues) => boolean;
}

/** The form of task type T; without T, the form of any task. */
export interface FormDefinition<T extends TaskType = TaskType> {
  type: T;
  media?: MediaRule<Extract<FieldKey<T>, "photos" | "file">>;
  fields: readonly FormField<FieldKey<T>>[];
  /** Group buttons, in card order. */
  groups: readonly string[];
  /** The locale key asking for the media, when the values change what to ask (`form-media-prompt-<type>`). */
  mediaPrompt?: (values: FormValues) => string | undefined;
  /** A choice offered on the card itself, one button per option (dubbing's mode). */
  summaryChoice?: FieldKey<T>;
  /** Lines of the card beyond the chosen values (the scene map of a video). */
  insight?: (view: FormView) => Array<{ key: string; params?: Record<string, string | number> }>;
}

export function applies(field: FormField, view: FormView): boolean {
  return field.applies === undefined || field.applies(view);
}

export function mediaApplies(definition: FormDefinition, values: FormValues): boolean {
  const rule = definition.media;
  return rule !== undefined && (rule.applies === undefined || rule.applies(values));
}
