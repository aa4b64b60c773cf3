/** Animated cards (`ai_graphics` and related) of video, subtitles and dubbing. */
import { z } from "zod";
import { type RuleContext, refuse, soundName } from "./fields.js";
import { CARD_DENSITIES, CARD_MODES, CARD_POSITIONS, CARD_SOUNDS, CARD_TEMPLATES } from "./vocabulary.js";

/** The spec names no default mode or density; the sandbox reads them as `auto` and `1.0` (normal). */
export const CardFields = {
  ai_graphics: z.boolean().default(false),
  ai_graphics_mode: z.enum(CARD_MODES).default("auto"),
  ai_graphics_density: z.literal(CARD_DENSITIES).default(1.0),
  ai_graphics_directives: z.string().nullable().default(null),
  ai_graphics_sfx: soundName(CARD_SOUNDS),
};

type CardValues = {
  ai_graphics: boolean;
  ai_graphics_mode: (typeof CARD_MODES)[number];
  ai_graphics_directives: string | null;
  ai_graphics_sfx: string | null;
};

const TIME = String.raw`(?:\d+:[0-5]\d|end)`;
/** `MM:SS[-MM:SS] <template> <args> [@position]`; a time may also be the word `end`. */
const DIRECTIVE = new RegExp(String.raw`^(${TIME})(?:-(${TIME}))?\s+(\S+)(?:\s+(.*?))?\s*$`);

/** The non-blank lines of a directives text: one card each. */
export function directiveLines(directives: string): string[] {
  return directives.split(/\r?\n/).filter((line) => line.trim() !== "");
}

/** Why a directive line is not one card of the spec's syntax, or undefined when it is. */
function directiveProblem(line: string): string | undefined {
  const match = DIRECTIVE.exec(line.trim());
  if (!match) return "expected MM:SS[-MM:SS] <template> <args> [@position]";
  const template = match[3] ?? "";
  if (!(CARD_TEMPLATES as readonly string[]).includes(template)) {
    return `unknown template ${template} (${CARD_TEMPLATES.join(", ")})`;
  }
  const position = /(?:^|\s)@(\S*)$/.exec(match[4] ?? "")?.[1];
  if (position !== undefined && !(CARD_POSITIONS as readonly string[]).includes(position)) {
    return `unknown position @${position} (${CARD_POSITIONS.map((name) => `@${name}`).join(", ")})`;
  }
  return undefined;
}

/**
 * Directives are "for manual and semi", each line in the card syntax; ai_graphics_sfx fires on each card, so it
 * "needs ai_graphics true".
 */
export function checkCards(value: CardValues, ctx: RuleContext): void {
  if (value.ai_graphics_directives !== null) {
    if (value.ai_graphics_mode === "auto") {
      refuse(ctx, ["ai_graphics_directives"], "directives are for ai_graphics_mode manual and semi");
    }
    directiveLines(value.ai_graphics_directives).forEach((line, index) => {
      const problem = directiveProblem(line);
      if (problem) refuse(ctx, ["ai_graphics_directives"], `card ${index + 1}: ${problem}`);
    });
  }
  if (value.ai_graphics_sfx !== null && !value.ai_graphics) {
    refuse(ctx, ["ai_graphics_sfx"], "ai_graphics_sfx needs ai_graphics true");
  }
}
