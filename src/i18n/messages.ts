/**
 * The bot's words: one Fluent bundle per language from the .ftl files of its folder under locales/, with
 * the default language's behind it for a message it lacks; each bundle is made when first asked for.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { FluentBundle, FluentResource, type FluentVariable } from "@fluent/bundle";
import { type BotLocale, botLocaleFromTag } from "./locales.js";

export type MessageVariables = Record<string, FluentVariable>;

/** Every .ftl file under `directory`, by name, so the join does not depend on the file system's order. */
function ftlFiles(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ftl"))
    .sort();
}

function bundleOf(locale: BotLocale, source: string): FluentBundle {
  const bundle = new FluentBundle(locale, { useIsolating: false });
  const errors = bundle.addResource(new FluentResource(source), { allowOverrides: true });
  if (errors.length > 0) {
    throw new Error(`locales/${locale} does not parse: ${errors.map((error) => error.message).join("; ")}`);
  }
  return bundle;
}

export class Messages {
  private readonly sources = new Map<BotLocale, string>();
  private readonly fallback: FluentBundle;
  /** Each language's bundles, made when the language is first asked for. */
  private readonly bundles = new Map<BotLocale, readonly FluentBundle[]>();

  /**
   * Reads `<directory>/<locale>/**\/*.ftl` (or `<directory>/<locale>.ftl`) for each of the bot's
   * languages that has any. The default language's bundle is made now, the others on first use.
   */
  constructor(
    directory: string,
    private readonly defaultLocale: BotLocale,
  ) {
    for (const file of ftlFiles(directory)) {
      const locale = botLocaleFromTag(file.split(path.sep)[0]?.replace(/\.ftl$/, ""));
      if (locale === undefined) continue;
      const text = readFileSync(path.join(directory, file), "utf8");
      const before = this.sources.get(locale);
      this.sources.set(locale, before === undefined ? text : `${before}\n${text}`);
    }
    const source = this.sources.get(defaultLocale);
    if (source === undefined) {
      throw new Error(`${directory} has no messages in ${defaultLocale}, the default language`);
    }
    this.fallback = bundleOf(defaultLocale, source);
  }

  /**
   * The message `key` (or `key.attribute`) in `locale`, else in the default language; `{key}` when
   * neither has it. A tag the bot has no language for reads in the default one.
   */
  translate(locale: string, key: string, variables?: MessageVariables): string {
    return formatted(this.bundlesOf(botLocaleFromTag(locale) ?? this.defaultLocale), key, variables);
  }

  /** A translator bound to one of the bot's languages. */
  in(locale: BotLocale): (key: string, variables?: MessageVariables) => string {
    const bundles = this.bundlesOf(locale);
    return (key, variables) => formatted(bundles, key, variables);
  }

  private bundlesOf(locale: BotLocale): readonly FluentBundle[] {
    const made = this.bundles.get(locale);
    if (made) return made;
    const source = locale === this.defaultLocale ? undefined : this.sources.get(locale);
    const bundles = source === undefined ? [this.fallback] : [bundleOf(locale, source), this.fallback];
    this.bundles.set(locale, bundles);
    return bundles;
  }
}

function formatted(bundles: readonly FluentBundle[], key: string, variables?: MessageVariables): string {
  const [id = "", attribute] = key.split(".", 2);
  for (const bundle of bundles) {
    const message = bundle.getMessage(id);
    if (message === undefined) continue;
    if (attribute === undefined) return bundle.formatPattern(message.value ?? "", variables);
    const pattern = message.attributes[attribute];
    if (pattern !== undefined) return bundle.formatPattern(pattern, variables);
  }
  return `{${key}}`;
}
