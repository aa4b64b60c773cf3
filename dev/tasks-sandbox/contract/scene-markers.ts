/** Scene markers in a video's `text`: `{scene}`, `{scene:<type>}`, `{scene:<type>:<seconds>}`, `{scene:<seconds>}`. */

/** "Transition types in markers and arrays". */
export const MARKER_TRANSITIONS = [
  "fade",
  "dissolve",
  "slide",
  "cover",
  "reveal",
  "zoom",
  "squeeze",
  "wind",
  "pixel",
  "circle",
  "random",
] as const;

const SECONDS = /^\d+(?:\.\d+)?$/;

/** `{scene` not followed by a letter, digit or underscore starts a marker; `{scenery}` is ordinary text. */
const MARKER_START = /\{scene(?![A-Za-z0-9_])/g;

function isTransition(value: string): boolean {
  return (MARKER_TRANSITIONS as readonly string[]).includes(value);
}

function isSeconds(value: string): boolean {
  return SECONDS.test(value) && Number(value) > 0;
}

/** Why the text between `{` and `}` is not one of the four marker forms, or undefined when it is. */
function markerProblem(body: string): string | undefined {
  const [, ...parts] = body.split(":");
  const [first, second] = parts;
  if (parts.length > 2) return `{${body}} has too many parts`;
  if (first === undefined) return undefined;
  if (second === undefined && (isTransition(first) || isSeconds(first))) return undefined;
  if (!isTransition(first))
    return `{${body}}: unknown transition ${first} (${MARKER_TRANSITIONS.join(", ")})`;
  if (second !== undefined && !isSeconds(second)) return `{${body}}: ${second} is not a number of seconds`;
  return undefined;
}

/** One message per malformed marker; empty when every marker has one of the spec's forms. */
export function sceneMarkerProblems(text: string): string[] {
  const problems: string[] = [];
  for (const match of text.matchAll(MARKER_START)) {
    const start = match.index + 1;
    const close = text.slice(start).search(/[}{\n]/);
    if (close < 0 || text.charAt(start + close) !== "}") {
      problems.push("a {scene marker is not closed with }");
      continue;
    }
    const problem = markerProblem(text.slice(start, start + close));
    if (problem) problems.push(problem);
  }
  return problems;
}

/** The narration the voice reads: the text without its markers. */
export function spokenText(text: string): string {
  return text.replace(/\{scene(?![A-Za-z0-9_])[^{}\n]*\}/g, " ");
}
