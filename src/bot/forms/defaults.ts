/** A form's starting values: the spec's defaults, /settings, the last choices, then a Repeat's values. */
import { z } from "zod";
import { type Catalog, languageCode, providerById } from "../../catalog/index.js";
import { mediaClassOf } from "../../media/accept.js";
import type { MediaRef } from "../../media/media-ref.js";
import { readStored } from "../../storage/json.js";
import type { KeyValueStore } from "../../storage/ports.js";
import { TASK_DEFAULTS, type TaskType } from "../../tasks-service/schemas/index.js";
import type { UserPreferences } from "../preferences.js";
import { speechLanguage } from "./fields.js";
import type { FormDefinition, FormValues, RequestField } from "./form.js";

const LAST_CHOICES_TTL_MS = 180 * 24 * 60 * 60 * 1000;
/** Kinds remembered between tasks: choices, not content (texts, files and captions belong to one task). */
const REMEMBERED_KINDS = new Set(["choice", "toggle", "multi", "voice"]);
const RememberedSchema = z.record(z.string(), z.unknown());

/** The service's defaults; send_to_messenger is for API callers, a form's result comes to its chat. */
function serviceDefaults(type: TaskType): FormValues {
  const values: FormValues = { ...TASK_DEFAULTS[type] };
  delete values.send_to_messenger;
  return values;
}

function fromPreferences(definition: FormDefinition<TaskType>, preferences: UserPreferences): FormValues {
  const keys = new Set<RequestField>(definition.fields.map((field) => field.key));
  const values: FormValues = {};
  const set = (key: RequestField, value: unknown) => {
    if (value !== undefined && keys.has(key)) values[key] = value;
  };
  // The voice field sets the provider and the voice together; they are saved and taken as a pair.
  if (keys.has("tts_voice") && preferences.ttsProvider !== undefined) {
    values.tts_provider = preferences.ttsProvider;
    set("tts_voice", preferences.ttsVoice);
  }
  set("tts_speed", preferences.ttsSpeed);
  set("tts_style", preferences.ttsStyle);
  set("sub_style", preferences.subStyle);
  set("sub_position", preferences.subPosition);
  set("sub_size", preferences.subSize);
  if (definition.type === "video") set("format", preferences.videoFormat);
  return values;
}

const MOTION_SOURCES: Partial<Record<string, string>> = { audio: "voice", video: "video" };

function fromMedia(definition: FormDefinition<TaskType>, media: readonly MediaRef[]): FormValues {
  const source = media[0] && MOTION_SOURCES[mediaClassOf(media[0]) ?? ""];
  return definition.type === "motion" && source ? { source } : {};
}

/** `next` over `values`; a layer naming a provider brings its own voice (or none), never another's. */
function over(values: FormValues, next: FormValues): FormValues {
  const merged: FormValues = { ...values, ...next };
  if (next.tts_provider !== undefined && next.tts_voice === undefined) delete merged.tts_voice;
  return merged;
}

/** Where the bot starts elsewhere than the service: a dub into the user's language, smart clips vertical. */
function botDefaults(type: TaskType, locale: string): FormValues {
  if (type === "dubbing") return { mode: "auto", target_lang: languageCode(locale) ?? locale };
  if (type === "smart_clip") return { reels_mode: true };
  return {};
}

interface FormOpening {
  definition: FormDefinition<TaskType>;
  preferences: UserPreferences;
  last: FormValues;
  prefill?: FormValues;
  media: readonly MediaRef[];
  locale: string;
  catalog: Catalog;
}

/** The values a form starts from before the user's last choices: the spec's defaults and /settings. */
export function settingsValues(
  input: Pick<FormOpening, "definition" | "preferences" | "locale">,
): FormValues {
  const { definition } = input;
  const base = over(serviceDefaults(definition.type), botDefaults(definition.type, input.locale));
  return over(base, fromPreferences(definition, input.preferences));
}

const VOICE_KEYS = ["tts_provider", "tts_voice"] as const;

function voiceOf(values: FormValues): FormValues {
  const voice: FormValues = {};
  for (const key of VOICE_KEYS) if (values[key] !== undefined) voice[key] = values[key];
  return voice;
}

