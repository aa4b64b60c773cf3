/**
 * The JSON this process wrote lately, by key: read back exactly so it needs no schema, anything else is
 * parsed with it. Bounded by the characters it holds, the oldest forgotten first.
 */
import type { z } from "zod";

export class OwnWrites<T> {
  private readonly written = new Map<string, string>();
  private chars = 0;

  constructor(private readonly maxChars = 1_000_000) {}

  /** The JSON of `value`, noted as this process's own under `key`. */
  stringify(key: string, value: T): string {
    const json = JSON.stringify(value);
    this.forget(key);
    if (json.length > this.maxChars) return json;
    this.written.set(key, json);
    this.chars += json.length;
    for (const [oldest, text] of this.written) {
      if (this.chars <= this.maxChars) break;
      this.written.delete(oldest);
      this.chars -= text.length;
    }
    return json;
  }

  forget(key: string): void {
    const text = this.written.get(key);
    if (text === undefined) return;
    this.written.delete(key);
    this.chars -= text.length;
  }

  /** The value stored as `json` under `key`: taken as it is when this process wrote it, else parsed. */
  parse(key: string, json: string, schema: z.ZodType<T>): z.ZodSafeParseResult<T> {
    const value: unknown = JSON.parse(json);
    if (this.written.get(key) === json) return { success: true, data: value as T };
    return schema.safeParse(value);
  }
}
