import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  type Catalog,
  CatalogError,
  catalogPort,
  languageName,
  loadCatalog,
  parseCatalog,
  providersFor,
  voicesFor,
} from "../../../src/catalog/index.js";
import {
  CARD_TEMPLATES,
  MOTION_STYLES,
  OVERLAY_STYLES,
  SUB_STYLES,
  TTS_PROVIDERS,
  TTS_SCENE_PROVIDERS,
  TTS_STYLE_PROVIDERS,
} from "../../../src/tasks-service/schemas/common.js";

const SHIPPED = path.resolve(import.meta.dirname, "../../../catalog/catalog.json");

/** The spec's table of curated languages: code, locale, engines. */
const SPEC_LANGUAGES: Array<[string, string, string]> = [
  ..."uk uk-UA,en en-US,ru ru-RU,es es-ES,de de-DE,fr fr-FR,pl pl-PL,it it-IT,pt pt-BR,zh zh-CN,ja ja-JP,ar ar-SA,tr tr-TR,hi hi-IN,id id-ID,ko ko-KR,nl nl-NL,ro ro-RO"
    .split(",")
    .map((pair) => [...(pair.split(" ") as [string, string]), "abdf"] as [string, string, string]),
  ...["bn bn-BD", "vi vi-VN", "th th-TH"].map(
    (pair) => [...(pair.split(" ") as [string, string]), "abd"] as [string, string, string],
  ),
  ...["ms ms-MY", "el el-GR", "cs cs-CZ", "sv sv-SE"].map(
    (pair) => [...(pair.split(" ") as [string, string]), "adf"] as [string, string, string],
  ),
  ["he", "he-IL", "ad"],
  ...["fa fa-IR", "ur ur-PK", "az az-AZ", "kk kk-KZ", "uz uz-UZ"].map(
    (pair) => [...(pair.split(" ") as [string, string]), "d"] as [string, string, string],
  ),
];

/** The shipped file as raw JSON, for tests that break it in place. */
// biome-ignore lint/suspicious/noExplicitAny: the tests write wrong types into arbitrary places of the raw JSON
async function shippedJson(): Promise<any> {
  return JSON.parse(await readFile(SHIPPED, "utf8"));
}

function errorOf(run: () => unknown): CatalogError {
  try {
    run();
  } catch (error) {
    if (error instanceof CatalogError) return error;
    throw error;
  }
  throw new Error("the catalog was accepted");
}

