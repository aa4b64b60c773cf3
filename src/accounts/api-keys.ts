/**
 * Each user's two keys. The personal key is for their own programs: issued, rotated and revoked only in
 * /apikey, shown once. The service key is the bot's, for the tasks they start in chat: never shown, issued
 * silently when first needed, so a chat task never brings back a key the user did not ask for. The
 * registry holds each key's digest, the user's record the sealed key; a per-user lock keeps one live key.
 */
import { z } from "zod";
import { readJsonRecord } from "../storage/json.js";
import { underLock } from "../storage/lock-wait.js";
import type { Storage } from "../storage/ports.js";
import { generateApiKey } from "./api-key.js";
import type { ApiKeysPort, DescribedApiKey, ExistingApiKeyReader, IssuedApiKey } from "./ports.js";
import { KeyRegistry } from "./registry.js";
import type { KeyVault } from "./vault.js";

type KeyKind = "personal" | "service";

const RECORD_PREFIXES: Record<KeyKind, string> = { personal: "apikey-user:", service: "apikey-service:" };

export function userKey(userId: number, kind: KeyKind = "personal"): string {
  return `${RECORD_PREFIXES[kind]}${userId}`;
}

const UserKeyRecordSchema = z.strictObject({
  v: z.literal(1),
  keyId: z.string().regex(/^[A-Za-z0-9]{8}$/),
  sealedKey: z.string().min(1),
  createdAt: z.iso.datetime(),
});
type UserKeyRecord = z.infer<typeof UserKeyRecordSchema>;

export interface ApiKeysDeps {
  storage: Storage;
  vault: KeyVault;
  prefix: string;
  now?: () => Date;
}

/** The user's key could not be changed because another change held the lock for too long. */
class ApiKeysBusyError extends Error {
  override name = "ApiKeysBusyError";
}

/** The lock's time-to-live is longer than any change takes; a crashed holder's lock lapses after it. */
const USER_LOCK = { ttlMs: 10_000, waitMs: 10_000, pauseMs: () => 20 };
/** Ids are 8 random base62 characters; more than one collision in a row means something else is wrong. */
const MAX_ID_ATTEMPTS = 5;

export class ApiKeys implements ApiKeysPort, ExistingApiKeyReader {
  private readonly now: () => Date;
  readonly registry: KeyRegistry;

  constructor(private readonly deps: ApiKeysDeps) {
    this.now = deps.now ?? (() => new Date());
    this.registry = new KeyRegistry(deps.storage);
    // Fail at construction, not at a user's first key.
    generateApiKey(deps.prefix);
  }

  /** A new personal key; the old one stops verifying before the new one exists (issuing again rotates). */
  issue(userId: number): Promise<IssuedApiKey> {
    return this.withUserLock(userId, () => this.replaceKey(userId, "personal"));
  }

  /** True when the user had a live personal key; it stops verifying at once. */
  revoke(userId: number): Promise<boolean> {
    return this.withUserLock(userId, async () => {
      const record = await this.readUserRecord(userId, "personal");
      if (!record) return false;
      const revoked = await this.registry.revoke(record.keyId, userId, this.now());
      await this.deps.storage.kv.delete(userKey(userId, "personal"));
      return revoked;
    });
  }

  /** The user's personal key as /apikey shows it. */
  async describe(userId: number): Promise<DescribedApiKey | undefined> {
    const record = await this.liveUserRecord(userId, "personal");
    if (!record) return undefined;
    return { keyId: record.keyId, prefix: record.keyId, createdAt: new Date(record.createdAt) };
  }

  /**
   * A live key of the user in plain text, without issuing one: the bot's service key, else their
   * personal key (a user who only ever used the API has just that one).
   */
  async keyFor(userId: number): Promise<string | undefined> {
    const record =
      (await this.liveUserRecord(userId, "service")) ?? (await this.liveUserRecord(userId, "personal"));
    return record ? this.deps.vault.open(record.sealedKey) : undefined;
  }

  /** The bot's service key for the user, issued silently when there is none (their first task needs one). */
  ensure(userId: number): Promise<{ apiKey: string; issued: boolean }> {
    return this.withUserLock(userId, async () => {
      const record = await this.liveUserRecord(userId, "service");
      if (record) return { apiKey: this.deps.vault.open(record.sealedKey), issued: false };
      return { apiKey: (await this.replaceKey(userId, "service")).apiKey, issued: true };
    });
  }

  private async replaceKey(userId: number, kind: KeyKind): Promise<IssuedApiKey> {
    const createdAt = this.now();
    const previous = await this.readUserRecord(userId, kind);
    // Order: revoke the old key, point the user's record at the new one, then make it live. A crash at any
    // step leaves the user with at most one live key, and every live key is one the record points at.
    if (previous) await this.registry.revoke(previous.keyId, userId, createdAt);
    for (let attempt = 0; attempt < MAX_ID_ATTEMPTS; attempt++) {
      const generated = generateApiKey(this.deps.prefix);
      const record: UserKeyRecord = {
        v: 1,
        keyId: generated.keyId,
        sealedKey: this.deps.vault.seal(generated.apiKey),
        createdAt: createdAt.toISOString(),
      };
      await this.deps.storage.kv.set(userKey(userId, kind), JSON.stringify(record));
      if (await this.registry.register(generated.apiKey, userId, createdAt)) {
        return { apiKey: generated.apiKey, keyId: generated.keyId, createdAt };
      }
    }
    throw new Error(`no free key id after ${MAX_ID_ATTEMPTS} attempts`);
  }

  private async liveUserRecord(userId: number, kind: KeyKind): Promise<UserKeyRecord | undefined> {
    const record = await this.readUserRecord(userId, kind);
    if (!record) return undefined;
    // The id may be unregistered (a crash before the key went live) or, after an id collision, another
    // user's: only the user's own live entry counts.
    const entry = await this.registry.record(record.keyId);
    return entry && entry.userId === userId && entry.revokedAt === null ? record : undefined;
  }

  private readUserRecord(userId: number, kind: KeyKind): Promise<UserKeyRecord | undefined> {
    return readJsonRecord(
      this.deps.storage.kv,
      userKey(userId, kind),
      UserKeyRecordSchema,
      `the key record of user ${userId}`,
    );
  }

  private withUserLock<T>(userId: number, work: () => Promise<T>): Promise<T> {
    const busy = () => new ApiKeysBusyError(`the key of user ${userId} is being changed`);
    return underLock(this.deps.storage.locks, userKey(userId), { ...USER_LOCK, busy }, work);
  }
}
