/**
 * The words audit's generation screens, against the generation sandbox through the real pipeline: /help,
 * /connect, /account, the image and video forms (every model, every field), batch cards, results with
 * their captions and album messages, failures with their refunds, a file of prompts, /queue with its
 * Cancel, /gallery with its filters, selection and deletions, and "Make an image" in inline mode.
 */
import type { Update } from "grammy/types";
import { inlineImageOffer } from "../../src/bot/generations/inline-image.js";
import { createI18n } from "../../src/bot/i18n.js";
import type { BotLocale } from "../../src/i18n/locales.js";
import type { Translate } from "../../src/i18n/translate.js";
import { CALLBACK_SCOPES, decodeCallback } from "../../src/telegram/callback-data.js";
import { BotHarness, lastCall, type TestUser } from "./bot-harness.js";
import { formButtons, pressAction, pressButton, toSummary } from "./form-card-driver.js";
import { GenerationRig, jpegPhoto } from "./generation-rig.js";
import type { WordsAudit } from "./words-audit.js";

/** Prompts in the user's language: their own words are theirs, not the bot's. */
const PROMPTS: Record<BotLocale, string[]> = {
  en: ["A lighthouse at dawn", "A fox in the snow", "A boat on a lake", "A city at night"],
  uk: ["Маяк на світанку", "Лисиця на снігу", "Човен на озері", "Місто вночі"],
  ru: ["Маяк на рассвете", "Лиса на снегу", "Лодка на озере", "Город ночью"],
};
/** Why a generation failed, as the service says it: its words, passed on as they are. */
const SERVICE_REASON: Record<BotLocale, string> = {
  en: "The model could not draw this",
  uk: "Модель не змогла це намалювати",
  ru: "Модель не смогла это нарисовать",
};

/** Walks every group and field of the open generation form, and every model with its own options. */
async function visitGenerationForm(rig: GenerationRig, user: TestUser, t: Translate): Promise<void> {
  await toSummary(rig, user);
  const groups = formButtons(rig, user).filter((button) => button.action.kind === "open-group").length;
  const modelField = `${t("field-model")}:`;
  let models = 1;
  for (let model = 0; model < models; model++) {
    for (let group = 0; group < groups; group++) {
      await toSummary(rig, user);
      await pressAction(rig, user, (action) => action.kind === "open-group" && action.group === group);
      const fields = formButtons(rig, user).filter((button) => button.action.kind === "open-field");
      for (const field of fields) {
        await toSummary(rig, user);
        await pressAction(rig, user, (action) => action.kind === "open-group" && action.group === group);
        await pressButton(rig, user, field);
        const options = formButtons(rig, user).filter((button) => button.action.kind === "choose-option");
        if (field.text.startsWith(modelField)) {
          models = options.length;
          const chosen = options[model];
          if (chosen) await pressButton(rig, user, chosen);
        } else if (options[1]) {
          // A value chosen shows on the group and the card in its words.
          await pressButton(rig, user, options[1]);
        }
      }
    }
  }
  await toSummary(rig, user);
}

/** The sandbox finishes what runs, and the next poll brings the results to the chat. */
async function finish(rig: GenerationRig, user: TestUser, steps = 20): Promise<void> {
  rig.sandbox.step(steps);
  await rig.pipeline.features.forms.records.schedulePoll(user.id, 0);
  await rig.pipeline.poller.tick();
  await rig.settle();
}

async function create(rig: GenerationRig, user: TestUser): Promise<void> {
  await toSummary(rig, user);
  await pressAction(rig, user, (action) => action.kind === "create");
  await rig.settle();
}

/** Photos sent as one album, then the intake's offer with this text. */
async function photosThen(rig: GenerationRig, user: TestUser, count: number, offer: string): Promise<void> {
  let shown: ReturnType<typeof BotHarness.buttons> = [];
  for (let index = 0; index < count; index++) {
    const calls = await rig.harness.sendMessage(user, {
      ...jpegPhoto(`audit-${offer.length}-${index}`),
      media_group_id: `album-${offer.length}`,
    });
    for (const call of calls) if (BotHarness.buttons(call).length > 0) shown = BotHarness.buttons(call);
  }
  const button = shown.find((candidate) => candidate.text.startsWith(offer));
  if (!button?.data) throw new Error(`no offer "${offer}" in ${JSON.stringify(shown)}`);
  await rig.harness.press(user, button.data);
}

