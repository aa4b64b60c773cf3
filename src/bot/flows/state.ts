/**
 * A form's state and the one function that moves it: an event (a button, a text, a file) in, the next
 * state and at most one effect out. Pure, so every path of every form is tested without Telegram, and
 * the conversation around it (conversation.ts) only carries events and effects.
 */

import { providersFor, voicesFor } from "../../catalog/index.js";
import { mediaClassOf } from "../../media/accept.js";
import type { MediaRef } from "../../media/media-ref.js";
import { MAX_OVERLAY_TEXT_LENGTH, MAX_TEXT_OVERLAYS } from "../../tasks-service/schemas/common.js";
import type { TaskType } from "../../tasks-service/schemas/index.js";
import { CAPTION_PROPERTY_VALUES, type CaptionProperty } from "./caption-drafts.js";
import type { CardAction } from "./card-action.js";
import {
  applies,
  type FormDefinition,
  type FormEnv,
  type FormField,
  type FormValues,
  type FormView,
  mediaApplies,
  type RequestField,
} from "./form.js";
import { validateForm } from "./request.js";

export type Screen =
  | { name: "card" }
  | { name: "media" }
  | { name: "group"; group: string }
  | { name: "field"; key: RequestField; page: number }
  | { name: "voice-language"; page: number }
  | { name: "voice-provider"; language: string }
  | { name: "voice-list"; language: string; provider: string; page: number }
  | { name: "overlay"; index: number; property?: CaptionProperty };

/** A line under the card: what was wrong (the default), or only what happened (`info`). */
export type Notice = { key: string; params?: Record<string, string | number>; info?: boolean };

export interface FormState {
  type: TaskType;
  values: FormValues;
  media: MediaRef[];
  screen: Screen;
  notice?: Notice;
}

export type FormEvent =
  | { kind: "press"; action: CardAction }
  | { kind: "text"; text: string }
  /** Files or links sent; `problems` are what the checks before any download found. */
  | { kind: "media"; refs: MediaRef[]; problems: Notice[] };

export type FormEffect =
  | { kind: "create" }
  | { kind: "cancel" }
  | { kind: "preview"; provider: string; voice: string; language: string };

export interface Transition {
  state: FormState;
  effect?: FormEffect;
  /** The event was not for this form: let the rest of the bot handle it. */
  pass?: boolean;
}

export const PAGE_SIZE = 12;
export const VOICE_PAGE_SIZE = 8;

export function viewOf(state: FormState, env: FormEnv): FormView {
  return { values: state.values, media: state.media, env };
}

/** Fields whose language the voice picker starts in, the first set one winning. */
const VOICE_LANGUAGE_FIELDS: readonly RequestField[] = ["language", "target_lang"];

export function voiceLanguage(state: FormState, env: FormEnv): string {
  const values = state.values;
  for (const key of VOICE_LANGUAGE_FIELDS) {
    const value = values[key];
    if (typeof value === "string" && value !== "auto") return value;
  }
  return env.locale;
}

function withValue(
  _definition: FormDefinition,
  state: FormState,
  field: FormField,
  value: unknown,
): FormValues {
  const values: FormValues = { ...state.values, [field.key]: value };
  if (value !== undefined && value !== null) for (const other of field.clears ?? []) delete values[other];
  return values;
}

function fieldAt(definition: FormDefinition, index: number): FormField | undefined {
  return definition.fields[index];
}

function fieldOptions(field: FormField, view: FormView) {
  return field.input.kind === "choice" ? field.input.options(view) : [];
}

function back(state: FormState, definition: FormDefinition, field?: FormField): Screen {
  if (field && state.screen.name !== "group" && definition.groups.length > 0)
    return { name: "group", group: field.group };
  return { name: "card" };
}

function needsMedia(definition: FormDefinition, state: FormState): boolean {
  return mediaApplies(definition, state.values) && state.media.length < (definition.media?.min ?? 0);
}

/** The screen a form opens on: whatever it still lacks, else the card. */
export function firstScreen(definition: FormDefinition, state: FormState, env: FormEnv): Screen {
  if (needsMedia(definition, state)) return { name: "media" };
  const view = viewOf(state, env);
  const missing = definition.fields.find(
    (field) => field.required && applies(field, view) && isUnset(state.values[field.key]),
  );
  if (missing && missing.input.kind === "text") return { name: "field", key: missing.key, page: 0 };
  return { name: "card" };
}

