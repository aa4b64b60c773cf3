import type { TaskRequest, TtsProvider } from "./contract/index.js";

/** The spec's token prices (deducted only on success). */
export const PRICES = {
  videoPerMinute: 30,
  transcriptionPerMinute: 40,
  subtitlesPerMinute: 50,
  translatedSubtitlesPerMinute: 60,
  pauseRemovalPerMinute: 50,
  smartClipPerMinute: 80,
  /** Dubbing costs 100 to 141 a minute by voice provider: the base plus the provider's speech price. */
  dubbingBasePerMinute: 100,
  autoTextPerRender: 50,
  cardPerElement: 30,
  /** The spec gives no motion price; the sandbox charges it like a video of the same length. */
  motionPerMinute: 30,
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
/** A photo without narration or scene durations is shown this long. */
const SECONDS_PER_PHOTO = 3;
/** Cards the model places by itself per density unit in `auto` mode. */
const AUTO_CARDS_PER_DENSITY = 2;

export interface Estimate {
  tokens: number;
  /** Length of the produced media, in seconds (also what the profile's usage counts). */
  outputSeconds: number;
  speechCharacters: number;
}

/** Whole minutes started, at least one: the unit every per-minute price applies to. */
export function billedMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

export function speechSeconds(text: string, speed = 1): number {
  const words = text
    .replace(/\{scene[^}]*\}/g, " ")
    .split(/\s+/)
    .filter((word) => word.length > 0).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_SECOND / speed));
}

export function speechPrice(provider: TtsProvider, voice: string | undefined): number {
  if (provider === "provider_a" && voice !== undefined && /neural|hd/i.test(voice))
    return PROVIDER_A_NEURAL_PRICE;
  return SPEECH_PRICES[provider];
}

/** Cards a render gets: one per directive line, plus the model's picks in `auto` and `semi` modes. */
export function cardCount(request: {
  ai_graphics?: boolean | undefined;
  ai_graphics_mode?: "auto" | "semi" | "manual" | undefined;
  ai_graphics_density?: number | undefined;
  ai_graphics_directives?: string | null | undefined;
}): number {
  if (request.ai_graphics !== true) return 0;
  const mode = request.ai_graphics_mode ?? "auto";
  const directives = (request.ai_graphics_directives ?? "")
    .split("\n")
    .filter((line) => line.trim() !== "").length;
  const automatic = Math.round(AUTO_CARDS_PER_DENSITY * (request.ai_graphics_density ?? 1));
  if (mode === "manual") return directives;
  if (mode === "semi") return directives + automatic;
  return automatic;
}

/**
 * What a task will cost and produce. The sandbox does not probe media: every uploaded or linked audio or video
 * counts as `mediaSeconds` long, so estimates (and charges) are deterministic.
 */
export function estimateTask(request: TaskRequest, mediaSeconds: number): Estimate {
  const media = billedMinutes(mediaSeconds);
  switch (request.type) {
    case "video": {
      const text = request.text ?? "";
      const speech = text.trim() === "" ? 0 : speechSeconds(text, request.tts_speed ?? 1);
      const natural =
        request.scene_durations?.reduce((sum, seconds) => sum + seconds, 0) ??
        (speech > 0 ? speech : request.photos.length * SECONDS_PER_PHOTO);
      const target = request.target_duration ?? natural;
      const outputSeconds = Math.max(natural / 2, Math.min(natural, target));
      const tokens =
        PRICES.videoPerMinute * billedMinutes(outputSeconds) +
        (request.auto_text === true ? PRICES.autoTextPerRender : 0) +
        PRICES.cardPerElement * cardCount(request);
      return { tokens, outputSeconds, speechCharacters: text.length };
    }
    case "audio": {
      const seconds = speechSeconds(request.text, request.tts_speed ?? 1);
      const price = speechPrice(request.tts_provider ?? "provider_a", request.tts_voice);
      return {
        tokens: price * billedMinutes(seconds),
        outputSeconds: seconds,
        speechCharacters: request.text.length,
      };
    }
    case "transcription":
      return {
        tokens: PRICES.transcriptionPerMinute * media,
        outputSeconds: mediaSeconds,
        speechCharacters: 0,
      };
    case "subtitles": {
      const rate = request.translate_to ? PRICES.translatedSubtitlesPerMinute : PRICES.subtitlesPerMinute;
      const tokens =
        rate * media +
        (request.auto_text === true ? PRICES.autoTextPerRender : 0) +
        PRICES.cardPerElement * cardCount(request);
      return { tokens, outputSeconds: mediaSeconds, speechCharacters: 0 };
    }
    case "pause_removal":
      return {
        tokens: PRICES.pauseRemovalPerMinute * media,
        outputSeconds: mediaSeconds,
        speechCharacters: 0,
      };
    case "smart_clip": {
      const tokens =
        PRICES.smartClipPerMinute * media + (request.auto_text === true ? PRICES.autoTextPerRender : 0);
      return { tokens, outputSeconds: mediaSeconds, speechCharacters: 0 };
    }
    case "dubbing": {
      if (request.mode === "semi_auto" && request.step === "transcribe") {
        return {
          tokens: PRICES.transcriptionPerMinute * media,
          outputSeconds: mediaSeconds,
          speechCharacters: 0,
        };
      }
      const rate =
        PRICES.dubbingBasePerMinute + speechPrice(request.tts_provider ?? "provider_d", request.tts_voice);
      const extras =
        request.mode === "auto"
          ? (request.auto_text === true ? PRICES.autoTextPerRender : 0) +
            PRICES.cardPerElement * cardCount(request)
          : 0;
      return { tokens: rate * media + extras, outputSeconds: mediaSeconds, speechCharacters: 0 };
    }
    case "motion": {
      const text = request.text ?? "";
      const seconds = (request.source ?? "text") === "text" ? speechSeconds(text) : mediaSeconds;
      return {
        tokens: PRICES.motionPerMinute * billedMinutes(seconds),
        outputSeconds: seconds,
        speechCharacters: text.length,
      };
    }
  }
}
