/**
 * A chosen inline result as the bot reads it: its shape checked like any update's, with no chat to it.
 */
import { describe, expect, it } from "vitest";
import { HANDLED_UPDATES, readUpdate } from "../../../src/updates/updates.js";

const from = { id: 42, is_bot: false, first_name: "Olena" };

describe("a chosen inline result", () => {
  it("is asked for and handled, with or without its inline message", () => {
    expect(HANDLED_UPDATES).toContain("chosen_inline_result");
    const chosen = { result_id: "img:abc", from, query: "a fox" };
    expect(readUpdate({ update_id: 1, chosen_inline_result: chosen }).kind).toBe("update");
    expect(
      readUpdate({ update_id: 2, chosen_inline_result: { ...chosen, inline_message_id: "AgAAA-1" } }).kind,
    ).toBe("update");
  });

  it("without its sender, or with an id longer than Telegram's 64 bytes, is no update", () => {
    expect(readUpdate({ update_id: 3, chosen_inline_result: { result_id: "img:abc", query: "" } }).kind).toBe(
      "malformed",
    );
    expect(
      readUpdate({ update_id: 4, chosen_inline_result: { result_id: "x".repeat(65), from, query: "" } }).kind,
    ).toBe("malformed");
  });
});
