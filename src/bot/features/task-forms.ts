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
import { Composer, type Context, type Transformer } from "grammy";
import { z } from "zod";
import { mediaClassOf } from "../../media/accept.js";
import { extractMedia } from "../../media/media-ref.js";
import { PendingMediaStore } from "../../media/pending-media.js";
import type { KeyValueStore } from "../../storage/ports.js";
import { AwaitingSrt } from "../../tasks/awaiting-srt.js";
import { cardText, RESULT_ACTIONS } from "../../tasks/cards.js";
import type { TaskSubmissions } from "../../tasks/submissions.js";
import type { TaskRecord, TaskRecords } from "../../tasks/task-records.js";
import { CALLBACK_SCOPES, decodeCallback } from "../../telegram/callback-data.js";
import type { BotContext } from "../context.js";
import {
  type FlowDeps,
  FORM_IDLE_MS,
  FORM_VERSION,
  TASK_FORM,
  taskFormConversation,
} from "../flows/conversation.js";
import { FORMS } from "../flows/forms/index.js";
import { openForm } from "../flows/open-form.js";
import { placeMedia } from "../flows/place-media.js";
import { taskTypesKeyboard } from "../keyboards/task-types.js";
import { replyWithMenu } from "../menu.js";
import { isBotTaskType } from "../task-types.js";
import { intakeChoice } from "./intake.js";

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

/**
 * Installs the conversations plugin and the form; goes before the button guard. `apiPolicy` is what
 * the bot installs on its Api (capped retry among it): a form's calls go through an Api of their own,
 * which transformers installed on bot.api never see, so the form installs them again.
 */
export function createTaskFormEngine(
  deps: TaskFormsDeps,
  kv: KeyValueStore,
  apiPolicy: readonly Transformer[],
): Composer<BotContext> {
  const engine = new Composer<FormContext>();
  engine.use(
    conversations<FormContext, Context>({
      storage: { type: "key", version: FORM_VERSION, adapter: formStorage(kv) },
    }),
  );
  engine.use(
    createConversation<FormContext, Context>(taskFormConversation(deps.flow), {
      id: TASK_FORM,
      maxMillisecondsToWait: FORM_IDLE_MS,
      plugins: [
        async (ctx, next) => {
          for (const transformer of apiPolicy) ctx.api.config.use(transformer);
          await next();
        },
      ],
    }),
  );
  engine.on("callback_query:data", async (ctx, next) => {
    const data = decodeCallback(ctx.callbackQuery.data);
    if (data?.scope !== CALLBACK_SCOPES.result) return next();
    const record = await deps.records.get(data.nonce);
    if (!record) {
      await ctx.answerCallbackQuery({ text: ctx.t("button-stale") });
      return;
    }
    if (record.userId !== ctx.from.id) {
      await ctx.answerCallbackQuery({ text: ctx.t("button-foreign") });
      return;
    }
    await resultAction(ctx, deps, record, data.args[0]);
  });
  const awaiting = new AwaitingSrt(kv);
  engine.chatType("private").on("message:document", async (ctx, next) => {
    const ticket = await awaiting.ticketIn(ctx.chat.id);
    const [ref] = extractMedia(ctx.message).refs;
    if (ticket === undefined || !ref || mediaClassOf(ref) !== "subtitles") return next();
    const parent = await deps.records.get(ticket);
    if (!parent) return next();
    const video = parent.form?.media[0];
    const problem = await deps.flow.checkSrt(
      ref,
      video?.source === "telegram" ? video.durationSec : undefined,
    );
    if (problem) {
      await ctx.reply(ctx.t(problem.key, problem.params));
      return;
    }
    await awaiting.clear(ctx.chat.id);
    await deps.submissions.render(parent, ref);
  });
  return asBotMiddleware(engine);
}

async function resultAction(
  ctx: BotContext,
  deps: TaskFormsDeps,
  record: TaskRecord,
  action: string | undefined,
) {
  const t = ctx.t.bind(ctx);
  switch (action) {
    case RESULT_ACTIONS.repeat:
      await ctx.answerCallbackQuery();
      if (record.form) await openForm(ctx, record.type, record.form.media, { prefill: record.form.values });
      return;
    case RESULT_ACTIONS.newTask:
      await ctx.answerCallbackQuery();
      await replyWithMenu(ctx, ctx.t("welcome-pick"), (nonce) => taskTypesKeyboard(t, nonce));
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
    case RESULT_ACTIONS.renderAsIs: {
      const awaiting = new AwaitingSrt(ctx.deps.storage.kv);
      const ticket = ctx.chat ? await awaiting.ticketIn(ctx.chat.id) : undefined;
      if (ticket !== record.ticket) {
        await ctx.answerCallbackQuery({ text: ctx.t("button-stale") });
        return;
      }
      await awaiting.clear(record.chatId);
      await deps.submissions.render(record, undefined);
      await ctx.answerCallbackQuery({ text: ctx.t("form-submitting") });
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
