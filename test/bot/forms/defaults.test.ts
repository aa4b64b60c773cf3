/**
 * /settings values are the defaults of every form; the last task of a type still prefills the next one,
 * but the card says which values came from it and one tap puts the settings back.
 */
import { afterEach, describe, expect, it } from "vitest";
import { LastChoices } from "../../../src/bot/forms/defaults.js";
import { PreferencesRepository } from "../../../src/bot/preferences.js";
import { FORMS } from "../../../src/bot/tasks/forms/index.js";
import { BotHarness, lastCall, type TestUser } from "../../support/bot-harness.js";
import { FormRig } from "../../support/form-rig.js";
import { photo, video } from "../../support/telegram-messages.js";

let rig: FormRig;
afterEach(async () => rig?.close());

const SETTINGS = {
  ttsProvider: "provider_b",
  ttsVoice: "provider_b-en-US-sample-1",
  ttsSpeed: 1.2,
  subStyle: "karaoke_cyan",
  subPosition: "top",
  subSize: "large",
  videoFormat: "16_9",
} as const;

describe("/settings values reach every form", () => {
  it("video, voiceover, subtitles, dubbing and smart clips start from them", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(201);
    await new PreferencesRepository(rig.storage.kv).update(user.id, SETTINGS);

    await rig.fromIntake(user, "Slideshow with voiceover", photo("p1"));
    await rig.type(user, "🎙 Voice", "Text", "Hello there");
    await rig.create(user);
    await rig.fromStart(user, "Voiceover");
    await rig.harness.send(user, "Hello there");
    await rig.create(user);
    await rig.fromIntake(user, "Subtitles", video("v1"));
    await rig.create(user);
    await rig.fromIntake(user, "Dubbing", video("v2"));
    await rig.create(user);
    await rig.fromIntake(user, "Smart clips", video("v3", 600));
    await rig.create(user);

    const [videoTask, voiceover, subtitles, dubbing, clips] = rig.created;
    const voice = { tts_provider: "provider_b", tts_voice: "provider_b-en-US-sample-1" };
    const look = { sub_style: "karaoke_cyan", sub_position: "top", sub_size: "large" };
    expect(videoTask).toMatchObject({ ...voice, tts_speed: 1.2, ...look, format: "16_9" });
    expect(voiceover).toMatchObject({ ...voice, tts_speed: 1.2 });
    expect(subtitles).toMatchObject(look);
    expect(dubbing).toMatchObject({ ...voice, sub_style: "karaoke_cyan", sub_position: "top" });
    expect(clips).toMatchObject(look);
  });

  it("a saved voice is shown with its own provider, whatever the last task used", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(202);
    // The last dubbing left the free provider's automatic voice.
    await rig.fromIntake(user, "Dubbing", video("v1"));
    await rig.create(user);
    await new PreferencesRepository(rig.storage.kv).update(user.id, SETTINGS);
    await rig.fromIntake(user, "Dubbing", video("v2"));
    const card = rig.card(user).text;
    expect(card).not.toMatch(/Olivia · (?!Sonora)/);
  });
});

describe("last choices", () => {
  it("prefill the next form, the card names them, and one tap puts the settings back", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(203);
    await rig.fromIntake(user, "Subtitles", video("v1"));
    await rig.choose(user, "💬 Subtitles", "Subtitle style", "Turquoise karaoke");
    await rig.create(user);
    await new PreferencesRepository(rig.storage.kv).update(user.id, { subStyle: "news_style" });

    await rig.fromIntake(user, "Subtitles", video("v2"));
    expect(rig.card(user).text).toContain("↩️ From your last subtitled video: Subtitle style");
    await rig.create(user);
    expect(rig.created[1]).toMatchObject({ sub_style: "karaoke_cyan" });

    await rig.fromIntake(user, "Subtitles", video("v3"));
    await rig.tap(user, "↩️ Use my settings");
    expect(rig.card(user).text).not.toContain("From your last");
    expect(BotHarness.buttons(rig.card(user).call).map((button) => button.text)).not.toContain(
      "↩️ Use my settings instead",
    );
    await rig.create(user);
    expect(rig.created[2]).toMatchObject({ sub_style: "news_style" });
  });

  it("say what each adds to the cost, per minute where the file's length is not known yet", async () => {
    rig = await FormRig.create();
    const cases = [
      {
        language: "uk",
        task: "Субтитри",
        file: video("v1", 120),
        line: "↩️ Як у вашому останньому відео із субтитрами: Перекласти на (+20 токенів), Автоматичні написи (+50 токенів), Картки (ще до 180 токенів)",
      },
      {
        language: "ru",
        task: "Субтитры",
        file: { text: "https://example.com/talk.mp4" },
        line: "↩️ Как в вашем последнем видео с субтитрами: Перевести на (+10 токенов в минуту), Автоматические надписи (+50 токенов), Карточки (ещё до 90 токенов в минуту)",
      },
      {
        language: "en",
        task: "Dubbing",
        file: video("v2", 90),
        line: "↩️ From your last dubbing: Voice (+62 tokens)",
      },
    ];
    for (const [index, { language, task, file, line }] of cases.entries()) {
      const user = rig.harness.user(210 + index, language);
      const remembered =
        task === "Dubbing"
          ? { tts_provider: "provider_b", tts_voice: "provider_b-en-US-sample-1" }
          : { translate_to: "de", auto_text: true, ai_graphics: true };
      await new LastChoices(rig.storage.kv).remember(
        user.id,
        task === "Dubbing" ? FORMS.dubbing : FORMS.subtitles,
        remembered,
      );
      await rig.fromIntake(user, task, file);
      expect(rig.card(user).text, language).toContain(line);
    }
  });

  it("the first form of a type has no such note", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(204);
    await rig.fromIntake(user, "Subtitles", video("v1"));
    expect(rig.card(user).text).not.toContain("From your last");
  });
});

