/** How text goes onto a form's message: escaped for HTML, and clipped where a line must stay short. */

const SHORT_TEXT = 60;

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** On one line and at most `max` characters, an ellipsis marking a cut. */
export function clip(text: string, max = SHORT_TEXT): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** A hint as HTML: escaped, and what the user types (written `so` in the messages) set as code. */
export function hintHtml(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, "<code>$1</code>");
}
