/**
 * No screen shows a code: every form (each picker), /settings, /tasks, /balance and /apikey are driven
 * in en, uk and ru, and every text and button the user sees is checked (test/support/ux-audit.ts).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { BOT_LOCALES, type BotLocale } from "../../../src/i18n/locales.js";
import { auditWords, type Finding, WordsAudit } from "../../support/ux-audit.js";

describe("the words audit", () => {
  it("catches a code, a Latin word in Ukrainian and a wrong plural", () => {
    const uk = new WordsAudit("uk", new Set(["telegram"]));
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
    const en = new WordsAudit("en", new Set());
    en.check("Output: srt", "card");
    en.check("Balance: 1 tokens", "card");
    en.check("Send the video, or paste a link", "card");
    expect(en.findings.map((finding) => finding.word)).toEqual(["srt", "1 tokens"]);
  });

  describe("every screen in every language", () => {
    let findings: Record<BotLocale, Finding[]>;
    beforeAll(async () => {
      findings = await auditWords();
    }, 120_000);

    it.each(BOT_LOCALES)("%s shows no code, no stray Latin word and no wrong plural", (locale) => {
      expect(findings[locale]).toEqual([]);
    });
  });
});
