/**
 * The form engine on @grammyjs/conversations: one conversation runs any task form. It shows the card,
 * waits for the next press, text or file, moves the state with reduce() and edits the card. Everything
 * outside the chat (the account, the submission, a voice preview) goes through conversation.external,
 * so a replay never repeats it. The loop is bounded: a form that takes too many steps closes itself,
 * which keeps the replay log (it grows with every update waited for) small.
 */
import type { Conversation } from "@grammyjs/conversations";
import { type Context, GrammyError } from "grammy";
import { z } from "zod";
import type { Catalog } from "../../catalog/index.js";
import type { Translate } from "../../i18n/translate.js";
import type { Logger } from "../../logger.js";
import { checkMediaRef, type IntakeLimits, isTextDocument, mediaClassOf } from "../../media/accept.js";
import {
  extractMedia,
  type MediaRef,
  MediaRefSchema,
  type TelegramMediaRef,
  telegramMediaOf,
} from "../../media/media-ref.js";
import type { PreviewRequest } from "../../tasks/voice-previews.js";
import { TASK_TYPES } from "../../tasks-service/schemas/index.js";
import { CALLBACK_SCOPES, decodeCallback } from "../../telegram/callback-data.js";
import type { BotContext } from "../context.js";
import type { UserPreferences } from "../preferences.js";
import { decodeCardAction } from "./card-action.js";
import { initialValues, settingsValues } from "./defaults.js";
import { estimateCost } from "./estimate.js";
import type { AccountView, FormValues } from "./form.js";
import { type FormEvent, type FormState, type Notice, noticeText } from "./form-state.js";
import { FORMS } from "./forms/index.js";
import { firstScreen } from "./navigation.js";
import { OpenFormCards } from "./open-cards.js";
import { placeMedia } from "./place-media.js";
import { reduce } from "./reducer.js";
import { renderForm } from "./renderer.js";
import { buildRequest } from "./request.js";
import { type RenderedScreen, ScreenContext } from "./screens/screen-context.js";

export const TASK_FORM = "task-form";
/** Bump when the form's flow changes, so forms stored by an older release start over cleanly. */
export const FORM_VERSION = 3;
/** Presses, texts and files one form takes before it asks to start again. */
export const MAX_FORM_EVENTS = 150;
/** A form left alone this long closes; the next update goes to the rest of the bot. */
export const FORM_IDLE_MS = 6 * 60 * 60 * 1000;

export const FormInputSchema = z.object({
  type: z.enum(TASK_TYPES),
  locale: z.string().min(2),
  media: z.array(MediaRefSchema).max(30),
  prefill: z.record(z.string(), z.unknown()).optional(),
  /** The bot's message (the question that led to the form) that becomes the card, edited in place. */
  cardMessageId: z.number().int().optional(),
});
export type FormInput = z.infer<typeof FormInputSchema>;

export interface FormSetup {
  nonce: string;
  account?: AccountView;
  preferences: UserPreferences;
  last: FormValues;
}

export interface SubmitRequest {
  userId: number;
  chatId: number;
  locale: string;
  type: FormInput["type"];
  form: { values: FormValues; media: FormInput["media"] };
  request: Record<string, unknown>;
  followUp?: Record<string, unknown>;
  /** The card's estimate in tokens, for the result's caption (none on a quota plan or per minute). */
  cost?: { tokens: number; upTo?: number };
  cardMessageId: number;
}

/** What the forms need from the rest of the program, reached only through conversation.external. */
export interface FlowDeps {
  catalog: Catalog;
  limits: IntakeLimits;
  translate(locale: string): Translate;
  prepare(outer: BotContext, type: FormInput["type"]): Promise<FormSetup>;
  submit(request: SubmitRequest, values: FormValues): Promise<void>;
  /** How long an audio or video file plays, read from the file (undefined when it cannot be read). */
  measure(ref: TelegramMediaRef, logger: Pick<Logger, "warn">): Promise<number | undefined>;
  /** Every voice with a sample sentence has ▶ (the operator's key makes samples), not only those with a file. */
  samplesOnRequest: boolean;
  /**
   * Reads an SRT the user sent and says what is wrong with it (undefined when it is usable): timecodes
   * are checked against the video's real length, read from the file where it can be.
   */
  checkSrt(ref: MediaRef, video: MediaRef | undefined): Promise<Notice | undefined>;
  /** Plays a voice sample in the chat (from the cache, or made once); returns a notice key. */
  preview(request: PreviewRequest): Promise<string>;
  /** The words of a text file the user sent, or what is wrong with it. */
  readText(ref: TelegramMediaRef): Promise<string | Notice>;
}

