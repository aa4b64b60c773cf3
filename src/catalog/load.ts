import { access, readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { z } from "zod";
import { type CatalogFile, CatalogFileSchema } from "./schema.js";

export type Catalog = Readonly<Omit<CatalogFile, "$comment">>;

export interface CatalogIssue {
  /** Where in the file, as a JSON path (`voices[12].provider`), with the entry's id when it has one. */
  path: string;
  message: string;
}

/** The catalog file cannot be used; the message names every bad entry. */
export class CatalogError extends Error {
  override name = "CatalogError";

  constructor(
    readonly source: string,
    readonly issues: CatalogIssue[],
  ) {
    super(
      `catalog ${source} is invalid:\n${issues.map((issue) => `  ${issue.path}: ${issue.message}`).join("\n")}`,
    );
  }
}

export async function loadCatalog(path: string): Promise<Catalog> {
  const text = await readFile(path, "utf8").catch((error: Error) => {
    throw new CatalogError(path, [{ path: "$", message: `cannot be read (${error.message})` }]);
  });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CatalogError(path, [{ path: "$", message: `is not JSON (${(error as Error).message})` }]);
  }
  return withSampleFiles(parseCatalog(json, path), path);
}

/** Sample files are named relative to the catalog; each must be there, or start-up says which is not. */
async function withSampleFiles(catalog: Catalog, path: string): Promise<Catalog> {
  const issues: CatalogIssue[] = [];
  const voices = await Promise.all(
    catalog.voices.map(async (voice, index) => {
      if (voice.sampleFile === undefined) return voice;
      const sampleFile = resolve(dirname(path), voice.sampleFile);
      await access(sampleFile).catch(() =>
        issues.push({
          path: `voices[${index}] ("${voice.id}").sampleFile`,
          message: `${sampleFile} cannot be read`,
        }),
      );
      return { ...voice, sampleFile };
    }),
  );
  if (issues.length > 0) throw new CatalogError(path, issues);
  return { ...catalog, voices };
}

/** Validates catalog JSON: entry shapes first, then the rules between entries. */
export function parseCatalog(json: unknown, source = "catalog"): Catalog {
  const parsed = CatalogFileSchema.safeParse(json);
  if (!parsed.success) {
    throw new CatalogError(
      source,
      parsed.error.issues.map((issue) => ({ path: describePath(json, issue.path), message: issue.message })),
    );
  }
  const { $comment: _comment, ...catalog } = parsed.data;
  const issues = crossCheck(catalog);
  if (issues.length > 0) throw new CatalogError(source, issues);
  return catalog;
}

function crossCheck(catalog: Catalog): CatalogIssue[] {
  const issues: CatalogIssue[] = [];
  const report = (path: string, message: string) => issues.push({ path, message });

  const languages = new Set<string>();
  catalog.languages.forEach((language, index) => {
    const at = `languages[${index}] ("${language.code}")`;
    if (!added(languages, language.code)) report(at, `duplicate language code "${language.code}"`);
    if (languageCode(language.locale) !== language.code) {
      report(`${at}.locale`, `locale "${language.locale}" is not a locale of "${language.code}"`);
    }
  });

  const providers = new Map<string, Catalog["providers"][number]>();
  catalog.providers.forEach((provider, index) => {
    const at = `providers[${index}] ("${provider.id}")`;
    if (providers.has(provider.id)) report(at, `duplicate provider id "${provider.id}"`);
    providers.set(provider.id, provider);
    const spoken = new Set<string>();
    provider.languages.forEach((code, languageIndex) => {
      const languageAt = `${at}.languages[${languageIndex}]`;
      if (!languages.has(code)) report(languageAt, `language "${code}" is not in languages`);
      if (!added(spoken, code)) report(languageAt, `language "${code}" is listed twice`);
    });
  });

  const voiceIds = new Set<string>();
  catalog.voices.forEach((voice, index) => {
    const at = `voices[${index}] ("${voice.id}")`;
    const key = `${voice.provider}\u0000${voice.id}`;
    if (!added(voiceIds, key)) report(at, `duplicate voice id "${voice.id}" of ${voice.provider}`);
    const provider = providers.get(voice.provider);
    if (!provider) {
      report(`${at}.provider`, `provider "${voice.provider}" is not in providers`);
      return;
    }
    if (!provider.languages.includes(voice.language)) {
      report(`${at}.language`, `${voice.provider} does not speak "${voice.language}"`);
    }
    if (voice.tier === "neural" && provider.pricePerMinute.neural === undefined) {
      report(`${at}.tier`, `${voice.provider} has no neural price`);
    }
  });

  const files = new Set<string>();
  const trackStyles = new Set<string>();
  catalog.musicTracks.forEach((track, index) => {
    const at = `musicTracks[${index}] ("${track.file}")`;
    if (!added(files, track.file)) report(at, `duplicate track file "${track.file}"`);
    if (!added(trackStyles, track.style)) report(`${at}.style`, `duplicate track style "${track.style}"`);
  });

  for (const list of ["subtitleStyles", "captionStyles", "cardTemplates", "motionStyles"] as const) {
    const seen = new Set<string>();
    catalog[list].forEach((name, index) => {
      if (!added(seen, name)) report(`${list}[${index}]`, `duplicate "${name}"`);
    });
  }
  return issues;
}

/** Adds `value` to `seen`; false when it was there already. */
function added(seen: Set<string>, value: string): boolean {
  if (seen.has(value)) return false;
  seen.add(value);
  return true;
}

/** The short language code of a code or locale ("uk", "uk-UA", "UK" -> "uk"); undefined when it is none. */
export function languageCode(codeOrLocale: string): string | undefined {
  try {
    return new Intl.Locale(codeOrLocale).language;
  } catch {
    return undefined;
  }
}

const EntryLabelSchema = z.union([
  z.object({ id: z.string() }).transform((entry) => entry.id),
  z.object({ file: z.string() }).transform((entry) => entry.file),
  z.object({ code: z.string() }).transform((entry) => entry.code),
  z.string(),
]);

/** `voices[3] ("x").provider`: the JSON path, with the id of the array entry it falls in when it has one. */
function describePath(json: unknown, path: ReadonlyArray<PropertyKey>): string {
  if (path.length === 0) return "$";
  let text = "";
  let node: unknown = json;
  for (const [position, segment] of path.entries()) {
    text += typeof segment === "number" ? `[${segment}]` : `${position === 0 ? "" : "."}${String(segment)}`;
    node =
      typeof node === "object" && node !== null ? (node as Record<PropertyKey, unknown>)[segment] : undefined;
    if (typeof segment === "number" && position === 1) {
      const label = EntryLabelSchema.safeParse(node).data;
      if (label) text += ` ("${label}")`;
    }
  }
  return text;
}
