/**
 * What a task will cost by the spec's price table; the service counts, so the card says "about", and cards
 * it places itself make a range. On a quota plan the same reading is what the task uses of the allowances.
 */
import { providerById } from "../../catalog/index.js";
import { parseAiGraphicsDirectives } from "../../tasks-service/parsers/ai-graphics-directives.js";
import { parseTextOverlaysRaw } from "../../tasks-service/parsers/text-overlays-raw.js";
import { MAX_SPEED_UP, type TaskType } from "../../tasks-service/schemas/index.js";
import type { FormDefinition, FormView } from "../forms/form.js";

/** The spec's token prices, per minute unless named per render or per card. */
export const PRICES = {
  videoPerMinute: 30,
  transcriptionPerMinute: 40,
  subtitlesPerMinute: 50,
  translatedSubtitlesPerMinute: 60,
  pauseRemovalPerMinute: 50,
  smartClipPerMinute: 80,
  /** Dubbing is 100 to 141 a minute by voice provider: this plus the provider's speech price. */
  dubbingBasePerMinute: 100,
  autoTextPerRender: 50,
  cardPerElement: 30,
  frameOverlaysPerRender: 30,
} as const;

/** A usual narration pace: 150 words a minute at speed 1.0. */
const WORDS_PER_SECOND = 2.5;
/** How long a photo stays on screen when nothing else sets its length. */
const SECONDS_PER_PHOTO = 3;
/** The most cards the service places by itself per minute at normal density; a short video counts as a minute. */
const AUTO_CARDS_PER_MINUTE = 3;

export interface QuotaUse {
  seconds?: number;
  transcriptionSeconds?: number;
  characters?: number;
  autoTexts?: number;
  /** Cards: from `cards` to `cardsUpTo` when the service picks them. */
  cards?: number;
  cardsUpTo?: number;
}

export interface Estimate {
  /** Tokens, rounded up; the least when `upTo` is set. */
  tokens: number;
  /** The most tokens, when the service decides part of the price (how many cards it places). */
  upTo?: number;
  /** A file's length is unknown (a link): `tokens` is per minute of it. */
  perMinute?: boolean;
  quota: QuotaUse;
}

/** The spec gives no rounding: seconds count proportionally and the total is rounded up once. */
function wholeTokens(exact: number): number {
  return Math.ceil(Math.round(exact * 1_000_000) / 1_000_000);
}

function textOf(view: FormView): string {
  const text = view.values.text;
  // Scene markers are cut out before the voice reads the text.
  return typeof text === "string" ? text.replace(/\{scene[^}]*\}/g, " ").trim() : "";
}

function speechSeconds(view: FormView): number {
  const words = textOf(view)
    .split(/\s+/)
    .filter((word) => word !== "").length;
  const speed = typeof view.values.tts_speed === "number" ? view.values.tts_speed : 1;
  return words / WORDS_PER_SECOND / speed;
}

/** Tokens per minute of speech of the chosen voice; a neural voice is priced at its provider's neural rate. */
function speechPrice(view: FormView, defaultProvider: string): number {
  const id = typeof view.values.tts_provider === "string" ? view.values.tts_provider : defaultProvider;
  const { catalog } = view.env;
  const provider = providerById(catalog, id);
  if (!provider) return 0;
  const voice = catalog.voices.find((entry) => entry.id === view.values.tts_voice && entry.provider === id);
  const price = provider.pricePerMinute;
  return voice?.tier === "neural" ? (price.neural ?? price.standard) : price.standard;
}

/** Seconds each item plays: null for a photo, undefined where unknown (a link, unless a result measured here). */
function itemSeconds(view: FormView): Array<number | null | undefined> {
  return view.media.map((ref) => {
    if ((ref.source === "link" ? ref.kindHint : ref.kind) === "photo") return null;
    return ref.durationSec !== undefined && ref.durationSec > 0 ? ref.durationSec : undefined;
  });
}

