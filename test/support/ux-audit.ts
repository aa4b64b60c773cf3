/**
 * The words audit: drives every screen of every task form (each picker), /settings (each picker),
 * /tasks, /balance and /apikey in en, uk and ru through the real bot, and lists every place the user
 * would read a code instead of a word: a value of the spec's vocabularies, a provider id or label, an
 * ASS colour, a snake_case token; in uk and ru also a Latin word outside a short allow-list, and a
 * number followed by the wrong plural form. What the user is meant to type (shown as code) is exempt.
 */
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { type CardAction, decodeCardAction } from "../../src/bot/forms/card-action.js";
import { LastChoices } from "../../src/bot/forms/defaults.js";
import { createI18n } from "../../src/bot/i18n.js";
import { FORMS } from "../../src/bot/tasks/forms/index.js";
import { type Catalog, catalogPort, loadCatalog } from "../../src/catalog/index.js";
import { BOT_LOCALES, type BotLocale } from "../../src/i18n/locales.js";
import { thenRows } from "../../src/tasks/cards.js";
import type { TaskRecord } from "../../src/tasks/task-records.js";
import * as vocabularies from "../../src/tasks-service/schemas/common.js";
import { TASK_DEFAULTS, type TaskType } from "../../src/tasks-service/schemas/index.js";
import { decodeCallback } from "../../src/telegram/callback-data.js";
import { FakeApiKeys, FakeTasksService, serviceTask } from "./bot-fakes.js";
import { type ApiCall, BotHarness, type TestUser } from "./bot-harness.js";
import { FormRig } from "./form-rig.js";
import { audio, photo, video } from "./telegram-messages.js";

export type FindingKind = "code" | "latin" | "plural";
export interface Finding {
  kind: FindingKind;
  word: string;
  where: string;
}

const CATALOG_PATH = fileURLToPath(new URL("../../catalog/catalog.json", import.meta.url));

/** Every value of the spec's vocabularies, read from the task service schemas. */
function vocabularyValues(): Set<string> {
  const values = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === "string") values.add(value);
  };
  for (const exported of Object.values(vocabularies)) {
    if (Array.isArray(exported)) exported.forEach(add);
  }
  for (const defaults of Object.values(TASK_DEFAULTS)) Object.values(defaults).forEach(add);
  return values;
}

/** Latin words a Ukrainian or Russian screen may hold: brands, formats, units and the catalog's names. */
function latinAllowed(catalog: Catalog): Set<string> {
  const words = [
    "Telegram",
    "USD",
    "UTC",
    "API",
    "HTTP",
    "X-API-Key",
    "https",
    "MP3",
    "MP4",
    "WAV",
    "M4A",
    "MOV",
    "AVI",
    "JPEG",
    "PNG",
    "WebP",
    "SRT",
    "English",
    ...catalog.providers.map((provider) => provider.label),
  ];
  return new Set(words.flatMap((word) => word.split(/[^A-Za-z0-9-]+/)).map((word) => word.toLowerCase()));
}

/** Nominative plural forms of the nouns that meet numbers, by plural category. */
const NOUNS: Record<BotLocale, Array<Record<string, string>>> = {
  en: [
    { one: "token", other: "tokens" },
    { one: "clip", other: "clips" },
    { one: "file", other: "files" },
    { one: "caption", other: "captions" },
  ],
  uk: [
    { one: "токен", few: "токени", many: "токенів", other: "токена" },
    { one: "ролик", few: "ролики", many: "роликів", other: "ролика" },
    { one: "файл", few: "файли", many: "файлів", other: "файлу" },
    { one: "напис", few: "написи", many: "написів", other: "напису" },
  ],
  ru: [
    { one: "токен", few: "токена", many: "токенов", other: "токена" },
    { one: "ролик", few: "ролика", many: "роликов", other: "ролика" },
    { one: "файл", few: "файла", many: "файлов", other: "файла" },
    { one: "надпись", few: "надписи", many: "надписей", other: "надписи" },
  ],
};
/** After these words a number takes the genitive, which the nominative table does not judge. */
const GOVERNING = new Set(
  "до від із з понад щонайменше щонайбільше більше менше от из с около более менее больше меньше of from to".split(
    " ",
  ),
);

