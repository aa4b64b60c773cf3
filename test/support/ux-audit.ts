/**
 * The words audit: drives every screen of every task form (each picker), /start, /help, /settings (each
 * picker), /tasks, /balance and /apikey, every task card and result, the generation service's screens
 * (ux-audit-generations.ts) and the glossary's (ux-audit-glossary.ts) in en, uk and ru through the real
 * bot, reads the locale files, and lists every place the user would read what words-audit.ts looks for:
 * a code, a stray Latin word, a wrong plural, a double full stop, a sentence said twice, the service's own
 * prompt, another name for a job.
 */
import { fileURLToPath } from "node:url";
import { DEFAULT_PROMPTS, SANDBOX_MODELS } from "../../dev/generation-sandbox/index.js";
import { LastChoices } from "../../src/bot/forms/defaults.js";
import { createI18n } from "../../src/bot/i18n.js";
import { FORMS } from "../../src/bot/tasks/forms/index.js";
import { type Catalog, catalogPort, loadCatalog } from "../../src/catalog/index.js";
import { BOT_LOCALES, type BotLocale } from "../../src/i18n/locales.js";
import type { TaskRecord } from "../../src/tasks/records.js";
import { thenRows } from "../../src/tasks/result-actions.js";
import type { TaskType } from "../../src/tasks-service/schemas/index.js";
import { decodeCallback } from "../../src/telegram/callback-data.js";
import { FakeApiKeys, FakeTasksService, serviceTask } from "./bot-fakes.js";
import { type ApiCall, BotHarness, type TestUser } from "./bot-harness.js";
import { type CardButton, formButtons, pressAction, pressButton, toSummary } from "./form-card-driver.js";
import { FormRig } from "./form-rig.js";
import { audio, photo, video } from "./telegram-messages.js";
import { auditGenerations } from "./ux-audit-generations.js";
import { auditGlossary } from "./ux-audit-glossary.js";
import { auditTaskResults } from "./ux-audit-tasks.js";
import { type Finding, latinAllowed, WordsAudit } from "./words-audit.js";

export { FINDING_KINDS, type Finding, type FindingKind, WordsAudit } from "./words-audit.js";

const CATALOG_PATH = fileURLToPath(new URL("../../catalog/catalog.json", import.meta.url));

/** What the user sends, in their language: their own words are theirs, not the bot's. */
const USER_TEXT: Record<BotLocale, string> = { en: "Good morning", uk: "Доброго ранку", ru: "Доброе утро" };
const MEDIA: Partial<Record<TaskType, Record<string, unknown>>> = {
  video: photo("photo1"),
  transcription: audio("7"),
  subtitles: video("video1"),
  pause_removal: video("video1"),
  dubbing: video("video1"),
  smart_clip: video("video1"),
};

async function visitForm(
  rig: FormRig,
  user: TestUser,
  type: TaskType,
  off: string,
  locale: BotLocale,
): Promise<void> {
  const definition = FORMS[type];
  const press = async (button: CardButton) => pressButton(rig, user, button);
  for (let group = 0; group < definition.groups.length; group++) {
    await toSummary(rig, user);
    if (!(await pressAction(rig, user, (a) => a.kind === "open-group" && a.group === group))) continue;
    // Turn every toggle on first, so the fields that depend on one show too.
    for (const field of formButtons(rig, user)) {
      if (field.action.kind !== "open-field") continue;
      const kind = definition.fields[field.action.field]?.input.kind;
      if (kind === "toggle" && field.text.endsWith(`: ${off}`)) await press(field);
    }
    const fields = formButtons(rig, user).filter((entry) => entry.action.kind === "open-field");
    for (const field of fields) {
      if (field.action.kind !== "open-field") continue;
      const input = definition.fields[field.action.field]?.input;
      if (!input || input.kind === "toggle") continue;
      await toSummary(rig, user);
      await pressAction(rig, user, (a) => a.kind === "open-group" && a.group === group);
      await press(field);
      await pressAction(rig, user, (a) => a.kind === "open-field" && a.page === 1);
      if (input.kind === "voice") {
        await pressAction(rig, user, (a) => a.kind === "voice-page" && a.page === 1);
        await pressAction(rig, user, (a) => a.kind === "voice-languages");
        await pressAction(rig, user, (a) => a.kind === "voice-languages" && a.page === 1);
      }
      if (input.kind === "overlays") {
        await pressAction(rig, user, (a) => a.kind === "new-caption");
        await rig.harness.send(user, `${USER_TEXT[locale]} | 1-3`);
        for (const property of ["style", "position", "size", "anim"] as const) {
          await pressAction(rig, user, (a) => a.kind === "caption-property" && a.property === property);
          await pressAction(rig, user, (a) => a.kind === "set-caption-property" && a.option === 1);
        }
      }
      if (input.kind === "multi") {
        await pressAction(rig, user, (a) => a.kind === "flip-option" && a.option === 6);
      }
      const key = definition.fields[field.action.field]?.key;
      if (input.kind === "choice" && key !== "mode" && key !== "source") {
        // A value chosen shows on the group and the card in its words.
        await pressAction(rig, user, (a) => a.kind === "choose-option" && a.option === 1);
      }
    }
  }
  await toSummary(rig, user);
}