export function sceneSeconds(values: FormView["values"]): number | undefined {
  const durations = values.scene_durations;
  return Array.isArray(durations)
    ? durations.reduce((sum: number, value) => sum + Number(value), 0)
    : undefined;
}

/** Cards from the ones the directives place to the most the service may add. */
function cardsOf(view: FormView, seconds: number): TokenSpan {
  const values = view.values;
  if (values.ai_graphics !== true) return { least: 0, most: 0 };
  const text = typeof values.ai_graphics_directives === "string" ? values.ai_graphics_directives : "";
  const parsed = text.trim() === "" ? undefined : parseAiGraphicsDirectives(text);
  const directives = parsed?.ok ? parsed.value.length : 0;
  if (values.ai_graphics_mode === "manual") return { least: directives, most: directives };
  const density = typeof values.ai_graphics_density === "number" ? values.ai_graphics_density : 1;
  const automatic = Math.ceil(density * AUTO_CARDS_PER_MINUTE * Math.max(1, seconds / 60));
  return { least: directives, most: directives + automatic };
}

function hasFrameOverlays(view: FormView): boolean {
  const { text_overlays: overlays, text_overlays_raw: raw } = view.values;
  if (Array.isArray(overlays)) return overlays.length > 0;
  if (typeof raw !== "string" || raw.trim() === "") return false;
  const parsed = parseTextOverlaysRaw(raw);
  return parsed.ok && parsed.value.length > 0;
}

function priced(base: number, cards: TokenSpan, quota: QuotaUse): Estimate {
  const least = wholeTokens(base + PRICES.cardPerElement * cards.least);
  const most = wholeTokens(base + PRICES.cardPerElement * cards.most);
  const withCards: QuotaUse =
    cards.most > 0
      ? { ...quota, cards: cards.least, ...(cards.most > cards.least ? { cardsUpTo: cards.most } : {}) }
      : quota;
  return { tokens: least, ...(most > least ? { upTo: most } : {}), quota: withCards };
}

/** A task priced per minute of its one file; a plan counts that file's seconds under `counted`. */
function perMinuteOf(
  view: FormView,
  seconds: number | undefined,
  price: number,
  extras: number,
  counted: "seconds" | "transcriptionSeconds" = "seconds",
): Estimate {
  const quota: QuotaUse = {
    ...(seconds === undefined ? {} : { [counted]: seconds }),
    ...(view.values.auto_text === true ? { autoTexts: 1 } : {}),
  };
  if (seconds === undefined) return { tokens: price, perMinute: true, quota };
  return priced((price * seconds) / 60 + extras, cardsOf(view, seconds), quota);
}

function videoEstimate(view: FormView, assumedSeconds: number | undefined): Estimate {
  const values = view.values;
  const speech = speechSeconds(view);
  const items = itemSeconds(view).map((seconds) => (seconds === undefined ? assumedSeconds : seconds));
  const durations = sceneSeconds(values);
  const natural =
    durations ??
    (speech > 0 ? speech : items.reduce((sum: number, seconds) => sum + (seconds ?? SECONDS_PER_PHOTO), 0));
  const target = typeof values.target_duration === "number" ? values.target_duration : undefined;
  const output =
    target !== undefined && natural > target ? Math.max(target, natural / MAX_SPEED_UP) : natural;
  const autoText = values.auto_text === true && speech > 0;
  const quota: QuotaUse = {
    seconds: output,
    ...(speech > 0 ? { characters: textOf(view).length } : {}),
    ...(autoText ? { autoTexts: 1 } : {}),
  };
  if (durations === undefined && speech === 0 && items.some((seconds) => seconds === undefined))
    return { tokens: PRICES.videoPerMinute, perMinute: true, quota: {} };
  const base =
    (PRICES.videoPerMinute * output) / 60 +
    (speechPrice(view, "provider_a") * speech) / 60 +
    (autoText ? PRICES.autoTextPerRender : 0) +
    (hasFrameOverlays(view) ? PRICES.frameOverlaysPerRender : 0);
  return priced(base, cardsOf(view, output), quota);
}

