import { describe, expect, it } from "vitest";
import {
  generateApiKey,
  hashApiKey,
  KEY_ALPHABET,
  parseApiKey,
  randomKeyCharacters,
} from "../../../src/accounts/api-key.js";

const KEY_FORM = /^cmp_[A-Za-z0-9]{8}_[A-Za-z0-9]{32}$/;

describe("generateApiKey", () => {
  it("gives keys in the service's form <prefix>_<8 id>_<32 secret>", () => {
    for (let i = 0; i < 200; i++) {
      const { apiKey, keyId, secret } = generateApiKey("cmp");
      expect(apiKey).toMatch(KEY_FORM);
      expect(apiKey).toHaveLength(3 + 1 + 8 + 1 + 32);
      expect(apiKey).toBe(`cmp_${keyId}_${secret}`);
      expect(parseApiKey(apiKey)).toEqual({ prefix: "cmp", keyId, secret });
    }
  });

  it("refuses a prefix the key form does not allow", () => {
    for (const prefix of ["", "c", "CMP", "c_p", "a".repeat(17)]) {
      expect(() => generateApiKey(prefix)).toThrow(/prefix/);
    }
  });

  it("draws distinct ids and secrets over many keys", () => {
    const ids = new Set<string>();
    const secrets = new Set<string>();
    const count = 20_000;
    for (let i = 0; i < count; i++) {
      const { keyId, secret } = generateApiKey("cmp");
      ids.add(keyId);
      secrets.add(secret);
    }
    // 47.6 bits of id: a collision among 20 000 has a chance of about 1 in 1.4 million.
    expect(ids.size).toBe(count);
    expect(secrets.size).toBe(count);
  });

  it("uses every character of [A-Za-z0-9] about equally often (no modulo bias)", () => {
    const sample = randomKeyCharacters(620_000);
    const counts = new Map<string, number>();
    for (const character of sample) counts.set(character, (counts.get(character) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([...KEY_ALPHABET].sort());
    const expected = sample.length / KEY_ALPHABET.length;
    let chiSquare = 0;
    for (const count of counts.values()) chiSquare += (count - expected) ** 2 / expected;
    // 61 degrees of freedom: the mean is 61; a fair source exceeds 160 with probability below 3e-9
    // (Chernoff bound). byte % 62 gives the first 8 characters 5/256 each: chi-square near 4 000 here.
    expect(chiSquare).toBeLessThan(160);
  });
});

describe("parseApiKey", () => {
  const valid = "cmp_AbCd1234_0123456789abcdefghijABCDEFGHIJkl";

  it("accepts exactly the key form", () => {
    expect(parseApiKey(valid)).toEqual({
      prefix: "cmp",
      keyId: "AbCd1234",
      secret: "0123456789abcdefghijABCDEFGHIJkl",
    });
  });

  it.each([
    ["empty", ""],
    ["leading space", ` ${valid}`],
    ["trailing newline", `${valid}\n`],
    ["short id", "cmp_AbCd123_0123456789abcdefghijABCDEFGHIJkl"],
    ["long secret", `${valid}x`],
    ["short secret", valid.slice(0, -1)],
    ["dash instead of underscore", valid.replace("_", "-")],
    ["non-ASCII letter", valid.replace("A", "А")],
    ["symbol in secret", valid.replace("k", "+")],
    ["upper-case prefix", valid.replace("cmp", "CMP")],
  ])("refuses %s", (_, text) => {
    expect(parseApiKey(text)).toBeUndefined();
  });
});

describe("hashApiKey", () => {
  /** The key with its last character changed to another one: a key that differs in one place. */
  function tampered(key: string): string {
    return key.slice(0, -1) + (key.endsWith("x") ? "y" : "x");
  }

  it("is the SHA-256 hex of the whole key", () => {
    expect(hashApiKey("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    // A drawn key, and one that already ends in the character a careless change would put there.
    for (const apiKey of [generateApiKey("cmp").apiKey, `cmp_AbCd1234_${"x".repeat(32)}`]) {
      expect(tampered(apiKey)).not.toBe(apiKey);
      expect(hashApiKey(apiKey)).toMatch(/^[0-9a-f]{64}$/);
      expect(hashApiKey(apiKey)).not.toBe(hashApiKey(tampered(apiKey)));
    }
  });
});
