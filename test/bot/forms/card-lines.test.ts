/**
 * A card keeps to twelve lines however much it has to say: what stands between the user and Create (the
 * money, what stops it) stays in view, and the notes on how the files are used wait behind Details with the
 * other choices when they would push the card past its lines.
 */
import { afterEach, expect, it } from "vitest";
import { BotHarness } from "../../support/bot-harness.js";
import { FormRig } from "../../support/form-rig.js";
import { photo } from "../../support/telegram-messages.js";

let rig: FormRig;
afterEach(async () => rig?.close());

it("a video of eight photos and eight scenes keeps to twelve lines, its scene map one tap away", async () => {
  rig = await FormRig.create();
  const user = rig.harness.user(61);
  for (let index = 1; index <= 8; index++) await rig.harness.sendMessage(user, photo(`p${index}`));
  const scenes = Array.from({ length: 8 }, (_, index) => `Part ${index + 1}`).join(" {scene} ");
  await rig.type(user, "🎙 Voice", "Text", scenes);
  await rig.backToCard(user);

  const card = rig.card(user);
  expect(card.text.split("\n").length).toBeLessThanOrEqual(12);
  expect(card.text).toContain("Cost:");
  expect(card.text).toContain("Paid from: media tasks balance");
  expect(card.text).not.toContain("Scene 8 → file 8");
  const buttons = BotHarness.buttons(card.call).map((button) => button.text);
  expect(buttons).toContain("✅ Create");
  const details = buttons.find((text) => text.startsWith("🔽 Details"));
  expect(details).toMatch(/how your files are used$/);

  await rig.tap(user, details ?? "");
  const open = rig.card(user).text;
  for (let scene = 1; scene <= 8; scene++) expect(open).toContain(`Scene ${scene} → file ${scene}`);
  expect(open).toContain("Cost:");
});
