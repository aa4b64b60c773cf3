/** What the routes read from a request the same way: a shared secret and a JSON body. */
import { timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import type { z } from "zod";

/** Compared in constant time, so how long the answer takes tells nothing of the secret. */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The request's JSON body, or `ok: false` when it is not JSON. */
export async function jsonBody(c: Context): Promise<{ ok: true; value: unknown } | { ok: false }> {
  try {
    return { ok: true, value: await c.req.json() };
  } catch {
    return { ok: false };
  }
}

/** The request's JSON body in the schema's shape, or undefined when it is not JSON or not of that shape. */
export async function bodyAs<T>(c: Context, schema: z.ZodType<T>): Promise<T | undefined> {
  const body = await jsonBody(c);
  const parsed = body.ok ? schema.safeParse(body.value) : undefined;
  return parsed?.success ? parsed.data : undefined;
}
