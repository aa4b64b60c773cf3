/**
 * The generation forms' buttons keep their promises: a group is named for what it holds, a setting with
 * one possible value is a line of the card rather than a button that offers a choice of one, and Create
 * without a prompt says what to do instead of nothing.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createI18n } from "../../../src/bot/i18n.js";
import { lastCall } from "../../support/bot-harness.js";
import { toSummary } from "../../support/form-card-driver.js";
import { GenerationRig } from "../../support/generation-rig.js";

let rig: GenerationRig;
afterEach(async () => rig?.close());

const i18n = createI18n("en");

function videoCreates() {
  return rig.proxy.requests.filter(
    (entry) => entry.method === "POST" && entry.path === "/v1/videos/generations",
  );
}

describe("a setting with one possible value", () => {
  it("is a line on the card and in its group, not a button; one with several stays a button", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(601);
    await rig.link(user);
    await rig.harness.send(user, "/video a paper boat");
    await rig.tap(user, "🔽 Details");
    const card = rig.card(user).text;
    expect(card).toContain("Length: 8 seconds");
    expect(card).toContain("Sound: on");

    await rig.tap(user, "🎬 Shape, length and sound");
    expect(rig.card(user).text).toContain("🎬 Shape, length and sound\nLength: 8 seconds\nSound: on");
    expect(rig.buttons(user)).toEqual(["Shape: Wide 16:9", "Size: 720p", "« Back"]);

    await rig.choose(user, "🧠 Model", "Model", "Cinematic 3");
    await rig.backToCard(user);
    await rig.tap(user, "🎬 Shape, length and sound");
    expect(rig.buttons(user)).toEqual([
      "Shape: Wide 16:9",
      "Size: 720p",
      "Length: 6 seconds",
      "Sound: on",
      "« Back",
    ]);
    await rig.tap(user, "Length:");
    expect(rig.card(user).text).toContain("How long each clip is. Longer clips cost more.");
    await rig.tap(user, "10 seconds");
    await rig.create(user);
    expect(JSON.parse(videoCreates()[0]?.body.toString("utf8") ?? "null")).toMatchObject({
      model: "cinematic-3",
      duration: 10,
      audio: true,
    });
  });

  it("a model that cannot switch its sound off says whether it has any, and sends no audio field", async () => {
    rig = await GenerationRig.create();
    const user = rig.harness.user(602);
    await rig.link(user);
    await rig.harness.send(user, "/video a lantern drifting up");
    await rig.choose(user, "🧠 Model", "Model", "Kinetic 2.1");
    await rig.backToCard(user);
    await rig.tap(user, "🎬 Shape, length and sound");
    expect(rig.card(user).text).toContain("Sound: on");
    expect(rig.buttons(user).some((text) => text.startsWith("Sound:"))).toBe(false);
    await rig.create(user);
    expect(JSON.parse(videoCreates()[0]?.body.toString("utf8") ?? "null")).not.toHaveProperty("audio");
  });
});

describe("the model group", () => {
  it("is named for the model alone where the model has no quality modes, and for both where it has", async () => {
    rig = await GenerationRig.create();
    for (const [id, locale, only, both, sound] of [
      [611, "en", "🧠 Model", "🧠 Model and quality", "🎬 Shape, length and sound"],
      [612, "uk", "🧠 Модель", "🧠 Модель і якість", "🎬 Формат, тривалість і звук"],
      [613, "ru", "🧠 Модель", "🧠 Модель и качество", "🎬 Формат, длительность и звук"],
    ] as const) {
      const t = (key: string) => i18n.t(locale, key);
      const user = rig.harness.user(id, locale);
      await rig.link(user);
      await rig.harness.send(user, "/video a paper boat");
      expect(rig.buttons(user)).toEqual(expect.arrayContaining([only, sound]));
      expect(rig.buttons(user)).not.toContain(both);
      await rig.tap(user, only);
      expect(rig.buttons(user).filter((text) => !text.startsWith("«"))).toHaveLength(1);
      await rig.tap(user, `${t("field-model")}:`);
      await rig.tap(user, "Cinematic 3");
      await toSummary(rig, user);
      expect(rig.buttons(user)).toContain(both);
      await rig.tap(user, both);
      expect(rig.buttons(user).map((text) => text.split(":")[0])).toEqual([
        t("field-model"),
        t("field-quality_mode"),
        expect.stringMatching(/^«/),
      ]);
    }
  });
});

describe("Create without a prompt", () => {
  it("answers the press with what to do, in the user's language, and sends nothing", async () => {
    rig = await GenerationRig.create();
    for (const [id, locale, words] of [
      [621, "en", "Write a prompt first: send it here as a message."],
      [622, "uk", "Спершу напишіть опис: надішліть його сюди повідомленням."],
      [623, "ru", "Сначала напишите описание: отправьте его сюда сообщением."],
    ] as const) {
      const user = rig.harness.user(id, locale);
      await rig.link(user);
      await rig.harness.send(user, "/video");
      await toSummary(rig, user);
      const create = i18n.t(locale, "form-create");
      expect(rig.card(user).text).toContain(`⚠️ ${words}`);
      for (let press = 0; press < 2; press++) {
        const calls = await rig.tap(user, create);
        expect(lastCall(calls, "answerCallbackQuery")?.payload.text).toBe(words);
      }
      await rig.settle();
    }
    expect(videoCreates()).toHaveLength(0);
  });
});
