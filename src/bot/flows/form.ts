/**
 * The shape of a task form: its fields, what kind of input each takes, when each applies and which
 * button group shows it. Forms are data; the engine (engine.ts) and the card (card.ts) read them.
 */
import type { Catalog } from "../../catalog/index.js";
import type { MediaClass } from "../../media/accept.js";
import type { MediaRef } from "../../media/media-ref.js";
import type { TaskType } from "../../tasks-service/schemas/index.js";

/** The request fields chosen so far, exactly as they will be sent (files are kept apart). */
export type FormValues = Record<string, unknown>;

/** What a form may look at besides its values. */
export interface FormEnv {
  catalog: Catalog;
  /** The interface language: the voice picker starts there. */
  locale: string;
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

export interface FormField {
  /** The request field it sets. */
  key: string;
  group: string;
  input: FieldInput;
  /** False hides the field and leaves it out of the request. */
  applies?: (view: FormView) => boolean;
  /** Other fields this one replaces when set (bgm_track and bgm_file exclude each other). */
  clears?: readonly string[];
  /** The service needs it and has no default: Create waits until it is set. */
  required?: boolean;
  /** The value means "not set" and is left out of the request (for example an automatic language). */
  unsetValue?: unknown;
}

export interface MediaRule {
  min: number;
  max: number;
  /** The request field the media go into: an array for video, one reference otherwise. */
  field: "photos" | "file";
  accepts: readonly MediaClass[];
  /** False when the form does not take media for the current values (motion from text). */
  applies?: (values: FormValues) => boolean;
}

export interface FormDefinition {
  type: TaskType;
  media?: MediaRule;
  fields: readonly FormField[];
  /** Group buttons, in card order. */
  groups: readonly string[];
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

export function fieldByKey(definition: FormDefinition, key: string): FormField | undefined {
  return definition.fields.find((field) => field.key === key);
}