/** The gallery's or the queue's message as last drawn, and its buttons. */
function galleryButtons(rig: GenerationRig, user: TestUser) {
  const call = [...rig.harness.calls]
    .reverse()
    .find(
      (candidate) =>
        Number(candidate.payload.chat_id) === user.id &&
        BotHarness.buttons(candidate).some(
          (button) => decodeCallback(button.data)?.scope === CALLBACK_SCOPES.gallery,
        ),
    );
  const messageId = Number(call?.payload.message_id ?? (call?.result as { message_id?: number })?.message_id);
  return { buttons: BotHarness.buttons(call).filter((button) => button.data), messageId };
}

/** Presses each of the message's buttons in turn, coming back to it with the command each time. */
async function pressEach(rig: GenerationRig, user: TestUser, command: string): Promise<void> {
  await rig.harness.send(user, command);
  await rig.settle();
  const { buttons } = galleryButtons(rig, user);
  for (const first of buttons) {
    await rig.harness.send(user, command);
    await rig.settle();
    const again = galleryButtons(rig, user);
    const button = again.buttons.find((candidate) => candidate.text === first.text);
    if (!button?.data) continue;
    await rig.harness.press(user, button.data, again.messageId);
    await rig.settle();
    // One step further: the confirmation a first press asks for, or the page it opens.
    const next = galleryButtons(rig, user);
    const [second] = next.buttons;
    if (second?.data && next.messageId === again.messageId) {
      await rig.harness.press(user, second.data, next.messageId);
      await rig.settle();
    }
  }
}

/**
 * "Make an image" in inline mode: the offer as the inline answer shows it (title, price, placeholder
 * caption, button), then chosen twice: one that fails, and one whose offer is no longer kept.
 */
async function inlineImage(rig: GenerationRig, user: TestUser, locale: BotLocale, t: Translate) {
  const deps = rig.generationFeatures().inlineImage;
  if (!deps) throw new Error("the pipeline offers no inline image");
  const query = PROMPTS[locale][0] ?? "";
  const [offer] = await inlineImageOffer(deps)({ userId: user.id, query, t, locale });
  if (offer?.type !== "photo" || !("photo_url" in offer)) throw new Error("no inline image was offered");
  rig.harness.calls.push({
    method: "answerInlineQuery",
    payload: {
      text: `${offer.title}\n${offer.description}`,
      caption: offer.caption,
      reply_markup: offer.reply_markup,
    },
    result: true,
  });
  const from = { id: user.id, is_bot: false, first_name: user.first_name, language_code: locale };
  rig.sandbox.faults.apply({ failGenerations: { count: 1, message: SERVICE_REASON[locale] } });
  for (const resultId of [offer.id, "img:AAAAAAAAAAAA"]) {
    await rig.harness.handle({
      chosen_inline_result: { result_id: resultId, from, query, inline_message_id: `inline-${resultId}` },
    });
    await rig.settle();
  }
  await finish(rig, user);
}

/**
 * Inline mode's answers as a person sees them above their message field: their results (title and line),
 * the button when nothing matches, and a newcomer's with nothing yet.
 */
async function inlineAnswers(rig: GenerationRig, user: TestUser, newcomer: TestUser, locale: BotLocale) {
  let id = 0;
  // Words that match nothing, typed as a person of the language would.
  const nothing = { en: "zzzz", uk: "щщщщ", ru: "ыыыы" }[locale];
  for (const [who, query] of [
    [user, ""],
    [user, nothing],
    [newcomer, ""],
  ] as const) {
    const calls = await rig.harness.handle({
      inline_query: { id: `audit-${++id}`, from: { is_bot: false, ...who }, query, offset: "" },
    } as Omit<Update, "update_id">);
    const answer = calls.find((call) => call.method === "answerInlineQuery")?.payload;
    if (!answer) throw new Error(`inline query ${JSON.stringify(query)} got no answer`);
    const results = (answer.results ?? []) as Array<{ title?: string; description?: string }>;
    const button = answer.button as { text?: string } | undefined;
    // The walk made images, so the first answer lists them: one with none would judge no titles.
    if (id === 1 && results.length === 0) throw new Error("inline mode listed none of the images made");
    const lines = [...results.flatMap((result) => [result.title, result.description]), button?.text];
    rig.harness.calls.push({
      method: "answerInlineQuery",
      payload: { text: lines.filter((line) => line !== undefined).join("\n") },
      result: true,
    });
  }
}

