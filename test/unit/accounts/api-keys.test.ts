import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashApiKey } from "../../../src/accounts/api-key.js";
import { ApiKeys, userKey } from "../../../src/accounts/api-keys.js";
import {
  KeyRegistry,
  KeyRegistryError,
  REGISTRY_KEY_PREFIX,
  registryKey,
} from "../../../src/accounts/registry.js";
import { KeyVault } from "../../../src/accounts/vault.js";
import { createMemoryStorage } from "../../../src/storage/memory.js";
import type { Storage } from "../../../src/storage/ports.js";

function setup(now = () => new Date("2026-03-01T10:00:00Z")) {
  const storage = createMemoryStorage();
  const vault = new KeyVault(randomBytes(32));
  const apiKeys = new ApiKeys({ storage, vault, prefix: "cmp", now });
  const registry = new KeyRegistry(storage);
  return { storage, vault, apiKeys, registry };
}

async function liveKeysOf(storage: Storage, userId: number): Promise<string[]> {
  const registry = new KeyRegistry(storage);
  const live: string[] = [];
  for (const name of await storage.kv.keys(REGISTRY_KEY_PREFIX)) {
    const record = await registry.record(name.slice(REGISTRY_KEY_PREFIX.length));
    if (record && record.userId === userId && record.revokedAt === null) live.push(record.keyId);
  }
  return live;
}

describe("KeyRegistry.verify", () => {
  it("accepts the current key and names its owner", async () => {
    const { apiKeys, registry } = setup();
    const issued = await apiKeys.issue(42);
    expect(issued.apiKey).toMatch(/^cmp_[A-Za-z0-9]{8}_[A-Za-z0-9]{32}$/);
    expect(await registry.verify(issued.apiKey)).toEqual({ userId: 42, keyId: issued.keyId });
  });

  it("rejects a rotated key at once and accepts its successor", async () => {
    const { apiKeys, registry } = setup();
    const old = await apiKeys.issue(42);
    const next = await apiKeys.issue(42);
    expect(next.keyId).not.toBe(old.keyId);
    expect(await registry.verify(old.apiKey)).toBeUndefined();
    expect(await registry.verify(next.apiKey)).toEqual({ userId: 42, keyId: next.keyId });
  });

  it("treats issuing again as rotation: the earlier key stops verifying", async () => {
    const { apiKeys, registry } = setup();
    const first = await apiKeys.issue(42);
    const second = await apiKeys.issue(42);
    expect(await registry.verify(first.apiKey)).toBeUndefined();
    expect(await registry.verify(second.apiKey)).toBeDefined();
  });

  it("rejects a revoked key", async () => {
    const { apiKeys, registry } = setup();
    const issued = await apiKeys.issue(42);
    expect(await apiKeys.revoke(42)).toBe(true);
    expect(await registry.verify(issued.apiKey)).toBeUndefined();
    expect(await apiKeys.revoke(42)).toBe(false);
    expect(await apiKeys.describe(42)).toBeUndefined();
    expect(await apiKeys.keyFor(42)).toBeUndefined();
  });

  it("rejects a key with any character of its secret, id or prefix altered", async () => {
    const { apiKeys, registry } = setup();
    const { apiKey } = await apiKeys.issue(42);
    for (let index = 0; index < apiKey.length; index++) {
      if (apiKey[index] === "_") continue;
      const replacement = apiKey[index] === "a" ? "b" : "a";
      const altered = apiKey.slice(0, index) + replacement + apiKey.slice(index + 1);
      expect(await registry.verify(altered), `position ${index}`).toBeUndefined();
    }
  });

  it("rejects unknown and malformed keys", async () => {
    const { apiKeys, registry } = setup();
    const { apiKey } = await apiKeys.issue(42);
    const other = setup();
    const foreign = await other.apiKeys.issue(42);
    expect(await registry.verify(foreign.apiKey)).toBeUndefined();
    for (const text of [
      "",
      apiKey.toUpperCase(),
      ` ${apiKey}`,
      `${apiKey} `,
      apiKey.slice(0, -1),
      `${apiKey}0`,
    ]) {
      expect(await registry.verify(text)).toBeUndefined();
    }
  });

  it("fails loudly on a damaged registry entry instead of guessing", async () => {
    const { apiKeys, registry, storage } = setup();
    const issued = await apiKeys.issue(42);
    await storage.kv.set(registryKey(issued.keyId), JSON.stringify({ keyId: issued.keyId, userId: 42 }));
    await expect(registry.verify(issued.apiKey)).rejects.toThrow(KeyRegistryError);
  });
});

