/**
 * The ways into a task form, and the buttons on cards and results: a task chosen for media sent
 * (intake) or from the /start menu; "Repeat with changes", "New task", "Try again", the submission's
 * retry and the dubbing render step. Result buttons act on their ticket, which outlives the chat's
 * newest menu, so they are checked against the task's owner instead of the menu nonce.
 */
import {
  type ConversationData,
  type ConversationFlavor,
  conversations,
  createConversation,
  PLUGIN_DATA_VERSION,
  type VersionedState,
  type VersionedStateStorage,
} from "@grammyjs/conversations";
import { Composer, type Context, InlineKeyboard, InputFile, type Transformer } from "grammy";
import { z } from "zod";
import { ticketTag } from "../../logger.js";
import { mediaClassOf, tasksAccepting } from "../../media/accept.js";
import { extractMedia } from "../../media/media-ref.js";
import { PendingMediaStore } from "../../media/pending-media.js";
import type { KeyValueStore } from "../../storage/ports.js";
import { AwaitingSrt, lineEdit, pageOfLine, reviewView, srtOf, withLine } from "../../tasks/awaiting-srt.js";
import { cardText, RESULT_ACTIONS, thenButtonsExpired } from "../../tasks/cards.js";
import type { TaskSubmissions } from "../../tasks/submissions.js";
import type { TaskRecord, TaskRecords } from "../../tasks/task-records.js";
import { CALLBACK_SCOPES, decodeCallback, encodeCallback } from "../../telegram/callback-data.js";
import type { BotContext } from "../context.js";
import { intakeChoice } from "../features/intake.js";
import { FORM_IDLE_MS } from "../forms/form-loop.js";
import { placeMedia } from "../forms/place-media.js";
import {
  GENERATION_FORM,
  type GenerationFlowDeps,
  generationFormConversation,
} from "../generations/conversation.js";
import { taskTypesKeyboard } from "../keyboards/task-types.js";
import { replyWithMenu } from "../menu.js";
import { openForm } from "../open-form.js";
import { isBotTaskType } from "../task-types.js";
import { type FlowDeps, FORM_VERSION, TASK_FORM, taskFormConversation } from "./conversation.js";
import { FORMS } from "./forms/index.js";
import { nextTaskFrom } from "./result-next.js";

export interface TaskFormsDeps {
  flow: FlowDeps;
  records: TaskRecords;
  submissions: TaskSubmissions;
}

/** Stored forms outlive a restart; abandoned ones disappear after a day. */
const FORM_STORAGE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * What the conversations plugin stores: per conversation its arguments, its replay log and its pending
 * waits. Loose objects keep whatever else a plugin release adds; the plugin checks the version itself.
 */
const StoredFormSchema = z.object({
  version: z.tuple([z.literal(PLUGIN_DATA_VERSION), z.union([z.string(), z.number()])]),
  state: z.record(
    z.string(),
    z.array(
      z.looseObject({
        args: z.string().optional(),
        replay: z.looseObject({
          send: z.array(z.looseObject({ payload: z.string() })),
          receive: z.array(
            z
              .looseObject({ send: z.number(), returnValue: z.unknown().optional() })
              // JSON leaves out an undefined result; the log still holds one.
              .transform((op) => ({ ...op, returnValue: op.returnValue })),
          ),
        }),
        interrupts: z.array(z.number()),
      }),
    ),
  ),
});

/** Where a chat's open form is stored; the conversations plugin keys it by the chat. */
export function formStorageKey(chatKey: string): string {
  return `form:${chatKey}`;
}

function formStorage(kv: KeyValueStore): VersionedStateStorage<string, ConversationData> {
  return {
    async read(key: string): Promise<VersionedState<ConversationData> | undefined> {
      const raw = await kv.get(formStorageKey(key));
      if (raw === undefined) return undefined;
      try {
        // A record that is not what the plugin wrote is dropped rather than handed over.
        const parsed = StoredFormSchema.safeParse(JSON.parse(raw));
        return parsed.success ? parsed.data : undefined;
      } catch {
        return undefined;
      }
    },
    async write(key: string, state: VersionedState<ConversationData>) {
      await kv.set(formStorageKey(key), JSON.stringify(state), { ttlMs: FORM_STORAGE_TTL_MS });
    },
    async delete(key: string) {
      await kv.delete(formStorageKey(key));
    },
  };
}

type FormContext = ConversationFlavor<BotContext>;

/** conversations() is typed on the context it flavours, yet it is the middleware that adds that flavour. */
function asBotMiddleware(engine: Composer<FormContext>): Composer<BotContext> {
  return engine as unknown as Composer<BotContext>;
}

export interface FormEngineDeps {
  kv: KeyValueStore;
  /**
   * What the bot installs on its Api (capped retry among it): a form's calls go through an Api of their
   * own, which transformers installed on bot.api never see, so the forms install them again.
   */
  apiPolicy: readonly Transformer[];
  /** The task forms, and the buttons on task cards and results. */
  tasks?: TaskFormsDeps;
  /** The generation service's forms. */
  generation?: GenerationFlowDeps;
}

