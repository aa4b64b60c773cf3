/** Reading back JSON the bot stored, through zod: strictly (or an error that says why) or tolerantly. */
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

/** What was stored, when it still reads as `schema` says; anything else reads as nothing. */
export function parseStored<Schema extends z.ZodType>(
  raw: string | undefined,
  schema: Schema,
): z.output<Schema> | undefined {
  if (raw === undefined) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export async function readStored<Schema extends z.ZodType>(
  kv: Pick<KeyValueStore, "get">,
  key: string,
  schema: Schema,
): Promise<z.output<Schema> | undefined> {
  return parseStored(await kv.get(key), schema);
}
