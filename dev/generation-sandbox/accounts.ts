import { createHash, randomBytes } from "node:crypto";
import { ServiceError } from "./errors.js";

export type Plan = "Free" | "Pro";

export interface SandboxAccount {
  id: string;
  plan: Plan;
  /** Tokens left after every reservation (what `balance_tokens` shows). */
  balance: number;
  emailVerified: boolean;
  unlimitedStorage: boolean;
  /** Bytes the web application keeps in the same store (the spec's quota is shared with it). */
  webAppBytes: number;
}

export interface ApiKeyRecord {
  /** The `<key_id>` part of the current key; changes on rotation. */
  keyId: string;
  accountId: string;
  /** SHA-256 of the full key: the only form in which a key is kept. */
  hash: string;
  env: KeyEnv;
  /** ms; undefined: no expiry. */
  expiresAt: number | undefined;
  /** undefined: no budget of its own. */
  budgetTokens: number | undefined;
  /** Reserved plus charged by this key; refunds give it back. */
  budgetUsedTokens: number;
  signingSecret: string;
}

export type KeyEnv = "live" | "test";

/** A key as its owner gets it: the full key exists only here, at creation. */
export interface IssuedKey {
  apiKey: string;
  keyId: string;
  accountId: string;
  /** The webhook signing secret shown next to the key. */
  signingSecret: string;
}

export interface NewAccount {
  plan?: Plan;
  balance?: number;
  emailVerified?: boolean;
  unlimitedStorage?: boolean;
}

export interface NewKey {
  expiresAt?: Date;
  budgetTokens?: number;
  env?: KeyEnv;
}

const KEY_FORM = /^([a-z][a-z0-9]*)_(live|test)_([a-z0-9]{8})_([A-Za-z0-9]{32})$/;
const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function randomText(length: number, alphabet: string): string {
  const bytes = randomBytes(length);
  let text = "";
  for (const byte of bytes) text += alphabet[byte % alphabet.length];
  return text;
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** Accounts and their API keys. Keys are found by the SHA-256 of the whole key, as the spec says the service does. */
export class AccountStore {
  readonly #accounts = new Map<string, SandboxAccount>();
  readonly #keysByHash = new Map<string, ApiKeyRecord>();
  readonly #keysById = new Map<string, ApiKeyRecord>();

  constructor(private readonly options: { keyPrefix: string; defaultBalance: number; now: () => number }) {
    if (!/^[a-z][a-z0-9]*$/.test(options.keyPrefix))
      throw new Error("keyPrefix: lowercase letters and digits");
  }

  create(options: NewAccount = {}): SandboxAccount {
    const account: SandboxAccount = {
      id: `acct_${randomBytes(8).toString("hex")}`,
      plan: options.plan ?? "Free",
      balance: options.balance ?? this.options.defaultBalance,
      emailVerified: options.emailVerified ?? true,
      unlimitedStorage: options.unlimitedStorage ?? false,
      webAppBytes: 0,
    };
    this.#accounts.set(account.id, account);
    return account;
  }

  get(accountId: string): SandboxAccount {
    const account = this.#accounts.get(accountId);
    if (!account) throw new Error(`unknown account ${accountId}`);
    return account;
  }

  issueKey(accountId: string, options: NewKey = {}): IssuedKey {
    this.get(accountId);
    const record: ApiKeyRecord = {
      keyId: "",
      accountId,
      hash: "",
      env: options.env ?? "test",
      expiresAt: options.expiresAt?.getTime(),
      budgetTokens: options.budgetTokens,
      budgetUsedTokens: 0,
      signingSecret: `whsec_${randomBytes(24).toString("hex")}`,
    };
    return this.#assignKey(record);
  }

  /** A new key for the same slot; the old one stops working at once. Expiry, budget and signing secret carry over. */
  rotateKey(keyId: string): IssuedKey {
    const record = this.#keysById.get(keyId);
    if (!record) throw new Error(`unknown key ${keyId}`);
    this.#keysByHash.delete(record.hash);
    this.#keysById.delete(record.keyId);
    return this.#assignKey(record);
  }

  revokeKey(keyId: string): void {
    const record = this.#keysById.get(keyId);
    if (!record) throw new Error(`unknown key ${keyId}`);
    this.#keysByHash.delete(record.hash);
    this.#keysById.delete(record.keyId);
  }

  key(keyId: string): ApiKeyRecord | undefined {
    return this.#keysById.get(keyId);
  }

  /** The key's record without judging it: rate limiting counts requests of a known key even when refused. */
  find(apiKey: string): ApiKeyRecord | undefined {
    return KEY_FORM.test(apiKey) ? this.#keysByHash.get(sha256(apiKey)) : undefined;
  }

  /** The spec's authentication checks, in its order: 401, then the key's expiry, then the account's email. */
  authenticate(apiKey: string | undefined): { key: ApiKeyRecord; account: SandboxAccount } {
    if (apiKey === undefined || apiKey === "") {
      throw new ServiceError(
        "invalid_api_key",
        "No API key: send Authorization: Bearer <API_KEY> or X-API-Key",
      );
    }
    if (!KEY_FORM.test(apiKey)) {
      throw new ServiceError(
        "invalid_api_key",
        "Malformed API key: expected <key_prefix>_<env>_<key_id>_<secret>",
      );
    }
    const key = this.#keysByHash.get(sha256(apiKey));
    if (!key) throw new ServiceError("invalid_api_key", "Unknown or revoked API key");
    if (key.expiresAt !== undefined && this.options.now() >= key.expiresAt) {
      throw new ServiceError("key_expired", `The API key expired at ${isoWithOffset(key.expiresAt)}`);
    }
    const account = this.get(key.accountId);
    if (!account.emailVerified) {
      throw new ServiceError("email_not_verified", "Verify the account's email address to use the API");
    }
    return { key, account };
  }

  #assignKey(record: ApiKeyRecord): IssuedKey {
    const keyId = randomText(8, "abcdefghijklmnopqrstuvwxyz0123456789");
    const apiKey = `${this.options.keyPrefix}_${record.env}_${keyId}_${randomText(32, ALPHANUMERIC)}`;
    record.keyId = keyId;
    record.hash = sha256(apiKey);
    this.#keysByHash.set(record.hash, record);
    this.#keysById.set(keyId, record);
    return { apiKey, keyId, accountId: record.accountId, signingSecret: record.signingSecret };
  }
}

/** ISO 8601 with an explicit offset (UTC), the form the spec gives for `key.expires_at`. */
export function isoWithOffset(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "+00:00");
}
