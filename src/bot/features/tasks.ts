import { Composer, HttpError } from "grammy";
import { formatDate } from "../../i18n/format.js";
import { ResultUnavailableError, resultKindOf } from "../../tasks/send-result.js";
import { isTasksServiceError } from "../../tasks-service/errors.js";
import type { Task } from "../../tasks-service/responses.js";
import { CALLBACK_SCOPES } from "../../telegram/callback-data.js";
import type { BotContext } from "../context.js";
import { taskBackKeyboard, taskListKeyboard } from "../keyboards/tasks.js";
import { currentMenu, editMenu, menuShownIn, openNewMenu } from "../menu.js";
import { replyServiceError } from "../service-errors.js";
import { isBotTaskType } from "../task-types.js";

const TASKS_PER_PAGE = 5;

function typeName(ctx: BotContext, type: string): string {
  // The service reports an audio task as "voiceover".
  const known = type === "voiceover" ? "audio" : type;
  return isBotTaskType(known) ? ctx.t(`task-${known}-name`) : type;
}

async function pageView(ctx: BotContext, userId: number, page: number, nonce: string) {
  const { apiKey } = await ctx.deps.apiKeys.ensure(userId);
  // One more than a page tells whether a next page exists.
  const tasks = await ctx.deps.tasksService.listTasks(apiKey, {
    limit: TASKS_PER_PAGE + 1,
    offset: page * TASKS_PER_PAGE,
  });
  if (tasks.length === 0) return undefined;
  const locale = await ctx.i18n.getLocale();
  const entries = tasks.slice(0, TASKS_PER_PAGE).map((task) => ({
    id: task.task_id,
    label: ctx.t("tasks-item", {
      id: String(task.task_id),
      type: typeName(ctx, task.type),
      status: ctx.t(`task-status-${task.status}`),
      date: task.created_at ? formatDate(task.created_at, locale) : "",
    }),
  }));
  return {
    text: ctx.t("tasks-title", { page: page + 1 }),
    reply_markup: taskListKeyboard(ctx.t, nonce, entries, page, tasks.length > TASKS_PER_PAGE),
  };
}

async function detailsText(ctx: BotContext, task: Task): Promise<string> {
  const locale = await ctx.i18n.getLocale();
  const parts = [
    ctx.t("task-details", {
      id: String(task.task_id),
      type: typeName(ctx, task.type),
      status: ctx.t(`task-status-${task.status}`),
      date: task.created_at ? formatDate(task.created_at, locale) : "",
    }),
  ];
  if (task.status === "processing" && typeof task.progress === "number") {
    parts.push(ctx.t("task-details-progress", { progress: task.progress }));
  }
  if (task.status === "failed" && task.error_message)
    parts.push(ctx.t("task-details-error", { error: task.error_message }));
  return parts.join("\n");
}

/** The result again, as its delivery sent it; a file that cannot be fetched any more goes as its link. */
async function resendResult(ctx: BotContext, task: Task): Promise<void> {
  const chatId = ctx.chatId ?? ctx.from?.id;
  if (chatId === undefined) return;
  const request = {
    chatId,
    taskId: task.task_id,
    kind: resultKindOf(undefined, task),
    task,
    t: ctx.t.bind(ctx),
    locale: await ctx.i18n.getLocale(),
  };
  try {
    await ctx.deps.results.send(ctx.api, request);
  } catch (error) {
    if (!(error instanceof ResultUnavailableError || error instanceof HttpError)) throw error;
    ctx.logger.warn(
      { err: error, task_id: task.task_id },
      "result not sent again; its link is given instead",
    );
    const link = task.result_url ?? task.result_urls?.srt_url ?? task.result_urls?.txt_url ?? "";
    await ctx.reply(ctx.t("outcome-link-fallback", { id: String(task.task_id), url: link }), {
      link_preview_options: { is_disabled: true },
    });
  }
}

export const tasksFeature = new Composer<BotContext>();

tasksFeature.chatType("private").command("tasks", async (ctx) => {
  try {
    const view = await pageView(ctx, ctx.from.id, 0, await openNewMenu(ctx));
    if (!view) {
      await ctx.reply(ctx.t("tasks-empty"));
      return;
    }
    menuShownIn(ctx, await ctx.reply(view.text, { reply_markup: view.reply_markup }));
  } catch (error) {
    if (!(await replyServiceError(ctx, error))) throw error;
  }
});

tasksFeature.on("callback_query:data", async (ctx, next) => {
  const data = ctx.callbackData;
  if (data?.scope !== CALLBACK_SCOPES.tasks) return next();
  const nonce = currentMenu(ctx);
  const [action, first, second] = data.args;
  try {
    if (action === "page") {
      const page = Math.max(0, Number.parseInt(first ?? "0", 10) || 0);
      const view = await pageView(ctx, ctx.from.id, page, nonce);
      await ctx.answerCallbackQuery();
      if (view) await editMenu(ctx, view.text, { reply_markup: view.reply_markup });
      else await editMenu(ctx, ctx.t("tasks-empty"));
      return;
    }
    if (action === "show") {
      const id = Number.parseInt(first ?? "", 10);
      const page = Math.max(0, Number.parseInt(second ?? "0", 10) || 0);
      const { apiKey } = await ctx.deps.apiKeys.ensure(ctx.from.id);
      const task = await ctx.deps.tasksService.getTask(apiKey, id);
      await ctx.answerCallbackQuery();
      await editMenu(ctx, await detailsText(ctx, task), {
        reply_markup: taskBackKeyboard(ctx.t, nonce, page),
      });
      if (task.status === "completed") await resendResult(ctx, task);
      return;
    }
    await ctx.answerCallbackQuery();
  } catch (error) {
    if (isTasksServiceError(error) && error.kind === "not_found") {
      await ctx.answerCallbackQuery({ text: ctx.t("task-not-found") });
      return;
    }
    if (!isTasksServiceError(error)) throw error;
    await ctx.answerCallbackQuery();
    await replyServiceError(ctx, error);
  }
});
