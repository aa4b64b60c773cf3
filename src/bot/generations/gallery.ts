/** /gallery and /queue, private chats only, edited in place under a nonce of their own kept per chat. */
import { Composer } from "grammy";
import { deriveIdempotencyKey } from "../../generation-service/idempotency.js";
import type { Account } from "../../generation-service/responses.js";
import { ENTRY_NONCE, ENTRY_TARGETS, galleryEntryButton } from "../../generations/account-buttons.js";
import { listAll, queueCardText, readQueue } from "../../generations/queue-card.js";
import { readStored } from "../../storage/json.js";
import { CALLBACK_SCOPES, decodeCallback, newNonce } from "../../telegram/callback-data.js";
import type { BotContext } from "../context.js";
import { editMenu } from "../menu.js";
import { GALLERY_HANDLERS, type GalleryPress } from "./gallery-actions.js";
import {
  ACTIONS,
  button,
  drawGallery,
  freshState,
  type GalleryExtras,
  type GalleryFeatureDeps,
  type GalleryState,
  GalleryStateSchema,
  galleryButton,
  galleryKey,
  QueueStateSchema,
  queueKey,
  saveCard,
  sayProblem,
} from "./gallery-view.js";

async function sayKeyNotices(ctx: BotContext, deps: GalleryFeatureDeps, userId: number, account: Account) {
  const locale = await ctx.i18n.getLocale();
  for (const notice of await deps.guardian.notices(userId, account, ctx.t.bind(ctx), locale)) {
    await ctx.reply(notice.text);
  }
}

/** Who asks, with their linked key; one without a key is told how to link one, in place of a pressed message. */
async function linkedCaller(ctx: BotContext, deps: GalleryFeatureDeps, edit = false) {
  const chatId = ctx.chat?.id;
  const userId = ctx.from?.id;
  if (chatId === undefined || userId === undefined) return undefined;
  const credentials = await deps.credentials.credentials(userId);
  if (!credentials) {
    await (edit ? editMenu(ctx, ctx.t("account-not-linked")) : ctx.reply(ctx.t("account-not-linked")));
    return undefined;
  }
  return { chatId, userId, credentials };
}

async function openGallery(ctx: BotContext, deps: GalleryFeatureDeps, full: boolean): Promise<void> {
  const caller = await linkedCaller(ctx, deps);
  if (!caller) return;
  const { chatId, userId, credentials } = caller;
  try {
    const view = await drawGallery(ctx, deps, credentials.apiKey, freshState(full));
    await ctx.reply(view.text, { reply_markup: view.keyboard });
    await saveCard(deps, galleryKey(chatId), view.state);
    await sayKeyNotices(ctx, deps, userId, await deps.service.getAccount(credentials.apiKey));
  } catch (error) {
    await sayProblem(ctx, error);
  }
}

async function showQueue(ctx: BotContext, deps: GalleryFeatureDeps, mode: "reply" | "edit"): Promise<void> {
  const caller = await linkedCaller(ctx, deps);
  if (!caller) return;
  const { chatId, userId, credentials } = caller;
  try {
    const snapshot = await readQueue(deps.service, credentials.apiKey);
    const nonce = newNonce();
    const t = ctx.t.bind(ctx);
    const queued = snapshot.queued.length;
    const reply_markup = {
      inline_keyboard: [
        ...(queued > 0 ? [[button(t("queue-button-cancel", { count: queued }), nonce, "askCancel")]] : []),
        [button(t("gallery-button-refresh"), nonce, "queue")],
      ],
    };
    const text = queueCardText(t, snapshot);
    await (mode === "edit" ? editMenu(ctx, text, { reply_markup }) : ctx.reply(text, { reply_markup }));
    await saveCard(deps, queueKey(chatId), { nonce });
    await sayKeyNotices(ctx, deps, userId, snapshot.account);
  } catch (error) {
    await sayProblem(ctx, error, mode === "edit");
  }
}

