/** The ways into a task form (intake, /start menu), and the form engine both products' forms run in. */
import {
  type ConversationBuilder,
  type ConversationFlavor,
  conversations,
  createConversation,
} from "@grammyjs/conversations";
import { Composer, type Context, type Transformer } from "grammy";
import { mediaClassOf } from "../../media/accept.js";
import { extractMedia } from "../../media/media-ref.js";
import type { PendingMediaStore } from "../../media/pending-media.js";
import type { KeyValueStore } from "../../storage/ports.js";
import { AwaitingSrt, lineEdit, pageOfLine, reviewView, withLine } from "../../tasks/awaiting-srt.js";
import type { BotContext } from "../context.js";
import { offerGone } from "../features/offer-message.js";
import { formStorage } from "../form-storage.js";
import { FORM_IDLE_MS } from "../forms/form-loop.js";
import type { OpenFormCards } from "../forms/open-cards.js";
import { placeMedia } from "../forms/place-media.js";
import {
  GENERATION_FORM,
  type GenerationFlowDeps,
  generationFormConversation,
} from "../generations/conversation.js";
import { intakeButton } from "../keyboards/intake.js";
import { startTaskButton } from "../keyboards/task-types.js";
import { openForm } from "../open-form.js";
import { FORM_VERSION, TASK_FORM, taskFormConversation } from "./conversation.js";
import { FORMS } from "./forms/index.js";
import { closeReview, createTaskResultButtons, retire, type TaskFormsDeps } from "./result-actions.js";

type FormContext = ConversationFlavor<BotContext>;

/** conversations() is typed on the context it flavours, yet it is the middleware that adds that flavour. */
function asBotMiddleware(engine: Composer<FormContext>): Composer<BotContext> {
  return engine as unknown as Composer<BotContext>;
}

export interface FormEngineDeps {
  kv: KeyValueStore;
  cards: OpenFormCards;
  /** The bot's Api transformers (capped retry): a form's own Api never sees bot.api's, so it installs them. */
  apiPolicy: readonly Transformer[];
  now(): Date;
  tasks?: TaskFormsDeps;
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
  const form = (id: string, builder: ConversationBuilder<FormContext, Context>) =>
    engine.use(createConversation(builder, { id, maxMillisecondsToWait: FORM_IDLE_MS, plugins }));
  if (deps.generation) form(GENERATION_FORM, generationFormConversation(deps.generation, deps.cards));
  const tasks = deps.tasks;
  if (!tasks) return asBotMiddleware(engine);
  form(TASK_FORM, taskFormConversation(tasks.flow, deps.cards));
  const awaiting = new AwaitingSrt(deps.kv);
  engine.use(createTaskResultButtons({ ...tasks, cards: deps.cards, awaiting, now: deps.now }));
  engine.chatType("private").on("message:document", async (ctx, next) => {
    const ticket = await awaiting.ticketIn(ctx.chat.id);
    const [ref] = extractMedia(ctx.message).refs;
    if (ticket === undefined || !ref || mediaClassOf(ref) !== "subtitles") return next();
    const parent = await tasks.records.get(ticket);
    if (!parent) return next();
    const problem = await tasks.flow.checkSrt(ref, parent.form?.media[0]);
    if (problem)
      return ctx.reply(ctx.t(problem.key, problem.params), {
        reply_parameters: { message_id: ctx.message.message_id, allow_sending_without_reply: true },
      });
    await closeReview(ctx, awaiting, parent, "review-sent-file");
    await tasks.submissions.render(parent, ref);
  });
  engine.chatType("private").on("message:text", async (ctx, next) => {
    const edit = lineEdit(ctx.message.text);
    const ticket = edit ? await awaiting.ticketIn(ctx.chat.id) : undefined;
    const review = ticket ? await awaiting.review(ticket) : undefined;
    if (!edit || !review) return next();
    const changed = withLine(review, edit.index, edit.text);
    if (!changed)
      return ctx.reply(ctx.t("review-no-line", { line: edit.index, count: review.entries.length }));
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

/** Task choices that open a form: the intake offer and the /start menu. Goes after the button guard. */
export function createTaskFormEntries(
  pendingMedia: PendingMediaStore,
  cards: OpenFormCards,
): Composer<BotContext> {
  const entries = new Composer<BotContext>();
  const presses = entries.on("callback_query:data");
  presses.filter(intakeButton.filter, async (ctx) => {
    const { type } = ctx.pressed.data;
    const question = ctx.callbackQuery.message?.message_id;
    await ctx.answerCallbackQuery();
    const pending = ctx.chat ? await pendingMedia.take(ctx.chat.id) : undefined;
    if (!pending || pending.refs.length === 0) return offerGone(ctx, "intake-expired");
    const placed = placeMedia(FORMS[type], pending.refs, pending.text);
    await openForm(ctx, cards, type, placed.media, {
      prefill: placed.prefill,
      ...(question !== undefined ? { inPlaceOf: question } : {}),
    });
  });
  presses.filter(startTaskButton.filter, async (ctx) => {
    await ctx.answerCallbackQuery();
    await openForm(ctx, cards, ctx.pressed.data.type, []);
  });
  return entries;
}
