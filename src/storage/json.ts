/** Reading back a JSON record the bot stored: the record in its schema's shape, or an error that says why not. */
import { z } from "zod";
import type { KeyValueStore } from "./ports.js";

/**
 * The record at `key`, or undefined when there is none. A record that is not JSON or not of the schema's
 * shape throws `fail` of a message that starts with `what`.
 */
export async function readJsonRecord<T>(
  kv: KeyValueStore,
  key: string,
  schema: z.ZodType<T>,
  what: string,
  fail: (message: string) => Error = (message) => new Error(message),
): Promise<T | undefined> {
  const raw = await kv.get(key);
  if (raw === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw fail(`${what} is not JSON`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw fail(`${what} is malformed: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