export async function auditGenerations(locale: BotLocale, audit: WordsAudit): Promise<void> {
  const i18n = createI18n("en");
  const t: Translate = (key, variables) => i18n.t(locale, key, variables);
  const rig = await GenerationRig.create();
  try {
    const user: TestUser = { id: 9400, first_name: "Олена", language_code: locale };
    const prompts = PROMPTS[locale];
    await rig.harness.send(user, "/help");
    await rig.harness.send(user, "/account");
    await rig.harness.send(user, "/balance");
    const accountId = rig.sandbox.accounts.create({ plan: "Free", balance: 9_552 });
    const key = rig.sandbox.accounts.issueKey(accountId);
    await rig.harness.send(user, "/connect");
    await rig.harness.send(user, key.apiKey);
    await rig.settle();
    await rig.harness.send(user, key.signingSecret);
    await rig.settle();
    const account = await rig.harness.send(user, "/account");
    const details = BotHarness.buttons(lastCall(account, "sendMessage"))[0]?.data;
    if (details) await rig.harness.press(user, details);
    // Both balances, then what each is worth under Details.
    const balance = await rig.harness.send(user, "/balance");
    const worth = BotHarness.buttons(lastCall(balance, "sendMessage"))[0]?.data;
    if (worth) await rig.harness.press(user, worth);

    // Four images from text, each screen of the form on the way.
    await rig.harness.send(user, "/image");
    await rig.harness.send(user, prompts.join("\n"));
    await visitGenerationForm(rig, user, t);
    await create(rig, user);
    await finish(rig, user);

    // Clips from photos and transitions between them, without a prompt: the service picks its own.
    await rig.harness.send(user, "/video");
    await rig.harness.send(user, prompts[0] ?? "");
    await visitGenerationForm(rig, user, t);
    await photosThen(rig, user, 2, t("generation-form-image_to_video-name"));
    await create(rig, user);
    await finish(rig, user, 60);
    // What a clip of the album leads on to.
    const clips = [...rig.harness.calls].reverse().find((call) => call.method === "sendMessage");
    const onward = BotHarness.buttons(clips).find((button) => button.text === "➡️ 1");
    if (onward?.data) await rig.harness.press(user, onward.data);
    await photosThen(rig, user, 3, t("generation-form-keyframe_video-name"));
    await create(rig, user);
    await finish(rig, user, 60);

    // Some fail: the reason is the service's, the rest of the words are the bot's.
    rig.sandbox.faults.apply({ failGenerations: { count: 2, message: SERVICE_REASON[locale] } });
    await rig.harness.send(user, "/image");
    await rig.harness.send(user, prompts.join("\n"));
    await create(rig, user);
    await finish(rig, user);

    // A file of prompts: its preview.
    const text = prompts.join("\n");
    rig.textFiles.set("audit-prompts", text);
    const offers = await rig.harness.sendMessage(user, {
      document: {
        file_id: "audit-prompts",
        file_unique_id: "audit-prompts-u",
        file_name: "prompts.txt",
        file_size: Buffer.byteLength(text),
      },
    });
    const offer = offers.filter((call) => call.method === "sendMessage").at(-1);
    const images = BotHarness.buttons(offer).find((button) => button.text === t("batch-offer-images"));
    if (images?.data) await rig.harness.press(user, images.data);
    await rig.settle();

    // Six waiting on a Free plan's four slots: the queue card, and its Cancel.
    await rig.harness.send(user, "/image");
    await rig.harness.send(user, [...prompts, ...prompts.slice(0, 2)].join("\n"));
    await create(rig, user);
    await pressEach(rig, user, "/queue");
    await finish(rig, user);

    await pressEach(rig, user, "/gallery");
    // Selecting to delete: the page in that mode, and the confirmation of what goes.
    await rig.harness.send(user, "/gallery");
    for (const label of [
      t("gallery-button-select"),
      "1",
      t("gallery-button-delete-selected", { count: 1 }),
    ]) {
      const shown = galleryButtons(rig, user);
      const button = shown.buttons.find((candidate) => candidate.text.replace(/^☑️ /, "") === label);
      if (button?.data) await rig.harness.press(user, button.data, shown.messageId);
      await rig.settle();
    }
    await inlineImage(rig, user, locale, t);
    await inlineAnswers(rig, user, rig.harness.user(user.id + 1, locale), locale);
    await rig.harness.send(user, "/disconnect");
    await rig.settle();
    // A walk that never got as far as the results or the gallery would judge nothing there.
    if (!rig.harness.calls.some((call) => call.method === "sendMediaGroup")) {
      throw new Error("the generation walk delivered no album: no caption was read");
    }
    if (galleryButtons(rig, user).buttons.length === 0) {
      throw new Error("the generation walk never showed the gallery or the queue");
    }
  } finally {
    audit.checkCalls(rig.harness.calls, "generations");
    await rig.close();
  }
}
