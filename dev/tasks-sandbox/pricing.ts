import {
  directiveLines,
  MAX_SPEED_UP,
  rawCaptions,
  spokenText,
  type TaskRequest,
  type TtsProvider,
} from "./contract/index.js";
import type { TaskInput } from "./inputs.js";

/** The spec's token prices (deducted only on success), per minute unless named per render or per element. */
export const PRICES = {
  videoPerMinute: 30,
  transcriptionPerMinute: 40,
  subtitlesPerMinute: 50,
  translatedSubtitlesPerMinute: 60,
  pauseRemovalPerMinute: 50,
  smartClipPerMinute: 80,
  /** Dubbing costs 100 to 141 a minute by voice provider: this base plus the provider's speech price. */
  dubbingBasePerMinute: 100,
  autoTextPerRender: 50,
  cardPerElement: 30,
  frameOverlaysPerRender: 30,
} as const;

/** Per minute of speech, by provider; provider_a is 27 for neural/HD voices. */
export const SPEECH_PRICES: Record<TtsProvider, number> = {
  provider_a: 6,
  provider_b: 41,
  provider_c: 27,
  provider_d: 0,
  provider_e: 14,
  provider_f: 17,
};
const PROVIDER_A_NEURAL_PRICE = 27;

/** Narration pace used to turn text into seconds of speech (150 words a minute at speed 1.0). */
const WORDS_PER_SECOND = 2.5;
/** A photo in a silent video without scene durations is shown this long. */
const SECONDS_PER_PHOTO = 3;
/** Cards the model places by itself per density unit in `auto` and `semi` modes. */
const AUTO_CARDS_PER_DENSITY = 2;

export interface Estimate {
  tokens: number;
  /** Length of the produced media, in seconds (also what the profile's usage counts). */
  outputSeconds: number;
  speechCharacters: number;
}

/** Tokens for `seconds` at a price per minute, not yet rounded. */
function perMinute(price: number, seconds: number): number {
  return (price * seconds) / 60;
}

/**
 * The spec gives no rounding, so the sandbox charges seconds proportionally and rounds the task's total up to a
 * whole token once, at the end. Float noise below a millionth of a token is not a token.
 */
function wholeTokens(exact: number): number {
  return Math.ceil(Math.round(exact * 1_000_000) / 1_000_000);
}

function speechSeconds(text: string, speed: number): number {
  const words = spokenText(text)
    .split(/\s+/)
    .filter((word) => word.length > 0).length;
  return words / WORDS_PER_SECOND / speed;
}

/** The voice names are withheld; provider_a's neural and HD voices carry it in their names (`...Neural`, `...HD`). */
function speechPrice(provider: TtsProvider, voice: string | undefined): number {
  if (provider === "provider_a" && voice !== undefined && /neural|hd/i.test(voice)) {
    return PROVIDER_A_NEURAL_PRICE;
  }
  return SPEECH_PRICES[provider];
}

/** Cards a render gets: one per directive line (`manual`, `semi`), plus the model's picks (`auto`, `semi`). */
function cardCount(request: {
  ai_graphics: boolean;
  ai_graphics_mode: "auto" | "semi" | "manual";
  ai_graphics_density: number;
  ai_graphics_directives: string | null;
}): number {
  if (!request.ai_graphics) return 0;
  const directives = directiveLines(request.ai_graphics_directives ?? "").length;
  const automatic = Math.round(AUTO_CARDS_PER_DENSITY * request.ai_graphics_density);
  if (request.ai_graphics_mode === "manual") return directives;
  if (request.ai_graphics_mode === "semi") return directives + automatic;
  return automatic;
}

/** Static captions drawn on the frames: `text_overlays`, or the code form when there are none. */
function hasFrameOverlays(request: { text_overlays: unknown[] | null; text_overlays_raw: string | null }) {
  if (request.text_overlays !== null) return request.text_overlays.length > 0;
  return rawCaptions(request.text_overlays_raw ?? "").length > 0;
}

/** Seconds of the task's main input; every type that reads media has one. */
function inputSeconds(media: readonly TaskInput[]): number {
  return media[0]?.seconds ?? 0;
}

