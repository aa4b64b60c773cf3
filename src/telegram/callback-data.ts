/**
 * Compact callback data: `<scope>:<nonce>:<arg>...`. The nonce is the one the chat's newest menu was
 * built with, so a press on any older message is recognised as stale. Telegram caps callback_data at
 * 64 bytes; encoding refuses anything longer instead of letting Telegram reject the whole message.
 */
import { randomBytes } from "node:crypto";

export const CALLBACK_SCOPES = {
  startTask: "st",
  language: "lg",
  settings: "se",
  tasks: "tk",
  apiKey: "ak",
  intake: "in",
  textOffer: "tx",
  form: "fm",
  result: "rs",
  generationAccount: "ga",
  generationStart: "gs",
  generationResult: "gr",
  gallery: "gl",
  batchFile: "bf",
} as const;
export type CallbackScope = (typeof CALLBACK_SCOPES)[keyof typeof CALLBACK_SCOPES];

export const MAX_CALLBACK_BYTES = 64;
const SEPARATOR = ":";
const ARG_PATTERN = /^[A-Za-z0-9_.\-+]*$/;

export interface CallbackData {
  scope: CallbackScope;
  nonce: string;
  args: string[];
}

export function newNonce(): string {
  return randomBytes(4).toString("base64url").slice(0, 6);
}

export function encodeCallback(scope: CallbackScope, nonce: string, ...args: Array<string | number>): string {
  const parts = [scope, nonce, ...args.map(String)];
  for (const part of parts) {
    if (!ARG_PATTERN.test(part)) throw new Error(`callback part not encodable: ${part}`);
  }
  const data = parts.join(SEPARATOR);
  if (Buffer.byteLength(data, "utf8") > MAX_CALLBACK_BYTES) {
    throw new Error(`callback data over ${MAX_CALLBACK_BYTES} bytes: ${data}`);
  }
  return data;
}

const scopes: readonly string[] = Object.values(CALLBACK_SCOPES);

function isCallbackScope(value: string): value is CallbackScope {
  return scopes.includes(value);
}

/** Undefined for anything this bot did not produce. */
export function decodeCallback(data: string | undefined): CallbackData | undefined {
  if (data === undefined || Buffer.byteLength(data, "utf8") > MAX_CALLBACK_BYTES) return undefined;
  const [scope, nonce, ...args] = data.split(SEPARATOR);
  if (scope === undefined || nonce === undefined || !isCallbackScope(scope) || nonce.length === 0)
    return undefined;
  if (![nonce, ...args].every((part) => ARG_PATTERN.test(part))) return undefined;
  return { scope, nonce, args };
}
