/**
 * The sandbox's model catalog. SAMPLE DATA: the ids, labels, providers and prices are invented. They follow
 * the spec's model families and price scale (a fixed image price of a few dozen tokens, a quality image model
 * from tens to over a thousand, an 8-second clip at about 60, a 6/10/15-second model from about 95 to about
 * 1240, one family priced per second), but the real service's catalog is its own. Clients read whatever
 * `GET /v1/models` lists and never hard-code these ids.
 */

export type GenerationType = "image" | "video";
export type ReferenceMode = "frame" | "ingredient";

/** One model as `GET /v1/models` lists it: the spec's catalog entry, field for field. */
export interface CatalogEntry {
  id: string;
  label: string;
  provider: string;
  aspects: string[];
  resolutions: string[];
  pro_only_resolutions: string[];
  durations_sec: number[];
  quality_modes: string[];
  backgrounds: string[];
  max_reference_files: number;
  reference_modes: ReferenceMode[];
  audio: boolean;
  audio_toggle: boolean;
  max_results: number;
  pro_only: boolean;
  price_tokens: { min: number; max: number };
}

/**
 * The inputs a model takes: prompts alone (`text`), reference images, start frames, keyframe chains, source
 * clips or audio references. The spec's catalog entry has no field for video-to-video or audio references (it
 * only says such models exist), so the sandbox keeps this beside the entry and names the models that accept an
 * input in its 400 message.
 */
export type ModelInput = "text" | "references" | "frames" | "keyframes" | "video" | "audio";

/** The options that decide a price. */
export interface PriceChoice {
  resolution: string | undefined;
  duration: number | undefined;
  qualityMode: string | undefined;
}

export type ResultFormat = "jpeg" | "png" | "webp" | "mp4";

export interface SandboxModel {
  type: GenerationType;
  entry: Omit<CatalogEntry, "price_tokens">;
  inputs: ReadonlySet<ModelInput>;
  /** Tokens of one generation. */
  price(choice: PriceChoice): number;
  /** For the model without resolutions: the resolution a quality mode renders at. */
  resolutionOf?: (qualityMode: string) => string;
  result: ResultFormat;
}

const COMMON_ASPECTS = ["1:1", "16:9", "9:16", "4:3", "3:4"];

function table(values: Record<string, number>, key: string | undefined): number {
  const value = key === undefined ? undefined : values[key];
  if (value === undefined) throw new Error(`no price for ${key}`);
  return value;
}

function seconds(duration: number | undefined): number {
  if (duration === undefined) throw new Error("a per-second price needs a duration");
  return duration;
}

const LUMEN_IMAGE: SandboxModel = {
  type: "image",
  entry: {
    id: "lumen-image-2",
    label: "Lumen Image 2",
    provider: "Lumen Labs",
    aspects: COMMON_ASPECTS,
    resolutions: ["1K", "2K", "4K"],
    pro_only_resolutions: ["4K"],
    durations_sec: [],
    quality_modes: [],
    backgrounds: [],
    max_reference_files: 3,
    reference_modes: ["ingredient"],
    audio: false,
    audio_toggle: false,
    max_results: 4,
    pro_only: false,
  },
  inputs: new Set(["text", "references"]),
  price: () => 40,
  result: "jpeg",
};

const ATELIER: SandboxModel = {
  type: "image",
  entry: {
    id: "atelier-3",
    label: "Atelier 3",
    provider: "Atelier AI",
    aspects: [...COMMON_ASPECTS, "21:9"],
    resolutions: ["1K", "2K"],
    pro_only_resolutions: [],
    durations_sec: [],
    quality_modes: ["SPEED", "QUALITY"],
    backgrounds: [],
    max_reference_files: 4,
    reference_modes: ["ingredient"],
    audio: false,
    audio_toggle: false,
    max_results: 8,
    pro_only: false,
  },
  inputs: new Set(["text", "references"]),
  price: ({ qualityMode, resolution }) =>
    table(
      { "SPEED 1K": 25, "SPEED 2K": 35, "QUALITY 1K": 60, "QUALITY 2K": 90 },
      `${qualityMode} ${resolution}`,
    ),
  result: "webp",
};

const PRISM_IMAGE: SandboxModel = {
  type: "image",
  entry: {
    id: "prism-image-1",
    label: "Prism Image 1",
    provider: "Prism Research",
    aspects: ["1:1", "16:9", "9:16", "3:2", "2:3"],
    resolutions: ["1K", "2K", "4K"],
    pro_only_resolutions: [],
    durations_sec: [],
    quality_modes: ["low", "medium", "high"],
    backgrounds: ["auto", "transparent", "opaque"],
    max_reference_files: 5,
    reference_modes: ["ingredient"],
    audio: false,
    audio_toggle: false,
    max_results: 4,
    pro_only: true,
  },
  inputs: new Set(["text", "references"]),
  price: ({ qualityMode, resolution }) =>
    table({ low: 20, medium: 80, high: 250 }, qualityMode) * table({ "1K": 1, "2K": 2, "4K": 5 }, resolution),
  result: "png",
};

