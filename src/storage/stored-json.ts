/** Values kept as JSON on the key-value port, parsed with zod on every read. */
import type { z } from "zod";
import type { KeyValueStore } from "./ports.js";

/** What was stored, when it still reads as `schema` says; anything else reads as nothing. */
export function parseStored<T>(raw: string | undefined, schema: z.ZodType<T>): T | undefined {
  if (raw === undefined) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The value under `key`, when it reads as `schema` says. */
export async function readStored<T>(
  kv: Pick<KeyValueStore, "get">,
  key: string,
  schema: z.ZodType<T>,
): Promise<T | undefined> {
  return parseStored(await kv.get(key), schema);
}
