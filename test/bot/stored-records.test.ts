import { describe, expect, it } from "vitest";
import { formStorage, formStorageKey } from "../../src/bot/form-storage.js";
import { PreferencesRepository, preferencesKey } from "../../src/bot/preferences.js";
import { createMemoryStorage } from "../../src/storage/memory.js";
import type { KeyValueStore } from "../../src/storage/ports.js";

/** A store whose reads fail as Redis does during an outage. */
function unreachable(kv: KeyValueStore): KeyValueStore {
  return new Proxy(kv, {
    get: (target, name, receiver) =>
      name === "get"
        ? () => Promise.reject(new Error("connection lost"))
        : Reflect.get(target, name, receiver),
  });
}

describe("a chat's stored form", () => {
  it("is read back as the plugin wrote it", async () => {
    const { kv } = createMemoryStorage();
    const forms = formStorage(kv);
    const state = { version: [0, "x"] as [0, string], state: {} };
    await forms.write("42", state);
    // Another process's write is parsed, not taken from this one's memory.
    expect(await formStorage(kv).read("42")).toEqual(state);
  });

  it("reads as no form when the record is broken JSON or of another shape", async () => {
    const { kv } = createMemoryStorage();
    await kv.set(formStorageKey("1"), "{not json");
    await kv.set(formStorageKey("2"), JSON.stringify({ version: "old", state: [] }));
    const forms = formStorage(kv);
    expect(await forms.read("1")).toBeUndefined();
    expect(await forms.read("2")).toBeUndefined();
  });

  it("lets a storage outage through instead of dropping the form", async () => {
    const { kv } = createMemoryStorage();
    await expect(formStorage(unreachable(kv)).read("1")).rejects.toThrow("connection lost");
  });
});

describe("a user's stored preferences", () => {
  it("count as none when the record is broken JSON or of another shape", async () => {
    const { kv } = createMemoryStorage();
    await kv.set(preferencesKey(1), "{not json");
    await kv.set(preferencesKey(2), JSON.stringify({ language: "klingon" }));
    const preferences = new PreferencesRepository(kv);
    expect(await preferences.get(1)).toEqual({});
    expect(await preferences.get(2)).toEqual({});
  });

  it("are read back after a change, by another process too", async () => {
    const { kv } = createMemoryStorage();
    await new PreferencesRepository(kv).update(7, { language: "uk" });
    expect(await new PreferencesRepository(kv).get(7)).toEqual({ language: "uk" });
  });

  it("let a storage outage through instead of forgetting the user's choices", async () => {
    const { kv } = createMemoryStorage();
    await expect(new PreferencesRepository(unreachable(kv)).get(1)).rejects.toThrow("connection lost");
  });
});
