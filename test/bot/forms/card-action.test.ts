/**
 * The form buttons' wire format: every action comes back from its callback data as it went in, within
 * Telegram's 64 bytes, and anything else decodes to nothing (a stale press).
 */
import { describe, expect, it } from "vitest";
import {
  type CardActionKind,
  type CardActionOf,
  decodeCardAction,
  encodeCardAction,
} from "../../../src/bot/forms/card-action.js";
import {
  CALLBACK_SCOPES,
  decodeCallback,
  MAX_CALLBACK_BYTES,
  newNonce,
} from "../../../src/telegram/callback-data.js";

/** At least one of every kind: a kind added without a sample here fails to compile. */
const SAMPLES: { [K in CardActionKind]: readonly CardActionOf<K>[] } = {
  "show-summary": [{ kind: "show-summary" }],
  create: [{ kind: "create" }],
  cancel: [{ kind: "cancel" }],
  "use-settings": [{ kind: "use-settings" }],
  "toggle-details": [{ kind: "toggle-details" }],
  "toggle-glossary": [{ kind: "toggle-glossary" }],
  "add-media": [{ kind: "add-media" }],
  "media-done": [{ kind: "media-done" }],
  "swap-media": [
    { kind: "swap-media", index: 0 },
    { kind: "swap-media", index: 8 },
  ],
  "open-group": [
    { kind: "open-group", group: 0 },
    { kind: "open-group", group: 6 },
  ],
  "open-field": [
    { kind: "open-field", field: 0, page: 0 },
    { kind: "open-field", field: 27, page: 3 },
  ],
  "choose-option": [
    { kind: "choose-option", field: 3, option: 0 },
    { kind: "choose-option", field: 12, option: 140 },
  ],
  "flip-option": [{ kind: "flip-option", field: 10, option: 2 }],
  "reset-field": [{ kind: "reset-field", field: 4 }],
  "voice-languages": [
    { kind: "voice-languages", page: 0 },
    { kind: "voice-languages", page: 2 },
  ],
  "voice-language": [{ kind: "voice-language", language: 31 }],
  "voice-page": [{ kind: "voice-page", page: 1 }],
  "choose-voice": [{ kind: "choose-voice", voice: 17 }],
  "play-sample": [{ kind: "play-sample", voice: 0 }],
  "automatic-voice": [{ kind: "automatic-voice" }],
  "new-caption": [{ kind: "new-caption" }],
  "open-caption": [{ kind: "open-caption", caption: 9 }],
  "caption-property": [
    { kind: "caption-property", caption: 0, property: "style" },
    { kind: "caption-property", caption: 2, property: "anim" },
  ],
  "set-caption-property": [
    { kind: "set-caption-property", caption: 1, property: "position", option: 8 },
    { kind: "set-caption-property", caption: 9, property: "size", option: 0 },
  ],
  "flip-caption-flag": [
    { kind: "flip-caption-flag", caption: 0, flag: "bold" },
    { kind: "flip-caption-flag", caption: 4, flag: "fade" },
  ],
  "delete-caption": [{ kind: "delete-caption", caption: 3 }],
};

const EVERY_SAMPLE = Object.values(SAMPLES).flat();

describe("card actions on the wire", () => {
  it.each(EVERY_SAMPLE.map((action) => [JSON.stringify(action), action] as const))(
    "%s decodes to what was encoded",
    (_, action) => {
      const nonce = newNonce();
      const data = encodeCardAction(nonce, action);
      expect(Buffer.byteLength(data, "utf8")).toBeLessThanOrEqual(MAX_CALLBACK_BYTES);
      expect(decodeCallback(data)?.scope).toBe(CALLBACK_SCOPES.form);
      expect(decodeCardAction(data)).toEqual({ nonce, data: action });
    },
  );

  it("keeps the codes of the buttons already in chats", () => {
    expect(encodeCardAction("n0nce1", { kind: "create" })).toBe("fm:n0nce1:c");
    expect(encodeCardAction("n0nce1", { kind: "open-field", field: 5, page: 0 })).toBe("fm:n0nce1:f:5");
    expect(encodeCardAction("n0nce1", { kind: "open-field", field: 5, page: 2 })).toBe("fm:n0nce1:f:5:2");
    expect(
      encodeCardAction("n0nce1", { kind: "set-caption-property", caption: 0, property: "anim", option: 3 }),
    ).toBe("fm:n0nce1:os:0:anim:3");
    expect(decodeCardAction("fm:n0nce1:f:5:0")?.data).toEqual({ kind: "open-field", field: 5, page: 0 });
  });

  it.each([
    [[]],
    [[""]],
    [["zz"]],
    [["C"]],
    [["c", "1"]],
    [["g"]],
    [["g", "x"]],
    [["g", "-1"]],
    [["g", "01"]],
    [["g", "1.5"]],
    [["g", "1", "2"]],
    [["s", "3"]],
    [["f", "1", "2", "3"]],
    [["op", "0", "colour"]],
    [["op", "0"]],
    [["os", "0", "style"]],
    [["ot", "0", "underline"]],
    [["ot", "0", "style"]],
    [["vv", "1e3"]],
  ])("%j is no action: a stale press", (args) => {
    expect(decodeCardAction(["fm", "n0nce1", ...args].join(":"))).toBeUndefined();
  });
});
