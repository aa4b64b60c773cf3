/**
 * What a task will cost, from the spec's price table and the media's length as Telegram reports it.
 * Deducted only on success, so this is a guide on the card, not a charge; "at least" where a part of
 * the price cannot be known before the service has run (cards are priced per element it places).
 */
import { providerById } from "../../catalog/index.js";
import type { TaskType } from "../../tasks-service/schemas/index.js";
import type { FormDefinition, FormView } from "./form.js";

/** Spoken text at a usual narration pace, for a voice's price per minute. */
const CHARACTERS_PER_MINUTE = 900;
/** How long a photo stays on screen when nothing sets its length. */
const SECONDS_PER_PHOTO = 3;
const AUTO_TEXT_TOKENS = 50;
const CARD_TOKENS = 30;

export interface Estimate {
  /** Tokens, rounded up. */
  tokens: number;
  /** The media's length is unknown (links): the figure is per minute. */
  perMinute?: boolean;
  /** Parts of the price depend on the result (cards): the figure is a floor. */
  atLeast?: boolean;
}

function mediaSeconds(view: FormView): number | undefined {
  let total = 0;
  for (const ref of view.media) {
    if (ref.source === "link") return undefined;
    if (ref.kind === "photo") total += SECONDS_PER_PHOTO;
    else if (ref.durationSec === undefined) return undefined;
    else total += ref.durationSec;
  }
  return total;
}

function speechPricePerMinute(view: FormView, fallbackProvider: string): number {
  const provider = providerById(
    view.env.catalog,
    typeof view.values.tts_provider === "string" ? view.values.tts_provider : fallbackProvider,
  );
  if (!provider) return 0;
  const voice = view.env.catalog.voices.find((entry) => entry.id === view.values.tts_voice);
  return voice?.tier === "neural"
    ? (provider.pricePerMinute.neural ?? provider.pricePerMinute.standard)
    : provider.pricePerMinute.standard;
}

function speechMinutes(view: FormView): number {
  const text = typeof view.values.text === "string" ? view.values.text.replace(/\{scene[^}]*\}/g, "") : "";
  return text.trim().length / CHARACTERS_PER_MINUTE;
}

/** Per-minute price and fixed extras of each task type, by the spec's table. */
export function estimateCost(definition: FormDefinition<TaskType>, view: FormView): Estimate | undefined {
  const values = view.values;
  const seconds = mediaSeconds(view);
  const extras =
    (values.auto_text === true ? AUTO_TEXT_TOKENS : 0) + (values.ai_graphics === true ? CARD_TOKENS : 0);
  const atLeast = values.ai_graphics === true;
  const perMinute = (rate: number): Estimate =>
    seconds === undefined
      ? { tokens: rate, perMinute: true, atLeast }
      : { tokens: Math.ceil((rate * seconds) / 60) + extras, atLeast };
  switch (definition.type) {
    case "video": {
      const speech = speechMinutes(view);
      const target = typeof values.target_duration === "number" ? values.target_duration : undefined;
      const durations = Array.isArray(values.scene_durations)
        ? values.scene_durations.reduce((sum: number, value) => sum + Number(value), 0)
        : undefined;
      const output = target ?? durations ?? Math.max(seconds ?? 0, speech * 60);
      const voice = speech > 0 ? speechPricePerMinute(view, "provider_a") * speech : 0;
      return { tokens: Math.ceil((30 * output) / 60 + voice) + extras, atLeast };
    }
    case "transcription":
      return perMinute(40);
    case "audio":
      return { tokens: Math.ceil(speechPricePerMinute(view, "provider_a") * speechMinutes(view)) };
    case "subtitles":
      return perMinute(values.translate_to ? 60 : 50);
    case "pause_removal":
      return perMinute(50);
    case "dubbing":
      // 100 per minute plus the voice: 100 with the free provider, 141 with the dearest.
      return perMinute(100 + speechPricePerMinute(view, "provider_d"));
    case "smart_clip":
      return perMinute(80);
    case "motion":
      // The spec prices motion by plan, not by token; the card says so instead of guessing.
      return undefined;
  }
}
