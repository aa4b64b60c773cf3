/** One form's life in a conversation; work outside the chat goes through external, which a replay skips. */
import type { Conversation } from "@grammyjs/conversations";
import { type Context, GrammyError } from "grammy";
import type { Translate } from "../../i18n/translate.js";
import type { Logger } from "../../logger.js";
import { checkMediaRef, type IntakeLimits, isTextDocument } from "../../media/accept.js";
import {
  extractMedia,
  type MediaRef,
  type TelegramMediaRef,
  telegramMediaOf,
} from "../../media/media-ref.js";
import { CALLBACK_SCOPES, decodeCallback } from "../../telegram/callback-data.js";
import type { BotContext } from "../context.js";
import { unlessNotModified } from "../menu.js";
import { decodeCardAction } from "./card-action.js";
import { type FormDefinition, type FormEnv, formNameKey } from "./form.js";
import { type FormEffect, type FormEvent, type FormState, type Notice, noticeText } from "./form-state.js";
import type { OpenFormCards } from "./open-cards.js";
import { reduce } from "./reducer.js";
import { renderForm } from "./renderer.js";
import { type RenderedScreen, ScreenContext } from "./screens/screen-context.js";
import { clip } from "./screens/text.js";

/** Presses, texts and files one form takes before it asks to start again. */
const MAX_FORM_EVENTS = 150;
/** A form left alone this long closes; the next update goes to the rest of the bot. */
export const FORM_IDLE_MS = 6 * 60 * 60 * 1000;

export type FormConversation = Conversation<BotContext, Context>;

/** What one form runs with, decided when it opened. */
interface FormRun {
  definition: FormDefinition;
  env: FormEnv;
  t: Translate;
  /** Every button of this form carries it; a press carrying another is from an older message. */
  nonce: string;
  cards: OpenFormCards;
  state: FormState;
  limits: IntakeLimits;
  /** "tasks" refuses what only the generation service takes. */
  services: "tasks" | "any";
  /** The bot's message (the question that led to the form) that becomes the card, edited in place. */
  cardMessageId?: number;
  /** The words of a text file the user sent, or what is wrong with it; without it such a file is a file. */
  readText?(ref: TelegramMediaRef): Promise<string | Notice>;
  /** Files checked again after a move (an SRT against a new video). */
  review?(before: FormState, after: FormState): Promise<FormState>;
  /** A file to look inside before the form takes it (an SRT's timecodes). */
  inspect?: {
    applies(ref: MediaRef): boolean;
    check(ref: MediaRef, state: FormState): Promise<Notice | undefined>;
  };
  measure?(refs: readonly MediaRef[], logger: Pick<Logger, "warn">): Promise<MediaRef[]>;
  /** Sends what the form asks for; the card's message becomes the card of what it started. */
  create(state: FormState, cardMessageId: number): Promise<void>;
  /** Plays a voice sample under the form's card; returns the notice key to answer the press with. */
  preview?(effect: Extract<FormEffect, { kind: "preview" }>, cardMessageId: number): Promise<string>;
}

/** What an update brings a form: an event, or a text file to read into a text event first. */
type Incoming = FormEvent | { kind: "text-file"; ref: TelegramMediaRef };

function eventOf(
  ctx: Context,
  { nonce, limits, services, readText }: FormRun,
): Incoming | "stale" | undefined {
  const query = ctx.callbackQuery;
  if (query) {
    if (decodeCallback(query.data)?.scope !== CALLBACK_SCOPES.form) return undefined;
    const pressed = decodeCardAction(query.data);
    // What no button of this form carries is treated like a button of an older message.
    return pressed?.nonce === nonce ? { kind: "press", action: pressed.data } : "stale";
  }
  const message = ctx.message;
  if (!message || ctx.chat?.type !== "private" || message.text?.startsWith("/")) return undefined;
  const file = telegramMediaOf(message);
  if (readText && file && isTextDocument(file)) return { kind: "text-file", ref: file };
  const { refs, linkProblems } = extractMedia(message);
  if (refs.length > 0 || linkProblems.length > 0) {
    const problems: Notice[] = [
      ...refs.flatMap((ref) => checkMediaRef(ref, limits, services) ?? []),
      ...linkProblems.map((link) => ({ code: link.code, params: { link: link.text } })),
    ].map((problem) => ({ key: `media-error-${problem.code}`, params: problem.params }));
    return { kind: "media", refs, problems, ...(message.caption ? { caption: message.caption } : {}) };
  }
  if (message.text !== undefined) return { kind: "text", text: message.text, at: message.date };
  return undefined;
}