describe("the shipped catalog", () => {
  it("validates", async () => {
    await expect(loadCatalog(SHIPPED)).resolves.toBeDefined();
  });

  it("has the six providers with the spec's quality, price and style/scene support", async () => {
    const catalog = await loadCatalog(SHIPPED);
    expect(catalog.providers.map((provider) => provider.id)).toEqual([...TTS_PROVIDERS]);
    const summary = Object.fromEntries(
      catalog.providers.map((p) => [p.id, [p.quality, p.pricePerMinute.standard, p.pricePerMinute.neural]]),
    );
    expect(summary).toEqual({
      provider_a: ["Good", 6, 27],
      provider_b: ["Excellent", 41, undefined],
      provider_c: ["Good", 27, undefined],
      provider_d: ["Good", 0, undefined],
      provider_e: ["Basic", 14, undefined],
      provider_f: ["Premium", 17, undefined],
    });
    expect(catalog.providers.filter((p) => p.supportsStyle).map((p) => p.id)).toEqual([
      ...TTS_STYLE_PROVIDERS,
    ]);
    expect(catalog.providers.filter((p) => p.supportsScene).map((p) => p.id)).toEqual([
      ...TTS_SCENE_PROVIDERS,
    ]);
  });

  it("has the spec's 31 curated languages with locale, RTL flag and engines", async () => {
    const catalog = await loadCatalog(SHIPPED);
    expect(catalog.languages.map((l) => [l.code, l.locale])).toEqual(SPEC_LANGUAGES.map(([c, l]) => [c, l]));
    expect(catalog.languages.filter((l) => l.rtl).map((l) => l.code)).toEqual(["ar", "he", "fa", "ur"]);
    for (const [code, , engines] of SPEC_LANGUAGES) {
      const speaking = providersFor(catalog, code).map((p) => p.id.slice(-1));
      expect(speaking.sort().join(""), code).toBe(engines);
    }
    // Not in the spec's table: no curated languages until an operator has grounds to add some.
    expect(catalog.providers.find((p) => p.id === "provider_c")?.languages).toEqual([]);
    expect(catalog.providers.find((p) => p.id === "provider_e")?.languages).toEqual([]);
  });

  it("has sample voices for every provider and language it speaks, marked for the operator", async () => {
    const catalog = await loadCatalog(SHIPPED);
    for (const provider of catalog.providers) {
      for (const code of provider.languages) {
        const voices = voicesFor(catalog, provider.id, code);
        expect(voices.length, `${provider.id} ${code}`).toBeGreaterThan(0);
      }
    }
    expect(catalog.voices.every((voice) => voice.sample && voice.note)).toBe(true);
    const providerA = voicesFor(catalog, "provider_a", "uk");
    expect(providerA.map((voice) => voice.tier).sort()).toEqual(["neural", "standard"]);
  });

  it("has the 12 music tracks by style and the spec's style lists", async () => {
    const catalog = await loadCatalog(SHIPPED);
    expect(catalog.musicTracks).toHaveLength(12);
    const byStyle = (style: string) => catalog.musicTracks.find((track) => track.style === style);
    expect(byStyle("lofi chill")).toMatchObject({ file: "lofi_chill.mp3", sample: true });
    expect(byStyle("dramatic ambient")?.file).toBe("dramatic_ambient.mp3");
    expect(byStyle("polka")).toBeUndefined();
    expect(catalog.subtitleStyles).toEqual([...SUB_STYLES]);
    expect(catalog.captionStyles).toEqual([...OVERLAY_STYLES]);
    expect(catalog.cardTemplates).toEqual([...CARD_TEMPLATES]);
    expect(catalog.motionStyles).toEqual([...MOTION_STYLES]);
    expect([catalog.subtitleStyles.length, catalog.captionStyles.length]).toEqual([14, 7]);
    expect([catalog.cardTemplates.length, catalog.motionStyles.length]).toEqual([10, 13]);
  });
});

describe("catalog helpers", () => {
  it("find providers and voices by a code or a full locale", async () => {
    const catalog = await loadCatalog(SHIPPED);
    expect(providersFor(catalog, "he-IL").map((p) => p.id)).toEqual(["provider_a", "provider_d"]);
    expect(providersFor(catalog, "kk").map((p) => p.id)).toEqual(["provider_d"]);
    expect(providersFor(catalog, "xx")).toEqual([]);
    expect(providersFor(catalog, "not a language")).toEqual([]);
    expect(voicesFor(catalog, "provider_b", "uk-UA")).toEqual(voicesFor(catalog, "provider_b", "uk"));
    expect(voicesFor(catalog, "provider_b", "kk")).toEqual([]);
    expect(voicesFor(catalog, "provider_z", "uk")).toEqual([]);
  });

  it("gives the bot providers with labels and voices with names", async () => {
    const port = catalogPort(await loadCatalog(SHIPPED));
    expect(port.providers().map((p) => p.label)).toContain("Sonora");
    const voice = port.voices("provider_f", "de")[0];
    expect(voice).toMatchObject({ id: expect.any(String), name: expect.any(String) });
  });

  it("names languages in the UI locale", () => {
    expect(languageName("uk", "en")).toBe("Ukrainian");
    expect(languageName("uk", "uk")).toBe("українська");
    expect(languageName("uk", "ru")).toBe("украинский");
    expect(languageName("de", "uk")).toBe("німецька");
    expect(languageName("ar", "en")).toBe("Arabic");
  });
});

