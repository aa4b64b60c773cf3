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

export function failed<T>(errors: ParseIssue[]): ParseResult<T> {
  return { ok: false, errors };
}
