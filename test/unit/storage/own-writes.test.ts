import { describe, expect, it } from "vitest";
import { z } from "zod";
import { OwnWrites } from "../../../src/storage/own-writes.js";

const Schema = z.object({ step: z.number() });
type Value = z.infer<typeof Schema>;

/** A schema that counts how often it parses. */
function countingSchema() {
  const parses = { count: 0 };
  const schema = z.unknown().transform((value, context) => {
    parses.count += 1;
    const parsed = Schema.safeParse(value);
    if (parsed.success) return parsed.data;
    context.addIssue({ code: "custom", message: "not a value" });
    return z.NEVER;
  });
  return { schema, parses };
}

describe("a process's own writes", () => {
  it("takes back what it wrote without parsing, and parses anything else", () => {
    const own = new OwnWrites<Value>();
    const { schema, parses } = countingSchema();
    const json = own.stringify("a", { step: 1 });
    expect(own.parse("a", json, schema)).toMatchObject({ success: true, data: { step: 1 } });
    expect(parses.count).toBe(0);
    // Another instance wrote the key since: its record is checked.
    expect(own.parse("a", JSON.stringify({ step: 2 }), schema)).toMatchObject({ data: { step: 2 } });
    expect(own.parse("a", JSON.stringify({ step: "x" }), schema).success).toBe(false);
    expect(parses.count).toBe(2);
  });

  it("parses again a record it forgot, deleted or wrote longest ago once over its bound", () => {
    // Room for two records of ten characters each.
    const own = new OwnWrites<Value>(25);
    const { schema, parses } = countingSchema();
    const first = own.stringify("a", { step: 1 });
    const second = own.stringify("b", { step: 2 });
    const third = own.stringify("c", { step: 3 });
    own.parse("a", first, schema);
    expect(parses.count).toBe(1);
    own.parse("b", second, schema);
    own.parse("c", third, schema);
    expect(parses.count).toBe(1);
    own.forget("c");
    own.parse("c", third, schema);
    expect(parses.count).toBe(2);
  });
});
