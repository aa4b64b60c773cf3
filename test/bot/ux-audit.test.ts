/**
 * No screen says what a native reader would stumble on: every task form (each picker), /start, /help,
 * /settings, /tasks, /balance, /apikey, every task card and result, and the generation service's forms,
 * cards, results, /account, /gallery and /queue are driven in en, uk and ru, every text and button the
 * user sees is checked, and the locale files are read (test/support/ux-audit.ts, words-audit.ts).
 */
import { describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import { BOT_LOCALES } from "../../src/i18n/locales.js";
import { localeSource } from "../support/locale-source.js";
import { auditLocale, WordsAudit } from "../support/ux-audit.js";

describe("the words audit", () => {
  it("catches a code, a Latin word in Ukrainian and a wrong plural", () => {
    const uk = new WordsAudit("uk", { allowed: new Set(["telegram"]) });
    uk.check("Формат: 9_16", "card");
    uk.check("Колір: &H0000FFFF", "card");
    uk.check("Стиль: yellow_basic", "card");
    uk.check("Голос: Provider A", "card");
    uk.check("Режим карток: semi", "card");
    uk.check("Баланс: 2 токенів", "card");
    uk.check("Надішліть з Telegram до 41 токена <code>fade zoom</code>", "card");
    expect(uk.findings.map((finding) => [finding.kind, finding.word])).toEqual([
      ["code", "9_16"],
      ["code", "9_16"],
      ["code", "&H0000FFFF"],
      ["latin", "H0000FFFF"],
      ["code", "yellow_basic"],
      ["code", "yellow_basic"],
      ["latin", "yellow"],
      ["latin", "basic"],
      ["code", "Provider A"],
      ["latin", "Provider"],
      ["latin", "A"],
      ["code", "semi"],
      ["latin", "semi"],
      ["plural", "2 токенів"],
    ]);
    const en = new WordsAudit("en", { allowed: new Set() });
    en.check("Output: srt", "card");
    en.check("Balance: 1 tokens", "card");
    en.check("Send the video, or paste a link", "card");
    expect(en.findings.map((finding) => finding.word)).toEqual(["srt", "1 tokens"]);
  });

  it("catches a double full stop, a sentence said twice and the service's own prompt", () => {
    const uk = new WordsAudit("uk", {
      allowed: new Set(),
      serviceTexts: ["A smooth, continuous transition from this frame to the next"],
    });
    uk.check("Ліміти оновляться 1 грудня 2026 р..", "balance");
    uk.check("Чекаю… Готово...", "card");
    uk.check(
      "Оберіть завдання нижче або надішліть файл.\n\nОберіть завдання нижче або надішліть файл.",
      "welcome",
    );
    uk.check("1. A smooth, continuous transition from this frame to the next", "caption");
    expect(uk.findings.filter((finding) => finding.kind !== "latin").map((f) => [f.kind, f.word])).toEqual([
      ["punctuation", "р.."],
      ["repeat", "Оберіть завдання нижче або надішліть файл."],
      ["service", "A smooth, continuous transition from this frame to the next"],
    ]);
  });

  it("catches a number in a locale file whose noun does not follow it", () => {
    const uk = new WordsAudit("uk", { allowed: new Set() });
    uk.checkLocaleSource(
      "card.ftl",
      [
        "held = У черзі { $count } генерацій, на них зарезервовано { $tokens } токенів.",
        "chosen = { $count ->",
        "    [one] { $count } токен",
        "    [few] { $count } токени",
        "   *[many] { $count } токенів",
        "}",
        "limit = Не більше ніж { $max } токенів, до { $most } токенів.",
        "fixed = Ціна: 50 токенів, 2 токенів.",
      ].join("\n"),
    );
    expect(uk.findings.map((finding) => [finding.word, finding.where])).toEqual([
      ["{ $count } генерацій", "card.ftl held"],
      ["{ $tokens } токенів", "card.ftl held"],
      ["{ $max } токенів", "card.ftl limit"],
      // After "до" too: "до 1 токена", "до 5 токенів".
      ["{ $most } токенів", "card.ftl limit"],
      ["2 токенів", "card.ftl fixed"],
    ]);
  });

  describe("one name per job", () => {
    const i18n = createI18n("en");
    /** Names the jobs went by besides their own (task-<type>-name), which no screen may use again. */
    const OTHER_NAMES: Record<string, RegExp[]> = {
      en: [/short clips/i, /motion video/i, /video from photos and clips/i, /between these photos/i],
      uk: [/розумн\p{L}* (кліп|ролик)/iu, /моушн/iu, /прибрати паузи/iu, /короткі ролики/iu],
      ru: [/умн\p{L}* (клип|ролик)/iu, /моушн/iu, /убрать паузы/iu, /короткие ролики/iu],
    };

    it.each(BOT_LOCALES)("%s: buttons and offers that start a job say the job's own name", (locale) => {
      const t = (key: string) => i18n.t(locale, key).toLowerCase();
      for (const type of ["subtitles", "dubbing", "smart_clip", "pause_removal"]) {
        expect(t(`then-${type}`)).toContain(t(`task-${type}-name`));
      }
      for (const key of ["then-motion-voice", "hint-text-motion"]) {
        expect(t(key)).toContain(t("task-motion-name"));
      }
    });

    it.each(BOT_LOCALES)("%s: no screen calls a job by another name", (locale) => {
      const text = localeSource(locale);
      for (const other of OTHER_NAMES[locale] ?? []) expect(text).not.toMatch(other);
    });
  });

  describe.each(BOT_LOCALES)("every screen in %s", (locale) => {
    it("shows no code, stray Latin word, wrong plural, double stop, repeat, service word or other job name", async () => {
      expect(await auditLocale(locale)).toEqual([]);
    }, 120_000);
  });
});