function isUnset(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

export function reduce(
  definition: FormDefinition,
  state: FormState,
  event: FormEvent,
  env: FormEnv,
): Transition {
  const view = viewOf(state, env);
  const cleared: FormState = { ...state };
  delete cleared.notice;
  if (event.kind === "media") return onMedia(definition, cleared, event, env);
  if (event.kind === "text") return onText(definition, cleared, event.text, env);
  const action = event.action;
  switch (action.kind) {
    case "show-summary":
      return { state: { ...cleared, screen: { name: "card" } } };
    case "open-group": {
      const group = definition.groups[action.group];
      return group ? { state: { ...cleared, screen: { name: "group", group } } } : { state };
    }
    case "open-field": {
      const field = fieldAt(definition, action.field);
      if (!field || !applies(field, view)) return { state: cleared };
      if (field.input.kind === "toggle") {
        return {
          state: {
            ...cleared,
            values: withValue(definition, state, field, !(state.values[field.key] === true)),
          },
        };
      }
      if (field.input.kind === "voice") return { state: { ...cleared, screen: openVoicePicker(state, env) } };
      return {
        state: { ...cleared, screen: { name: "field", key: field.key, page: action.page } },
      };
    }
    case "choose-option": {
      const field = fieldAt(definition, action.field);
      const option = field ? fieldOptions(field, view)[action.option] : undefined;
      if (!field || !option) return { state: cleared };
      return {
        state: {
          ...cleared,
          values: withValue(definition, state, field, option.value),
          screen: back(state, definition, field),
        },
      };
    }
    case "flip-option": {
      const field = fieldAt(definition, action.field);
      if (field?.input.kind !== "multi") return { state: cleared };
      const option = field.input.options[action.option];
      if (option === undefined) return { state: cleared };
      const current = Array.isArray(state.values[field.key]) ? (state.values[field.key] as string[]) : [];
      const next = current.includes(option)
        ? current.filter((item) => item !== option)
        : [...current, option];
      return { state: { ...cleared, values: { ...state.values, [field.key]: next } } };
    }
    case "reset-field": {
      const field = fieldAt(definition, action.field);
      if (!field) return { state: cleared };
      const values = { ...state.values };
      delete values[field.key];
      if (field.input.kind === "voice") delete values.tts_provider;
      return { state: { ...cleared, values, screen: back(state, definition, field) } };
    }
    case "add-media":
      return { state: { ...cleared, screen: { name: "media" } } };
    case "media-done":
      if (needsMedia(definition, state)) {
        return {
          state: {
            ...cleared,
            notice: { key: "form-media-needed", params: { min: definition.media?.min ?? 1 } },
          },
        };
      }
      return {
        state: { ...cleared, screen: firstScreen(definition, { ...state, screen: { name: "card" } }, env) },
      };
    case "create": {
      if (needsMedia(definition, state)) return { state: { ...cleared, screen: { name: "media" } } };
      const issues = validateForm(definition, view);
      if (issues.length > 0) return { state: { ...cleared, screen: { name: "card" }, notice: issues[0] } };
      return { state: cleared, effect: { kind: "create" } };
    }
    case "cancel":
      return { state: cleared, effect: { kind: "cancel" } };
    default:
      return onVoiceOrOverlay(definition, cleared, action, env);
  }
}

function onMedia(
  definition: FormDefinition,
  state: FormState,
  event: Extract<FormEvent, { kind: "media" }>,
  env: FormEnv,
): Transition {
  const fileField =
    state.screen.name === "field"
      ? definition.fields.find((f) => f.key === (state.screen as { key: string }).key)
      : undefined;
  if (fileField?.input.kind === "file") {
    const accepts = fileField.input.accepts;
    const [ref] = event.refs;
    if (event.problems[0]) return { state: { ...state, notice: event.problems[0] } };
    if (!ref || event.refs.length > 1 || mediaClassOf(ref) !== accepts) {
      return { state: { ...state, notice: { key: `form-file-expected-${accepts}` } } };
    }
    return {
      state: {
        ...state,
        values: withValue(definition, state, fileField, ref),
        screen: back(state, definition, fileField),
      },
    };
  }
  const rule = definition.media;
  if (!rule || !mediaApplies(definition, state.values)) return { state, pass: true };
  const acceptsMore = rule.max > 1 || state.screen.name === "media";
  if (!acceptsMore) return { state, pass: true };
  if (event.problems[0]) return { state: { ...state, notice: event.problems[0] } };
  const wrong = event.refs.find((ref) => {
    const mediaClass = mediaClassOf(ref);
    return mediaClass !== undefined && !rule.accepts.includes(mediaClass);
  });
  if (wrong) return { state: { ...state, notice: { key: `form-media-wrong-${definition.type}` } } };
  const known = new Set(state.media.map(mediaIdentity));
  const fresh = event.refs.filter((ref) => !known.has(mediaIdentity(ref)));
  const media = rule.max === 1 ? fresh.slice(-1) : [...state.media, ...fresh];
  if (media.length > rule.max) {
    return {
      state: {
        ...state,
        notice: { key: "media-error-too_many_media", params: { max: rule.max, count: media.length } },
      },
    };
  }
  const next: FormState = { ...state, media };
  const screen =
    rule.max === 1 ? firstScreen(definition, { ...next, screen: { name: "card" } }, env) : state.screen;
  return {
    state: {
      ...next,
      screen,
      notice: { key: "form-media-count", params: { count: media.length, max: rule.max }, info: true },
    },
  };
}

function mediaIdentity(ref: MediaRef): string {
  return ref.source === "telegram" ? `t:${ref.fileUniqueId}` : `l:${ref.url}`;
}

function onText(definition: FormDefinition, state: FormState, text: string, env: FormEnv): Transition {
  const view = viewOf(state, env);
  const screen = state.screen;
  if (screen.name === "overlay" && screen.index === -1) return addOverlay(state, text);
  if (screen.name === "media")
    return { state: { ...state, notice: { key: `form-media-prompt-${definition.type}` } } };
  if (screen.name !== "field") return { state, pass: true };
  const field = definition.fields.find((candidate) => candidate.key === screen.key);
  if (!field) return { state, pass: true };
  const input = field.input;
  let parsed: ReturnType<NonNullable<Extract<typeof input, { kind: "text" }>["parse"]>> | undefined;
  if (input.kind === "text") {
    if (text.length > input.maxLength) {
      return {
        state: {
          ...state,
          notice: { key: "form-error-too-long", params: { max: input.maxLength, length: text.length } },
        },
      };
    }
    parsed = input.parse ? input.parse(text, view) : { ok: true, value: text };
  } else if (input.kind === "choice" && input.typed) {
    parsed = input.typed(text, view);
  } else {
    return { state: { ...state, notice: { key: "form-use-buttons" } } };
  }
  if (!parsed.ok)
    return {
      state: { ...state, notice: { key: parsed.key, ...(parsed.params ? { params: parsed.params } : {}) } },
    };
  const values = withValue(definition, state, field, parsed.value);
  const next: FormState = { ...state, values };
  // A required text that opened the form leads straight to the card; otherwise back where it was chosen.
  const target = field.required
    ? firstScreen(definition, { ...next, screen: { name: "card" } }, env)
    : back(state, definition, field);
  return { state: { ...next, screen: target } };
}

function openVoicePicker(state: FormState, env: FormEnv): Screen {
  const language = voiceLanguage(state, env);
  return providersFor(env.catalog, language).length > 0
    ? { name: "voice-provider", language }
    : { name: "voice-language", page: 0 };
}

function overlays(state: FormState): Array<Record<string, unknown>> {
  const value = state.values.text_overlays;
  return Array.isArray(value) ? (value as Array<Record<string, unknown>>) : [];
}

function addOverlay(state: FormState, text: string): Transition {
  const list = overlays(state);
  const [caption = "", times] = text.split("|").map((part) => part.trim());
  if (caption === "" || caption.length > MAX_OVERLAY_TEXT_LENGTH) {
    return {
      state: { ...state, notice: { key: "form-overlay-text", params: { max: MAX_OVERLAY_TEXT_LENGTH } } },
    };
  }
  const overlay: Record<string, unknown> = { text: caption };
  if (times) {
    const match = /^(\d+(?:[.,]\d+)?)\s*-\s*(\d+(?:[.,]\d+)?|end)$/.exec(times);
    if (!match) return { state: { ...state, notice: { key: "form-overlay-times" } } };
    const start = Number(match[1]?.replace(",", "."));
    overlay.start = start;
    if (match[2] !== "end") {
      const end = Number(match[2]?.replace(",", "."));
      if (end <= start) return { state: { ...state, notice: { key: "form-overlay-times" } } };
      overlay.end = end;
    }
  }
  const values: FormValues = { ...state.values, text_overlays: [...list, overlay] };
  delete values.text_overlays_raw;
  return { state: { ...state, values, screen: { name: "overlay", index: list.length } } };
}

function onVoiceOrOverlay(
  definition: FormDefinition,
  state: FormState,
  action: Exclude<
    CardAction,
    {
      kind:
        | "show-summary"
        | "open-group"
        | "open-field"
        | "choose-option"
        | "flip-option"
        | "reset-field"
        | "add-media"
        | "media-done"
        | "create"
        | "cancel";
    }
  >,
  env: FormEnv,
): Transition {
  const screen = state.screen;
  const languages = env.catalog.languages;
  switch (action.kind) {
    case "voice-languages":
      return { state: { ...state, screen: { name: "voice-language", page: action.page } } };
    case "voice-language": {
      const language = languages[action.language];
      return language
        ? { state: { ...state, screen: { name: "voice-provider", language: language.code } } }
        : { state };
    }
    case "voice-provider": {
      if (screen.name !== "voice-provider") return { state };
      const provider = providersFor(env.catalog, screen.language)[action.provider];
      return provider
        ? {
            state: {
              ...state,
              screen: { name: "voice-list", language: screen.language, provider: provider.id, page: 0 },
            },
          }
        : { state };
    }
    case "voice-page":
      return screen.name === "voice-list"
        ? { state: { ...state, screen: { ...screen, page: action.page } } }
        : { state };
    case "choose-voice":
    case "play-sample": {
      if (screen.name !== "voice-list") return { state };
      const voice = voicesFor(env.catalog, screen.provider, screen.language)[action.voice];
      if (!voice) return { state };
      if (action.kind === "play-sample") {
        return {
          state,
          effect: { kind: "preview", provider: screen.provider, voice: voice.id, language: screen.language },
        };
      }
      const values = { ...state.values, tts_provider: screen.provider, tts_voice: voice.id };
      const field = definition.fields.find((f) => f.input.kind === "voice");
      return {
        state: { ...state, values, screen: field ? { name: "group", group: field.group } : { name: "card" } },
      };
    }
    case "automatic-voice": {
      // The provider alone: the service picks its voice for the language.
      if (screen.name !== "voice-list") return { state };
      const values: FormValues = { ...state.values, tts_provider: screen.provider };
      delete values.tts_voice;
      const field = definition.fields.find((f) => f.input.kind === "voice");
      return {
        state: { ...state, values, screen: field ? { name: "group", group: field.group } : { name: "card" } },
      };
    }
    case "new-caption": {
      if (overlays(state).length >= MAX_TEXT_OVERLAYS) {
        return {
          state: { ...state, notice: { key: "form-overlay-full", params: { max: MAX_TEXT_OVERLAYS } } },
        };
      }
      return { state: { ...state, screen: { name: "overlay", index: -1 } } };
    }
    case "open-caption":
      return { state: { ...state, screen: { name: "overlay", index: action.caption } } };
    case "caption-property":
      return {
        state: { ...state, screen: { name: "overlay", index: action.caption, property: action.property } },
      };
    case "set-caption-property":
    case "flip-caption-flag":
    case "delete-caption":
      return editOverlay(state, action);
    default:
      return unhandled(action);
  }
}

/** Reached only if a CardAction kind has no case: then this call fails to compile. */
function unhandled(action: never): never {
  throw new Error(`card action without a handler: ${JSON.stringify(action)}`);
}

function editOverlay(
  state: FormState,
  action: Extract<CardAction, { kind: "set-caption-property" | "flip-caption-flag" | "delete-caption" }>,
): Transition {
  const index = action.caption;
  const list = [...overlays(state)];
  const current = list[index];
  if (!current) return { state };
  if (action.kind === "delete-caption") {
    list.splice(index, 1);
    const values: FormValues = { ...state.values, text_overlays: list };
    if (list.length === 0) delete values.text_overlays;
    return { state: { ...state, values, screen: { name: "field", key: "text_overlays", page: 0 } } };
  }
  if (action.kind === "flip-caption-flag") {
    list[index] = { ...current, [action.flag]: current[action.flag] !== true };
  } else {
    const value = CAPTION_PROPERTY_VALUES[action.property][action.option];
    if (!value) return { state };
    list[index] = { ...current, [action.property]: value };
  }
  return {
    state: { ...state, values: { ...state.values, text_overlays: list }, screen: { name: "overlay", index } },
  };
}
