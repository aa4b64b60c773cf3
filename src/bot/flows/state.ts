/**
 * A form's state and the one function that moves it: an event (a button, a text, a file) in, the next
 * state and at most one effect out. Pure, so every path of every form is tested without Telegram, and
 * the conversation around it (conversation.ts) only carries events and effects.
 */

import { providersFor, voicesFor } from "../../catalog/index.js";
import { mediaClassOf } from "../../media/accept.js";
import type { MediaRef } from "../../media/media-ref.js";
import {
  MAX_OVERLAY_TEXT_LENGTH,
  MAX_TEXT_OVERLAYS,
  OVERLAY_ANIMS,
  OVERLAY_POSITIONS,
  OVERLAY_SIZES,
  OVERLAY_STYLES,
} from "../../tasks-service/schemas/common.js";
import type { TaskType } from "../../tasks-service/schemas/index.js";
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
  | { name: "overlay"; index: number; property?: OverlayProperty };

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
  | { kind: "press"; action: string; args: string[] }
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

export const OVERLAY_PROPERTIES = {
  style: OVERLAY_STYLES,
  position: OVERLAY_POSITIONS,
  size: OVERLAY_SIZES,
  anim: OVERLAY_ANIMS,
} as const;
export type OverlayProperty = keyof typeof OVERLAY_PROPERTIES;
const OVERLAY_FLAGS = ["bold", "italic", "fade"] as const;

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

function fieldAt(definition: FormDefinition, index: string | undefined): FormField | undefined {
  return index === undefined ? undefined : definition.fields[Number(index)];
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
  const { action, args } = event;
  const [first, second] = args;
  switch (action) {
    case "o":
      return { state: { ...cleared, screen: { name: "card" } } };
    case "g": {
      const group = definition.groups[Number(first)];
      return group ? { state: { ...cleared, screen: { name: "group", group } } } : { state };
    }
    case "f": {
      const field = fieldAt(definition, first);
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
        state: { ...cleared, screen: { name: "field", key: field.key, page: Number(second ?? 0) || 0 } },
      };
    }
    case "s": {
      const field = fieldAt(definition, first);
      const option = field ? fieldOptions(field, view)[Number(second)] : undefined;
      if (!field || !option) return { state: cleared };
      return {
        state: {
          ...cleared,
          values: withValue(definition, state, field, option.value),
          screen: back(state, definition, field),
        },
      };
    }
    case "m": {
      const field = fieldAt(definition, first);
      if (field?.input.kind !== "multi") return { state: cleared };
      const option = field.input.options[Number(second)];
      if (option === undefined) return { state: cleared };
      const current = Array.isArray(state.values[field.key]) ? (state.values[field.key] as string[]) : [];
      const next = current.includes(option)
        ? current.filter((item) => item !== option)
        : [...current, option];
      return { state: { ...cleared, values: { ...state.values, [field.key]: next } } };
    }
    case "u": {
      const field = fieldAt(definition, first);
      if (!field) return { state: cleared };
      const values = { ...state.values };
      delete values[field.key];
      if (field.input.kind === "voice") delete values.tts_provider;
      return { state: { ...cleared, values, screen: back(state, definition, field) } };
    }
    case "M":
      return { state: { ...cleared, screen: { name: "media" } } };
    case "d":
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
    case "c": {
      if (needsMedia(definition, state)) return { state: { ...cleared, screen: { name: "media" } } };
      const issues = validateForm(definition, view);
      if (issues.length > 0) return { state: { ...cleared, screen: { name: "card" }, notice: issues[0] } };
      return { state: cleared, effect: { kind: "create" } };
    }
    case "x":
      return { state: cleared, effect: { kind: "cancel" } };
    default:
      return onVoiceOrOverlay(definition, cleared, action, args, env);
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
  action: string,
  args: string[],
  env: FormEnv,
): Transition {
  const [first, second, third] = args;
  const screen = state.screen;
  const languages = env.catalog.languages;
  switch (action) {
    case "vl":
      return { state: { ...state, screen: { name: "voice-language", page: Number(first) || 0 } } };
    case "vL": {
      const language = languages[Number(first)];
      return language
        ? { state: { ...state, screen: { name: "voice-provider", language: language.code } } }
        : { state };
    }
    case "vp": {
      if (screen.name !== "voice-provider") return { state };
      const provider = providersFor(env.catalog, screen.language)[Number(first)];
      return provider
        ? {
            state: {
              ...state,
              screen: { name: "voice-list", language: screen.language, provider: provider.id, page: 0 },
            },
          }
        : { state };
    }
    case "vP":
      return screen.name === "voice-list"
        ? { state: { ...state, screen: { ...screen, page: Number(first) || 0 } } }
        : { state };
    case "vv":
    case "vx": {
      if (screen.name !== "voice-list") return { state };
      const voice = voicesFor(env.catalog, screen.provider, screen.language)[Number(first)];
      if (!voice) return { state };
      if (action === "vx") {
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
    case "va": {
      // The provider alone: the service picks its voice for the language.
      if (screen.name !== "voice-list") return { state };
      const values: FormValues = { ...state.values, tts_provider: screen.provider };
      delete values.tts_voice;
      const field = definition.fields.find((f) => f.input.kind === "voice");
      return {
        state: { ...state, values, screen: field ? { name: "group", group: field.group } : { name: "card" } },
      };
    }
    case "oa": {
      if (overlays(state).length >= MAX_TEXT_OVERLAYS) {
        return {
          state: { ...state, notice: { key: "form-overlay-full", params: { max: MAX_TEXT_OVERLAYS } } },
        };
      }
      return { state: { ...state, screen: { name: "overlay", index: -1 } } };
    }
    case "oi":
      return { state: { ...state, screen: { name: "overlay", index: Number(first) || 0 } } };
    case "op": {
      if (!(second && second in OVERLAY_PROPERTIES)) return { state };
      return {
        state: {
          ...state,
          screen: { name: "overlay", index: Number(first) || 0, property: second as OverlayProperty },
        },
      };
    }
    case "os":
    case "ot":
    case "od":
      return editOverlay(state, action, Number(first), second, third);
    default:
      return { state, pass: true };
  }
}

function editOverlay(
  state: FormState,
  action: string,
  index: number,
  property?: string,
  option?: string,
): Transition {
  const list = [...overlays(state)];
  const current = list[index];
  if (!current) return { state };
  if (action === "od") {
    list.splice(index, 1);
    const values: FormValues = { ...state.values, text_overlays: list };
    if (list.length === 0) delete values.text_overlays;
    return { state: { ...state, values, screen: { name: "field", key: "text_overlays", page: 0 } } };
  }
  if (action === "ot") {
    if (!OVERLAY_FLAGS.includes(property as (typeof OVERLAY_FLAGS)[number]) || property === undefined)
      return { state };
    list[index] = { ...current, [property]: current[property] !== true };
  } else {
    const choices =
      property && property in OVERLAY_PROPERTIES
        ? OVERLAY_PROPERTIES[property as OverlayProperty]
        : undefined;
    const value = choices?.[Number(option)];
    if (!value || property === undefined) return { state };
    list[index] = { ...current, [property]: value };
  }
  return {
    state: { ...state, values: { ...state.values, text_overlays: list }, screen: { name: "overlay", index } },
  };
}

export { OVERLAY_FLAGS };
