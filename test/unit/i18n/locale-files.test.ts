/**
 * Every line of every locale file belongs to a message. Fluent skips a line it cannot read (a leftover
 * line of an old message, say) without a word, so a message would lose its end or a reader would see a
 * stray fragment; these checks make such a line fail here instead.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FluentResource } from "@fluent/bundle";
import { describe, expect, it } from "vitest";
import { BOT_LOCALES } from "../../../src/i18n/locales.js";
import { LOCALES_DIRECTORY, localeFiles } from "../../support/locale-source.js";

/** Where braces do not balance: a line that closes more than its message opened, or a message left open. */
function unbalanced(source: string): string[] {
  const problems: string[] = [];
  let message = "";
  let depth = 0;
  source.split("\n").forEach((line, index) => {
    const start = /^(-?[a-zA-Z][\w-]*)\s*=/.exec(line);
    if (start?.[1]) {
      if (depth !== 0) problems.push(`${message} leaves ${depth} brace(s) open`);
      message = start[1];
      depth = 0;
    } else if (line.startsWith("#") || line.trim() === "") {
      return;
    }
    let quoted = false;
    for (const char of line) {
      // A string literal inside a placeable ({"}"}) holds braces that are text.
      if (char === '"' && depth > 0) quoted = !quoted;
      if (quoted) continue;
      if (char === "{") depth += 1;
      if (char === "}") depth -= 1;
      if (depth < 0) {
        problems.push(`line ${index + 1} (after ${message}) closes a brace never opened`);
        depth = 0;
      }
    }
  });
  if (depth !== 0) problems.push(`${message} leaves ${depth} brace(s) open`);
  return problems;
}

describe("locale files", () => {
  for (const locale of BOT_LOCALES) {
    for (const file of localeFiles(locale)) {
      it(`${locale}/${file} has no line outside a message`, () => {
        const source = readFileSync(join(LOCALES_DIRECTORY, locale, file), "utf8");
        expect(unbalanced(source)).toEqual([]);
        const declared = source.match(/^-?[a-zA-Z][\w-]*\s*=/gm) ?? [];
        const parsed = new FluentResource(source).body;
        expect(parsed).toHaveLength(declared.length);
      });
    }
  }
});