type FormConversation = Conversation<BotContext, Context>;

/** Audio and video whose length Telegram did not state (files sent as documents): the estimate needs it. */
function unmeasured(ref: MediaRef): ref is TelegramMediaRef {
  if (ref.source !== "telegram" || (ref.durationSec !== undefined && ref.durationSec > 0)) return false;
  const mediaClass = mediaClassOf(ref);
  return mediaClass === "audio" || mediaClass === "video";
}

async function withLengths(
  conversation: FormConversation,
  deps: FlowDeps,
  refs: readonly MediaRef[],
): Promise<MediaRef[]> {
  const measured: MediaRef[] = [];
  for (const ref of refs) {
    if (!unmeasured(ref)) {
      measured.push(ref);
      continue;
    }
    const seconds = await conversation.external((outer) => deps.measure(ref, outer.logger));
    measured.push(seconds === undefined ? ref : { ...ref, durationSec: seconds });
  }
  return measured;
}

/** What an update brings a form: an event, or a text file to read into a text event first. */
type Incoming = FormEvent | { kind: "text-file"; ref: TelegramMediaRef };

function eventOf(ctx: Context, nonce: string, limits: IntakeLimits): Incoming | "stale" | undefined {
  const query = ctx.callbackQuery;
  if (query) {
    const data = decodeCallback(query.data);
    if (data?.scope !== CALLBACK_SCOPES.form) return undefined;
    if (data.nonce !== nonce) return "stale";
    const action = decodeCardAction(data.args);
    // What no button of this form carries is treated like a button of an older message.
    return action ? { kind: "press", action } : "stale";
  }
  const message = ctx.message;
  if (!message || ctx.chat?.type !== "private") return undefined;
  if (message.text?.startsWith("/")) return undefined;
  const file = telegramMediaOf(message);
  if (file && isTextDocument(file)) return { kind: "text-file", ref: file };
  const { refs, linkProblems } = extractMedia(message);
  if (refs.length > 0 || linkProblems.length > 0) {
    const problems: Notice[] = [];
    for (const ref of refs) {
      const problem = checkMediaRef(ref, limits);
      if (problem) problems.push({ key: `media-error-${problem.code}`, params: problem.params });
    }
    for (const link of linkProblems)
      problems.push({ key: `media-error-${link.code}`, params: { link: link.text } });
    return { kind: "media", refs, problems, ...(message.caption ? { caption: message.caption } : {}) };
  }
  if (message.text !== undefined) return { kind: "text", text: message.text, at: message.date };
  return undefined;
}

/**
 * The state as the card shows it. A refused file is told once: in the reply under it, not again on the
 * card (a typed value's refusal stays on the card, where the field being set is).
 */
function withoutNoticeOnCard(update: Context, cardId: number, state: FormState): FormState {
  const message = update.message;
  if (!message || !state.notice || state.notice.info || message.message_id === cardId + 1) return state;
  if (message.text !== undefined) return state;
  const shown = { ...state };
  delete shown.notice;
  return shown;
}

/** The card: the question that led to the form, edited in place, else a new message. */
async function showFirstCard(
  ctx: Context,
  chatId: number,
  inPlaceOf: number | undefined,
  shown: RenderedScreen,
): Promise<number> {
  const other = { parse_mode: "HTML" as const, reply_markup: { inline_keyboard: shown.keyboard } };
  if (inPlaceOf !== undefined) {
    try {
      await ctx.api.editMessageText(chatId, inPlaceOf, shown.text, other);
      return inPlaceOf;
    } catch (error) {
      // The question is gone or too old to edit: the card comes as a new message.
      if (!(error instanceof GrammyError)) throw error;
    }
  }
  const sent = await ctx.reply(shown.text, other);
  return sent.message_id;
}