/** What the user sent was refused, and the card is not right above it: a reply under it says so. */
function refusedBelowCard(update: Context, cardId: number, notice: Notice | undefined): boolean {
  const message = update.message;
  return message !== undefined && notice !== undefined && !notice.info && message.message_id !== cardId + 1;
}

/**
 * The state as the card shows it. A refused file is told once: in the reply under it, not again on the
 * card (a typed value's refusal stays on the card, where the field being set is).
 */
function withoutNoticeOnCard(update: Context, cardId: number, state: FormState): FormState {
  if (!refusedBelowCard(update, cardId, state.notice) || update.message?.text !== undefined) return state;
  const { notice: _notice, ...shown } = state;
  return shown;
}

function cardMarkup(screen: RenderedScreen) {
  return { parse_mode: "HTML" as const, reply_markup: { inline_keyboard: screen.keyboard } };
}

/** The card: the question that led to the form, edited in place, else a new message. */
async function showFirstCard(
  ctx: Context,
  chatId: number,
  inPlaceOf: number | undefined,
  shown: RenderedScreen,
) {
  if (inPlaceOf !== undefined) {
    try {
      await ctx.api.editMessageText(chatId, inPlaceOf, shown.text, cardMarkup(shown));
      return inPlaceOf;
    } catch (error) {
      // The question is gone or too old to edit: the card comes as a new message.
      if (!(error instanceof GrammyError)) throw error;
    }
  }
  return (await ctx.reply(shown.text, cardMarkup(shown))).message_id;
}

/** The form's card in the chat, noted as the chat's open card while the form runs. */
async function openCard(
  conversation: FormConversation,
  ctx: Context,
  run: FormRun,
  chatId: number,
  first: RenderedScreen,
) {
  const { t, cards } = run;
  const messageId = await showFirstCard(ctx, chatId, run.cardMessageId, first);
  await conversation.external(() => cards.put(chatId, { messageId, type: run.definition.type }));
  let shown = first;
  const show = async (next: RenderedScreen) => {
    if (next.text === shown.text && JSON.stringify(next.keyboard) === JSON.stringify(shown.keyboard)) return;
    shown = next;
    await ctx.api.editMessageText(chatId, messageId, next.text, cardMarkup(next)).catch(unlessNotModified);
  };
  return {
    messageId,
    show,
    /** A refusal gets one message: on the card right above what was sent, else a reply right under it. */
    async sayRefused(update: Context, notice: Notice | undefined) {
      const message = update.message;
      if (!message || !notice || !refusedBelowCard(update, messageId, notice)) return;
      await update.reply(noticeText(t, notice), {
        reply_parameters: { message_id: message.message_id, allow_sending_without_reply: true },
      });
    },
    /** The card stops being the chat's open card (the form ended, or became what it made) and says `text`. */
    async close(text: string) {
      await conversation.external(() => cards.clear(chatId));
      await show({ text, keyboard: [] });
    },
  };
}