describe("a remembered voice applies only to its own language", () => {
  /** Back on the card from a group or a field, in the user's language. */
  /** The card with every choice in view: a long one keeps some behind Details. */
  async function wholeCard(user: TestUser): Promise<string> {
    const details = BotHarness.buttons(rig.card(user).call).find((button) => button.text.startsWith("🔽"));
    if (details) await rig.tap(user, details.text);
    return rig.card(user).text;
  }

  async function toCard(user: TestUser, back: string) {
    for (
      let step = 0;
      step < 3 && !/✅/.test(JSON.stringify(rig.card(user).call?.payload.reply_markup));
      step++
    )
      await rig.tap(user, back);
  }

  it("a Ukrainian dubbing does not keep the English voice of the last one", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(205, "uk");
    await rig.fromIntake(user, "Дубляж", video("v1"));
    await rig.tap(user, "🌐 Мови та режим");
    await rig.tap(user, "Мова дубляжу:");
    await rig.press(user, "Англійська");
    await rig.tap(user, "« Назад");
    await rig.tap(user, "🎙 Голос");
    await rig.tap(user, "Голос:");
    await rig.press(user, "Emma");
    await toCard(user, "« Назад");
    await rig.tap(user, "✅ Створити");
    await rig.settle();
    expect(rig.created[0]).toMatchObject({ target_lang: "en", tts_voice: "provider_a-en-US-sample-1" });

    // The next dubbing opens into English again, the voice with it; into Ukrainian, the voice goes.
    await rig.fromIntake(user, "Дубляж", video("v2"));
    expect(await wholeCard(user)).toContain("Голос: Emma · Vocalis");
    await rig.tap(user, "🌐 Мови та режим");
    await rig.tap(user, "Мова дубляжу:");
    await rig.press(user, "Українська");
    await toCard(user, "« Назад");
    expect(await wholeCard(user)).not.toContain("Emma");
    await rig.tap(user, "✅ Створити");
    await rig.settle();
    expect(rig.created[1]).toMatchObject({ type: "dubbing", target_lang: "uk" });
    expect(rig.created[1]).not.toHaveProperty("tts_voice");
    expect(rig.created[1]).not.toHaveProperty("tts_provider");
  });

  it("a voiceover in the interface's language does not open with a voice of another one", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(206, "uk");
    await rig.fromStart(user, "Озвучення");
    await rig.harness.send(user, "Good morning, everyone");
    await rig.tap(user, "🎙 Голос");
    await rig.tap(user, "Голос:");
    await rig.tap(user, "🌐 Інша мова");
    await rig.press(user, "англійська");
    await rig.press(user, "Emma");
    await toCard(user, "« Назад");
    await rig.tap(user, "✅ Створити");
    await rig.settle();
    expect(rig.created[0]).toMatchObject({ tts_voice: "provider_a-en-US-sample-1" });

    const menu = await rig.harness.send(user, "/start");
    await rig.harness.press(user, BotHarness.button(lastCall(menu, "sendMessage"), "Озвучення"));
    await rig.harness.send(user, "Доброго ранку всім");
    expect(rig.card(user).text).not.toContain("Emma");
    await rig.tap(user, "✅ Створити");
    await rig.settle();
    expect(rig.created[1]).not.toHaveProperty("tts_voice");
  });

  it("where the last voice does not speak the language, the settings' voice that does stands in", async () => {
    rig = await FormRig.create();
    const user = rig.harness.user(207);
    await new PreferencesRepository(rig.storage.kv).update(user.id, SETTINGS);
    await rig.fromIntake(user, "Dubbing", video("v1"));
    await rig.choose(user, "🌐 Languages and mode", "Dub into", "German");
    await rig.choose(user, "🎙 Voice", "Voice");
    await rig.press(user, "Anna");
    await rig.create(user);
    expect(rig.created[0]).toMatchObject({ target_lang: "de", tts_voice: "provider_a-de-DE-sample-1" });

    await rig.fromIntake(user, "Dubbing", video("v2"));
    expect(await wholeCard(user)).toContain("Voice: Anna · Vocalis");
    await rig.choose(user, "🌐 Languages and mode", "Dub into", "English");
    await rig.backToCard(user);
    expect(await wholeCard(user)).toContain("Voice: Olivia · Sonora");
    await rig.create(user);
    expect(rig.created[1]).toMatchObject({
      target_lang: "en",
      tts_provider: "provider_b",
      tts_voice: "provider_b-en-US-sample-1",
    });
  });
});