describe("a broken catalog", () => {
  it("stops at a voice of an unknown provider, naming the voice", async () => {
    const json = await shippedJson();
    json.voices[3].provider = "provider_z";
    const error = errorOf(() => parseCatalog(json));
    expect(error.message).toContain(`voices[3] ("${json.voices[3].id}").provider`);
    expect(error.message).toContain(`provider "provider_z" is not in providers`);
  });

  it("stops at a voice in a language its provider does not speak", async () => {
    const json = await shippedJson();
    const index = json.voices.findIndex((voice: { provider: string }) => voice.provider === "provider_b");
    json.voices[index].language = "kk";
    const error = errorOf(() => parseCatalog(json));
    expect(error.issues).toEqual([
      {
        path: `voices[${index}] ("${json.voices[index].id}").language`,
        message: `provider_b does not speak "kk"`,
      },
    ]);
  });

  it("stops at a duplicate track, naming it", async () => {
    const json = await shippedJson();
    json.musicTracks.push({ ...json.musicTracks[0], style: "another style" });
    const error = errorOf(() => parseCatalog(json));
    expect(error.issues).toEqual([
      { path: `musicTracks[12] ("lofi_chill.mp3")`, message: `duplicate track file "lofi_chill.mp3"` },
    ]);
  });

  it("stops at duplicate voice and provider ids", async () => {
    const json = await shippedJson();
    json.voices.push({ ...json.voices[0] });
    json.providers.push({ ...json.providers[1] });
    const error = errorOf(() => parseCatalog(json));
    expect(error.message).toMatch(/voices\[200\] \(".*"\): duplicate voice id/);
    expect(error.message).toContain(`providers[6] ("provider_b"): duplicate provider id "provider_b"`);
  });

  it("stops at a bad price, naming the provider and field", async () => {
    const json = await shippedJson();
    json.providers[4].pricePerMinute.standard = -14;
    const error = errorOf(() => parseCatalog(json, "catalog.json"));
    expect(error.message).toContain("catalog catalog.json is invalid");
    expect(error.issues).toHaveLength(1);
    expect(error.issues[0]?.path).toBe(`providers[4] ("provider_e").pricePerMinute.standard`);
    json.providers[4].pricePerMinute.standard = "14";
    expect(errorOf(() => parseCatalog(json)).issues[0]?.path).toBe(
      `providers[4] ("provider_e").pricePerMinute.standard`,
    );
  });

  it("stops at a missing field", async () => {
    const json = await shippedJson();
    delete json.providers[2].quality;
    delete json.musicTracks[5].style;
    delete json.motionStyles;
    const paths = errorOf(() => parseCatalog(json)).issues.map((issue) => issue.path);
    expect(paths).toEqual([
      `providers[2] ("provider_c").quality`,
      `musicTracks[5] ("slap_house.mp3").style`,
      "motionStyles",
    ]);
  });

  it("stops at a locale of another language and a provider language not in the list", async () => {
    const json = await shippedJson();
    json.languages[0].locale = "ru-RU";
    json.providers[2].languages = ["tlh"];
    const messages = errorOf(() => parseCatalog(json)).issues.map(
      (issue) => `${issue.path}: ${issue.message}`,
    );
    expect(messages).toEqual([
      `languages[0] ("uk").locale: locale "ru-RU" is not a locale of "uk"`,
      `providers[2] ("provider_c").languages[0]: language "tlh" is not in languages`,
    ]);
  });

  it("stops at a file that is not there or not JSON, naming the file", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "catalog-"));
    const bad = path.join(dir, "catalog.json");
    await writeFile(bad, "{ not json");
    await expect(loadCatalog(bad)).rejects.toThrow(`catalog ${bad} is invalid`);
    await expect(loadCatalog(path.join(dir, "missing.json"))).rejects.toThrow(/cannot be read/);
  });

  it("is never half-accepted: the valid result is a full catalog", async () => {
    const catalog: Catalog = parseCatalog(await shippedJson());
    expect(catalog.voices).toHaveLength(200);
    expect(Object.keys(catalog)).not.toContain("$comment");
  });
});