const REEL: SandboxModel = {
  type: "video",
  entry: {
    id: "reel-1",
    label: "Reel 1",
    provider: "Reelworks",
    aspects: ["16:9", "9:16"],
    resolutions: ["720p", "1080p"],
    pro_only_resolutions: [],
    durations_sec: [8],
    quality_modes: [],
    backgrounds: [],
    max_reference_files: 2,
    reference_modes: ["frame"],
    audio: true,
    audio_toggle: false,
    max_results: 2,
    pro_only: false,
  },
  inputs: new Set(["text", "frames", "keyframes"]),
  price: () => 60,
  result: "mp4",
};

const CINEMATIC: SandboxModel = {
  type: "video",
  entry: {
    id: "cinematic-3",
    label: "Cinematic 3",
    provider: "Cinematic",
    aspects: ["16:9", "9:16", "1:1"],
    resolutions: ["480p", "720p", "1080p"],
    pro_only_resolutions: [],
    durations_sec: [6, 10, 15],
    quality_modes: ["custom", "normal"],
    backgrounds: [],
    max_reference_files: 3,
    reference_modes: ["frame", "ingredient"],
    audio: true,
    audio_toggle: true,
    max_results: 2,
    pro_only: false,
  },
  inputs: new Set(["text", "frames", "keyframes"]),
  // Tokens a second by resolution; `custom` costs a third more than `normal`.
  price: ({ resolution, qualityMode, duration }) =>
    Math.round(
      table({ "480p": 16, "720p": 36, "1080p": 62 }, resolution) *
        seconds(duration) *
        table({ normal: 1, custom: 4 / 3 }, qualityMode),
    ),
  result: "mp4",
};

const KINETIC: SandboxModel = {
  type: "video",
  entry: {
    id: "kinetic-2.1",
    label: "Kinetic 2.1",
    provider: "Kinetic Video",
    aspects: ["16:9", "9:16", "1:1"],
    resolutions: [],
    pro_only_resolutions: [],
    durations_sec: [5, 10],
    quality_modes: ["standard", "professional", "professional_audio"],
    backgrounds: [],
    max_reference_files: 2,
    reference_modes: ["frame"],
    audio: true,
    audio_toggle: false,
    max_results: 1,
    pro_only: false,
  },
  inputs: new Set(["text", "frames", "keyframes"]),
  // The family priced per second.
  price: ({ qualityMode, duration }) =>
    table({ standard: 14, professional: 25, professional_audio: 35 }, qualityMode) * seconds(duration),
  resolutionOf: (qualityMode) => (qualityMode === "standard" ? "720p" : "1080p"),
  result: "mp4",
};

const REMIX: SandboxModel = {
  type: "video",
  entry: {
    id: "remix-2",
    label: "Remix 2",
    provider: "Reelworks",
    aspects: ["16:9", "9:16"],
    resolutions: ["720p", "1080p"],
    pro_only_resolutions: [],
    durations_sec: [5, 10],
    quality_modes: [],
    backgrounds: [],
    max_reference_files: 0,
    reference_modes: [],
    audio: false,
    audio_toggle: false,
    max_results: 1,
    pro_only: false,
  },
  inputs: new Set(["video"]),
  price: ({ resolution, duration }) => table({ "720p": 12, "1080p": 20 }, resolution) * seconds(duration),
  result: "mp4",
};

const ECHO_AVATAR: SandboxModel = {
  type: "video",
  entry: {
    id: "echo-avatar-1",
    label: "Echo Avatar 1",
    provider: "Echo Studio",
    aspects: ["9:16", "16:9", "1:1"],
    resolutions: ["720p"],
    pro_only_resolutions: [],
    durations_sec: [5, 10, 15],
    quality_modes: [],
    backgrounds: [],
    max_reference_files: 0,
    reference_modes: [],
    audio: true,
    audio_toggle: false,
    max_results: 1,
    pro_only: false,
  },
  inputs: new Set(["audio"]),
  price: ({ duration }) => 10 * seconds(duration),
  result: "mp4",
};

export const SANDBOX_MODELS: readonly SandboxModel[] = [
  LUMEN_IMAGE,
  ATELIER,
  PRISM_IMAGE,
  REEL,
  CINEMATIC,
  KINETIC,
  REMIX,
  ECHO_AVATAR,
];

export const DEFAULT_MODELS: Record<GenerationType, SandboxModel> = { image: LUMEN_IMAGE, video: REEL };

/** Every price choice the model accepts (its lists, or the one absent value when a list is empty). */
export function priceChoices(model: SandboxModel): PriceChoice[] {
  const { resolutions, durations_sec: durations, quality_modes: qualities } = model.entry;
  const choices: PriceChoice[] = [];
  for (const resolution of resolutions.length > 0 ? resolutions : [undefined])
    for (const duration of durations.length > 0 ? durations : [undefined])
      for (const qualityMode of qualities.length > 0 ? qualities : [undefined])
        choices.push({ resolution, duration, qualityMode });
  return choices;
}

/** The catalog entry with `price_tokens` taken from the model's own prices, so the range is never stale. */
export function catalogEntry(model: SandboxModel): CatalogEntry {
  const prices = priceChoices(model).map((choice) => model.price(choice));
  return { ...model.entry, price_tokens: { min: Math.min(...prices), max: Math.max(...prices) } };
}

export function findModel(type: GenerationType, id: string): SandboxModel | undefined {
  return SANDBOX_MODELS.find((model) => model.type === type && model.entry.id === id);
}

export function modelsOf(type: GenerationType): SandboxModel[] {
  return SANDBOX_MODELS.filter((model) => model.type === type);
}
