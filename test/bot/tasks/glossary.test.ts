/**
 * The user's glossary on its way to the service: added after their own words to a transcription's
 * `ai_prompt` and a smart clip's `context`, said on the card, left out for one task by its switch, and
 * cut to what fits when the field would go over the spec's 2000 characters.
 */
import { afterEach, describe, expect, it } from "vitest";
import { GlossaryStore } from "../../../src/bot/glossary.js";
import type { MediaRef } from "../../../src/media/media-ref.js";
import { BotHarness, type TestUser } from "../../support/bot-harness.js";
import { FormRig, uploadIdOf } from "../../support/form-rig.js";
import { audio, video } from "../../support/telegram-messages.js";

let rig: FormRig;
afterEach(async () => rig?.close());

const HOOK = expect.stringMatching(/^https:\/\/bot\.example\.com\/hooks\/tasks\/[A-Za-z0-9_-]{24}$/);
/** The field's cap in the spec's schema. */
const FIELD_MAX = 2000;

function upload(id: string): string {
  return uploadIdOf({ source: "telegram", kind: "photo", fileId: id, fileUniqueId: `${id}-u` } as MediaRef);
}

async function withGlossary(user: TestUser, terms: string) {
  await rig.harness.send(user, `/glossary ${terms}`);
}

const buttonTexts = (user: TestUser) => BotHarness.buttons(rig.card(user).call).map((button) => button.text);

describe("a transcription with a glossary", () => {
  it("sends the terms after the user's own hint, and says so on the card", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(601);
    await withGlossary(user, "Dnipro, Zaporizhzhia\nОлена Зеленська");
    await rig.fromIntake(user, "Transcription", audio("a1"));
    await rig.type(user, "🗣 Recognition", "Hint for recognition", "A podcast about rivers");
    expect(rig.card(user).text).toContain("📖 Your glossary: 3 words");
    expect(rig.card(user).text.split("\n").length).toBeLessThanOrEqual(12);
    expect(buttonTexts(user)).toContain("📖 Leave out my glossary");
    await rig.create(user);
    expect(rig.created).toEqual([
      {
        type: "transcription",
        file: upload("a1"),
        ai_prompt: "A podcast about rivers\nDnipro, Zaporizhzhia, Олена Зеленська",
        webhook_url: HOOK,
      },
    ]);
  });

  it("sends none of it when the switch leaves it out of this task, and the next task has it again", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(602);
    await withGlossary(user, "Dnipro, Zaporizhzhia");
    await rig.fromIntake(user, "Transcription", audio("a1"));
    await rig.tap(user, "📖 Leave out my glossary");
    expect(rig.card(user).text).toContain("📖 Your glossary is left out of this task");
    expect(rig.card(user).text).not.toContain("2 words");
    expect(buttonTexts(user)).toContain("📖 Add my glossary");
    await rig.create(user);
    expect(rig.created).toEqual([{ type: "transcription", file: upload("a1"), webhook_url: HOOK }]);

    await rig.fromIntake(user, "Transcription", audio("a2"));
    await rig.create(user);
    expect(rig.created[1]).toEqual({
      type: "transcription",
      file: upload("a2"),
      ai_prompt: "Dnipro, Zaporizhzhia",
      webhook_url: HOOK,
    });
  });

  it("over the field's limit: the user's words whole, the terms that fit, and the card names the rest", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(603);
    await withGlossary(user, "Dnipro, Zaporizhzhia, Kyiv");
    const own = `${"Interview with the river keepers. ".repeat(58)}The end.`;
    expect(own.length).toBe(1980);
    await rig.fromIntake(user, "Transcription", audio("a1"));
    await rig.type(user, "🗣 Recognition", "Hint for recognition", own);
    const card = rig.card(user).text;
    expect(card).toContain("📖 Your glossary: 3 words");
    expect(card).toContain("✂️ No room in the field for 1 of them: Zaporizhzhia");
    expect(card.split("\n").length).toBeLessThanOrEqual(12);
    await rig.create(user);
    const [sent] = rig.created;
    // 1980 + "\nDnipro" + ", Kyiv" is 1993; ", Zaporizhzhia" after Dnipro would have made it 2001.
    expect(sent).toEqual({
      type: "transcription",
      file: upload("a1"),
      ai_prompt: `${own}\nDnipro, Kyiv`,
      webhook_url: HOOK,
    });
    expect(sent && "ai_prompt" in sent ? sent.ai_prompt?.length : undefined).toBeLessThanOrEqual(FIELD_MAX);
  });

  it("says on the card, in Ukrainian, how many words the glossary has", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(604, "uk");
    await withGlossary(user, "Дніпро, Запоріжжя, Київ, Львів, Одеса");
    await rig.fromIntake(user, "Транскрипція", audio("a1"));
    expect(rig.card(user).text).toContain("📖 Ваш словник: 5 слів");
  });
});