async function auditForms(locale: BotLocale, audit: WordsAudit): Promise<void> {
  const i18n = createI18n("en");
  const types = Object.keys(FORMS) as TaskType[];
  let id = 5000;
  for (const type of types) {
    const passes = type === "dubbing" ? ["auto", "semi_auto", "manual"] : ["default"];
    for (const pass of passes) {
      const rig = await FormRig.create();
      try {
        const user: TestUser = { id: ++id, first_name: "Олена", language_code: locale };
        await rig.harness.send(user, "/start");
        const menu = rig.harness.calls.at(-1);
        await rig.harness.pressOffer(user, menu, i18n.t(locale, `task-${type}-name`));
        const media = MEDIA[type];
        if (media) await rig.harness.sendMessage(user, media);
        else await rig.harness.send(user, USER_TEXT[locale]);
        await pressAction(rig, user, (action) => action.kind === "media-done");
        if (pass !== "default") {
          const mode = ["auto", "semi_auto", "manual"].indexOf(pass);
          await pressAction(rig, user, (a) => a.kind === "open-group" && a.group === 0);
          await pressAction(rig, user, (a) => a.kind === "open-field" && a.field === 0);
          await pressAction(rig, user, (a) => a.kind === "choose-option" && a.option === mode);
        }
        await visitForm(rig, user, type, i18n.t(locale, "value-off"), locale);
        audit.checkCalls(rig.harness.calls, `${type}${pass === "default" ? "" : ` (${pass})`}`);
      } finally {
        await rig.close();
      }
    }
  }
}

/**
 * Forms that open on what the user chose last time and on a result handed on ("Then..."): the line that
 * names the remembered values with what each adds, per minute for a link, and the result named by what
 * it is.
 */
async function auditCarriedOver(locale: BotLocale, audit: WordsAudit): Promise<void> {
  const i18n = createI18n("en");
  const t = (key: string, variables?: Record<string, string | number>) => i18n.t(locale, key, variables);
  const rig = await FormRig.create();
  try {
    const user: TestUser = { id: 9200, first_name: "Олена", language_code: locale };
    const lastChoices = new LastChoices(rig.storage.kv);
    await lastChoices.remember(user.id, FORMS.subtitles, {
      translate_to: "de",
      auto_text: true,
      ai_graphics: true,
    });
    await lastChoices.remember(user.id, FORMS.dubbing, {
      tts_provider: "provider_b",
      tts_voice: `provider_b-${locale === "en" ? "en-US" : locale === "uk" ? "uk-UA" : "ru-RU"}-sample-1`,
    });
    const record: TaskRecord = {
      ticket: "AUDIT-RESULT-0123456789",
      userId: user.id,
      chatId: user.id,
      locale,
      type: "smart_clip",
      state: "delivered",
      origin: "bot",
      taskId: 1005,
      uploads: {},
      polls: 0,
      retries: 0,
      createdAt: Date.now(),
      result: {
        url: "http://127.0.0.1:42137/results/515d54c3/result.mp4",
        seconds: 2.4,
        clips: [{ index: 1, url: "http://127.0.0.1:42137/results/515d54c3/c1.mp4", seconds: 75 }],
      },
    };
    await rig.records.put(record);
    for (const row of thenRows(t, record, "smart_clip")) {
      for (const button of row) {
        if ("callback_data" in button) await rig.harness.press(user, button.callback_data, 1);
      }
    }
    await rig.records.put({ ...record, type: "video" });
    for (const row of thenRows(t, { ...record, type: "video" }, "video")) {
      for (const button of row) {
        if ("callback_data" in button) await rig.harness.press(user, button.callback_data, 1);
      }
    }
    await rig.harness.sendMessage(user, { text: "https://example.com/talk.mp4" });
    const offer = [...rig.harness.calls].reverse().find((call) => BotHarness.buttons(call).length > 0);
    await rig.harness.pressOffer(user, offer, t("task-subtitles-name"));
    audit.checkCalls(rig.harness.calls, "carried over");
  } finally {
    await rig.close();
  }
}

