/**
 * The buttons on task cards and results: "Repeat with changes", "New task", "Try again", the
 * submission's retry and the dubbing render step. They act on their ticket, which outlives the chat's
 * newest menu, so they are checked against the task's owner instead of the menu nonce.
 */
import { InlineKeyboard, InputFile } from "grammy";
import { ticketTag } from "../../lifecycle/tickets.js";
import { tasksAccepting } from "../../media/accept.js";
import { AwaitingSrt, reviewView, srtOf } from "../../tasks/awaiting-srt.js";
import { cardText } from "../../tasks/card.js";
import type { TaskRecord, TaskRecords } from "../../tasks/records.js";
import { RESULT_ACTIONS, thenButtonsExpired } from "../../tasks/result-actions.js";
import type { TaskSubmissions } from "../../tasks/start.js";
import { CALLBACK_SCOPES, encodeCallback } from "../../telegram/callback-data.js";
import type { BotContext } from "../context.js";
import { taskTypesKeyboard } from "../keyboards/task-types.js";
import { replyWithMenu } from "../menu.js";
import { openForm } from "../open-form.js";
import { isBotTaskType } from "../task-types.js";
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
async function offerSameMedia(ctx: BotContext, record: TaskRecord): Promise<void> {
  const media = record.form?.media ?? [];
  const tasks = tasksAccepting(media);
  if (tasks.length === 0) {
    await replyWithMenu(ctx, ctx.t("welcome-pick"), (nonce) => taskTypesKeyboard(ctx.t, nonce));
    return;
  }
  const keyboard = new InlineKeyboard();
  tasks.forEach((type, index) => {
    keyboard.text(
      ctx.t(`task-${type}-name`),
      encodeCallback(CALLBACK_SCOPES.result, ticketTag(record.ticket), RESULT_ACTIONS.sameMedia, type),
    );
    if (index % 2 === 1) keyboard.row();
  });
  await ctx.reply(ctx.t("new-task-same-media", { count: media.length }), { reply_markup: keyboard });
}

export async function resultAction(
  ctx: BotContext,
  deps: TaskFormsDeps,
  record: TaskRecord,
  [action, ...args]: readonly string[],
) {
  const t = ctx.t.bind(ctx);
  switch (action) {
    case RESULT_ACTIONS.nextTask: {
      const next = nextTaskFrom(record, args, ctx.deps.now?.().getTime() ?? Date.now());
      if (next === "expired") {
        await ctx.answerCallbackQuery({ text: ctx.t("then-expired"), show_alert: true });
        const shown = ctx.callbackQuery?.message?.reply_markup?.inline_keyboard ?? [];
        const keyboard = thenButtonsExpired(t, record, shown);
        if (keyboard) {
          await ctx
            .editMessageReplyMarkup({ reply_markup: { inline_keyboard: keyboard } })
            .catch((error: unknown) =>
              ctx.deps.logger.warn({ err: error }, "could not mark a result's Then buttons as expired"),
            );
        }
        return;
      }
      if (!next) {
        await ctx.answerCallbackQuery({ text: ctx.t("button-stale") });
        return;
      }
      await ctx.answerCallbackQuery();
      await openForm(ctx, next.type, next.media, { prefill: next.prefill });
      return;
    }
    case RESULT_ACTIONS.sameMedia: {
      const [type] = args;
      const media = record.form?.media ?? [];
      if (type === undefined || !isBotTaskType(type) || !tasksAccepting(media).includes(type)) {
        await ctx.answerCallbackQuery({ text: ctx.t("button-stale") });
        return;
      }
      await ctx.answerCallbackQuery();
      await openForm(ctx, type, media);
      return;
    }
    case RESULT_ACTIONS.repeat:
      await ctx.answerCallbackQuery();
      if (record.form) await openForm(ctx, record.type, record.form.media, { prefill: record.form.values });
      return;
    case RESULT_ACTIONS.newTask:
      await ctx.answerCallbackQuery();
      await offerSameMedia(ctx, record);
      return;
    case RESULT_ACTIONS.retrySubmit: {
      const retried = await deps.submissions.retry(record);
      await ctx.answerCallbackQuery({ text: ctx.t(retried ? "form-submitting" : "button-stale") });
      if (retried && record.cardMessageId !== undefined) {
        await ctx.api
          .editMessageText(record.chatId, record.cardMessageId, cardText.creating(t, record))
          .catch((error: unknown) => ctx.logger.debug({ err: error }, "card not edited"));
      }
      return;
    }
    case RESULT_ACTIONS.tryAgain: {
      const again = await deps.submissions.again(record);
      await ctx.answerCallbackQuery({ text: ctx.t(again ? "form-submitting" : "button-stale") });
      return;
    }
    case RESULT_ACTIONS.renderAsIs:
    case RESULT_ACTIONS.transcriptPage:
    case RESULT_ACTIONS.transcriptFile: {
      const awaiting = new AwaitingSrt(ctx.deps.storage.kv);
      const ticket = ctx.chat ? await awaiting.ticketIn(ctx.chat.id) : undefined;
      const review = ticket === record.ticket ? await awaiting.review(record.ticket) : undefined;
      if (!review) {
        await ctx.answerCallbackQuery({ text: ctx.t("button-stale") });
        return;
      }
      if (action === RESULT_ACTIONS.transcriptPage) {
        const view = reviewView(t, review, Number(args[0] ?? 0) || 0);
        await ctx.answerCallbackQuery();
        await ctx
          .editMessageText(view.text, {
            parse_mode: "HTML",
            reply_markup: { inline_keyboard: view.keyboard },
          })
          .catch((error: unknown) => ctx.logger.debug({ err: error }, "transcript page not turned"));
        return;
      }
      if (action === RESULT_ACTIONS.transcriptFile) {
        await ctx.answerCallbackQuery();
        await ctx.replyWithDocument(
          new InputFile(Buffer.from(srtOf(review), "utf8"), `dubbing-${review.taskId}.srt`),
          { caption: ctx.t("review-file-caption", { id: String(review.taskId) }) },
        );
        return;
      }
      await ctx.answerCallbackQuery({ text: ctx.t("form-submitting") });
      await closeReview(ctx, awaiting, record, "review-rendering");
      await deps.submissions.render(record, undefined);
      return;
    }
    default:
      await ctx.answerCallbackQuery({ text: ctx.t("button-stale") });
  }
}
