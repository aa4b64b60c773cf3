/** Field builders: the spec's vocabularies turned into form fields once, so every form offers them alike. */
import { languageCode, musicStyle, providerById } from "../../catalog/index.js";
import { parseAiGraphicsDirectives } from "../../tasks-service/parsers/ai-graphics-directives.js";
import {
  AI_GRAPHICS_DENSITIES,
  AI_GRAPHICS_MODES,
  AI_GRAPHICS_SFX,
  AssColorSchema,
  HexColorSchema,
  LanguageCodeSchema,
  REELS_REFRAMES,
  SFX_AUTO_SOUNDS,
  SUB_POSITIONS,
  SUB_SIZES,
  SUB_STYLES,
  TTS_SPEEDS,
  TTS_STYLES,
} from "../../tasks-service/schemas/common.js";
import { COLOUR_SWATCHES, hexToAss } from "../option-labels.js";
import type { ChoiceOption, FormField, FormValues, FormView, ParsedInput, RequestField } from "./form.js";

type FieldExtras<K extends RequestField> = Pick<
  Partial<FormField<K>>,
  "applies" | "clears" | "required" | "unsetValue" | "hint"
>;
type Applies = (view: FormView) => boolean;
const always: Applies = () => true;

/** Buttons of fixed values, or of what the form's state offers; `typed` also takes a value sent as text. */
export function choice<K extends RequestField>(
  key: K,
  group: string,
  values: readonly unknown[] | ((view: FormView) => readonly ChoiceOption[]),
  extra: FieldExtras<K> & { typed?: (text: string, view: FormView) => ParsedInput } = {},
): FormField<K> {
  const { typed, ...rest } = extra;
  const fixed = typeof values === "function" ? [] : values.map((value) => ({ value }));
  const list = typeof values === "function" ? values : () => fixed;
  return { key, group, input: { kind: "choice", options: list, ...(typed ? { typed } : {}) }, ...rest };
}

export function toggle<K extends RequestField>(
  key: K,
  group: string,
  extra: FieldExtras<K> = {},
): FormField<K> {
  return { key, group, input: { kind: "toggle" }, ...extra };
}

export function text<K extends RequestField>(
  key: K,
  group: string,
  maxLength: number,
  extra: FieldExtras<K> & { parse?: (text: string, view: FormView) => ParsedInput } = {},
): FormField<K> {
  const { parse, ...rest } = extra;
  return { key, group, input: { kind: "text", maxLength, ...(parse ? { parse } : {}) }, ...rest };
}

/** A number from preset buttons or typed, within bounds. */
export function number<K extends RequestField>(
  key: K,
  group: string,
  presets: readonly unknown[],
  bounds: { min: number; max: number | ((view: FormView) => number); integer?: boolean },
  extra: FieldExtras<K> = {},
): FormField<K> {
  return choice(key, group, presets, { ...extra, typed: (input, view) => parseNumber(input, bounds, view) });
}

export function parseNumber(
  input: string,
  bounds: { min: number; max: number | ((view: FormView) => number); integer?: boolean },
  view: FormView,
): ParsedInput {
  const value = Number(input.trim().replace(",", "."));
  const max = typeof bounds.max === "function" ? bounds.max(view) : bounds.max;
  if (!Number.isFinite(value) || (bounds.integer && !Number.isInteger(value))) {
    return { ok: false, key: bounds.integer ? "form-error-integer" : "form-error-number" };
  }
  if (value < bounds.min || value > max) {
    return { ok: false, key: "form-error-range", params: { min: bounds.min, max } };
  }
  return { ok: true, value };
}

export function parseLanguage(input: string): ParsedInput {
  const code = input.trim();
  return LanguageCodeSchema.safeParse(code).success && languageCode(code) !== undefined
    ? { ok: true, value: code }
    : { ok: false, key: "form-error-language" };
}

/** A language from the catalog's curated list, or any code typed; `auto` adds the automatic choice. */
export function language<K extends RequestField>(
  key: K,
  group: string,
  auto: { value: unknown } | undefined,
  extra: FieldExtras<K> = {},
): FormField<K> {
  const languages = ({ env }: FormView) => [
    ...(auto ? [auto] : []),
    ...env.catalog.languages.map((entry) => ({ value: entry.code })),
  ];
  return choice(key, group, languages, {
    ...(auto && auto.value === null ? { unsetValue: null } : {}),
    ...extra,
    typed: parseLanguage,
  });
}

function providerSupports(view: FormView, feature: "supportsStyle" | "supportsScene", fallback: string) {
  const id = typeof view.values.tts_provider === "string" ? view.values.tts_provider : fallback;
  return providerById(view.env.catalog, id)?.[feature] === true;
}

/** The language a form's voice speaks: the one chosen on the form, else the interface language. */
export function speechLanguage(values: FormValues, locale: string): string {
  for (const key of ["language", "target_lang"] as const) {
    const value = values[key];
    if (typeof value === "string" && value !== "auto") return value;
  }
  return locale;
}

export function voice(group: string, appliesTo = always): FormField<"tts_voice" | "tts_provider"> {
  return { key: "tts_voice", group, input: { kind: "voice" }, applies: appliesTo };
}

/** The speech style, offered only while the chosen provider takes one. */
export function voiceStyle(
  group: string,
  defaultProvider: string,
  appliesTo: Applies,
): FormField<"tts_style"> {
  return choice("tts_style", group, [null, ...TTS_STYLES], {
    applies: (view) => appliesTo(view) && providerSupports(view, "supportsStyle", defaultProvider),
    unsetValue: null,
  });
}

