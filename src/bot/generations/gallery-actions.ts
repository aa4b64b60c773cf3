import type { InlineKeyboardButton } from "grammy/types";
import type { DeletedGenerations } from "../../generation-service/client.js";
import type { Translate } from "../../i18n/translate.js";
import { newNonce } from "../../telegram/callback-data.js";
import type { BotContext } from "../context.js";
import { editMenu } from "../menu.js";
import {
  ACTIONS,
  AGE_CHOICES,
  button,
  countOlder,
  DAY_MS,
  type GalleryExtras,
  type GalleryFeatureDeps,
  type GalleryState,
  MAX_SELECTED,
  next,
  STATUS_CYCLE,
  TYPE_CYCLE,
} from "./gallery-view.js";

/** A gallery button pressed: what every action's handler reads, with the page redrawn in place. */
export interface GalleryPress {
  ctx: BotContext;
  deps: GalleryFeatureDeps;
  state: GalleryState;
  arg: number | undefined;
  userId: number;
  apiKey: string;
  t: Translate;
  redraw: (nextState: GalleryState, extras?: GalleryExtras) => Promise<void>;
  idempotencyKey: (purpose: string) => string;
}

const FIRST_PAGE = { cursors: [], selected: [], next: undefined };

const daysOf = (arg: number | undefined) => AGE_CHOICES.find((choice) => choice === arg);

function toggle({ ctx, state, arg, t, redraw }: GalleryPress): Promise<unknown> {
  const id = arg === undefined ? undefined : state.pageIds[arg];
  if (id === undefined || !state.selecting) return redraw(state);
  const chosen = state.selected.includes(id);
  if (!chosen && state.selected.length >= MAX_SELECTED) {
    return ctx.answerCallbackQuery({ text: t("gallery-selected-most", { count: MAX_SELECTED }) });
  }
  const selected = chosen ? state.selected.filter((other) => other !== id) : [...state.selected, id];
  return redraw({ ...state, selected });
}

/** One tap on a number: the result comes to the chat again with its buttons, the page stays as it is. */
async function open({ ctx, deps, state, arg, userId, t, redraw }: GalleryPress): Promise<unknown> {
  const id = arg === undefined ? undefined : state.pageIds[arg];
  const chatId = ctx.chat?.id;
  if (id === undefined || chatId === undefined || state.selecting) return redraw(state);
  if (await deps.resend(id, userId, chatId)) return;
  return ctx.reply(t("gallery-open-elsewhere"));
}

function withBack({ ctx, state, t }: GalleryPress, text: string, rows: InlineKeyboardButton[][] = []) {
  const back = button(t("gallery-button-back"), state.nonce, "back");
  return editMenu(ctx, text, { reply_markup: { inline_keyboard: [...rows, [back]] } });
}

/** The first page again under a new nonce, with the store and the count the deletion reported. */
function afterDeletion({ state, t, redraw }: GalleryPress, { result }: DeletedGenerations): Promise<void> {
  return redraw(
    { ...state, ...FIRST_PAGE, selecting: false, nonce: newNonce() },
    { storage: result.storage, notice: t("gallery-deleted", { count: result.deleted }) },
  );
}

async function askDeleteSelected(press: GalleryPress): Promise<void> {
  const { state, t, redraw } = press;
  const count = state.selected.length;
  if (count === 0) return redraw(state);
  await withBack(press, t("gallery-delete-selected-confirm", { count }), [
    [button(t("gallery-button-delete-confirm", { count }), state.nonce, "deleteSelected")],
  ]);
}

async function deleteSelected(press: GalleryPress): Promise<void> {
  const { deps, state, apiKey, redraw, idempotencyKey } = press;
  if (state.selected.length === 0) return redraw(state);
  const ids = [...state.selected];
  const deleted = await deps.service.deleteGenerations(
    apiKey,
    { ids },
    idempotencyKey(`ids:${ids.join(",")}`),
  );
  await deps.marks.deleted(ids);
  return afterDeletion(press, deleted);
}

async function oldMenu(press: GalleryPress): Promise<void> {
  const { state, t } = press;
  await withBack(
    press,
    t("gallery-delete-old-choose"),
    AGE_CHOICES.map((choice) => [
      button(t("gallery-button-older-than", { days: choice }), state.nonce, "askDeleteOld", choice),
    ]),
  );
}

async function askDeleteOld(press: GalleryPress): Promise<void> {
  const { deps, state, arg, apiKey, t, redraw } = press;
  const days = daysOf(arg);
  if (days === undefined) return redraw(state);
  const cutoff = Math.floor((deps.now().getTime() - days * DAY_MS) / 1000);
  const { count, complete } = await countOlder(deps, apiKey, cutoff);
  if (count === 0) return withBack(press, t("gallery-delete-old-none", { days }));
  await withBack(
    press,
    t(complete ? "gallery-delete-old-confirm" : "gallery-delete-old-confirm-at-least", { count, days }),
    [[button(t("gallery-button-delete-confirm", { count }), state.nonce, "deleteOld", days)]],
  );
}

async function deleteOld(press: GalleryPress): Promise<void> {
  const { deps, state, arg, userId, apiKey, redraw, idempotencyKey } = press;
  const days = daysOf(arg);
  if (days === undefined) return redraw(state);
  const deleted = await deps.service.deleteGenerations(
    apiKey,
    { older_than_days: days },
    idempotencyKey(`older:${days}`),
  );
  await deps.marks.deletedBefore(userId, deps.now().getTime() - days * DAY_MS);
  return afterDeletion(press, deleted);
}

/** One handler per gallery action, by its character on the wire; anything else redraws the page. */
export const GALLERY_HANDLERS: Record<string, (press: GalleryPress) => Promise<unknown>> = {
  [ACTIONS.type]: ({ state, redraw }) =>
    redraw({ ...state, ...FIRST_PAGE, type: next(TYPE_CYCLE, state.type) }),
  [ACTIONS.status]: ({ state, redraw }) =>
    redraw({ ...state, ...FIRST_PAGE, status: next(STATUS_CYCLE, state.status) }),
  [ACTIONS.older]: ({ state, redraw }) =>
    state.next ? redraw({ ...state, cursors: [...state.cursors, state.next] }) : redraw(state),
  [ACTIONS.newer]: ({ state, redraw }) => redraw({ ...state, cursors: state.cursors.slice(0, -1) }),
  [ACTIONS.toggle]: toggle,
  [ACTIONS.open]: open,
  [ACTIONS.select]: ({ state, redraw }) => redraw({ ...state, selecting: true }),
  [ACTIONS.stopSelecting]: ({ state, redraw }) => redraw({ ...state, selecting: false, selected: [] }),
  [ACTIONS.askDeleteSelected]: askDeleteSelected,
  [ACTIONS.deleteSelected]: deleteSelected,
  [ACTIONS.oldMenu]: oldMenu,
  [ACTIONS.askDeleteOld]: askDeleteOld,
  [ACTIONS.deleteOld]: deleteOld,
};
