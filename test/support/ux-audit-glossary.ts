/**
 * The glossary's screens for the words audit: /glossary empty and full, each of its refusals, a tap that
 * removes, Clear all's question, the newcomer's offer on /start, and a transcription's and a smart clip's
 * card with the glossary in, left out for lack of room, and switched off.
 */
import { createI18n } from "../../src/bot/i18n.js";
import type { BotLocale } from "../../src/i18n/locales.js";
import { BotHarness, type TestUser } from "./bot-harness.js";
import { pressAction, toSummary } from "./form-card-driver.js";
import { FormRig } from "./form-rig.js";
import { audio, video } from "./telegram-messages.js";
import type { WordsAudit } from "./words-audit.js";

/** Names as the user writes them, in their own script. */
const TERMS: Record<BotLocale, string[]> = {
  en: ["Dnipro", "Zaporizhzhia", "Kyiv"],
  uk: ["Дніпро", "Запоріжжя", "Київ"],
  ru: ["Днепр", "Запорожье", "Киев"],
};
const OWN_WORDS: Record<BotLocale, string> = {
  en: "Good morning. ",
  uk: "Доброго ранку. ",
  ru: "Доброе утро. ",
};

async function auditGlossaryCommand(locale: BotLocale, audit: WordsAudit): Promise<void> {
  const harness = new BotHarness({ defaultLocale: locale });
  const user: TestUser = { id: 9300, first_name: "Олена", language_code: locale };
  const [first, second, third] = TERMS[locale];
  await harness.send(user, "/start");
  await harness.send(user, "/glossary");
  await harness.send(user, `${first}, ${second}`);
  await harness.send(user, `${first}`);
  await harness.send(user, `${third}, ${(second ?? "").repeat(8)}`);
  const long = Array.from({ length: 9 }, (_, index) => `${(third ?? "").repeat(12).slice(0, 48)}${index}`);
  await harness.send(user, long.join(", "));
  await harness.send(user, Array.from({ length: 41 }, (_, index) => `${third}${index}`).join(", "));
  const list = [...harness.calls].reverse().find((call) => BotHarness.buttons(call).length > 0);
  const [remove] = BotHarness.buttons(list);
  if (remove?.data) await harness.press(user, remove.data);
  const clear = BotHarness.buttons(harness.calls.at(-1)).at(-1);
  if (clear?.data) await harness.press(user, clear.data);
  const [yes] = BotHarness.buttons(harness.calls.at(-1));
  if (yes?.data) await harness.press(user, yes.data);
  audit.checkCalls(harness.calls, "glossary");
}

async function auditGlossaryCards(locale: BotLocale, audit: WordsAudit): Promise<void> {
  const i18n = createI18n("en");
  const rig = await FormRig.create();
  try {
    const user: TestUser = { id: 9301, first_name: "Олена", language_code: locale };
    await rig.harness.send(user, `/glossary ${TERMS[locale].join(", ")}`);
    await rig.fromIntake(user, i18n.t(locale, "task-transcription-name"), audio("7"));
    await pressAction(rig, user, (action) => action.kind === "open-group");
    await pressAction(rig, user, (action) => action.kind === "open-field" && action.field === 1);
    const own = OWN_WORDS[locale];
    await rig.harness.send(user, own.repeat(Math.floor(1995 / own.length)));
    await toSummary(rig, user);
    await pressAction(rig, user, (action) => action.kind === "toggle-glossary");
    await rig.harness.send(user, "/cancel");
    await rig.fromIntake(user, i18n.t(locale, "task-smart_clip-name"), video("video1", 1800));
    audit.checkCalls(rig.harness.calls, "glossary on cards");
  } finally {
    await rig.close();
  }
}

export async function auditGlossary(locale: BotLocale, audit: WordsAudit): Promise<void> {
  await auditGlossaryCommand(locale, audit);
  await auditGlossaryCards(locale, audit);
}
