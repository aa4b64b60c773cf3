import { CARD_POSITIONS, CARD_TEMPLATES } from "../schemas/common.js";
import { failed, isOneOf, type ParseIssue, type ParseResult, parsed } from "./result.js";

export type CardTemplate = (typeof CARD_TEMPLATES)[number];
export type CardPosition = (typeof CARD_POSITIONS)[number];
/** Seconds from the start, or `end` for the end of the video. */
export type DirectiveTime = number | "end";

export type AiGraphicsDirective = {
  line: number;
  start: DirectiveTime;
  end: DirectiveTime | null;
  template: CardTemplate;
  args: string;
  position: CardPosition | null;
};

/** Templates whose card carries its own content; the others need arguments to show anything. */
const TEMPLATES_WITHOUT_ARGS: readonly CardTemplate[] = ["subscribe", "like"];
const TIME_PATTERN = /^(\d{1,3}):([0-5]\d)$/;
const MAX_DIRECTIVE_LINES = 200;

function parseTime(raw: string): DirectiveTime | undefined {
  if (raw.toLowerCase() === "end") return "end";
  const match = TIME_PATTERN.exec(raw);
  if (!match) return undefined;
  return Number(match[1]) * 60 + Number(match[2]);
}

function parseLine(raw: string, line: number, issues: ParseIssue[]): AiGraphicsDirective | undefined {
  const refuse = (code: string, message: string, where: Pick<ParseIssue, "column" | "params"> = {}) => {
    issues.push({ line, ...where, code, message });
    return undefined;
  };
  const tokens = raw.trim().split(/\s+/);
  const [timeToken = "", templateToken] = tokens;
  const [startRaw = "", endRaw, ...extra] = timeToken.split("-");
  const start = parseTime(startRaw);
  const end = endRaw === undefined ? null : parseTime(endRaw);
  if (start === undefined || end === undefined || extra.length > 0) {
    const message = `"${timeToken}" is not a time; use MM:SS, MM:SS-MM:SS or end`;
    return refuse("directive_time_invalid", message, { column: 1, params: { value: timeToken } });
  }
  if (end !== null && (start === "end" || (end !== "end" && end <= start))) {
    const message = `The card ends before it starts in "${timeToken}"`;
    return refuse("directive_time_order", message, { column: 1, params: { value: timeToken } });
  }
  if (templateToken === undefined) {
    return refuse(
      "directive_template_missing",
      `Name a template after the time: ${CARD_TEMPLATES.join(", ")}`,
    );
  }
  const template = templateToken.toLowerCase();
  if (!isOneOf(CARD_TEMPLATES, template)) {
    const message = `Unknown card template "${templateToken}"; use one of ${CARD_TEMPLATES.join(", ")}`;
    const column = raw.indexOf(templateToken) + 1;
    return refuse("directive_template_unknown", message, { column, params: { value: templateToken } });
  }
  let rest = tokens.slice(2);
  let position: CardPosition | null = null;
  const last = rest.at(-1);
  if (last?.startsWith("@")) {
    const name = last.slice(1).toLowerCase();
    if (!isOneOf(CARD_POSITIONS, name)) {
      const message = `Unknown card position "${last}"; use ${CARD_POSITIONS.map((p) => `@${p}`).join(", ")}`;
      return refuse("directive_position_unknown", message, {
        column: raw.lastIndexOf(last) + 1,
        params: { value: last },
      });
    }
    position = name;
    rest = rest.slice(0, -1);
  }
  const args = rest.join(" ");
  if (args === "" && !TEMPLATES_WITHOUT_ARGS.includes(template)) {
    const message = `The ${template} card needs content after the template name`;
    return refuse("directive_args_missing", message, { params: { template } });
  }
  return { line, start, end, template, args, position };
}

/** One card per non-blank line: `MM:SS[-MM:SS] <template> <args> [@position]`; a time may be the word `end`. */
export function parseAiGraphicsDirectives(text: string): ParseResult<AiGraphicsDirective[]> {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const issues: ParseIssue[] = [];
  const directives: AiGraphicsDirective[] = [];
  const contentLines = lines.filter((line) => line.trim() !== "").length;
  if (contentLines > MAX_DIRECTIVE_LINES) {
    return failed([
      {
        code: "directive_too_many",
        message: `At most ${MAX_DIRECTIVE_LINES} card lines are accepted`,
        params: { max: MAX_DIRECTIVE_LINES },
      },
    ]);
  }
  lines.forEach((raw, index) => {
    if (raw.trim() === "") return;
    const directive = parseLine(raw, index + 1, issues);
    if (directive) directives.push(directive);
  });
  if (contentLines === 0) {
    issues.push({ code: "directive_empty", message: "Write at least one card line" });
  }
  return issues.length > 0 ? failed(issues) : parsed(directives);
}