async function onQueueButton(ctx: BotContext, deps: GalleryFeatureDeps, chatId: number, action: string) {
  const t = ctx.t.bind(ctx);
  const messageId = ctx.callbackQuery?.message?.message_id;
  if (messageId === undefined) return;
  if (action === ACTIONS.queue) return showQueue(ctx, deps, "edit");
  const caller = await linkedCaller(ctx, deps, true);
  if (!caller) return;
  const { userId, credentials } = caller;
  const nonce = newNonce();
  await saveCard(deps, queueKey(chatId), { nonce });
  if (action === ACTIONS.askCancel) {
    try {
      const queued = await listAll(deps.service, credentials.apiKey, "queued");
      if (queued.length === 0) return await showQueue(ctx, deps, "edit");
      const tokens = queued.reduce((total, generation) => total + generation.cost_tokens, 0);
      await editMenu(ctx, t("queue-cancel-confirm", { count: queued.length, tokens }), {
        reply_markup: {
          inline_keyboard: [
            [button(t("queue-button-cancel-confirm"), nonce, "cancel")],
            [button(t("gallery-button-back"), nonce, "queue")],
          ],
        },
      });
    } catch (error) {
      await sayProblem(ctx, error, true);
    }
    return;
  }
  if (action === ACTIONS.cancel) {
    await editMenu(ctx, t("queue-canceling"));
    await deps.cancelQueue({ userId, chatId, messageId, locale: await ctx.i18n.getLocale() });
  }
}

/** Before the button guard: its buttons carry their own nonce; the entry buttons (the presser's own) none. */
export function createGalleryFeature(deps: GalleryFeatureDeps): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  const privateChats = feature.chatType("private");
  privateChats.command("gallery", (ctx) => openGallery(ctx, deps, false));
  privateChats.command("queue", (ctx) => showQueue(ctx, deps, "reply"));
  const presses = feature.on("callback_query:data");
  presses.filter(
    (ctx) =>
      ctx.chat?.type !== "private" &&
      decodeCallback(ctx.callbackQuery.data)?.scope === CALLBACK_SCOPES.gallery,
    (ctx) => ctx.answerCallbackQuery({ text: ctx.t("button-stale") }),
  );
  presses.filter(galleryEntryButton.filter, async (ctx) => {
    const { nonce, data } = ctx.pressed;
    if (nonce !== ENTRY_NONCE) return ctx.answerCallbackQuery({ text: ctx.t("button-stale") });
    await ctx.answerCallbackQuery();
    if (data.target === ENTRY_TARGETS.queue) await showQueue(ctx, deps, "reply");
    else await openGallery(ctx, deps, data.target === ENTRY_TARGETS.galleryFull);
  });
  presses.filter(galleryButton.filter, async (ctx) => {
    const { nonce, data } = ctx.pressed;
    const { action, arg } = data;
    const chatId = ctx.chat?.id;
    if (chatId === undefined) return;
    const queueActions: readonly string[] = [ACTIONS.askCancel, ACTIONS.cancel, ACTIONS.queue];
    const queueState = await readStored(deps.kv, queueKey(chatId), QueueStateSchema);
    if (queueState?.nonce === nonce && queueActions.includes(action)) {
      await ctx.answerCallbackQuery();
      return onQueueButton(ctx, deps, chatId, action);
    }
    const state = await readStored(deps.kv, galleryKey(chatId), GalleryStateSchema);
    if (state?.nonce !== nonce) return ctx.answerCallbackQuery({ text: ctx.t("button-stale") });
    await ctx.answerCallbackQuery();
    if (action === ACTIONS.queue) return showQueue(ctx, deps, "reply");
    try {
      const caller = await linkedCaller(ctx, deps, true);
      if (!caller) return;
      const { userId, credentials } = caller;
      const apiKey = credentials.apiKey;
      const redraw = async (nextState: GalleryState, extras?: GalleryExtras) => {
        const view = await drawGallery(ctx, deps, apiKey, nextState, extras);
        await editMenu(ctx, view.text, { reply_markup: view.keyboard });
        await saveCard(deps, galleryKey(chatId), view.state);
      };
      const idempotencyKey = (purpose: string) =>
        deriveIdempotencyKey(`gallery:${chatId}:${state.nonce}`, purpose);
      const handler = GALLERY_HANDLERS[action] ?? (({ redraw: again }: GalleryPress) => again(state));
      await handler({ ctx, deps, state, arg, userId, apiKey, t: ctx.t.bind(ctx), redraw, idempotencyKey });
    } catch (error) {
      await sayProblem(ctx, error, true);
    }
  });
  return feature;
}