async function auditCommands(locale: BotLocale, catalog: Catalog, audit: WordsAudit): Promise<void> {
  const tasksService = new FakeTasksService();
  tasksService.tasks = [
    serviceTask(71, { type: "video", status: "processing", progress: 40 }),
    serviceTask(72, { type: "smart_clip", status: "failed", error_message: undefined }),
    serviceTask(73, { type: "dubbing", status: "pending", progress: 0 }),
  ];
  const harness = new BotHarness({
    catalog: catalogPort(catalog),
    apiKeys: new FakeApiKeys(),
    tasksService,
    defaultLocale: locale,
  });
  const user: TestUser = { id: 9100, first_name: "Олена", language_code: locale };
  const lastWithButtons = () =>
    [...harness.calls].reverse().find((call) => BotHarness.buttons(call).length > 0);
  const buttonsOf = (call: ApiCall | undefined) => BotHarness.buttons(call).filter((button) => button.data);

  await harness.send(user, "/settings");
  const menu = lastWithButtons();
  for (const field of buttonsOf(menu)) {
    if (!field.data || decodeCallback(field.data)?.args[1] === "lang") continue;
    await harness.press(user, field.data, 1);
    const options = lastWithButtons();
    const [first] = buttonsOf(options);
    // Choose an option so the summary shows a value of each field in words.
    if (first?.data && options !== menu) await harness.press(user, first.data, 1);
  }
  await harness.send(user, "/start");
  await harness.send(user, "/help");
  await harness.send(user, "/settings");
  await harness.send(user, "/language");
  await harness.send(user, "/balance");
  const limits = buttonsOf(lastWithButtons())[0];
  if (limits?.data) await harness.press(user, limits.data, 1);
  await harness.send(user, "/tasks");
  const list = lastWithButtons();
  for (const task of buttonsOf(list).slice(0, 3)) if (task.data) await harness.press(user, task.data, 1);
  await harness.send(user, "/apikey");
  const issue = buttonsOf(lastWithButtons())[0];
  if (issue?.data) await harness.press(user, issue.data, 1);
  await harness.send(user, "/apikey");
  audit.checkCalls(harness.calls, "commands");
}

/** Everything one language shows, audited. */
export async function auditLocale(locale: BotLocale): Promise<Finding[]> {
  const catalog = await loadCatalog(CATALOG_PATH);
  // Names are names in every language: the voice providers', the models' and their makers'.
  const allowed = latinAllowed([
    ...catalog.providers.map((provider) => provider.label),
    ...SANDBOX_MODELS.flatMap((model) => [model.entry.label, model.entry.provider]),
  ]);
  const audit = new WordsAudit(locale, { allowed, serviceTexts: Object.values(DEFAULT_PROMPTS) });
  audit.checkLocaleFiles();
  await auditForms(locale, audit);
  await auditCarriedOver(locale, audit);
  await auditCommands(locale, catalog, audit);
  await auditTaskResults(locale, audit);
  await auditGenerations(locale, audit);
  await auditGlossary(locale, audit);
  return audit.findings;
}

export async function auditWords(): Promise<Record<BotLocale, Finding[]>> {
  const result = {} as Record<BotLocale, Finding[]>;
  for (const locale of BOT_LOCALES) result[locale] = await auditLocale(locale);
  return result;
}