export function voiceFields(
  group: string,
  defaultProvider: string,
  appliesTo = always,
): FormField<"tts_voice" | "tts_provider" | "tts_speed" | "tts_style" | "tts_scene">[] {
  return [
    voice(group, appliesTo),
    choice("tts_speed", group, TTS_SPEEDS, { applies: appliesTo }),
    voiceStyle(group, defaultProvider, appliesTo),
    text("tts_scene", group, 1000, {
      applies: (view) => appliesTo(view) && providerSupports(view, "supportsScene", defaultProvider),
    }),
  ];
}

export function subtitleLookFields(
  group: string,
  appliesTo = always,
): FormField<"sub_style" | "sub_position" | "sub_size">[] {
  return [
    choice("sub_style", group, SUB_STYLES, { applies: appliesTo }),
    choice("sub_position", group, SUB_POSITIONS, { applies: appliesTo }),
    choice("sub_size", group, SUB_SIZES, { applies: appliesTo }),
  ];
}

/**
 * A colour from the swatches or typed as `#RRGGBB`, stored in the form the field's schema takes: the
 * ASS `&HAABBGGRR` for video, `#RRGGBB` for smart clips. An ASS colour typed as such is kept.
 */
function colour<K extends RequestField>(
  key: K,
  group: string,
  wire: (hex: string) => string | undefined,
  schema: { safeParse(value: unknown): { success: boolean } },
  extra: FieldExtras<K>,
): FormField<K> {
  return choice(key, group, [null, ...COLOUR_SWATCHES.map((swatch) => wire(swatch.hex))], {
    unsetValue: null,
    ...extra,
    typed: (input) => {
      const typed = input.trim().toUpperCase();
      const hex = typed.startsWith("#") ? typed : `#${typed}`;
      const value = wire(hex) ?? typed;
      return schema.safeParse(value).success ? { ok: true, value } : { ok: false, key: "form-error-colour" };
    },
  });
}

export function assColor<K extends RequestField>(key: K, group: string, extra: FieldExtras<K>): FormField<K> {
  return colour(key, group, hexToAss, AssColorSchema, extra);
}

export function hexColor<K extends RequestField>(key: K, group: string, extra: FieldExtras<K>): FormField<K> {
  const asHex = (hex: string) => (HexColorSchema.safeParse(hex).success ? hex : undefined);
  return colour(key, group, asHex, HexColorSchema, extra);
}

export function reelsFields(group: string): FormField<"reels_mode" | "reels_reframe">[] {
  return [
    toggle("reels_mode", group),
    choice("reels_reframe", group, REELS_REFRAMES, { applies: ({ values }) => values.reels_mode === true }),
  ];
}

const cardsOn = ({ values }: FormView) => values.ai_graphics === true;

/** Directives only for manual and semi modes. */
export function cardFields(
  group: string,
  appliesTo = always,
): FormField<
  "ai_graphics" | "ai_graphics_mode" | "ai_graphics_density" | "ai_graphics_directives" | "ai_graphics_sfx"
>[] {
  const on = (view: FormView) => appliesTo(view) && cardsOn(view);
  return [
    toggle("ai_graphics", group, { applies: appliesTo }),
    choice("ai_graphics_mode", group, AI_GRAPHICS_MODES, { applies: on }),
    choice("ai_graphics_density", group, AI_GRAPHICS_DENSITIES, { applies: on }),
    text("ai_graphics_directives", group, 4000, {
      applies: (view) =>
        on(view) && view.values.ai_graphics_mode !== "auto" && view.values.ai_graphics_mode !== undefined,
      parse: (input) => {
        const parsed = parseAiGraphicsDirectives(input);
        if (parsed.ok) return { ok: true, value: input.trim() };
        const issue = parsed.errors[0];
        return {
          ok: false,
          key: `rule-${issue?.code ?? "invalid"}`,
          params: { ...(issue?.params ?? {}), line: issue?.line ?? 1 },
        };
      },
    }),
    choice("ai_graphics_sfx", group, [null, ...AI_GRAPHICS_SFX], { applies: on, unsetValue: null }),
  ];
}

/** The sound of each auto-text caption; it fires only with auto_text on. */
export function autoSound(group: string, appliesTo = always): FormField<"sfx_auto_sound"> {
  return choice("sfx_auto_sound", group, [null, ...SFX_AUTO_SOUNDS], {
    applies: (view) => appliesTo(view) && view.values.auto_text === true,
    unsetValue: null,
  });
}

/** A library track or the user's own MP3, one clearing the other. */
export function musicFields(group: string): FormField<"bgm_track" | "bgm_file" | "bgm_volume">[] {
  const tracks = ({ env }: FormView) => [
    { value: null },
    ...env.catalog.musicTracks.map((track) => ({ value: track.file, label: musicStyle(track, env.locale) })),
  ];
  return [
    choice("bgm_track", group, tracks, { clears: ["bgm_file"], unsetValue: null }),
    { key: "bgm_file", group, input: { kind: "file", accepts: "audio" }, clears: ["bgm_track"] },
    choice("bgm_volume", group, [0.1, 0.2, 0.3, 0.5, 0.8], {
      // Shown and typed in percent, sent as a fraction of full volume.
      typed: (input, view) => {
        const parsed = parseNumber(input.replace("%", ""), { min: 0, max: 100 }, view);
        return parsed.ok ? { ok: true, value: Number(parsed.value) / 100 } : parsed;
      },
      applies: ({ values }) => values.bgm_track != null || values.bgm_file != null,
    }),
  ];
}