describe("a smart clip with a glossary", () => {
  it("sends the terms as the context when the user wrote none", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(611);
    await withGlossary(user, "Dnipro; Zaporizhzhia");
    await rig.fromIntake(user, "Smart clips", video("v1", 1800));
    expect(rig.card(user).text).toContain("📖 Your glossary: 2 words");
    await rig.create(user);
    expect(rig.created).toEqual([
      {
        type: "smart_clip",
        file: upload("v1"),
        context: "Dnipro, Zaporizhzhia",
        reels_mode: true,
        webhook_url: HOOK,
      },
    ]);
  });

  it("sends them after the user's own context", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(612);
    await withGlossary(user, "Dnipro, Zaporizhzhia");
    await rig.fromIntake(user, "Smart clips", video("v1", 1800));
    await rig.type(user, "✂️ Clips", "What the video is about", "A cooking show; look for the recipes");
    await rig.create(user);
    expect(rig.created).toEqual([
      {
        type: "smart_clip",
        file: upload("v1"),
        context: "A cooking show; look for the recipes\nDnipro, Zaporizhzhia",
        reels_mode: true,
        webhook_url: HOOK,
      },
    ]);
  });

  it("sends no context when the switch leaves the glossary out", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(613);
    await withGlossary(user, "Dnipro, Zaporizhzhia");
    await rig.fromIntake(user, "Smart clips", video("v1", 1800));
    await rig.tap(user, "📖 Leave out my glossary");
    await rig.tap(user, "📖 Add my glossary");
    expect(rig.card(user).text).toContain("📖 Your glossary: 2 words");
    await rig.tap(user, "📖 Leave out my glossary");
    await rig.create(user);
    expect(rig.created).toEqual([
      { type: "smart_clip", file: upload("v1"), reels_mode: true, webhook_url: HOOK },
    ]);
  });

  it("over the field's limit: every term left out when the user's own context takes all the room", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(614);
    await withGlossary(user, "Dnipro, Kyiv");
    const own = "Recipes. ".repeat(222).concat("Eh");
    expect(own.length).toBe(2000);
    await rig.fromIntake(user, "Smart clips", video("v1", 1800));
    await rig.type(user, "✂️ Clips", "What the video is about", own);
    expect(rig.card(user).text).toContain("✂️ No room in the field for 2 of them: Dnipro, Kyiv");
    await rig.create(user);
    expect(rig.created).toEqual([
      { type: "smart_clip", file: upload("v1"), context: own, reels_mode: true, webhook_url: HOOK },
    ]);
  });
});

describe("/glossary while a form is open", () => {
  it("takes the terms typed after it, not the form", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(631);
    await rig.fromStart(user, "Voiceover");
    await rig.harness.send(user, "/glossary");
    await rig.harness.send(user, "Dnipro, Kyiv");
    expect(await new GlossaryStore(rig.storage.kv).terms(user.id)).toEqual(["Dnipro", "Kyiv"]);
    expect(rig.card(user).text).not.toContain("Dnipro");
  });
});

describe("a form without a glossary field", () => {
  it("shows no glossary line nor its switch", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(621);
    await withGlossary(user, "Dnipro");
    await rig.fromIntake(user, "Subtitles", video("v1", 60));
    expect(rig.card(user).text).not.toContain("📖");
    expect(buttonTexts(user).some((text) => text.startsWith("📖"))).toBe(false);
  });
});
