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
  if (id === undefined) return redraw(state);
  const chosen = state.selected.includes(id);
  if (!chosen && state.selected.length >= MAX_SELECTED) {
    return ctx.answerCallbackQuery({ text: t("gallery-selected-most", { count: MAX_SELECTED }) });
  }
  const selected = chosen ? state.selected.filter((other) => other !== id) : [...state.selected, id];
  return redraw({ ...state, selected });
}

async function askDeleteSelected({ ctx, state, t, redraw }: GalleryPress): Promise<void> {
  if (state.selected.length === 0) return redraw(state);
  await editMenu(ctx, t("gallery-delete-selected-confirm", { count: state.selected.length }), {
    reply_markup: {
      inline_keyboard: [
        [
          button(
            t("gallery-button-delete-confirm", { count: state.selected.length }),
            state.nonce,
            "deleteSelected",
          ),
        ],
        [button(t("gallery-button-back"), state.nonce, "back")],
      ],
    },
  });
}

async function deleteSelected({
  deps,
  state,
  apiKey,
  t,
  redraw,
  idempotencyKey,
}: GalleryPress): Promise<void> {
  if (state.selected.length === 0) return redraw(state);
  const ids = [...state.selected];
  const { result } = await deps.service.deleteGenerations(
    apiKey,
    { ids },
    idempotencyKey(`ids:${ids.join(",")}`),
  );
  await deps.marks.deleted(ids);
  return redraw(
    { ...state, ...FIRST_PAGE, nonce: newNonce() },
    { storage: result.storage, notice: t("gallery-deleted", { count: result.deleted }) },
  );
}

async function oldMenu({ ctx, state, t }: GalleryPress): Promise<void> {
  await editMenu(ctx, t("gallery-delete-old-choose"), {
    reply_markup: {
      inline_keyboard: [
        ...AGE_CHOICES.map((choice) => [
          button(t("gallery-button-older-than", { days: choice }), state.nonce, "askDeleteOld", choice),
        ]),
        [button(t("gallery-button-back"), state.nonce, "back")],
      ],
    },
  });
}

async function askDeleteOld({ ctx, deps, state, arg, apiKey, t, redraw }: GalleryPress): Promise<void> {
  const days = daysOf(arg);
  if (days === undefined) return redraw(state);
  const cutoff = Math.floor((deps.now().getTime() - days * DAY_MS) / 1000);
  const { count, complete } = await countOlder(deps, apiKey, cutoff);
  if (count === 0) {
    await editMenu(ctx, t("gallery-delete-old-none", { days }), {
      reply_markup: { inline_keyboard: [[button(t("gallery-button-back"), state.nonce, "back")]] },
    });
    return;
  }
  await editMenu(
    ctx,
    t(complete ? "gallery-delete-old-confirm" : "gallery-delete-old-confirm-at-least", { count, days }),
    {
      reply_markup: {
        inline_keyboard: [
          [button(t("gallery-button-delete-confirm", { count }), state.nonce, "deleteOld", days)],
          [button(t("gallery-button-back"), state.nonce, "back")],
        ],
      },
    },
  );
}

async function deleteOld(press: GalleryPress): Promise<void> {
  const { deps, state, arg, userId, apiKey, t, redraw, idempotencyKey } = press;
  const days = daysOf(arg);
  if (days === undefined) return redraw(state);
  const { result } = await deps.service.deleteGenerations(
    apiKey,
    { older_than_days: days },
    idempotencyKey(`older:${days}`),
  );
  await deps.marks.deletedBefore(userId, deps.now().getTime() - days * DAY_MS);
  return redraw(
    { ...state, ...FIRST_PAGE, nonce: newNonce() },
    { storage: result.storage, notice: t("gallery-deleted", { count: result.deleted }) },
  );
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
  [ACTIONS.back]: ({ state, redraw }) => redraw(state),
  [ACTIONS.toggle]: toggle,
  [ACTIONS.askDeleteSelected]: askDeleteSelected,
  [ACTIONS.deleteSelected]: deleteSelected,
  [ACTIONS.oldMenu]: oldMenu,
  [ACTIONS.askDeleteOld]: askDeleteOld,
  [ACTIONS.deleteOld]: deleteOld,
};
