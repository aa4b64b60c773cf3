/** `code` is stable so the bot can translate it, with `params`; `message` is English, for logs. */
export type ParseIssue = {
  line?: number;
  column?: number;
  code: string;
  message: string;
  params?: Record<string, string | number>;
};

export type ParseResult<T> = { ok: true; value: T } | { ok: false; errors: ParseIssue[] };

export function parsed<T>(value: T): ParseResult<T> {
  return { ok: true, value };
}

/** Narrows a word the user wrote to one of a list's values. */
export function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

export function failed<T>(errors: ParseIssue[]): ParseResult<T> {
  return { ok: false, errors };
}