function visibleText(text: string): string {
  return text
    .replace(/<code>[\s\S]*?<\/code>/g, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/(^|\s)\/[a-z]+/g, " ");
}

const EntitiesSchema = z.array(z.object({ type: z.string(), offset: z.number(), length: z.number() }));

/** The text without what its entities mark as code or hide as a spoiler (a key, a command to copy). */
function withoutEntities(text: string, entities: unknown): string {
  const parsed = EntitiesSchema.safeParse(entities);
  if (!parsed.success) return text;
  let result = text;
  for (const entity of parsed.data) {
    if (!["code", "pre", "spoiler"].includes(entity.type)) continue;
    result =
      result.slice(0, entity.offset) +
      " ".repeat(entity.length) +
      result.slice(entity.offset + entity.length);
  }
  return result;
}

export class WordsAudit {
  readonly findings: Finding[] = [];
  private readonly vocabulary = vocabularyValues();

  constructor(
    private readonly locale: BotLocale,
    private readonly allowed: Set<string>,
  ) {}

  check(raw: string, where: string): void {
    const text = visibleText(raw);
    const report = (kind: FindingKind, word: string) => this.findings.push({ kind, word, where });
    for (const match of text.matchAll(/&H[0-9A-F]{6,8}/gi)) report("code", match[0]);
    for (const match of text.matchAll(/\bprovider_[a-z]\b|\bProvider [A-F]\b/g)) report("code", match[0]);
    for (const match of text.matchAll(/\b[A-Za-z]+(?:_[A-Za-z0-9]+)+\b/g)) report("code", match[0]);
    for (const match of text.matchAll(/\b\d+_\d+\b/g)) report("code", match[0]);
    for (const line of text.split("\n")) {
      const bare = line.replace(/^(• |☑️ |▫️ |✅ )/, "").trim();
      const value = bare.includes(": ") ? bare.slice(bare.indexOf(": ") + 2) : bare;
      for (const part of value.split(", ")) {
        if (this.vocabulary.has(part.trim())) report("code", part.trim());
      }
    }
    if (this.locale !== "en") {
      for (const match of text.matchAll(/[A-Za-z][A-Za-z0-9-]*[A-Za-z0-9]|[A-Za-z]/g)) {
        if (!this.allowed.has(match[0].toLowerCase())) report("latin", match[0]);
      }
    }
    this.checkPlurals(text, report);
  }

  private checkPlurals(text: string, report: (kind: FindingKind, word: string) => void): void {
    const rules = new Intl.PluralRules(this.locale);
    const pattern = /(?:(\p{L}+)\s+)?(?<![\p{L}\d])(\d[\d\u00a0\u202f ,.]*?)\s+(\p{L}+)/gu;
    for (const match of text.matchAll(pattern)) {
      const [whole, before, digits = "", noun = ""] = match;
      if (before && GOVERNING.has(before.toLowerCase())) continue;
      const number = Number(digits.replace(/[\s\u00a0\u202f,]/g, ""));
      if (!Number.isFinite(number)) continue;
      const lower = noun.toLowerCase();
      const forms = NOUNS[this.locale].find((entry) => Object.values(entry).includes(lower));
      if (!forms) continue;
      const expected = forms[rules.select(number)] ?? forms.other;
      if (lower !== expected) report("plural", whole.trim());
    }
  }

  /** Every word the user was shown in these calls: texts, captions, buttons and alerts. */
  checkCalls(calls: readonly ApiCall[], where: string): void {
    for (const call of calls) {
      const { text, caption } = call.payload;
      if (typeof text === "string")
        this.check(withoutEntities(text, call.payload.entities), `${where} ${call.method}`);
      if (typeof caption === "string") this.check(caption, `${where} ${call.method}`);
      for (const button of BotHarness.buttons(call)) this.check(button.text, `${where} button`);
    }
  }
}

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

/** A form's message as last drawn, and the actions of its buttons. */
function formButtons(
  rig: FormRig,
  user: TestUser,
): Array<{ text: string; data: string; action: CardAction }> {
  return BotHarness.buttons(rig.card(user).call).flatMap((button) => {
    const decoded = button.data ? decodeCallback(button.data) : undefined;
    const action = decoded ? decodeCardAction(decoded.args) : undefined;
    return action && button.data ? [{ text: button.text, data: button.data, action }] : [];
  });
}

