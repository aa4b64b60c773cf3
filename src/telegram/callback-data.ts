/**
 * Callback data `<scope>:<nonce>:<action>:<field>...`, within Telegram's 64 bytes; the nonce is the chat's
 * newest menu's, so a press on an older message is stale. Each kind of button is one `defineCallback`.
 */
import { randomBytes } from "node:crypto";
import type { Context } from "grammy";
import { z } from "zod";

export const CALLBACK_SCOPES = {
  startTask: "st",
  language: "lg",
  settings: "se",
  tasks: "tk",
  apiKey: "ak",
  balance: "bl",
  intake: "in",
  textOffer: "tx",
  offerPage: "op",
  form: "fm",
  result: "rs",
  generationAccount: "ga",
  generationStart: "gs",
  generationResult: "gr",
  gallery: "gl",
  batchFile: "bf",
  glossary: "gy",
} as const;
export type CallbackScope = (typeof CALLBACK_SCOPES)[keyof typeof CALLBACK_SCOPES];

export const MAX_CALLBACK_BYTES = 64;
const SEPARATOR = ":";
const PART_PATTERN = /^[A-Za-z0-9_.\-+]*$/;

export function newNonce(): string {
  return randomBytes(4).toString("base64url").slice(0, 6);
}

const scopes: readonly string[] = Object.values(CALLBACK_SCOPES);

function isCallbackScope(value: string): value is CallbackScope {
  return scopes.includes(value);
}

/** Scope, nonce and raw arguments; undefined for anything this bot did not produce. */
export function decodeCallback(
  data: string | undefined,
): { scope: CallbackScope; nonce: string; args: string[] } | undefined {
  if (data === undefined || Buffer.byteLength(data, "utf8") > MAX_CALLBACK_BYTES) return undefined;
  const [scope, nonce, ...args] = data.split(SEPARATOR);
  if (scope === undefined || nonce === undefined || !isCallbackScope(scope) || nonce.length === 0)
    return undefined;
  if (![nonce, ...args].every((part) => PART_PATTERN.test(part))) return undefined;
  return { scope, nonce, args };
}

/** A field that travels as a small whole number. */
export const callbackInt = z
  .string()
  .regex(/^(0|[1-9]\d{0,9})$/)
  .transform(Number);

/** A field that travels as one of a record's keys, e.g. a short code standing for what the record maps it to. */
export function callbackKeyOf<R extends Record<string, unknown>>(record: R) {
  return z.custom<keyof R & string>((value) => typeof value === "string" && Object.hasOwn(record, value));
}

/** Each field is read from its wire text; a field may be optional only after every required one. */
export type CallbackShape = Record<string, z.ZodType<unknown, string | undefined>>;
export type CallbackValues<S extends CallbackShape> = z.output<z.ZodObject<S>>;

export interface Pressed<T> {
  nonce: string;
  data: T;
}

export interface CallbackDefinition<T> {
  /** The callback data of a button; throws when it would not fit Telegram's limit. */
  pack(nonce: string, data: T): string;
  /** Undefined unless the data is this kind of button with fields that parse. */
  unpack(data: string | undefined): Pressed<T> | undefined;
  /** For `composer.filter`: a press of this kind of button, parsed once onto `ctx.pressed`. */
  filter<C extends Context>(ctx: C): ctx is C & { pressed: Pressed<T> };
}

/** One kind of button: its scope, its action code (none when the scope has one kind) and its fields. */
export function defineCallback<S extends CallbackShape>(
  scope: CallbackScope,
  action: string | undefined,
  shape: S,
): CallbackDefinition<CallbackValues<S>> {
  const keys = Object.keys(shape);
  const schema = z.strictObject(shape);
  const actionParts = action === undefined ? [] : [action];
  // What each field reads back as when it is left off: a trailing field at that value is left off.
  const absent = keys.map((key) => {
    const parsed = shape[key]?.safeParse(undefined);
    return parsed?.success ? parsed.data : undefined;
  });
  const unpack = (raw: string | undefined): Pressed<CallbackValues<S>> | undefined => {
    const decoded = decodeCallback(raw);
    if (decoded?.scope !== scope) return undefined;
    const fields = action === undefined ? decoded.args : decoded.args.slice(1);
    if ((action !== undefined && decoded.args[0] !== action) || fields.length > keys.length) return undefined;
    const parsed = schema.safeParse(Object.fromEntries(fields.map((field, index) => [keys[index], field])));
    return parsed.success ? { nonce: decoded.nonce, data: parsed.data } : undefined;
  };
  return {
    pack(nonce, data) {
      const fields: Record<string, unknown> = data;
      const values = keys.map((key) => fields[key]);
      while (values.length > 0 && values.at(-1) === absent[values.length - 1]) values.pop();
      if (values.includes(undefined)) throw new Error(`callback field missing before a later one: ${scope}`);
      const parts = [scope, nonce, ...actionParts, ...values.map(String)];
      for (const part of parts) {
        if (!PART_PATTERN.test(part)) throw new Error(`callback part not encodable: ${part}`);
      }
      const packed = parts.join(SEPARATOR);
      if (Buffer.byteLength(packed, "utf8") > MAX_CALLBACK_BYTES) {
        throw new Error(`callback data over ${MAX_CALLBACK_BYTES} bytes: ${packed}`);
      }
      return packed;
    },
    unpack,
    filter<C extends Context>(ctx: C): ctx is C & { pressed: Pressed<CallbackValues<S>> } {
      const pressed = unpack(ctx.callbackQuery?.data);
      if (pressed) Object.assign(ctx, { pressed });
      return pressed !== undefined;
    },
  };
}
