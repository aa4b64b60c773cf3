import { afterEach, describe, expect, it } from "vitest";
import { FormRig, uploadIdOf } from "../../support/form-rig.js";

function photo(id: string) {
  return {
    photo: [{ file_id: id, file_unique_id: `${id}-u`, width: 900, height: 900, file_size: 90_000 }],
  };
}

let rig: FormRig;
afterEach(async () => rig?.close());

describe("quickest paths", () => {
  it("video: a photo, the task, Create", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(21, "en");
    await rig.harness.sendMessage(user, photo("p1"));
    const offer = rig.harness.calls.at(-1);
    const { BotHarness } = await import("../../support/bot-harness.js");
    await rig.harness.press(user, BotHarness.button(offer, "Video from photos and clips"));
    console.log(rig.card(user).text);
    await rig.tap(user, "✅ Create");
    await rig.settle();
    expect(rig.created).toEqual([
      {
        type: "video",
        photos: [uploadIdOf({ source: "telegram", kind: "photo", fileId: "p1", fileUniqueId: "p1-u" })],
        webhook_url: expect.stringMatching(/^https:\/\/bot\.example\.com\/hooks\/tasks\/[A-Za-z0-9_-]{24}$/),
      },
    ]);
    console.log(
      rig.harness.calls.map((c) => `${c.method} ${String(c.payload.text ?? "").slice(0, 80)}`).join("\n"),
    );
  });
});
