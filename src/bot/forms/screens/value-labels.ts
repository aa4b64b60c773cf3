/** How a chosen value reads on a form's message: never a code where a word exists. */
import { languageName, musicStyle, providerById } from "../../../catalog/index.js";
import type { Translate } from "../../../i18n/translate.js";
import {
  type LinkMediaRef,
  type MediaRef,
  MediaRefSchema,
  type ResultOrigin,
} from "../../../media/media-ref.js";
import { playingTime } from "../../../tasks/result-caption.js";
import { SUB_LANG_KEYWORDS } from "../../../tasks-service/schemas/common.js";
import { optionLabel } from "../../option-labels.js";
import {
  type FormEnv,
  type FormField,
  type FormValues,
  type FormView,
  fieldLabelKey,
  type RequestField,
  soleValue,
} from "../form.js";
import { clip } from "./text.js";

const LANGUAGE_FIELDS = new Set<RequestField>([
  "language",
  "target_lang",
  "source_lang",
  "translate_to",
  "sub_lang",
]);

export function mediaName(ref: MediaRef, t: Translate): string {
  if (ref.source === "link") return ref.origin ? resultName(ref, ref.origin, t) : clip(ref.url, 40);
  return ref.fileName ?? t(`intake-count-${ref.kind}`, { count: 1 });
}

/** One of the user's results by what it is: "your video from #1005, 0:02", never its link. */
function resultName(ref: LinkMediaRef, origin: ResultOrigin, t: Translate): string {
  const name =
    "generated" in origin
      ? t("form-media-generated", { number: origin.generated })
      : t("form-media-result", {
          kind: origin.clip !== undefined ? "clip" : (ref.kindHint ?? "video"),
          id: String(origin.taskId),
          clip: origin.clip ?? 0,
        });
  const seconds = ref.durationSec;
  return seconds !== undefined && seconds > 0 ? `${name}, ${playingTime(seconds)}` : name;
}

export function valueLabel(field: FormField, value: unknown, env: FormEnv, t: Translate): string {
  const described = field.describe?.(value, t);
  if (described !== undefined) return described;
  if (field.input.kind === "voice")
    return env.catalog.voices.find((entry) => entry.id === value)?.name ?? t("voice-automatic-short");
  if (field.input.kind === "toggle" || typeof value === "boolean")
    return t(value === true ? "value-on" : "value-off");
  const named = optionLabel(field.key, value, t);
  if (named !== undefined) return named;
  if (value == null || value === "")
    return LANGUAGE_FIELDS.has(field.key) ? t("label-language-detect") : t("value-none");
  if (LANGUAGE_FIELDS.has(field.key) && typeof value === "string") {
    if (value === "auto") return t("label-language-detect");
    if (field.key === "sub_lang" && (SUB_LANG_KEYWORDS as readonly string[]).includes(value))
      return t(`label-sub-lang-${value}`);
    const name = languageName(value, env.locale);
    // "українська" as "Українська": a language's name starts a button or a line.
    return name.charAt(0).toLocaleUpperCase(env.locale) + name.slice(1);
  }
  if (field.key === "bgm_track" && typeof value === "string") {
    const track = env.catalog.musicTracks.find((entry) => entry.file === value);
    return track ? musicStyle(track, env.locale) : value;
  }
  if (field.input.kind === "file") {
    const ref = MediaRefSchema.safeParse(value);
    if (ref.success) return mediaName(ref.data, t);
  }
  if (field.input.kind === "overlays" && Array.isArray(value))
    return t("form-overlay-count", { count: value.length });
  if (Array.isArray(value)) {
    if (value.length === 0) return t("value-none");
    return clip(value.map((item) => optionLabel(field.key, item, t) ?? String(item)).join(", "));
  }
  if (typeof value === "string") return clip(value);
  return String(value);
}

/** The voice adds its provider. */
export function fieldLine(field: FormField, values: FormValues, env: FormEnv, t: Translate): string {
  const value = field.input.kind === "voice" ? values.tts_voice : values[field.key];
  const label = valueLabel(field, value, env, t);
  const provider = values.tts_provider;
  const by =
    field.input.kind === "voice" && typeof provider === "string" && providerById(env.catalog, provider);
  return `${t(fieldLabelKey(field))}: ${by ? `${label} · ${by.label}` : label}`;
}

/** With the one value a field can take where it has only one. */
export function factLine(field: FormField, values: FormValues, view: FormView, t: Translate): string {
  const sole = soleValue(field, view);
  return fieldLine(field, sole ? { ...values, [field.key]: sole.value } : values, view.env, t);
}
