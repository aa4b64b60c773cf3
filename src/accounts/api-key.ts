/**
 * API keys in the service's form `<key_prefix>_<8 character id>_<32 character secret>`: the id is the handle
 * shown to the user (the service's `api_key_prefix`), the secret (32 base62 characters) about 190 bits.
 */
import { createHash, randomBytes } from "node:crypto";

export const KEY_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const KEY_ID_LENGTH = 8;
const KEY_SECRET_LENGTH = 32;
/** Same rule as API_KEY_PREFIX in the config. */
const KEY_PREFIX_PATTERN = /^[a-z0-9]{2,16}$/;

const API_KEY_PATTERN = /^([a-z0-9]{2,16})_([A-Za-z0-9]{8})_([A-Za-z0-9]{32})$/;
const KEY_ID_PATTERN = /^[A-Za-z0-9]{8}$/;

/**
 * Bytes at or above this value are thrown away: 248 is the largest multiple of 62 below 256, so every
 * accepted byte maps to each character equally often (byte % 62 alone would favour the first 8).
 */
const UNBIASED_BYTE_LIMIT = 256 - (256 % KEY_ALPHABET.length);

/** Uniformly random characters of KEY_ALPHABET by rejection sampling over crypto.randomBytes. */
export function randomKeyCharacters(length: number): string {
  let text = "";
  while (text.length < length) {
    // Ask for a little more than needed: about 3% of bytes are rejected.
    const bytes = randomBytes(Math.ceil((length - text.length) * 1.1) + 4);
    for (const byte of bytes) {
      if (byte >= UNBIASED_BYTE_LIMIT) continue;
      text += KEY_ALPHABET[byte % KEY_ALPHABET.length];
      if (text.length === length) break;
    }
  }
  return text;
}

export function generateApiKey(prefix: string) {
  if (!KEY_PREFIX_PATTERN.test(prefix)) {
    throw new Error("an API key prefix is 2 to 16 characters of a-z and 0-9");
  }
  const keyId = randomKeyCharacters(KEY_ID_LENGTH);
  const secret = randomKeyCharacters(KEY_SECRET_LENGTH);
  return { apiKey: `${prefix}_${keyId}_${secret}`, keyId, secret };
}

/** Parses the exact key form (anchored, no whitespace); anything else is undefined. */
export function parseApiKey(text: string) {
  const match = API_KEY_PATTERN.exec(text);
  if (!match) return undefined;
  const [, prefix = "", keyId = "", secret = ""] = match;
  return { prefix, keyId, secret };
}

export function isKeyId(text: string): boolean {
  return KEY_ID_PATTERN.test(text);
}

/** SHA-256 of the whole key as lowercase hex: what the registry keeps and compares. */
export function hashApiKey(apiKey: string): string {
  return createHash("sha256").update(apiKey, "utf8").digest("hex");
}