/** The update as this form's event: undefined when not for it, a refusal for an unreadable text file. */
async function receive(
  conversation: FormConversation,
  update: Context,
  run: FormRun,
  userId: number,
): Promise<FormEvent | { refused: Notice } | undefined> {
  const { t, readText } = run;
  const event = eventOf(update, run);
  if (event === undefined) {
    await conversation.skip({ next: true });
    return undefined;
  }
  if (event === "stale") {
    await update.answerCallbackQuery({ text: t("button-stale") });
    return undefined;
  }
  if (update.callbackQuery && update.callbackQuery.from.id !== userId) {
    await update.answerCallbackQuery({ text: t("button-foreign") });
    return undefined;
  }
  if (event.kind !== "text-file") return event;
  // Only a form that reads text files is given them.
  if (!readText) return undefined;
  const { ref } = event;
  const read = await conversation.external(() => readText(ref));
  return typeof read === "string" ? { kind: "text", text: read } : { refused: read };
}

/** Files that need a look inside (an SRT's timecodes) checked, and lengths read where the form needs them. */
async function lookInside(
  conversation: FormConversation,
  run: FormRun,
  event: FormEvent,
  state: FormState,
): Promise<FormEvent> {
  if (event.kind !== "media" || event.problems.length > 0) return event;
  const { inspect, measure } = run;
  const single = event.refs.length === 1 ? event.refs[0] : undefined;
  if (single && inspect?.applies(single)) {
    const problem = await conversation.external(() => inspect.check(single, state));
    if (problem) event.problems.push(problem);
  }
  if (measure && event.problems.length === 0) {
    const refs = event.refs;
    event.refs = await conversation.external((outer) => measure(refs, outer.logger));
  }
  return event;
}

/** Telegram shows at most this many characters of a press's answer. */
const CALLBACK_ANSWER_MAX = 200;

export async function runForm(
  conversation: FormConversation,
  ctx: Context,
  run: FormRun,
  who: { chatId: number; userId: number },
): Promise<void> {
  const { definition, env, t } = run;
  let state = run.state;
  const name = t(formNameKey(definition.type));
  const screens = new ScreenContext(definition, env, t, run.nonce);
  const card = await openCard(conversation, ctx, run, who.chatId, renderForm(screens, state));
  const showState = (update: Context) =>
    card.show(renderForm(screens, withoutNoticeOnCard(update, card.messageId, state)));

  for (let step = 0; step < MAX_FORM_EVENTS; step++) {
    const update = await conversation.wait({ maxMilliseconds: FORM_IDLE_MS });
    const received = await receive(conversation, update, run, who.userId);
    if (received === undefined) continue;
    if ("refused" in received) {
      state = { ...state, notice: received.refused };
      await card.sayRefused(update, state.notice);
      await showState(update);
      continue;
    }
    const event = await lookInside(conversation, run, received, state);
    const transition = reduce(definition, state, event, env);
    if (transition.pass) await conversation.skip({ next: true });
    const { review } = run;
    const before = state;
    state = review ? await conversation.external(() => review(before, transition.state)) : transition.state;
    const effect = transition.effect;
    if (effect?.kind === "cancel") {
      if (update.callbackQuery) await update.answerCallbackQuery();
      await card.close(t("form-cancelled", { task: name }));
      return;
    }
    if (effect?.kind === "create") {
      if (update.callbackQuery) await update.answerCallbackQuery({ text: t("form-submitting") });
      // From here the card is the progress card of what it made, which no /cancel of a form touches.
      await card.close(t("card-queued", { task: name }));
      const submitted = state;
      await conversation.external(() => run.create(submitted, card.messageId));
      return;
    }
    if (effect?.kind === "preview") {
      const preview = run.preview;
      const notice = preview ? await conversation.external(() => preview(effect, card.messageId)) : undefined;
      if (update.callbackQuery) await update.answerCallbackQuery(notice ? { text: t(notice) } : {});
      continue;
    }
    const refused =
      effect?.kind === "refused" ? { text: clip(noticeText(t, effect.notice), CALLBACK_ANSWER_MAX) } : {};
    if (update.callbackQuery) await update.answerCallbackQuery(refused);
    await card.sayRefused(update, state.notice);
    await showState(update);
  }
  await card.close(t("form-too-long"));
}
