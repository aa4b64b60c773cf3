/**
 * What the words audit looks for in a text the user is shown: a code instead of a word (a value of the
 * spec's vocabularies, a provider id or label, an ASS colour, a snake_case token), in uk and ru a Latin
 * word outside a short allow-list, a number followed by the wrong plural form, a double full stop, a
 * sentence said twice in one message, and words the service made up rather than the bot (its default
 * prompts). The locale files are read too: a number placed before a noun must choose the noun's form
 * by that number. What the user is meant to type (shown as code, a command, a bot's @username) is exempt.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { LOCALES_DIRECTORY } from "../../src/bot/i18n.js";
import type { BotLocale } from "../../src/i18n/locales.js";
import * as vocabularies from "../../src/tasks-service/schemas/common.js";
import { TASK_DEFAULTS } from "../../src/tasks-service/schemas/index.js";
import { type ApiCall, BotHarness } from "./bot-harness.js";
import { localeFiles } from "./locale-source.js";

export type FindingKind = "code" | "latin" | "plural" | "punctuation" | "repeat" | "service" | "name";
export const FINDING_KINDS: readonly FindingKind[] = [
  "code",
  "latin",
  "plural",
  "punctuation",
  "repeat",
  "service",
  "name",
];
export interface Finding {
  kind: FindingKind;
  word: string;
  where: string;
}

/** Every value of the spec's vocabularies, read from the task service schemas. */
function vocabularyValues(): Set<string> {
  const values = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === "string") values.add(value);
  };
  for (const exported of Object.values(vocabularies)) {
    if (Array.isArray(exported)) exported.forEach(add);
  }
  for (const defaults of Object.values(TASK_DEFAULTS)) Object.values(defaults).forEach(add);
  return values;
}

/** Latin words a Ukrainian or Russian screen may hold: brands, formats, and names from the catalogs. */
export function latinAllowed(names: readonly string[]): Set<string> {
  const words = [
    "Telegram",
    "USD",
    "UTC",
    "API",
    "HTTP",
    "X-API-Key",
    "https",
    "MP3",
    "MP4",
    "WAV",
    "M4A",
    "MOV",
    "AVI",
    "JPEG",
    "PNG",
    "WebP",
    "SRT",
    "TXT",
    "English",
    "Free",
    "Pro",
    ...names,
  ];
  return new Set(words.flatMap((word) => word.split(/[^A-Za-z0-9-]+/)).map((word) => word.toLowerCase()));
}

/** Nominative forms of the nouns (and the adjectives before them) that meet numbers, by plural category. */
const NOUNS: Record<BotLocale, Array<Record<string, string>>> = {
  en: [
    { one: "token", other: "tokens" },
    { one: "clip", other: "clips" },
    { one: "file", other: "files" },
    { one: "caption", other: "captions" },
    { one: "generation", other: "generations" },
    { one: "image", other: "images" },
    { one: "result", other: "results" },
    { one: "prompt", other: "prompts" },
    { one: "photo", other: "photos" },
    { one: "character", other: "characters" },
    { one: "line", other: "lines" },
    { one: "day", other: "days" },
    { one: "second", other: "seconds" },
    { one: "minute", other: "minutes" },
    { one: "request", other: "requests" },
    { one: "recording", other: "recordings" },
  ],
  uk: [
    { one: "токен", few: "токени", many: "токенів", other: "токена" },
    { one: "ролик", few: "ролики", many: "роликів", other: "ролика" },
    { one: "файл", few: "файли", many: "файлів", other: "файлу" },
    { one: "напис", few: "написи", many: "написів", other: "напису" },
    { one: "генерація", few: "генерації", many: "генерацій", other: "генерації" },
    { one: "зображення", few: "зображення", many: "зображень", other: "зображення" },
    { one: "результат", few: "результати", many: "результатів", other: "результату" },
    { one: "опис", few: "описи", many: "описів", other: "опису" },
    { one: "кліп", few: "кліпи", many: "кліпів", other: "кліпу" },
    { one: "символ", few: "символи", many: "символів", other: "символу" },
    { one: "рядок", few: "рядки", many: "рядків", other: "рядка" },
    { one: "день", few: "дні", many: "днів", other: "дня" },
    { one: "секунда", few: "секунди", many: "секунд", other: "секунди" },
    { one: "хвилина", few: "хвилини", many: "хвилин", other: "хвилини" },
    { one: "запит", few: "запити", many: "запитів", other: "запиту" },
    { one: "запис", few: "записи", many: "записів", other: "запису" },
    { one: "перехід", few: "переходи", many: "переходів", other: "переходу" },
  ],
  ru: [
    { one: "токен", few: "токена", many: "токенов", other: "токена" },
    { one: "ролик", few: "ролика", many: "роликов", other: "ролика" },
    { one: "файл", few: "файла", many: "файлов", other: "файла" },
    { one: "надпись", few: "надписи", many: "надписей", other: "надписи" },
    { one: "генерация", few: "генерации", many: "генераций", other: "генерации" },
    { one: "изображение", few: "изображения", many: "изображений", other: "изображения" },
    { one: "результат", few: "результата", many: "результатов", other: "результата" },
    { one: "описание", few: "описания", many: "описаний", other: "описания" },
    { one: "клип", few: "клипа", many: "клипов", other: "клипа" },
    { one: "символ", few: "символа", many: "символов", other: "символа" },
    { one: "строка", few: "строки", many: "строк", other: "строки" },
    { one: "день", few: "дня", many: "дней", other: "дня" },
    { one: "секунда", few: "секунды", many: "секунд", other: "секунды" },
    { one: "минута", few: "минуты", many: "минут", other: "минуты" },
    { one: "запрос", few: "запроса", many: "запросов", other: "запроса" },
    { one: "запись", few: "записи", many: "записей", other: "записи" },
    { one: "переход", few: "перехода", many: "переходов", other: "перехода" },
  ],
};