/**
 * Whether a voice speaks the language: a voice of the catalog in its own language only, a provider's
 * automatic voice where the provider has voices in it. What the catalog does not list is not judged.
 */
function speaks(catalog: Catalog, voice: FormValues, language: string): boolean {
  const code = languageCode(language) ?? language;
  if (typeof voice.tts_voice === "string") {
    const entry = catalog.voices.find((candidate) => candidate.id === voice.tts_voice);
    return entry === undefined || entry.language === code;
  }
  if (typeof voice.tts_provider !== "string") return true;
  const provider = providerById(catalog, voice.tts_provider);
  return provider === undefined || provider.languages.length === 0 || provider.languages.includes(code);
}

/**
 * A remembered voice (the last task's, the settings') applies only to its own language: on a form in
 * another language it gives way to the settings' voice where that one speaks it, else to the service's
 * choice. A voice the form was handed or the user chose on it for another language is theirs to keep.
 */
export function voiceInLanguage(
  values: FormValues,
  memory: { last: FormValues; settings: FormValues },
  catalog: Catalog,
  locale: string,
): FormValues {
  const voice = voiceOf(values);
  const language = speechLanguage(values, locale);
  if (speaks(catalog, voice, language)) return values;
  const remembered = [memory.last, memory.settings].some((layer) => sameValue(voiceOf(layer), voice));
  if (!remembered) return values;
  const kept: FormValues = { ...values };
  for (const key of VOICE_KEYS) delete kept[key];
  const fallback = voiceOf(memory.settings);
  return speaks(catalog, fallback, language) ? { ...kept, ...fallback } : kept;
}

/** The values a form opens with; a remembered voice only where it speaks the form's language. */
export function initialValues(input: FormOpening): FormValues {
  const settings = settingsValues(input);
  const prefill = input.prefill ?? {};
  const values = [input.last, fromMedia(input.definition, input.media), prefill].reduce(over, settings);
  // A voice handed in with the form (Repeat with changes) is the user's own choice for it.
  if (Object.keys(voiceOf(prefill)).length > 0) return values;
  return voiceInLanguage(values, { last: input.last, settings }, input.catalog, input.locale);
}

/** Values compared as the request body would carry them. */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The fields whose value comes from the last task rather than /settings: the card names them. */
export function fromLastChoices(values: FormValues, last: FormValues, settings: FormValues): RequestField[] {
  return (Object.keys(last) as RequestField[]).filter(
    (key) => sameValue(values[key], last[key]) && !sameValue(last[key], settings[key]),
  );
}

/** The values with these fields back at the settings' (the voice as a pair: provider and voice). */
export function backToSettings(
  values: FormValues,
  keys: readonly RequestField[],
  settings: FormValues,
): FormValues {
  const reset = keys.some((key) => key === "tts_provider" || key === "tts_voice")
    ? [...keys, ...VOICE_KEYS]
    : keys;
  const next: FormValues = { ...values };
  for (const key of reset) {
    if (settings[key] === undefined) delete next[key];
    else next[key] = settings[key];
  }
  return next;
}

const lastChoicesKey = (userId: number, type: string) => `last-choices:${userId}:${type}`;

export class LastChoices {
  constructor(private readonly kv: KeyValueStore) {}

  async get(userId: number, type: string): Promise<FormValues> {
    return (await readStored(this.kv, lastChoicesKey(userId, type), RememberedSchema)) ?? {};
  }

  async remember(userId: number, definition: FormDefinition, values: FormValues): Promise<void> {
    const kept: FormValues = {};
    for (const field of definition.fields.filter((field) => REMEMBERED_KINDS.has(field.input.kind))) {
      for (const key of field.input.kind === "voice" ? VOICE_KEYS : [field.key])
        if (values[key] !== undefined) kept[key] = values[key];
    }
    await this.kv.set(lastChoicesKey(userId, definition.type), JSON.stringify(kept), {
      ttlMs: LAST_CHOICES_TTL_MS,
    });
  }
}
