/**
 * The buttons on task cards and results act on their ticket, which outlives the chat's newest menu, so a
 * press is checked against the task's owner instead of the menu nonce; a ticket no longer known is stale.
 */
import { Composer, InlineKeyboard, InputFile } from "grammy";
import { ticketTag } from "../../lifecycle/tickets.js";
import { tasksAccepting } from "../../media/accept.js";
import { type AwaitingSrt, type Review, reviewView, srtOf } from "../../tasks/awaiting-srt.js";
import { cardText } from "../../tasks/card.js";
import type { TaskRecord, TaskRecords } from "../../tasks/records.js";
import {
  nextTaskButton,
  RESULT_BUTTONS,
  sameMediaButton,
  thenButtonsExpired,
  transcriptPageButton,
} from "../../tasks/result-actions.js";
import type { TaskSubmissions } from "../../tasks/start.js";
import type { CallbackDefinition, Pressed } from "../../telegram/callback-data.js";
import { answerStale, ownedButtons } from "../button-guard.js";
import type { BotContext } from "../context.js";
import type { OpenFormCards } from "../forms/open-cards.js";
import { taskTypesKeyboard } from "../keyboards/task-types.js";
import { replyWithMenu } from "../menu.js";
import { openForm } from "../open-form.js";
import type { FlowDeps } from "./conversation.js";
import { nextTaskFrom } from "./result-next.js";

export interface TaskFormsDeps {
  flow: FlowDeps;
  records: TaskRecords;
  submissions: TaskSubmissions;
}

/** A message whose buttons stopped working loses them; one already gone is no matter. */
export async function retire(ctx: BotContext, messageId: number, text?: string): Promise<void> {
  const chatId = ctx.chat?.id;
  if (chatId === undefined) return;
  try {
    if (text === undefined) await ctx.api.deleteMessage(chatId, messageId);
    else await ctx.api.editMessageText(chatId, messageId, text, { parse_mode: "HTML" });
  } catch (error) {
    ctx.logger.debug({ err: error }, "transcript message not changed");
  }
}

/** The check is over: the transcript keeps its lines but says it went to render, without buttons. */
export async function closeReview(
  ctx: BotContext,
  awaiting: AwaitingSrt,
  parent: TaskRecord,
  key: "review-rendering" | "review-sent-file",
): Promise<void> {
  await awaiting.clear(parent.chatId);
  const review = await awaiting.review(parent.ticket);
  if (review?.messageId === undefined) return;
  const lines = reviewView(ctx.t.bind(ctx), review, 0).text.split("\n");
  // Title and lines stay; the how-to at the end gives way to what happened.
  await retire(
    ctx,
    review.messageId,
    [...lines.slice(0, -1), ctx.t(key, { id: String(review.taskId) })].join("\n"),
  );
}

/** "New task" after a result: the tasks that take the media just used, one tap each. */
async function offerSameMedia(ctx: BotContext, record: TaskRecord): Promise<unknown> {
  const media = record.form?.media ?? [];
  const tasks = tasksAccepting(media);
  if (tasks.length === 0)
    return replyWithMenu(ctx, ctx.t("welcome-pick"), (nonce) => taskTypesKeyboard(ctx.t, nonce));
  const keyboard = new InlineKeyboard();
  tasks.forEach((type, index) => {
    keyboard.text(ctx.t(`task-${type}-name`), sameMediaButton.pack(ticketTag(record.ticket), { type }));
    if (index % 2 === 1) keyboard.row();
  });
  await ctx.reply(ctx.t("new-task-same-media", { count: media.length }), { reply_markup: keyboard });
}

/** A result's Then buttons, once its links expired, say so instead of starting anything. */
async function thenExpired(ctx: BotContext, record: TaskRecord): Promise<void> {
  await ctx.answerCallbackQuery({ text: ctx.t("then-expired"), show_alert: true });
  const shown = ctx.callbackQuery?.message?.reply_markup?.inline_keyboard ?? [];
  const keyboard = thenButtonsExpired(ctx.t.bind(ctx), record, shown);
  if (!keyboard) return;
  await ctx
    .editMessageReplyMarkup({ reply_markup: { inline_keyboard: keyboard } })
    .catch((error: unknown) =>
      ctx.logger.warn({ err: error }, "could not mark a result's Then buttons as expired"),
    );
}

