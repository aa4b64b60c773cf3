import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { KeyVault, KeyVaultError } from "../../../src/accounts/vault.js";

const plain = "cmp_AbCd1234_0123456789abcdefghijABCDEFGHIJkl";

describe("KeyVault", () => {
  it("opens what it sealed", () => {
    const vault = new KeyVault(randomBytes(32));
    expect(vault.open(vault.seal(plain))).toBe(plain);
    expect(vault.open(vault.seal(""))).toBe("");
    expect(vault.open(vault.seal("ключ ✓"))).toBe("ключ ✓");
  });

  it("seals in a versioned form without the plain text, with a fresh IV each time", () => {
    const vault = new KeyVault(randomBytes(32));
    const first = vault.seal(plain);
    const second = vault.seal(plain);
    expect(first).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(first).not.toContain(plain);
    expect(first).not.toContain(plain.slice(13));
    expect(first.split(".")[1]).not.toBe(second.split(".")[1]);
    expect(first).not.toBe(second);
  });

  it("refuses a sealed value with any single character changed", () => {
    const vault = new KeyVault(randomBytes(32));
    const sealed = vault.seal(plain);
    for (let index = 0; index < sealed.length; index++) {
      const original = sealed[index];
      const replacement = original === "A" ? "B" : "A";
      const tampered = sealed.slice(0, index) + replacement + sealed.slice(index + 1);
      expect(() => vault.open(tampered), `position ${index}`).toThrow(KeyVaultError);
    }
  });

  it("refuses values sealed under another secret, truncated or in another version", () => {
    const vault = new KeyVault(randomBytes(32));
    const sealed = vault.seal(plain);
    expect(() => new KeyVault(randomBytes(32)).open(sealed)).toThrow(KeyVaultError);
    expect(() => vault.open(sealed.slice(0, -4))).toThrow(KeyVaultError);
    expect(() => vault.open(sealed.replace(/^v1/, "v2"))).toThrow(KeyVaultError);
    expect(() => vault.open(plain)).toThrow(KeyVaultError);
    expect(() => vault.open("")).toThrow(KeyVaultError);
  });

  it("needs a 32-byte secret", () => {
    expect(() => new KeyVault(randomBytes(16))).toThrow(/32 bytes/);
    expect(() => new KeyVault(randomBytes(33))).toThrow(/32 bytes/);
  });
});
