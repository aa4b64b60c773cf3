/** Nothing else in the program names the catalog's providers, voices, music or styles: ask these. */
import { type Catalog, languageCode } from "./load.js";
import type { CatalogMusicTrack, CatalogProvider, CatalogVoice } from "./schema.js";

export { type Catalog, CatalogError, languageCode, loadCatalog, parseCatalog } from "./load.js";
export type { CatalogVoice } from "./schema.js";

export function providerById(catalog: Catalog, id: string): CatalogProvider | undefined {
  return catalog.providers.find((provider) => provider.id === id);
}

/** Providers with curated voices in the language (a code or a locale). */
export function providersFor(catalog: Catalog, language: string): CatalogProvider[] {
  const code = languageCode(language);
  return catalog.providers.filter((provider) => code !== undefined && provider.languages.includes(code));
}

/** Voices of a provider in a language (a code or a locale), in catalog order. */
export function voicesFor(catalog: Catalog, provider: string, language: string): CatalogVoice[] {
  const code = languageCode(language);
  return catalog.voices.filter((voice) => voice.provider === provider && voice.language === code);
}

/** Tokens a minute of a voice's speech: its provider's rate for its tier; undefined without its provider. */
export function voicePricePerMinute(catalog: Catalog, voice: CatalogVoice): number | undefined {
  const price = providerById(catalog, voice.provider)?.pricePerMinute;
  if (price === undefined) return undefined;
  return voice.tier === "neural" ? (price.neural ?? price.standard) : price.standard;
}

/**
 * Every voice of a language (a code or a locale) whose provider speaks it, the cheapest first: one list
 * to choose from by name, with the provider as a detail. Catalog order among voices of one price.
 */
export function voicesIn(catalog: Catalog, language: string): CatalogVoice[] {
  const providers = new Set(providersFor(catalog, language).map((provider) => provider.id));
  const code = languageCode(language);
  const priced = catalog.voices
    .filter((voice) => voice.language === code && providers.has(voice.provider))
    .map((voice) => ({ voice, price: voicePricePerMinute(catalog, voice) ?? 0 }));
  return priced.sort((a, b) => a.price - b.price).map(({ voice }) => voice);
}

/**
 * A language's name in the UI locale ("uk" in "en" -> "Ukrainian", in "uk" -> "українська", in "ru" ->
 * "украинский"), from the runtime's CLDR data. Falls back to the code when the runtime has no name.
 */
export function languageName(code: string, uiLocale: string): string {
  try {
    return new Intl.DisplayNames([uiLocale], { type: "language", fallback: "code" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A music track's style in the interface language, else as the catalog names it. */
export function musicStyle(track: CatalogMusicTrack, uiLocale: string): string {
  const code = languageCode(uiLocale);
  return (code === undefined ? undefined : track.names?.[code]) ?? track.style;
}

/** The bot's view of the catalog (src/bot/deps.ts VoiceCatalogPort). */
export function catalogPort(catalog: Catalog) {
  return {
    providers: () => catalog.providers,
    voices: (providerId: string, language: string) => voicesFor(catalog, providerId, language),
  };
}
