import { describe, expect, it } from "vitest";
import { deriveIdempotencyKey, isIdempotencyKey } from "../../../src/generation-service/idempotency.js";

describe("deriveIdempotencyKey", () => {
  it("gives the same 64 hex characters for the same form instance and purpose", () => {
    const key = deriveIdempotencyKey("form-7f3a", "create");
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(deriveIdempotencyKey("form-7f3a", "create")).toBe(key);
    expect(isIdempotencyKey(key)).toBe(true);
  });

  it("gives different keys for other purposes or instances, however the characters are split", () => {
    const keys = new Set([
      deriveIdempotencyKey("form-7f3a", "create"),
      deriveIdempotencyKey("form-7f3a", "upload:1"),
      deriveIdempotencyKey("form-7f3b", "create"),
      deriveIdempotencyKey("ab", "c"),
      deriveIdempotencyKey("a", "bc"),
    ]);
    expect(keys.size).toBe(5);
  });

  it("needs both parts", () => {
    expect(() => deriveIdempotencyKey("", "create")).toThrow(RangeError);
    expect(() => deriveIdempotencyKey("form-1", "")).toThrow(RangeError);
  });
});

describe("isIdempotencyKey", () => {
  it("takes 1 to 255 visible ASCII characters only", () => {
    expect(isIdempotencyKey("k".repeat(255))).toBe(true);
    expect(isIdempotencyKey("")).toBe(false);
    expect(isIdempotencyKey("k".repeat(256))).toBe(false);
    expect(isIdempotencyKey("with space")).toBe(false);
    expect(isIdempotencyKey("ключ")).toBe(false);
  });
});
