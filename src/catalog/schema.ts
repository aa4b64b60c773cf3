/**
 * The catalog file (CATALOG_PATH): what the service offers but its spec does not name. Entry shapes only;
 * load.ts checks the rules between entries, reporting each problem with its entry.
 */
import { z } from "zod";

const Identifier = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/, "letters, digits, _ . : - only");
const LanguageCode = z.string().regex(/^[a-z]{2,3}$/, "a short language code such as uk");

const CatalogLanguageSchema = z.strictObject({
  code: LanguageCode,
  /** The full locale the service accepts for the code, for example uk-UA. */
  locale: z.string().regex(/^[a-z]{2,3}-[A-Z]{2}$/, "a locale such as uk-UA"),
  rtl: z.boolean(),
});

/** Stand-ins for withheld names say so, and say what the operator does about it. */
const sampleMarks = {
  sample: z.boolean().default(false),
  note: z.string().min(1).optional(),
};

const PROVIDER_QUALITIES = ["Basic", "Good", "Excellent", "Premium"] as const;

const TokensPerMinute = z.number().int().nonnegative();

export const CatalogProviderSchema = z.strictObject({
  /** The value sent as `tts_provider`. */
  id: Identifier,
  /** The name users see. */
  label: z.string().trim().min(1).max(64),
  quality: z.enum(PROVIDER_QUALITIES),
  /** Tokens per minute of speech; 0 is free. `neural` prices the provider's neural/HD voices. */
  pricePerMinute: z.strictObject({ standard: TokensPerMinute, neural: TokensPerMinute.optional() }),
  /** Accepts `tts_style`. */
  supportsStyle: z.boolean(),
  /** Accepts `tts_scene`. */
  supportsScene: z.boolean(),
  /** Curated languages (codes of `languages`). */
  languages: z.array(LanguageCode),
  ...sampleMarks,
});

export const CatalogVoiceSchema = z.strictObject({
  /** The value sent as `tts_voice`. */
  id: z.string().trim().min(1).max(128),
  /** The name users see. */
  name: z.string().trim().min(1).max(64),
  provider: Identifier,
  language: LanguageCode,
  /** Said beside the name, so a voice is chosen by how it sounds. */
  gender: z.enum(["female", "male", "neutral"]).optional(),
  /** In a word people choose by (a voice library's descriptives). */
  tone: z.enum(["calm", "warm", "bright", "deep", "soft", "energetic", "confident"]).optional(),
  /** Priced at the provider's `neural` rate when "neural". */
  tier: z.enum(["standard", "neural"]).default("standard"),
  /**
   * A pre-rendered sample of the voice (MP3 or OGG), relative to the catalog file: ▶ plays it and the
   * service is not asked. Absolute once loaded.
   */
  sampleFile: z
    .string()
    .regex(/^[^\0]+\.(mp3|ogg|m4a)$/i, "an MP3, OGG or M4A file")
    .optional(),
  ...sampleMarks,
});

export const CatalogMusicTrackSchema = z.strictObject({
  /** The exact file name sent as `bgm_track`. */
  file: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 _.-]*\.mp3$/, "an MP3 file name"),
  style: z.string().trim().min(1).max(64),
  /** The style's name in each interface language (en, uk, ru); `style` where one is missing. */
  names: z.record(LanguageCode, z.string().trim().min(1).max(64)).optional(),
  ...sampleMarks,
});

const StyleList = z.array(Identifier).min(1);

export const CatalogFileSchema = z.strictObject({
  $comment: z.string().optional(),
  version: z.literal(1),
  languages: z.array(CatalogLanguageSchema).min(1),
  providers: z.array(CatalogProviderSchema).min(1),
  voices: z.array(CatalogVoiceSchema),
  musicTracks: z.array(CatalogMusicTrackSchema),
  subtitleStyles: StyleList,
  captionStyles: StyleList,
  cardTemplates: StyleList,
  motionStyles: StyleList,
});

export type CatalogProvider = z.infer<typeof CatalogProviderSchema>;
export type CatalogVoice = z.infer<typeof CatalogVoiceSchema>;
export type CatalogMusicTrack = z.infer<typeof CatalogMusicTrackSchema>;
export type CatalogFile = z.infer<typeof CatalogFileSchema>;