describe("ApiKeys", () => {
  it("describes the key by its id (the service's api_key_prefix) and creation date", async () => {
    const { apiKeys } = setup();
    expect(await apiKeys.describe(7)).toBeUndefined();
    const issued = await apiKeys.issue(7);
    expect(await apiKeys.describe(7)).toEqual({
      keyId: issued.keyId,
      prefix: issued.keyId,
      createdAt: new Date("2026-03-01T10:00:00Z"),
    });
    expect(issued.apiKey.split("_")[1]).toBe(issued.keyId);
  });

  it("gives the user's current key back from the vault", async () => {
    const { apiKeys } = setup();
    expect(await apiKeys.keyFor(7)).toBeUndefined();
    const issued = await apiKeys.issue(7);
    expect(await apiKeys.keyFor(7)).toBe(issued.apiKey);
    const rotated = await apiKeys.issue(7);
    expect(await apiKeys.keyFor(7)).toBe(rotated.apiKey);
  });

  it("ensure issues silently once, then returns the same key", async () => {
    const { apiKeys, registry } = setup();
    const first = await apiKeys.ensure(9);
    expect(first.issued).toBe(true);
    expect(await registry.verify(first.apiKey)).toMatchObject({ userId: 9 });
    expect(await apiKeys.ensure(9)).toEqual({ apiKey: first.apiKey, issued: false });
  });

  it("keeps users apart", async () => {
    const { apiKeys, registry } = setup();
    const a = await apiKeys.issue(1);
    const b = await apiKeys.issue(2);
    await apiKeys.revoke(1);
    expect(await registry.verify(a.apiKey)).toBeUndefined();
    expect(await registry.verify(b.apiKey)).toEqual({ userId: 2, keyId: b.keyId });
    expect(await apiKeys.keyFor(2)).toBe(b.apiKey);
  });

  it("leaves one live key of each kind when issues, rotations and ensures race for one user", async () => {
    const { apiKeys, registry, storage } = setup();
    const personal = Promise.all([
      ...Array.from({ length: 8 }, () => apiKeys.issue(5)),
      ...Array.from({ length: 4 }, () => apiKeys.issue(5)),
    ]);
    const service = Promise.all(Array.from({ length: 4 }, () => apiKeys.ensure(5)));
    const [issued, ensured] = await Promise.all([personal, service]);
    const live = await liveKeysOf(storage, 5);
    expect(live).toHaveLength(2);
    const shown = await apiKeys.describe(5);
    const serviceKey = ensured[0]?.apiKey ?? "";
    expect(new Set(ensured.map((result) => result.apiKey))).toEqual(new Set([serviceKey]));
    expect(ensured.filter((result) => result.issued)).toHaveLength(1);
    expect(await registry.verify(serviceKey)).toEqual({ userId: 5, keyId: serviceKey.split("_")[1] });
    expect(live.sort()).toEqual([shown?.keyId, serviceKey.split("_")[1]].sort());
    const verified = await Promise.all(issued.map((result) => registry.verify(result.apiKey)));
    expect(verified.filter((entry) => entry !== undefined)).toEqual([{ userId: 5, keyId: shown?.keyId }]);
  });

  it("keeps the bot's service key apart from the personal key: revoking one leaves the other working", async () => {
    const { apiKeys, registry } = setup();
    const { apiKey: serviceKey } = await apiKeys.ensure(9);
    expect(await apiKeys.describe(9)).toBeUndefined();
    const personal = await apiKeys.issue(9);
    expect(personal.apiKey).not.toBe(serviceKey);
    expect(await apiKeys.revoke(9)).toBe(true);
    expect(await registry.verify(personal.apiKey)).toBeUndefined();
    expect(await registry.verify(serviceKey)).toBeDefined();
    expect(await apiKeys.ensure(9)).toEqual({ apiKey: serviceKey, issued: false });
    expect(await apiKeys.describe(9)).toBeUndefined();
  });

  it("leaves one live key when two ApiKeys instances on one storage issue at once", async () => {
    const { storage, vault } = setup();
    const one = new ApiKeys({ storage, vault, prefix: "cmp" });
    const two = new ApiKeys({ storage, vault, prefix: "cmp" });
    await Promise.all([one.issue(3), two.issue(3), one.issue(3), two.issue(3)]);
    expect(await liveKeysOf(storage, 3)).toHaveLength(1);
  });

  it("keeps no plain key anywhere in storage: only digests and sealed copies", async () => {
    const { apiKeys, storage } = setup();
    const keys = [
      await apiKeys.issue(1),
      await apiKeys.issue(2),
      await apiKeys.issue(2),
      await apiKeys.issue(3),
      (await apiKeys.ensure(4)) as { apiKey: string },
    ];
    await apiKeys.revoke(3);
    const names = await storage.kv.keys("");
    expect(names.length).toBeGreaterThan(0);
    const dump: string[] = [];
    for (const name of names) dump.push(name, (await storage.kv.get(name)) ?? "");
    const everything = dump.join("\n");
    for (const { apiKey } of keys) {
      const secret = apiKey.split("_")[2] ?? "";
      expect(secret).toHaveLength(32);
      expect(everything).not.toContain(apiKey);
      expect(everything).not.toContain(secret);
      expect(everything).not.toContain(secret.slice(0, 16));
      expect(everything).not.toContain(secret.slice(16));
    }
    // The digest is what the registry keeps.
    const current = await apiKeys.keyFor(2);
    expect(everything).toContain(hashApiKey(current ?? ""));
  });

  it("ignores a user record whose key never went live and issues a fresh one", async () => {
    const { apiKeys, registry, storage } = setup();
    const issued = await apiKeys.issue(8);
    // As after a crash between writing the record and registering the key.
    await storage.kv.delete(registryKey(issued.keyId));
    expect(await apiKeys.describe(8)).toBeUndefined();
    expect(await apiKeys.keyFor(8)).toBeUndefined();
    const ensured = await apiKeys.ensure(8);
    expect(ensured.issued).toBe(true);
    expect(await registry.verify(ensured.apiKey)).toMatchObject({ userId: 8 });
  });

  it("never uses or revokes another user's key through a record that names its id", async () => {
    const { apiKeys, registry, storage } = setup();
    const owner = await apiKeys.issue(1);
    await storage.kv.set(userKey(2), (await storage.kv.get(userKey(1))) ?? "");
    expect(await apiKeys.keyFor(2)).toBeUndefined();
    expect(await apiKeys.describe(2)).toBeUndefined();
    expect(await apiKeys.revoke(2)).toBe(false);
    await apiKeys.issue(2);
    expect(await registry.verify(owner.apiKey)).toEqual({ userId: 1, keyId: owner.keyId });
  });

  it("refuses a damaged user record rather than acting on it", async () => {
    const { apiKeys, storage } = setup();
    await apiKeys.issue(8);
    await storage.kv.set(userKey(8), JSON.stringify({ v: 1, keyId: "short" }));
    await expect(apiKeys.keyFor(8)).rejects.toThrow(/malformed/);
  });

  it("refuses a prefix the key form does not allow", () => {
    const { storage, vault } = setup();
    expect(() => new ApiKeys({ storage, vault, prefix: "Bad_Prefix" })).toThrow(/prefix/);
  });
});
