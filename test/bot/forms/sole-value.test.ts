/**
 * The form engine's rule on the task side too: a field with one possible value is stated, not offered as a
 * button with one choice in it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { BotHarness } from "../../support/bot-harness.js";
import { FormRig } from "../../support/form-rig.js";
import { photo } from "../../support/telegram-messages.js";

let rig: FormRig;
afterEach(async () => rig?.close());

describe("a task field with one possible value", () => {
  it("a music library with no tracks leaves Library music as a line of its group, and own music a button", async () => {
    rig = await FormRig.create({ catalog: (catalog) => ({ ...catalog, musicTracks: [] }) });
    const user = rig.harness.user(81);
    await rig.harness.sendMessage(user, photo("p1"));
    await rig.tap(user, "🎵 Music");
    expect(rig.card(user).text).toContain("🎵 Music\nLibrary music: No music");
    const buttons = BotHarness.buttons(rig.card(user).call).map((button) => button.text);
    expect(buttons.some((text) => text.startsWith("Library music"))).toBe(false);
    expect(buttons.some((text) => text.startsWith("Your own music"))).toBe(true);
  });
});