async function pressAction(rig: FormRig, user: TestUser, test: (action: CardAction) => boolean) {
  const button = formButtons(rig, user).find((candidate) => test(candidate.action));
  if (!button) return false;
  await rig.harness.press(user, button.data, messageIdOf(rig, user));
  return true;
}

function messageIdOf(rig: FormRig, user: TestUser): number {
  const call = rig.card(user).call;
  const id = call?.payload.message_id ?? (call?.result as { message_id?: number } | undefined)?.message_id;
  return Number(id ?? 1);
}

/** Opens every group and every field of one form state, each picker and its pages, then goes back. */
/** Back to the card: ◀ Back from wherever the form is, until Create shows. */
async function toSummary(rig: FormRig, user: TestUser): Promise<void> {
  for (let step = 0; step < 5; step++) {
    if (formButtons(rig, user).some((button) => button.action.kind === "create")) return;
    const back = (action: CardAction) =>
      action.kind === "show-summary" || action.kind === "open-group" || action.kind === "open-caption";
    const last = formButtons(rig, user)
      .filter((button) => back(button.action))
      .at(-1);
    if (!last) return;
    await rig.harness.press(user, last.data, messageIdOf(rig, user));
  }
}

async function visitForm(
  rig: FormRig,
  user: TestUser,
  type: TaskType,
  off: string,
  locale: BotLocale,
): Promise<void> {
  const definition = FORMS[type];
  const press = async (data: string) => rig.harness.press(user, data, messageIdOf(rig, user));
  for (let group = 0; group < definition.groups.length; group++) {
    await toSummary(rig, user);
    if (!(await pressAction(rig, user, (a) => a.kind === "open-group" && a.group === group))) continue;
    // Turn every toggle on first, so the fields that depend on one show too.
    for (const field of formButtons(rig, user)) {
      if (field.action.kind !== "open-field") continue;
      const kind = definition.fields[field.action.field]?.input.kind;
      if (kind === "toggle" && field.text.endsWith(`: ${off}`)) await press(field.data);
    }
    const fields = formButtons(rig, user).filter((entry) => entry.action.kind === "open-field");
    for (const field of fields) {
      if (field.action.kind !== "open-field") continue;
      const input = definition.fields[field.action.field]?.input;
      if (!input || input.kind === "toggle") continue;
      await toSummary(rig, user);
      await pressAction(rig, user, (a) => a.kind === "open-group" && a.group === group);
      await press(field.data);
      await pressAction(rig, user, (a) => a.kind === "open-field" && a.page === 1);
      if (input.kind === "voice") {
        await pressAction(rig, user, (a) => a.kind === "voice-provider");
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
        await rig.harness.press(user, BotHarness.button(menu, i18n.t(locale, `task-${type}-name`)));
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
    await rig.harness.press(user, BotHarness.button(offer, t("task-subtitles-name")), 1);
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
  await harness.send(user, "/settings");
  await harness.send(user, "/language");
  await harness.send(user, "/balance");
  await harness.send(user, "/tasks");
  const list = lastWithButtons();
  for (const task of buttonsOf(list).slice(0, 3)) if (task.data) await harness.press(user, task.data, 1);
  await harness.send(user, "/apikey");
  const issue = buttonsOf(lastWithButtons())[0];
  if (issue?.data) await harness.press(user, issue.data, 1);
  await harness.send(user, "/apikey");
  audit.checkCalls(harness.calls, "commands");
}

export async function auditWords(): Promise<Record<BotLocale, Finding[]>> {
  const catalog = await loadCatalog(CATALOG_PATH);
  const allowed = latinAllowed(catalog);
  const result = {} as Record<BotLocale, Finding[]>;
  for (const locale of BOT_LOCALES) {
    const audit = new WordsAudit(locale, allowed);
    await auditForms(locale, audit);
    await auditCarriedOver(locale, audit);
    await auditCommands(locale, catalog, audit);
    result[locale] = audit.findings;
  }
  return result;
}