/** After these words a number takes the genitive (or another case), which the nominative table does not judge. */
const GOVERNING = new Set(
  "до від із з понад щонайменше щонайбільше більше менше під от из с около более менее больше меньше под of from to".split(
    " ",
  ),
);

function nounForms(locale: BotLocale, noun: string): Record<string, string> | undefined {
  const lower = noun.toLowerCase();
  return NOUNS[locale].find((entry) => Object.values(entry).includes(lower));
}

/** What the user reads, less what they type as it is: code, links, commands, a bot's @username (inline mode). */
function visibleText(text: string): string {
  return text
    .replace(/<code>[\s\S]*?<\/code>/g, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/(^|\s)\/[a-z]+/g, " ")
    .replace(/(^|\s)@[A-Za-z][A-Za-z0-9_]{4,31}\b/g, " ");
}

const EntitiesSchema = z.array(z.object({ type: z.string(), offset: z.number(), length: z.number() }));

/** The text without what its entities mark as code or hide as a spoiler (a key, a command to copy). */
function withoutEntities(text: string, entities: unknown): string {
  const parsed = EntitiesSchema.safeParse(entities);
  if (!parsed.success) return text;
  let result = text;
  for (const entity of parsed.data) {
    if (!["code", "pre", "spoiler"].includes(entity.type)) continue;
    result =
      result.slice(0, entity.offset) +
      " ".repeat(entity.length) +
      result.slice(entity.offset + entity.length);
  }
  return result;
}

/** The sentences of a text long enough that saying one twice is a slip, not a list of like items. */
function sentences(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[.!?]$/.test(sentence) && sentence.split(/\s+/).length >= 4);
}

export interface WordsAuditOptions {
  /** Latin words allowed in uk and ru (lower case). */
  allowed: Set<string>;
  /** Texts the service writes on its own (its default prompts): the bot must never pass them on as its words. */
  serviceTexts?: readonly string[];
}

export class WordsAudit {
  readonly findings: Finding[] = [];
  private readonly vocabulary = vocabularyValues();

  constructor(
    private readonly locale: BotLocale,
    private readonly options: WordsAuditOptions,
  ) {}

  report(kind: FindingKind, word: string, where: string): void {
    this.findings.push({ kind, word, where });
  }

