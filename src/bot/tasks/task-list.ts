/** /tasks: the user's tasks, five a page; a task's details offer "Send the result again", the only resend. */
import { Composer, HttpError } from "grammy";
import { languageName } from "../../catalog/index.js";
import { formatDate } from "../../i18n/format.js";
import { taskName } from "../../tasks/card.js";
import { requestMedia, type TaskRecord, type TaskRecords } from "../../tasks/records.js";
import { ResultUnavailableError } from "../../tasks/result-files.js";
import { resultKindOf } from "../../tasks/send-result.js";
import { isTasksServiceError } from "../../tasks-service/errors.js";
import { reportedTaskType, type Task } from "../../tasks-service/responses.js";
import type { BotContext } from "../context.js";
import type { BotDeps } from "../deps.js";
import { clip } from "../forms/screens/text.js";
import { mediaName } from "../forms/screens/value-labels.js";
import {
  sendTaskAgainButton,
  showTaskButton,
  taskDetailsKeyboard,
  taskListKeyboard,
  taskPageButton,
} from "../keyboards/tasks.js";
import { currentMenu, editMenu, menuShownIn, openNewMenu } from "../menu.js";
import { replyServiceError } from "../service-errors.js";

const TASKS_PER_PAGE = 5;
/** One read of the list covers this many pages, and tells how many there are when it is not full. */
const LIST_WINDOW = 100;
type TaskListDeps = Pick<BotDeps, "apiKeys" | "tasksService" | "results"> & { records: TaskRecords };

const STATUS_MARKS = { pending: "🕓", processing: "⚙️", completed: "✅", failed: "❌" } as const;

/** The task's name, as its own record knows it where it was made here (a joined video by its keyframes). */
function nameOf(ctx: BotContext, task: Task, record: TaskRecord | undefined): string {
  if (record?.joined) return taskName(ctx.t.bind(ctx), record);
  const known = reportedTaskType(task.type);
  return known ? ctx.t(`task-${known}-name`) : task.type;
}

/** Day and time with its zone: two tasks of one day differ by the minute they were made. */
function shortDate(date: Date, locale: string): string {
  const formatter = new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "short",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  });
  return `${formatter.format(date)} UTC`;
}

/** At most this many characters of a task's input on its row: enough to recognise it, short enough for a button. */
const INPUT_WORDS = 24;

/** A few words of what the task was made from: the start of its text, or the name of its first file. */
function inputWords(ctx: BotContext, request: Record<string, unknown> | undefined): string | undefined {
  if (!request) return undefined;
  if (typeof request.text === "string" && request.text.trim() !== "") return clip(request.text, INPUT_WORDS);
  const [first] = requestMedia(request);
  return first && clip(mediaName(first, ctx.t.bind(ctx)), INPUT_WORDS);
}

/** The record of a task (what it was made with), where it was made here by this user. */
async function ownRecord(deps: TaskListDeps, userId: number, taskId: number) {
  const ticket = await deps.records.ticketOfTask(taskId);
  const record = ticket ? await deps.records.get(ticket) : undefined;
  return record?.userId === userId ? record : undefined;
}

async function pageView(deps: TaskListDeps, ctx: BotContext, userId: number, page: number, nonce: string) {
  const { apiKey } = await deps.apiKeys.ensure(userId);
  const windowStart = Math.floor((page * TASKS_PER_PAGE) / LIST_WINDOW) * LIST_WINDOW;
  const tasks = await deps.tasksService.listTasks(apiKey, { limit: LIST_WINDOW, offset: windowStart });
  const pages = Math.ceil((windowStart + tasks.length) / TASKS_PER_PAGE);
  const shown = tasks.slice(page * TASKS_PER_PAGE - windowStart, (page + 1) * TASKS_PER_PAGE - windowStart);
  if (shown.length === 0) return undefined;
  const locale = await ctx.i18n.getLocale();
  const records = await Promise.all(shown.map((task) => ownRecord(deps, userId, task.task_id)));
  const entries = shown.map((task, index) => {
    const record = records[index];
    const input = inputWords(ctx, record?.request);
    const label = {
      mark: STATUS_MARKS[task.status],
      type: nameOf(ctx, task, record),
      date: task.created_at ? shortDate(task.created_at, locale) : "",
    };
    return {
      id: task.task_id,
      label: input ? ctx.t("tasks-label-input", { ...label, input }) : ctx.t("tasks-label", label),
    };
  });
  const full = tasks.length === LIST_WINDOW;
  return {
    text: ctx.t(full ? "tasks-page-of-more" : "tasks-page-of", { page: page + 1, pages }),
    reply_markup: taskListKeyboard(ctx.t, nonce, entries, page, page + 1 < pages || full),
  };
}