/**
 * What a task will cost and produce, from the price table, the media's lengths (`media`: the request's media
 * inputs in order) and, for speech, the text.
 */
export function estimateTask(request: TaskRequest, media: readonly TaskInput[]): Estimate {
  switch (request.type) {
    case "video": {
      const narration = spokenText(request.text ?? "").trim();
      const speech = narration === "" ? 0 : speechSeconds(narration, request.tts_speed);
      const natural =
        request.scene_durations?.reduce((sum, seconds) => sum + seconds, 0) ??
        (speech > 0 ? speech : media.reduce((sum, input) => sum + (input.seconds ?? SECONDS_PER_PHOTO), 0));
      const target = request.target_duration;
      // Longer results are sped up to the target, at most x2; shorter ones are left as they are.
      const outputSeconds =
        target !== null && natural > target ? Math.max(target, natural / MAX_SPEED_UP) : natural;
      const tokens =
        perMinute(PRICES.videoPerMinute, outputSeconds) +
        perMinute(speechPrice(request.tts_provider, request.tts_voice), speech) +
        // Auto-text needs a narration; without one it is ignored and costs nothing.
        (request.auto_text && speech > 0 ? PRICES.autoTextPerRender : 0) +
        PRICES.cardPerElement * cardCount(request) +
        (hasFrameOverlays(request) ? PRICES.frameOverlaysPerRender : 0);
      return { tokens: wholeTokens(tokens), outputSeconds, speechCharacters: narration.length };
    }
    case "audio": {
      const seconds = speechSeconds(request.text, request.tts_speed);
      const price = speechPrice(request.tts_provider, request.tts_voice);
      return {
        tokens: wholeTokens(perMinute(price, seconds)),
        outputSeconds: seconds,
        speechCharacters: request.text.length,
      };
    }
    case "transcription": {
      const seconds = inputSeconds(media);
      return {
        tokens: wholeTokens(perMinute(PRICES.transcriptionPerMinute, seconds)),
        outputSeconds: seconds,
        speechCharacters: 0,
      };
    }
    case "subtitles": {
      const seconds = inputSeconds(media);
      const price = request.translate_to ? PRICES.translatedSubtitlesPerMinute : PRICES.subtitlesPerMinute;
      const tokens =
        perMinute(price, seconds) +
        (request.auto_text ? PRICES.autoTextPerRender : 0) +
        PRICES.cardPerElement * cardCount(request);
      return { tokens: wholeTokens(tokens), outputSeconds: seconds, speechCharacters: 0 };
    }
    case "pause_removal": {
      const seconds = inputSeconds(media);
      return {
        tokens: wholeTokens(perMinute(PRICES.pauseRemovalPerMinute, seconds)),
        outputSeconds: seconds,
        speechCharacters: 0,
      };
    }
    case "smart_clip": {
      const seconds = inputSeconds(media);
      const tokens =
        perMinute(PRICES.smartClipPerMinute, seconds) + (request.auto_text ? PRICES.autoTextPerRender : 0);
      return { tokens: wholeTokens(tokens), outputSeconds: seconds, speechCharacters: 0 };
    }
    case "dubbing": {
      const seconds = inputSeconds(media);
      // The spec prices dubbing as a whole; semi_auto's transcribe step is the first half of it, charged at render.
      if (request.mode === "semi_auto" && request.step === "transcribe") {
        return { tokens: 0, outputSeconds: seconds, speechCharacters: 0 };
      }
      const price = PRICES.dubbingBasePerMinute + speechPrice(request.tts_provider, request.tts_voice);
      const extras =
        request.mode === "auto"
          ? (request.auto_text ? PRICES.autoTextPerRender : 0) + PRICES.cardPerElement * cardCount(request)
          : 0;
      return {
        tokens: wholeTokens(perMinute(price, seconds) + extras),
        outputSeconds: seconds,
        speechCharacters: 0,
      };
    }
    case "motion": {
      // The price table has no motion row: motion needs a plan that includes it (or booster credits), not tokens.
      const text = request.text ?? "";
      const seconds = request.source === "text" ? speechSeconds(text, 1) : inputSeconds(media);
      return { tokens: 0, outputSeconds: seconds, speechCharacters: text.length };
    }
  }
}