  check(raw: string, where: string): void {
    const text = visibleText(raw);
    const report = (kind: FindingKind, word: string) => this.report(kind, word, where);
    for (const match of text.matchAll(/&H[0-9A-F]{6,8}/gi)) report("code", match[0]);
    for (const match of text.matchAll(/\bprovider_[a-z]\b|\bProvider [A-F]\b/g)) report("code", match[0]);
    for (const match of text.matchAll(/\b[A-Za-z]+(?:_[A-Za-z0-9]+)+\b/g)) report("code", match[0]);
    for (const match of text.matchAll(/\b\d+_\d+\b/g)) report("code", match[0]);
    for (const line of text.split("\n")) {
      const bare = line.replace(/^(• |☑️ |▫️ |✅ )/, "").trim();
      // A value after its label ("Output: srt", a list of them), or a button that is one value; prose
      // that lists words ("language, voice, format") is not a list of values.
      const values = bare.includes(": ") ? bare.slice(bare.indexOf(": ") + 2).split(", ") : [bare];
      for (const part of values) {
        if (this.vocabulary.has(part.trim())) report("code", part.trim());
      }
    }
    if (this.locale !== "en") {
      for (const match of text.matchAll(/[A-Za-z][A-Za-z0-9-]*[A-Za-z0-9]|[A-Za-z]/g)) {
        // A size or a resolution ("1080p", "4K") is written so in every language.
        const glued = /\d$/.test(text.slice(0, match.index)) && /^[pK]$/.test(match[0]);
        if (!glued && !this.options.allowed.has(match[0].toLowerCase())) report("latin", match[0]);
      }
    }
    // A full stop after an abbreviation's own ("р..", "г.."); an ellipsis is three.
    for (const match of text.matchAll(/\S*(?<!\.)\.\.(?!\.)/g)) report("punctuation", match[0]);
    const said = new Set<string>();
    for (const sentence of sentences(text)) {
      if (said.has(sentence)) report("repeat", sentence);
      said.add(sentence);
    }
    for (const serviceText of this.options.serviceTexts ?? []) {
      if (raw.includes(serviceText.slice(0, 24))) report("service", serviceText);
    }
    this.checkPlurals(text, report);
  }

  /** A number as this language writes it: "9,552.5" in en, "9 552,5" in uk and ru. */
  private numberOf(digits: string): number {
    const bare = digits.replace(/[\s\u00a0\u202f]/g, "");
    return Number(this.locale === "en" ? bare.replace(/,/g, "") : bare.replace(/,/g, "."));
  }

  private checkPlurals(text: string, report: (kind: FindingKind, word: string) => void): void {
    const rules = new Intl.PluralRules(this.locale);
    for (const match of text.matchAll(/(?<![\p{L}\d])(\d[\d\u00a0\u202f ,.]*?)\s+(\p{L}+)/gu)) {
      const [whole, digits = "", noun = ""] = match;
      const before = /(\p{L}+)\s+$/u.exec(text.slice(0, match.index))?.[1];
      if (before && GOVERNING.has(before.toLowerCase())) continue;
      const number = this.numberOf(digits);
      if (!Number.isFinite(number)) continue;
      const forms = nounForms(this.locale, noun);
      if (!forms) continue;
      const expected = forms[rules.select(number)] ?? forms.other;
      if (noun.toLowerCase() !== expected) report("plural", whole.trim());
    }
  }

  /** Every word the user was shown in these calls: texts, captions, album captions, buttons and alerts. */
  checkCalls(calls: readonly ApiCall[], where: string): void {
    for (const call of calls) {
      const { text, caption, media } = call.payload;
      const at = `${where} ${call.method}`;
      if (typeof text === "string") this.check(withoutEntities(text, call.payload.entities), at);
      if (typeof caption === "string") this.check(caption, at);
      for (const item of albumOf(media)) if (item.caption) this.check(item.caption, at);
      for (const button of buttonsOf(call)) this.check(button.text, `${where} button`);
    }
  }

  /**
   * The locale files themselves, in uk and ru: a number put before a counted noun must choose the noun's
   * form by that number (a select on it), as a message shown with another number would otherwise say
   * "4 генерацій". English has one form for 1 and another for the rest, which the screens show.
   */
  checkLocaleFiles(): void {
    if (this.locale === "en") return;
    for (const file of localeFiles(this.locale)) {
      const source = readFileSync(join(LOCALES_DIRECTORY, this.locale, file), "utf8");
      this.checkLocaleSource(`locales/${this.locale}/${file}`, source);
    }
  }