async function detailsText(ctx: BotContext, task: Task, record: TaskRecord | undefined): Promise<string> {
  const locale = await ctx.i18n.getLocale();
  const parts = [ctx.t("task-details-title", { id: String(task.task_id), type: nameOf(ctx, task, record) })];
  // The options the task was made with that say most about it.
  const request: Record<string, unknown> = record?.request ?? {};
  const language = (key: string, message: string) => {
    const code = request[key];
    if (typeof code === "string" && code !== "auto")
      parts.push(ctx.t(message, { language: languageName(code, locale) }));
  };
  if (request.type === "dubbing" && typeof request.mode === "string") {
    parts.push(ctx.t(`details-dubbing-${request.mode === "semi_auto" ? "semi" : request.mode}`));
  }
  language("target_lang", "details-into");
  language("translate_to", "details-translated");
  language("language", "details-language");
  if (typeof request.text === "string" && request.type !== "motion") {
    parts.push(ctx.t("details-voiceover", { count: request.text.length }));
  }
  if (Array.isArray(request.photos)) parts.push(ctx.t("details-media", { count: request.photos.length }));
  if (typeof request.max_clips === "number" && request.max_clips > 0)
    parts.push(ctx.t("details-clips", { count: request.max_clips }));
  if (typeof request.target_sec === "number")
    parts.push(ctx.t("details-clip-length", { seconds: request.target_sec }));
  if (request.type === "motion" && typeof request.source === "string")
    parts.push(ctx.t(`details-motion-${request.source}`));
  if (record?.parentTaskId !== undefined)
    parts.push(ctx.t("details-render-of", { id: String(record.parentTaskId) }));
  const status = ctx.t(`task-status-${task.status}`);
  parts.push(ctx.t("task-details-status", { mark: STATUS_MARKS[task.status], status }));
  if (task.status === "processing" && typeof task.progress === "number") {
    parts.push(ctx.t("task-details-progress", { progress: task.progress }));
  }
  if (task.status === "failed" && task.error_message)
    parts.push(ctx.t("task-details-error", { error: task.error_message }));
  if (task.created_at) parts.push(ctx.t("task-details-date", { date: formatDate(task.created_at, locale) }));
  return parts.join("\n");
}

/** The result again, as its delivery sent it; a file that cannot be fetched any more goes as its link. */
async function resendResult(
  deps: TaskListDeps,
  ctx: BotContext,
  task: Task,
  record: TaskRecord | undefined,
): Promise<void> {
  const chatId = ctx.chatId ?? ctx.from?.id;
  if (chatId === undefined) return;
  const request = {
    chatId,
    taskId: task.task_id,
    kind: resultKindOf(record, task),
    task,
    t: ctx.t.bind(ctx),
    locale: await ctx.i18n.getLocale(),
    taskName: nameOf(ctx, task, record),
  };
  try {
    await deps.results.send(ctx.api, request);
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

/** Answers a press whose task the service refused; anything else is the error boundary's. */
async function answerServiceError(ctx: BotContext, error: unknown): Promise<unknown> {
  if (!isTasksServiceError(error)) throw error;
  if (error.kind === "not_found") return ctx.answerCallbackQuery({ text: ctx.t("task-not-found") });
  await ctx.answerCallbackQuery();
  await replyServiceError(ctx, error);
}

async function taskOf(deps: TaskListDeps, userId: number, id: number) {
  const { apiKey } = await deps.apiKeys.ensure(userId);
  const task = await deps.tasksService.getTask(apiKey, id);
  return { task, record: await ownRecord(deps, userId, id) };
}

export function createTaskListFeature(deps: TaskListDeps): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  feature.chatType("private").command("tasks", async (ctx) => {
    try {
      const view = await pageView(deps, ctx, ctx.from.id, 0, openNewMenu(ctx));
      if (!view) {
        await ctx.reply(ctx.t("tasks-empty"));
        return;
      }
      menuShownIn(ctx, await ctx.reply(view.text, { reply_markup: view.reply_markup }));
    } catch (error) {
      if (!(await replyServiceError(ctx, error))) throw error;
    }
  });

  const presses = feature
    .on("callback_query:data")
    .errorBoundary(({ ctx, error }) => answerServiceError(ctx, error));

  presses.filter(taskPageButton.filter, async (ctx) => {
    const view = await pageView(deps, ctx, ctx.from.id, ctx.pressed.data.page, currentMenu(ctx));
    await ctx.answerCallbackQuery();
    if (view) await editMenu(ctx, view.text, { reply_markup: view.reply_markup });
    else await editMenu(ctx, ctx.t("tasks-empty"));
  });

  presses.filter(showTaskButton.filter, async (ctx) => {
    const { id, page } = ctx.pressed.data;
    const { task, record } = await taskOf(deps, ctx.from.id, id);
    await ctx.answerCallbackQuery();
    await editMenu(ctx, await detailsText(ctx, task, record), {
      reply_markup: taskDetailsKeyboard(ctx.t, currentMenu(ctx), id, page, task.status === "completed"),
    });
  });

  presses.filter(sendTaskAgainButton.filter, async (ctx) => {
    const { task, record } = await taskOf(deps, ctx.from.id, ctx.pressed.data.id);
    await ctx.answerCallbackQuery({ text: ctx.t("task-sending-again") });
    if (task.status === "completed") await resendResult(deps, ctx, task, record);
  });
  return feature;
}