function sameScreen(a: RenderedScreen, b: RenderedScreen): boolean {
  return a.text === b.text && JSON.stringify(a.keyboard) === JSON.stringify(b.keyboard);
}

export function taskFormConversation(deps: FlowDeps) {
  return async function taskForm(
    conversation: FormConversation,
    ctx: Context,
    rawInput: unknown,
  ): Promise<void> {
    const input = FormInputSchema.parse(rawInput);
    const definition = FORMS[input.type];
    const t = deps.translate(input.locale);
    const chatId = ctx.chat?.id;
    const userId = ctx.from?.id;
    if (chatId === undefined || userId === undefined) return;
    const setup = await conversation.external((outer) => deps.prepare(outer, input.type));
    /** An SRT handed in with the form (manual dubbing from an SRT) is checked against its video. */
    const checkGivenSrt = async (given: FormState): Promise<FormState> => {
      const srt = MediaRefSchema.safeParse(given.values.srt_file);
      const video = given.media[0];
      if (!srt.success || !video) return given;
      const problem = await conversation.external(() => deps.checkSrt(srt.data, video));
      return problem ? { ...given, notice: problem } : given;
    };
    /** The video came after its SRT: the SRT is checked now. */
    const checkSrtAgainstNewVideo = async (before: FormState, after: FormState): Promise<FormState> => {
      const refused = after.notice !== undefined && !after.notice.info;
      return refused || before.media[0] === after.media[0] ? after : checkGivenSrt(after);
    };

    const env = {
      catalog: deps.catalog,
      locale: input.locale,
      samplesOnRequest: deps.samplesOnRequest,
      ...(setup.account ? { account: setup.account } : {}),
    };
    const media = await withLengths(conversation, deps, input.media);
    const values = initialValues({
      definition,
      preferences: setup.preferences,
      last: setup.last,
      media,
      locale: input.locale,
      ...(input.prefill ? { prefill: input.prefill } : {}),
    });
    const settings = settingsValues({ definition, preferences: setup.preferences, locale: input.locale });
    // Only what the form's media rule takes is its media: nothing else is ever uploaded as its video.
    const placed = placeMedia(definition, media);
    let state: FormState = {
      type: input.type,
      values: { ...values, ...placed.prefill },
      media: placed.media,
      screen: { name: "summary" },
      ...(Object.keys(setup.last).length > 0 ? { lastChoices: { last: setup.last, settings } } : {}),
    };
    state = await checkGivenSrt({ ...state, screen: firstScreen(definition, state, env) });
    const screens = new ScreenContext(definition, env, t, setup.nonce);
    let shown = renderForm(screens, state);
    const cardMessageId = await showFirstCard(ctx, chatId, input.cardMessageId, shown);
    const card = { message_id: cardMessageId };
    await conversation.external((outer) =>
      new OpenFormCards(outer.deps.storage.kv).set(chatId, { messageId: cardMessageId, type: input.type }),
    );
    const closeCard = () =>
      conversation.external((outer) => new OpenFormCards(outer.deps.storage.kv).clear(chatId));

    /**
     * What the user sent was refused: one message says so. The card, when it is right above what was
     * sent; otherwise a reply right under it, as the card may be far above.
     */
    const sayRefused = async (update: Context, cardId: number, notice: Notice | undefined) => {
      const message = update.message;
      if (!message || !notice || notice.info || message.message_id === cardId + 1) return;
      await update.reply(noticeText(t, notice), {
        reply_parameters: { message_id: message.message_id, allow_sending_without_reply: true },
      });
    };

    const showCard = async (next: RenderedScreen) => {
      if (sameScreen(next, shown)) return;
      shown = next;
      try {
        await ctx.api.editMessageText(chatId, card.message_id, next.text, {
          parse_mode: "HTML",
          reply_markup: { inline_keyboard: next.keyboard },
        });
      } catch (error) {
        if (!(error instanceof GrammyError && /not modified/i.test(error.description))) throw error;
      }
    };

    for (let step = 0; step < MAX_FORM_EVENTS; step++) {
      const update = await conversation.wait({ maxMilliseconds: FORM_IDLE_MS });
      let event = eventOf(update, setup.nonce, deps.limits);
      if (event === undefined) await conversation.skip({ next: true });
      if (event === "stale") {
        await update.answerCallbackQuery({ text: t("button-stale") });
        continue;
      }
      if (event === undefined) continue;
      if (update.callbackQuery && update.callbackQuery.from.id !== userId) {
        await update.answerCallbackQuery({ text: t("button-foreign") });
        continue;
      }
      if (event.kind === "text-file") {
        const { ref } = event;
        const read = await conversation.external(() => deps.readText(ref));
        if (typeof read !== "string") {
          state = { ...state, notice: read };
          await sayRefused(update, card.message_id, state.notice);
          await showCard(renderForm(screens, withoutNoticeOnCard(update, card.message_id, state)));
          continue;
        }
        event = { kind: "text", text: read };
      }
      const srt = event.kind === "media" && event.refs.length === 1 ? event.refs[0] : undefined;
      if (srt && event.kind === "media" && event.problems.length === 0 && mediaClassOf(srt) === "subtitles") {
        const video = state.media[0];
        const problem = await conversation.external(() => deps.checkSrt(srt, video));
        if (problem) event.problems.push(problem);
      }
      if (event.kind === "media" && event.problems.length === 0)
        event.refs = await withLengths(conversation, deps, event.refs);
      const transition = reduce(definition, state, event, env);
      if (transition.pass) await conversation.skip({ next: true });
      state = await checkSrtAgainstNewVideo(state, transition.state);
      const effect = transition.effect;
      if (effect?.kind === "cancel") {
        if (update.callbackQuery) await update.answerCallbackQuery();
        await closeCard();
        await showCard({ text: t("form-cancelled", { task: t(`task-${input.type}-name`) }), keyboard: [] });
        return;
      }
      if (effect?.kind === "create") {
        if (update.callbackQuery) await update.answerCallbackQuery({ text: t("form-submitting") });
        const view = { values: state.values, media: state.media, env };
        // Media stay Telegram references here; the submit job uploads them and puts the ids in.
        const built = buildRequest(definition, view, (ref) => ref);
        const estimate = env.account?.tariff === undefined ? estimateCost(definition, view) : undefined;
        // From here the card is the task's progress card, which no /cancel of a form touches.
        await closeCard();
        await showCard({ text: t("card-queued", { task: t(`task-${input.type}-name`) }), keyboard: [] });
        const request: SubmitRequest = {
          userId,
          chatId,
          locale: input.locale,
          type: input.type,
          form: { values: state.values, media: state.media },
          request: built.request,
          ...(built.followUp ? { followUp: built.followUp } : {}),
          ...(estimate && !estimate.perMinute
            ? { cost: { tokens: estimate.tokens, ...(estimate.upTo ? { upTo: estimate.upTo } : {}) } }
            : {}),
          cardMessageId: card.message_id,
        };
        await conversation.external(() => deps.submit(request, state.values));
        return;
      }
      if (effect?.kind === "preview") {
        const notice = await conversation.external(() =>
          deps.preview({ chatId, provider: effect.provider, voice: effect.voice, locale: input.locale }),
        );
        if (update.callbackQuery) await update.answerCallbackQuery({ text: t(notice) });
        continue;
      }
      if (update.callbackQuery) await update.answerCallbackQuery();
      await sayRefused(update, card.message_id, state.notice);
      await showCard(renderForm(screens, withoutNoticeOnCard(update, card.message_id, state)));
    }
    await closeCard();
    await showCard({ text: t("form-too-long"), keyboard: [] });
  };
}