/** Clips joined into one silent video: priced by their length, per minute where one's length is unknown. */
export function joinedClipsEstimate(clipSeconds: ReadonlyArray<number | undefined>): Estimate {
  const known = clipSeconds.filter((seconds): seconds is number => seconds !== undefined);
  if (known.length < clipSeconds.length) return { tokens: PRICES.videoPerMinute, perMinute: true, quota: {} };
  const seconds = known.reduce((sum, value) => sum + value, 0);
  return { tokens: wholeTokens((PRICES.videoPerMinute * seconds) / 60), quota: { seconds } };
}

/** Tokens from the least to the most; equal where the figure is exact. */
export interface TokenSpan {
  least: number;
  most: number;
}

function spanOf(estimate: Estimate | undefined): TokenSpan {
  return estimate
    ? { least: estimate.tokens, most: estimate.upTo ?? estimate.tokens }
    : { least: 0, most: 0 };
}

function minus(a: TokenSpan, b: TokenSpan): TokenSpan {
  return { least: a.least - b.least, most: a.most - b.most };
}

/**
 * What the form's values cost more than `instead`: tokens once, and per minute of a file whose length
 * is not known yet (read at one minute and at two: the difference grows with the file).
 */
export function extraCost(
  definition: FormDefinition<TaskType>,
  view: FormView,
  instead: FormView["values"],
): { once: TokenSpan; perMinute: TokenSpan } {
  const other: FormView = { ...view, values: instead };
  const extraAt = (seconds: number) =>
    minus(spanOf(estimateCost(definition, view, seconds)), spanOf(estimateCost(definition, other, seconds)));
  const oneMinute = extraAt(60);
  const perMinute = minus(extraAt(120), oneMinute);
  const once = minus(oneMinute, perMinute);
  const atLeastNone = (span: TokenSpan) => ({ least: Math.max(0, span.least), most: Math.max(0, span.most) });
  return { once: atLeastNone(once), perMinute: atLeastNone(perMinute) };
}

/**
 * What the task will cost; undefined where the price table has no row (motion is a plan feature).
 * `assumedSeconds` stands in for the length of a file not known yet, to weigh one choice against another.
 */
export function estimateCost(
  definition: FormDefinition<TaskType>,
  view: FormView,
  assumedSeconds?: number,
): Estimate | undefined {
  const values = view.values;
  const autoText = values.auto_text === true ? PRICES.autoTextPerRender : 0;
  // Types other than video take one file: its seconds, else the length assumed.
  const fileLength = itemSeconds(view)[0] ?? assumedSeconds;
  switch (definition.type) {
    case "video":
      return videoEstimate(view, assumedSeconds);
    case "audio": {
      const speech = speechSeconds(view);
      return {
        tokens: wholeTokens((speechPrice(view, "provider_a") * speech) / 60),
        quota: { characters: textOf(view).length },
      };
    }
    case "transcription":
      return perMinuteOf(view, fileLength, PRICES.transcriptionPerMinute, 0, "transcriptionSeconds");
    case "subtitles": {
      const price = values.translate_to ? PRICES.translatedSubtitlesPerMinute : PRICES.subtitlesPerMinute;
      return perMinuteOf(view, fileLength, price, autoText);
    }
    case "pause_removal":
      return perMinuteOf(view, fileLength, PRICES.pauseRemovalPerMinute, 0);
    case "smart_clip":
      return perMinuteOf(view, fileLength, PRICES.smartClipPerMinute, autoText);
    case "dubbing": {
      // Semi-automatic dubbing is charged once, for the whole job, when the render step completes.
      const price = PRICES.dubbingBasePerMinute + speechPrice(view, "provider_d");
      const auto = (values.mode ?? "auto") === "auto";
      // Captions and cards are for automatic dubbing only.
      return perMinuteOf(
        auto ? view : { ...view, values: { ...values, auto_text: false, ai_graphics: false } },
        fileLength,
        price,
        auto ? autoText : 0,
      );
    }
    case "motion":
      return undefined;
  }
}