  /** One Fluent file of this language, as checkLocaleFiles reads it. */
  checkLocaleSource(file: string, source: string): void {
    const rules = new Intl.PluralRules(this.locale);
    for (const message of ftlMessages(source)) {
      const where = `${file} ${message.id}`;
      for (const use of numbersBeforeNouns(message.body)) {
        const forms = nounForms(this.locale, use.noun);
        if (!forms) continue;
        // In any case the noun's form follows the number ("до 1 токена", "до 5 токенів").
        if (use.variable !== undefined) {
          if (!use.selectors.includes(use.variable)) {
            this.report("plural", `{ $${use.variable} } ${use.noun}`, where);
          }
          continue;
        }
        if (use.before && GOVERNING.has(use.before.toLowerCase())) continue;
        const expected = forms[rules.select(use.number ?? 0)] ?? forms.other;
        if (use.noun.toLowerCase() !== expected) this.report("plural", `${use.number} ${use.noun}`, where);
      }
    }
  }
}

/** A message's buttons; an upload's keyboard travels as JSON text among its multipart fields. */
export function buttonsOf(call: ApiCall): Array<{ text: string; data?: string }> {
  const markup = call.payload.reply_markup;
  if (typeof markup !== "string") return BotHarness.buttons(call);
  return BotHarness.buttons({ ...call, payload: { ...call.payload, reply_markup: safeJson(markup) } });
}

const AlbumSchema = z.array(z.object({ caption: z.string().optional() }).passthrough());

function albumOf(media: unknown): Array<{ caption?: string }> {
  const raw = typeof media === "string" ? safeJson(media) : media;
  const parsed = AlbumSchema.safeParse(raw);
  return parsed.success ? parsed.data : [];
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The messages of a Fluent file, each with its whole body (value, variants and attributes). */
function ftlMessages(source: string): Array<{ id: string; body: string }> {
  const messages: Array<{ id: string; body: string }> = [];
  for (const line of source.split("\n")) {
    const start = /^(-?[a-zA-Z][\w-]*)\s*=\s?(.*)$/.exec(line);
    if (start?.[1] !== undefined) messages.push({ id: start[1], body: start[2] ?? "" });
    else if (/^\s/.test(line) && messages.length > 0) {
      const last = messages[messages.length - 1];
      if (last) last.body += `\n${line}`;
    }
  }
  return messages;
}

interface NumberUse {
  /** The variable placed before the noun, or the number written there. */
  variable?: string;
  number?: number;
  noun: string;
  before?: string;
  /** The variables of the select expressions this place lies in. */
  selectors: string[];
}

/** Each `{ $var } noun` and `12 noun` of a message body, with the selectors around it. */
function numbersBeforeNouns(body: string): NumberUse[] {
  const uses: NumberUse[] = [];
  const stack: Array<string | undefined> = [];
  let index = 0;
  while (index < body.length) {
    const rest = body.slice(index);
    const literal = /^\{\s*"[^"]*"\s*\}/.exec(rest);
    if (literal) {
      index += literal[0].length;
      continue;
    }
    const select = /^\{\s*\$(\w+)\s*->/.exec(rest);
    if (select) {
      stack.push(select[1]);
      index += select[0].length;
      continue;
    }
    const placeable = /^\{\s*\$(\w+)\s*\}(?:–\{\s*\$(\w+)\s*\})?\s+(\p{L}+)/u.exec(rest);
    if (placeable) {
      const variable = placeable[2] ?? placeable[1];
      const before = /(\p{L}+)\s*$/u.exec(body.slice(0, index))?.[1];
      uses.push({
        variable,
        noun: placeable[3] ?? "",
        ...(before ? { before } : {}),
        selectors: stack.filter((entry): entry is string => entry !== undefined),
      });
    }
    const written = /^(?<![\p{L}\d$])(\d[\d ]*)\s+(\p{L}+)/u.exec(rest);
    if (written && !/[\p{L}\d$]$/u.test(body.slice(0, index))) {
      const before = /(\p{L}+)\s*$/u.exec(body.slice(0, index))?.[1];
      uses.push({
        number: Number((written[1] ?? "").replace(/\s/g, "")),
        noun: written[2] ?? "",
        ...(before ? { before } : {}),
        selectors: [],
      });
      index += written[0].length;
      continue;
    }
    const char = body[index];
    if (char === "{") stack.push(undefined);
    if (char === "}") stack.pop();
    index += 1;
  }
  return uses;
}
