/**
 * The key registry the service verifies keys against: per key id, the SHA-256 of the whole key, its owner
 * and dates, never the key. docs/key-registry.md documents the layout for operators; change both together.
 */
import { timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { readJsonRecord } from "../storage/json.js";
import type { Storage } from "../storage/ports.js";
import { hashApiKey, isKeyId, parseApiKey } from "./api-key.js";

export const REGISTRY_KEY_PREFIX = "apikey:";

export function registryKey(keyId: string): string {
  return `${REGISTRY_KEY_PREFIX}${keyId}`;
}

const KeyRecordSchema = z.strictObject({
  v: z.literal(1),
  keyId: z.string().regex(/^[A-Za-z0-9]{8}$/),
  userId: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  createdAt: z.iso.datetime(),
  revokedAt: z.iso.datetime().nullable(),
});
export type KeyRecord = z.infer<typeof KeyRecordSchema>;

/** A registry entry that is not what this module writes: data damage, never a caller's mistake. */
export class KeyRegistryError extends Error {
  override name = "KeyRegistryError";
}

/** Compared against when the id is unknown, so an unknown id costs the same work as a known one. */
const DUMMY_DIGEST = Buffer.alloc(32);

export class KeyRegistry {
  constructor(private readonly storage: Storage) {}

  /**
   * Records a new live key. False when its id is already taken (the caller draws another key): ids are
   * random, so this is rare, and an existing entry is never overwritten.
   */
  async register(apiKey: string, userId: number, createdAt: Date): Promise<boolean> {
    const parsed = parseApiKey(apiKey);
    if (!parsed) throw new Error("not an API key in the service's form");
    const record: KeyRecord = {
      v: 1,
      keyId: parsed.keyId,
      userId,
      sha256: hashApiKey(apiKey),
      createdAt: createdAt.toISOString(),
      revokedAt: null,
    };
    return this.storage.kv.setIfAbsent(
      registryKey(parsed.keyId),
      JSON.stringify(KeyRecordSchema.parse(record)),
    );
  }

  /** Marks the user's key revoked from `at` on; true when it was live. The entry stays for audits. */
  async revoke(keyId: string, userId: number, at: Date): Promise<boolean> {
    const record = await this.record(keyId);
    if (!record || record.userId !== userId || record.revokedAt !== null) return false;
    await this.storage.kv.set(registryKey(keyId), JSON.stringify({ ...record, revokedAt: at.toISOString() }));
    return true;
  }

  async record(keyId: string): Promise<KeyRecord | undefined> {
    if (!isKeyId(keyId)) return undefined;
    return await readJsonRecord(
      this.storage.kv,
      registryKey(keyId),
      KeyRecordSchema,
      `registry entry ${keyId}`,
      (message) => new KeyRegistryError(message),
    );
  }

  /**
   * The owner of a live key, or undefined for anything else: malformed, unknown, altered, rotated or
   * revoked. Malformed text is refused before any storage access; the digests are compared in constant
   * time, against a dummy when the id is unknown.
   */
  async verify(apiKey: string): Promise<Pick<KeyRecord, "userId" | "keyId"> | undefined> {
    const parsed = parseApiKey(apiKey);
    if (!parsed) return undefined;
    const record = await this.record(parsed.keyId);
    const presented = Buffer.from(hashApiKey(apiKey), "hex");
    const stored = record ? Buffer.from(record.sha256, "hex") : DUMMY_DIGEST;
    const matches = timingSafeEqual(presented, stored);
    if (!record || !matches || record.revokedAt !== null) return undefined;
    return { userId: record.userId, keyId: record.keyId };
  }
}