export function createTaskResultButtons(
  deps: TaskFormsDeps & { cards: OpenFormCards; awaiting: AwaitingSrt; now(): Date },
): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  const route = ownedButtons(feature, deps.records);
  /** A transcript button acts on its dubbing review only while that is the chat's open one. */
  const routeReview = <T>(
    button: CallbackDefinition<T>,
    handle: (
      ctx: BotContext & { pressed: Pressed<T> },
      record: TaskRecord,
      review: Review,
    ) => Promise<unknown>,
  ) =>
    route(button, async (ctx, record) => {
      const ticket = ctx.chat ? await deps.awaiting.ticketIn(ctx.chat.id) : undefined;
      const review = ticket === record.ticket ? await deps.awaiting.review(record.ticket) : undefined;
      return review ? handle(ctx, record, review) : answerStale(ctx);
    });
  route(nextTaskButton, async (ctx, record) => {
    const next = nextTaskFrom(record, ctx.pressed.data, deps.now().getTime());
    if (next === "expired") return thenExpired(ctx, record);
    if (!next) return answerStale(ctx);
    await ctx.answerCallbackQuery();
    return openForm(ctx, deps.cards, next.type, next.media, { prefill: next.prefill });
  });
  route(sameMediaButton, async (ctx, record) => {
    const { type } = ctx.pressed.data;
    const media = record.form?.media ?? [];
    if (!tasksAccepting(media).includes(type)) return answerStale(ctx);
    await ctx.answerCallbackQuery();
    return openForm(ctx, deps.cards, type, media);
  });
  route(RESULT_BUTTONS.repeat, async (ctx, record) => {
    await ctx.answerCallbackQuery();
    if (record.form)
      await openForm(ctx, deps.cards, record.type, record.form.media, { prefill: record.form.values });
  });
  route(RESULT_BUTTONS.newTask, async (ctx, record) => {
    await ctx.answerCallbackQuery();
    return offerSameMedia(ctx, record);
  });
  route(RESULT_BUTTONS.retrySubmit, async (ctx, record) => {
    const retried = await deps.submissions.retry(record);
    await ctx.answerCallbackQuery({ text: ctx.t(retried ? "form-submitting" : "button-stale") });
    if (!retried || record.cardMessageId === undefined) return;
    await ctx.api
      .editMessageText(record.chatId, record.cardMessageId, cardText.creating(ctx.t.bind(ctx), record))
      .catch((error: unknown) => ctx.logger.debug({ err: error }, "card not edited"));
  });
  route(RESULT_BUTTONS.tryAgain, async (ctx, record) => {
    const again = await deps.submissions.again(record);
    return ctx.answerCallbackQuery({ text: ctx.t(again ? "form-submitting" : "button-stale") });
  });
  routeReview(transcriptPageButton, async (ctx, _record, review) => {
    const view = reviewView(ctx.t.bind(ctx), review, ctx.pressed.data.page);
    await ctx.answerCallbackQuery();
    await ctx
      .editMessageText(view.text, { parse_mode: "HTML", reply_markup: { inline_keyboard: view.keyboard } })
      .catch((error: unknown) => ctx.logger.debug({ err: error }, "transcript page not turned"));
  });
  routeReview(RESULT_BUTTONS.transcriptFile, async (ctx, _record, review) => {
    await ctx.answerCallbackQuery();
    const { taskId } = review;
    return ctx.replyWithDocument(new InputFile(Buffer.from(srtOf(review), "utf8"), `dubbing-${taskId}.srt`), {
      caption: ctx.t("review-file-caption", { id: String(taskId) }),
    });
  });
  routeReview(RESULT_BUTTONS.renderAsIs, async (ctx, record) => {
    await ctx.answerCallbackQuery({ text: ctx.t("form-submitting") });
    await closeReview(ctx, deps.awaiting, record, "review-rendering");
    await deps.submissions.render(record, undefined);
  });
  return feature;
}
