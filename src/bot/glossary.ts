/** A user's glossary: the names and terms added to what a transcription or a smart clip tells the service. */
import { z } from "zod";
import { parseStored } from "../storage/json.js";
import type { KeyValueStore } from "../storage/ports.js";

/** Characters of all the terms together: a few hundred, so the glossary leaves the user's own text room. */
export const GLOSSARY_MAX_CHARS = 400;
/** Each term is a button of /glossary: Telegram shows a keyboard of a hundred buttons at most. */
export const GLOSSARY_MAX_TERMS = 40;
/** A name or a term, not a sentence. */
export const TERM_MAX_CHARS = 60;

const GlossarySchema = z.object({
  terms: z.array(z.string().min(1).max(TERM_MAX_CHARS)).max(GLOSSARY_MAX_TERMS),
});

/** What a message adds, or why none of it was added. */
export type GlossaryAddition =
  | { ok: true; terms: string[]; added: string[] }
  | { ok: false; reason: "nothing" }
  | { ok: false; reason: "term-too-long"; term: string }
  | { ok: false; reason: "too-many"; room: number }
  | { ok: false; reason: "too-long"; needed: number; room: number };

const glossaryKey = (userId: number) => `glossary:${userId}`;

export function glossaryLength(terms: readonly string[]): number {
  return terms.reduce((sum, term) => sum + term.length, 0);
}

/** The terms of a message: separated by commas (as any script writes them), semicolons or new lines. */
function termsIn(text: string): string[] {
  return text
    .split(/[,;\n，、；،]+/)
    .map((term) => term.replace(/\s+/g, " ").trim())
    .filter((term) => term.length > 0);
}

const sameTerm = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/**
 * The glossary with the message's terms added, those it has already left out; refused whole when any
 * term is too long or the new ones would not fit, so a message is never half taken.
 */
export function addTerms(current: readonly string[], text: string): GlossaryAddition {
  const added: string[] = [];
  for (const term of termsIn(text)) {
    if (term.length > TERM_MAX_CHARS) return { ok: false, reason: "term-too-long", term };
    if (![...current, ...added].some((known) => sameTerm(known, term))) added.push(term);
  }
  if (added.length === 0) return { ok: false, reason: "nothing" };
  if (current.length + added.length > GLOSSARY_MAX_TERMS)
    return { ok: false, reason: "too-many", room: GLOSSARY_MAX_TERMS - current.length };
  const room = GLOSSARY_MAX_CHARS - glossaryLength(current);
  const needed = glossaryLength(added);
  if (needed > room) return { ok: false, reason: "too-long", needed, room };
  return { ok: true, terms: [...current, ...added], added };
}

const TERM_SEPARATOR = ", ";

/** The user's own words, whole, then on a line of their own as many terms as fit, and those left out. */
export function fitGlossary(own: string, terms: readonly string[], maxLength: number) {
  const ownText = own.trim() === "" ? "" : own;
  let text = ownText;
  const leftOut: string[] = [];
  for (const term of terms) {
    const joint = text === "" ? "" : text === ownText ? "\n" : TERM_SEPARATOR;
    if (text.length + joint.length + term.length > maxLength) leftOut.push(term);
    else text += joint + term;
  }
  return { text, leftOut };
}

export class GlossaryStore {
  constructor(private readonly kv: Pick<KeyValueStore, "get" | "set" | "delete">) {}

  async terms(userId: number): Promise<string[]> {
    return parseStored(await this.kv.get(glossaryKey(userId)), GlossarySchema)?.terms ?? [];
  }

  async save(userId: number, terms: readonly string[]): Promise<void> {
    if (terms.length === 0) await this.kv.delete(glossaryKey(userId));
    else await this.kv.set(glossaryKey(userId), JSON.stringify(GlossarySchema.parse({ terms })));
  }
}