/** Installs the conversations plugin and the forms; goes before the button guard. */
export function createFormEngine(deps: FormEngineDeps): Composer<BotContext> {
  const engine = new Composer<FormContext>();
  const plugins = [
    async (ctx: Context, next: () => Promise<void>) => {
      for (const transformer of deps.apiPolicy) ctx.api.config.use(transformer);
      await next();
    },
  ];
  engine.use(
    conversations<FormContext, Context>({
      storage: { type: "key", version: FORM_VERSION, adapter: formStorage(deps.kv) },
    }),
  );
  if (deps.generation) {
    engine.use(
      createConversation<FormContext, Context>(generationFormConversation(deps.generation), {
        id: GENERATION_FORM,
        maxMillisecondsToWait: FORM_IDLE_MS,
        plugins,
      }),
    );
  }
  const tasks = deps.tasks;
  if (!tasks) return asBotMiddleware(engine);
  engine.use(
    createConversation<FormContext, Context>(taskFormConversation(tasks.flow), {
      id: TASK_FORM,
      maxMillisecondsToWait: FORM_IDLE_MS,
      plugins,
    }),
  );
  engine.on("callback_query:data", async (ctx, next) => {
    const data = decodeCallback(ctx.callbackQuery.data);
    if (data?.scope !== CALLBACK_SCOPES.result) return next();
    const record = await tasks.records.ofButton(data.nonce);
    if (!record) {
      await ctx.answerCallbackQuery({ text: ctx.t("button-stale") });
      return;
    }
    if (record.userId !== ctx.from.id) {
      await ctx.answerCallbackQuery({ text: ctx.t("button-foreign") });
      return;
    }
    await resultAction(ctx, tasks, record, data.args);
  });
  const awaiting = new AwaitingSrt(deps.kv);
  engine.chatType("private").on("message:document", async (ctx, next) => {
    const ticket = await awaiting.ticketIn(ctx.chat.id);
    const [ref] = extractMedia(ctx.message).refs;
    if (ticket === undefined || !ref || mediaClassOf(ref) !== "subtitles") return next();
    const parent = await tasks.records.get(ticket);
    if (!parent) return next();
    const problem = await tasks.flow.checkSrt(ref, parent.form?.media[0]);
    if (problem) {
      await ctx.reply(ctx.t(problem.key, problem.params), {
        reply_parameters: { message_id: ctx.message.message_id, allow_sending_without_reply: true },
      });
      return;
    }
    await closeReview(ctx, awaiting, parent, "review-sent-file");
    await tasks.submissions.render(parent, ref);
  });
  engine.chatType("private").on("message:text", async (ctx, next) => {
    const edit = lineEdit(ctx.message.text);
    const ticket = edit ? await awaiting.ticketIn(ctx.chat.id) : undefined;
    const review = ticket ? await awaiting.review(ticket) : undefined;
    if (!edit || !review) return next();
    const changed = withLine(review, edit.index, edit.text);
    if (!changed) {
      await ctx.reply(ctx.t("review-no-line", { line: edit.index, count: review.entries.length }));
      return;
    }
    // The transcript moves below the edit, so the latest state is where the user is looking.
    const view = reviewView(ctx.t.bind(ctx), changed, pageOfLine(changed, edit.index));
    const sent = await ctx.reply(view.text, {
      parse_mode: "HTML",
      reply_markup: { inline_keyboard: view.keyboard },
    });
    await awaiting.put({ ...changed, messageId: sent.message_id });
    if (review.messageId !== undefined) await retire(ctx, review.messageId);
  });
  return asBotMiddleware(engine);
}

/** A message whose buttons stopped working loses them; one already gone is no matter. */
async function retire(ctx: BotContext, messageId: number, text?: string): Promise<void> {
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
async function closeReview(
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

async function resultAction(
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

/** Task choices that open a form: the intake offer and the /start menu. Goes after the button guard. */
export const taskFormEntries = new Composer<BotContext>();

taskFormEntries.on("callback_query:data", async (ctx, next) => {
  const data = ctx.callbackData;
  const fromIntake = intakeChoice(data);
  const question = ctx.callbackQuery.message?.message_id;
  if (fromIntake) {
    await ctx.answerCallbackQuery();
    const pending = ctx.chat ? await new PendingMediaStore(ctx.deps.storage.kv).take(ctx.chat.id) : undefined;
    if (!pending || pending.refs.length === 0) {
      await ctx.reply(ctx.t("intake-expired"));
      return;
    }
    const placed = placeMedia(FORMS[fromIntake], pending.refs, pending.text);
    await openForm(ctx, fromIntake, placed.media, {
      prefill: placed.prefill,
      ...(question !== undefined ? { inPlaceOf: question } : {}),
    });
    return;
  }
  if (data?.scope === CALLBACK_SCOPES.startTask) {
    const [type] = data.args;
    if (type === undefined || !isBotTaskType(type)) return next();
    await ctx.answerCallbackQuery();
    await openForm(ctx, type, []);
    return;
  }
  return next();
});
