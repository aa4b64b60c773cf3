/**
 * /gallery and /queue: the user's generations on the service, and what is running and waiting there.
 *
 * The gallery pages `GET /v1/generations` newest first by its cursor, filtered by type and status, under
 * a storage bar; finished results can be selected and deleted together, or everything older than 7, 14
 * or 30 days at once, each after a confirmation that says how many go. The queue card is drawn by
 * src/generations/queue-card.ts; its Cancel is a job. Both messages are edited in place; their buttons
 * carry a nonce of their own (kept per chat), and the buttons on cards and notices that lead here carry
 * none, since they only open the presser's own gallery or queue. Private chats only.
 */
import { Composer } from "grammy";
import type { InlineKeyboardButton, InlineKeyboardMarkup } from "grammy/types";
import { z } from "zod";
import type { GenerationCredentials, GenerationCredentialsReader } from "../../accounts/generation-links.js";
import type { DeletedGenerations } from "../../generation-service/client.js";
import { deriveIdempotencyKey } from "../../generation-service/idempotency.js";
import type { BulkDeleteRequest } from "../../generation-service/requests.js";
import {
  GENERATION_TYPES,
  type Generation,
  type GenerationStatus,
  type StorageBlock,
} from "../../generation-service/responses.js";
import { ENTRY_NONCE, ENTRY_TARGETS } from "../../generations/account-buttons.js";
import { FINISHED_STATUSES } from "../../generations/batch-records.js";
import type { KeyGuardian } from "../../generations/key-guardian.js";
import { generationProblem } from "../../generations/problems.js";
import {
  type CancelQueueData,
  listAll,
  type QueueService,
  queueCardText,
  readQueue,
} from "../../generations/queue-card.js";
import type { DeletionMarks } from "../../generations/retention.js";
import { formatBytes, formatNumber, percentBar } from "../../i18n/format.js";
import type { Translate } from "../../i18n/translate.js";
import { CALLBACK_SCOPES, decodeCallback, encodeCallback, newNonce } from "../../telegram/callback-data.js";
import type { BotContext } from "../context.js";
import { editMenu } from "../menu.js";

export interface GalleryService extends QueueService {
  deleteGenerations(
    apiKey: string,
    deletion: BulkDeleteRequest,
    idempotencyKey: string,
  ): Promise<DeletedGenerations>;
}

export interface GalleryDeps {
  credentials: GenerationCredentialsReader;
  service: GalleryService;
  marks: DeletionMarks;
  guardian: KeyGuardian;
  /** Cancels every waiting generation of the account, as a job that edits the card when it is done. */
  cancelQueue(data: CancelQueueData): Promise<void>;
}

/** Results on one page: one button each, four to a row. */
export const GALLERY_PAGE_SIZE = 8;
/** The choices of "Delete older than". */
export const AGE_CHOICES = [7, 14, 30] as const;
/** The spec's most ids in one bulk delete. */
const MAX_SELECTED = 500;
/** Counting what an age deletion would remove reads at most this many pages of 100. */
const MAX_COUNT_PAGES = 50;
const DAY_MS = 24 * 60 * 60 * 1000;
const STATE_TTL_MS = DAY_MS;
const PROMPT_CHARS = 48;

const STATUS_FILTERS = ["succeeded", "failed", "running", "queued"] as const;
const TYPE_CYCLE = [undefined, ...GENERATION_TYPES] as const;
const STATUS_CYCLE = [undefined, ...STATUS_FILTERS] as const;

/** What a button does, as one character on the wire. */
const ACTIONS = {
  type: "t",
  status: "s",
  newer: "p",
  older: "n",
  toggle: "x",
  askDeleteSelected: "d",
  deleteSelected: "D",
  oldMenu: "o",
  askDeleteOld: "a",
  deleteOld: "A",
  back: "b",
  queue: "q",
  askCancel: "c",
  cancel: "C",
} as const;

const GalleryStateSchema = z.object({
  nonce: z.string().min(1),
  type: z.enum(GENERATION_TYPES).optional(),
  status: z.enum(STATUS_FILTERS).optional(),
  /** `starting_after` of each page after the first, in order: the last is the page shown. */
  cursors: z.array(z.string()).max(1_000),
  /** The cursor of the page after this one, when there is one. */
  next: z.string().optional(),
  /** The finished results on the page shown, by their button's number. */
  pageIds: z.array(z.string()).max(GALLERY_PAGE_SIZE),
  selected: z.array(z.string()).max(MAX_SELECTED),
  /** Opened because storage is full: the advice heads the gallery. */
  full: z.boolean(),
});
type GalleryState = z.infer<typeof GalleryStateSchema>;

const QueueStateSchema = z.object({ nonce: z.string().min(1) });

function freshState(full = false): GalleryState {
  return { nonce: newNonce(), cursors: [], pageIds: [], selected: [], full };
}

async function readState<T>(ctx: BotContext, key: string, schema: z.ZodType<T>): Promise<T | undefined> {
  const raw = await ctx.deps.storage.kv.get(key);
  if (raw === undefined) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const galleryKey = (chatId: number) => `gallery:${chatId}`;
const queueKey = (chatId: number) => `queue-card:${chatId}`;

async function saveGallery(ctx: BotContext, chatId: number, state: GalleryState): Promise<void> {
  await ctx.deps.storage.kv.set(galleryKey(chatId), JSON.stringify(state), { ttlMs: STATE_TTL_MS });
}

function button(text: string, nonce: string, action: keyof typeof ACTIONS, arg?: string | number) {
  const args = arg === undefined ? [ACTIONS[action]] : [ACTIONS[action], arg];
  return { text, callback_data: encodeCallback(CALLBACK_SCOPES.gallery, nonce, ...args) };
}

function next<T>(cycle: readonly T[], current: T): T {
  const index = cycle.indexOf(current);
  return cycle[(index + 1) % cycle.length] as T;
}

function storageLine(t: Translate, storage: StorageBlock, locale: string): string {
  if (storage.unlimited) {
    return t("account-storage-unlimited", { used: formatBytes(storage.bytes_used, locale) });
  }
  return t("account-storage", {
    bar: percentBar(storage.percent),
    percent: storage.percent,
    used: formatBytes(storage.bytes_used, locale),
    quota: formatBytes(storage.bytes_quota, locale),
  });
}

function shortDate(unixSeconds: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
  }).format(new Date(unixSeconds * 1000));
}

function shortPrompt(prompt: string): string {
  const flat = prompt.replace(/\s+/g, " ").trim();
  return flat.length > PROMPT_CHARS ? `${flat.slice(0, PROMPT_CHARS - 1)}…` : flat;
}

function isFinished(status: GenerationStatus): boolean {
  return FINISHED_STATUSES.has(status);
}

function itemLine(t: Translate, generation: Generation, number: number, selected: boolean, locale: string) {
  const mark = selected ? "☑️ " : "";
  const icon = generation.type === "video" ? "🎬" : "🖼";
  const prompt = shortPrompt(generation.prompt) || t("gallery-no-prompt");
  const details = t("gallery-item-details", {
    status: t(`gallery-status-${generation.status}`),
    date: shortDate(generation.created, locale),
  });
  return `${mark}${number}. ${icon} ${prompt}\n      ${details}`;
}

interface GalleryExtras {
  /** The store as a deletion just reported it, fresher than the account read before. */
  storage?: StorageBlock;
  /** What just happened, above the list. */
  notice?: string;
}

/** Reads the page the state points at and draws it; returns the state with the page's ids. */
async function drawGallery(
  ctx: BotContext,
  deps: GalleryDeps,
  apiKey: string,
  state: GalleryState,
  extras: GalleryExtras = {},
): Promise<{ text: string; keyboard: InlineKeyboardMarkup; state: GalleryState }> {
  const t = ctx.t.bind(ctx);
  const locale = await ctx.i18n.getLocale();
  const storage = extras.storage ?? (await deps.service.getAccount(apiKey)).storage;
  const cursor = state.cursors.at(-1);
  const page = await deps.service.listGenerations(apiKey, {
    limit: GALLERY_PAGE_SIZE,
    ...(state.type ? { type: state.type } : {}),
    ...(state.status ? { status: state.status } : {}),
    ...(cursor ? { starting_after: cursor } : {}),
  });
  const nextCursor = page.has_more ? (page.next_cursor ?? page.data.at(-1)?.id) : undefined;
  const selectable = page.data.filter((generation) => isFinished(generation.status));
  const drawn: GalleryState = {
    ...state,
    pageIds: selectable.map((generation) => generation.id),
    ...(nextCursor ? { next: nextCursor } : { next: undefined }),
  };
  const selected = new Set(state.selected);
  const first = state.cursors.length * GALLERY_PAGE_SIZE;

  const lines = [t("gallery-title"), storageLine(t, storage, locale)];
  if (state.full) lines.push("", t("gallery-full-advice"));
  if (extras.notice) lines.push("", extras.notice);
  lines.push(
    "",
    t("gallery-filters", {
      type: t(`gallery-type-${state.type ?? "all"}`),
      status: t(`gallery-filter-${state.status ?? "all"}`),
    }),
  );
  if (page.data.length === 0) {
    lines.push(t(state.cursors.length === 0 ? "gallery-empty" : "gallery-page-empty"));
  } else {
    lines.push(t("gallery-page", { first: first + 1, last: first + page.data.length }));
    page.data.forEach((generation, index) => {
      lines.push(itemLine(t, generation, first + index + 1, selected.has(generation.id), locale));
    });
  }
  if (state.selected.length > 0) lines.push("", t("gallery-selected", { count: state.selected.length }));

  const { nonce } = state;
  const rows: InlineKeyboardButton[][] = [
    [
      button(t("gallery-button-type", { type: t(`gallery-type-${state.type ?? "all"}`) }), nonce, "type"),
      button(
        t("gallery-button-status", { status: t(`gallery-filter-${state.status ?? "all"}`) }),
        nonce,
        "status",
      ),
    ],
  ];
  const toggles = page.data.flatMap((generation, index) => {
    const slot = drawn.pageIds.indexOf(generation.id);
    if (slot < 0) return [];
    const label = `${selected.has(generation.id) ? "☑️ " : ""}${first + index + 1}`;
    return [button(label, nonce, "toggle", slot)];
  });
  for (let start = 0; start < toggles.length; start += 4) rows.push(toggles.slice(start, start + 4));
  const paging = [
    ...(state.cursors.length > 0 ? [button(t("gallery-button-newer"), nonce, "newer")] : []),
    ...(nextCursor ? [button(t("gallery-button-older"), nonce, "older")] : []),
  ];
  if (paging.length > 0) rows.push(paging);
  if (state.selected.length > 0) {
    rows.push([
      button(
        t("gallery-button-delete-selected", { count: state.selected.length }),
        nonce,
        "askDeleteSelected",
      ),
    ]);
  }
  rows.push([button(t("gallery-button-delete-old"), nonce, "oldMenu")]);
  rows.push([
    button(t("gallery-button-queue"), nonce, "queue"),
    button(t("gallery-button-refresh"), nonce, "back"),
  ]);
  return { text: lines.join("\n"), keyboard: { inline_keyboard: rows }, state: drawn };
}

/** Finished generations made before the cutoff: what `older_than_days` would remove. */
async function countOlder(
  deps: GalleryDeps,
  apiKey: string,
  cutoffSeconds: number,
): Promise<{ count: number; complete: boolean }> {
  let count = 0;
  let cursor: string | undefined;
  for (let page = 0; page < MAX_COUNT_PAGES; page++) {
    const answer = await deps.service.listGenerations(apiKey, {
      limit: 100,
      ...(cursor ? { starting_after: cursor } : {}),
    });
    count += answer.data.filter(
      (generation) => generation.created < cutoffSeconds && isFinished(generation.status),
    ).length;
    cursor = answer.next_cursor ?? answer.data.at(-1)?.id;
    if (!answer.has_more || !cursor) return { count, complete: true };
  }
  return { count, complete: false };
}

/** Says a refusal of the service in place of the message; anything else is the error boundary's. */
async function sayProblem(ctx: BotContext, error: unknown, edit: boolean): Promise<void> {
  const problem = generationProblem(error);
  if (!problem) throw error;
  const text = ctx.t(problem.key, problem.params);
  if (edit) await editMenu(ctx, text);
  else await ctx.reply(text);
}

async function sayKeyNotices(ctx: BotContext, deps: GalleryDeps, userId: number, apiKey: string) {
  const account = await deps.service.getAccount(apiKey);
  const locale = await ctx.i18n.getLocale();
  for (const notice of await deps.guardian.notices(userId, account, ctx.t.bind(ctx), locale)) {
    await ctx.reply(notice.text);
  }
}

/** Who asks, with their linked key; one without a key is told how to link one. */
async function linkedCaller(
  ctx: BotContext,
  deps: GalleryDeps,
): Promise<{ chatId: number; userId: number; credentials: GenerationCredentials } | undefined> {
  const chatId = ctx.chat?.id;
  const userId = ctx.from?.id;
  if (chatId === undefined || userId === undefined) return undefined;
  const credentials = await deps.credentials.credentials(userId);
  if (!credentials) {
    await ctx.reply(ctx.t("account-not-linked"));
    return undefined;
  }
  return { chatId, userId, credentials };
}

async function openGallery(ctx: BotContext, deps: GalleryDeps, full: boolean): Promise<void> {
  const caller = await linkedCaller(ctx, deps);
  if (!caller) return;
  const { chatId, userId, credentials } = caller;
  try {
    const view = await drawGallery(ctx, deps, credentials.apiKey, freshState(full));
    await ctx.reply(view.text, { reply_markup: view.keyboard });
    await saveGallery(ctx, chatId, view.state);
    await sayKeyNotices(ctx, deps, userId, credentials.apiKey);
  } catch (error) {
    await sayProblem(ctx, error, false);
  }
}

function queueKeyboard(t: Translate, nonce: string, queued: number): InlineKeyboardMarkup {
  return {
    inline_keyboard: [
      ...(queued > 0 ? [[button(t("queue-button-cancel", { count: queued }), nonce, "askCancel")]] : []),
      [button(t("gallery-button-refresh"), nonce, "queue")],
    ],
  };
}

async function showQueue(ctx: BotContext, deps: GalleryDeps, mode: "reply" | "edit"): Promise<void> {
  const caller = await linkedCaller(ctx, deps);
  if (!caller) return;
  const { chatId, userId, credentials } = caller;
  try {
    const snapshot = await readQueue(deps.service, credentials.apiKey);
    const locale = await ctx.i18n.getLocale();
    const nonce = newNonce();
    const text = queueCardText(ctx.t.bind(ctx), snapshot, locale);
    const reply_markup = queueKeyboard(ctx.t.bind(ctx), nonce, snapshot.queued.length);
    if (mode === "edit") await editMenu(ctx, text, { reply_markup });
    else await ctx.reply(text, { reply_markup });
    await ctx.deps.storage.kv.set(queueKey(chatId), JSON.stringify({ nonce }), { ttlMs: STATE_TTL_MS });
    const notices = await deps.guardian.notices(userId, snapshot.account, ctx.t.bind(ctx), locale);
    for (const notice of notices) await ctx.reply(notice.text);
  } catch (error) {
    await sayProblem(ctx, error, mode === "edit");
  }
}

async function onQueueButton(ctx: BotContext, deps: GalleryDeps, chatId: number, action: string) {
  const t = ctx.t.bind(ctx);
  const messageId = ctx.callbackQuery?.message?.message_id;
  const userId = ctx.from?.id;
  if (messageId === undefined || userId === undefined) return;
  if (action === ACTIONS.queue) {
    await showQueue(ctx, deps, "edit");
    return;
  }
  const credentials = await deps.credentials.credentials(userId);
  if (!credentials) {
    await editMenu(ctx, t("account-not-linked"));
    return;
  }
  const nonce = newNonce();
  await ctx.deps.storage.kv.set(queueKey(chatId), JSON.stringify({ nonce }), { ttlMs: STATE_TTL_MS });
  if (action === ACTIONS.askCancel) {
    try {
      const queued = await listAll(deps.service, credentials.apiKey, "queued");
      if (queued.length === 0) {
        await showQueue(ctx, deps, "edit");
        return;
      }
      const locale = await ctx.i18n.getLocale();
      const tokens = queued.reduce((total, generation) => total + generation.cost_tokens, 0);
      await editMenu(
        ctx,
        t("queue-cancel-confirm", { count: queued.length, tokens: formatNumber(tokens, locale) }),
        {
          reply_markup: {
            inline_keyboard: [
              [button(t("queue-button-cancel-confirm"), nonce, "cancel")],
              [button(t("gallery-button-back"), nonce, "queue")],
            ],
          },
        },
      );
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

async function onGalleryButton(
  ctx: BotContext,
  deps: GalleryDeps,
  chatId: number,
  state: GalleryState,
  action: string,
  arg: string | undefined,
): Promise<void> {
  const t = ctx.t.bind(ctx);
  const userId = ctx.from?.id;
  if (userId === undefined) return;
  const credentials = await deps.credentials.credentials(userId);
  if (!credentials) {
    await editMenu(ctx, t("account-not-linked"));
    return;
  }
  const apiKey = credentials.apiKey;
  const locale = await ctx.i18n.getLocale();
  const redraw = async (nextState: GalleryState, extras?: GalleryExtras) => {
    const view = await drawGallery(ctx, deps, apiKey, nextState, extras);
    await editMenu(ctx, view.text, { reply_markup: view.keyboard });
    await saveGallery(ctx, chatId, view.state);
  };
  const firstPage = { cursors: [], selected: [], next: undefined };
  const days = AGE_CHOICES.find((choice) => String(choice) === arg);
  const idempotencyKey = (purpose: string) =>
    deriveIdempotencyKey(`gallery:${chatId}:${state.nonce}`, purpose);

  switch (action) {
    case ACTIONS.type:
      return redraw({ ...state, ...firstPage, type: next(TYPE_CYCLE, state.type) });
    case ACTIONS.status:
      return redraw({ ...state, ...firstPage, status: next(STATUS_CYCLE, state.status) });
    case ACTIONS.older:
      if (!state.next) return redraw(state);
      return redraw({ ...state, cursors: [...state.cursors, state.next] });
    case ACTIONS.newer:
      return redraw({ ...state, cursors: state.cursors.slice(0, -1) });
    case ACTIONS.back:
      return redraw(state);
    case ACTIONS.toggle: {
      const id = state.pageIds[Number(arg)];
      if (id === undefined) return redraw(state);
      const chosen = state.selected.includes(id);
      if (!chosen && state.selected.length >= MAX_SELECTED) {
        await ctx.answerCallbackQuery({ text: t("gallery-selected-most", { count: MAX_SELECTED }) });
        return;
      }
      const selected = chosen ? state.selected.filter((other) => other !== id) : [...state.selected, id];
      return redraw({ ...state, selected });
    }
    case ACTIONS.askDeleteSelected: {
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
      return;
    }
    case ACTIONS.deleteSelected: {
      if (state.selected.length === 0) return redraw(state);
      const ids = [...state.selected];
      const { result } = await deps.service.deleteGenerations(
        apiKey,
        { ids },
        idempotencyKey(`ids:${ids.join(",")}`),
      );
      await deps.marks.deleted(ids);
      return redraw(
        { ...state, ...firstPage, nonce: newNonce() },
        { storage: result.storage, notice: t("gallery-deleted", { count: result.deleted }) },
      );
    }
    case ACTIONS.oldMenu:
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
      return;
    case ACTIONS.askDeleteOld: {
      if (days === undefined) return redraw(state);
      const cutoff = Math.floor((ctx.deps.now().getTime() - days * DAY_MS) / 1000);
      const { count, complete } = await countOlder(deps, apiKey, cutoff);
      if (count === 0) {
        await editMenu(ctx, t("gallery-delete-old-none", { days }), {
          reply_markup: { inline_keyboard: [[button(t("gallery-button-back"), state.nonce, "back")]] },
        });
        return;
      }
      const shown = formatNumber(count, locale);
      await editMenu(
        ctx,
        t(complete ? "gallery-delete-old-confirm" : "gallery-delete-old-confirm-at-least", {
          count,
          shown,
          days,
        }),
        {
          reply_markup: {
            inline_keyboard: [
              [button(t("gallery-button-delete-confirm", { count }), state.nonce, "deleteOld", days)],
              [button(t("gallery-button-back"), state.nonce, "back")],
            ],
          },
        },
      );
      return;
    }
    case ACTIONS.deleteOld: {
      if (days === undefined) return redraw(state);
      const { result } = await deps.service.deleteGenerations(
        apiKey,
        { older_than_days: days },
        idempotencyKey(`older:${days}`),
      );
      await deps.marks.deletedBefore(userId, ctx.deps.now().getTime() - days * DAY_MS);
      return redraw(
        { ...state, ...firstPage, nonce: newNonce() },
        { storage: result.storage, notice: t("gallery-deleted", { count: result.deleted }) },
      );
    }
    default:
      return redraw(state);
  }
}

async function onButton(ctx: BotContext, deps: GalleryDeps): Promise<void> {
  const data = decodeCallback(ctx.callbackQuery?.data);
  const chatId = ctx.chat?.id;
  if (!data || chatId === undefined) return;
  const [action, arg] = data.args;
  if (ctx.chat?.type !== "private" || action === undefined) {
    await ctx.answerCallbackQuery({ text: ctx.t("button-stale") });
    return;
  }
  if (data.nonce === ENTRY_NONCE) {
    await ctx.answerCallbackQuery();
    if (action === ENTRY_TARGETS.queue) await showQueue(ctx, deps, "reply");
    else if (action === ENTRY_TARGETS.gallery || action === ENTRY_TARGETS.galleryFull) {
      await openGallery(ctx, deps, action === ENTRY_TARGETS.galleryFull);
    }
    return;
  }
  const queueActions: readonly string[] = [ACTIONS.askCancel, ACTIONS.cancel];
  const queueState = await readState(ctx, queueKey(chatId), QueueStateSchema);
  if (queueState?.nonce === data.nonce && (queueActions.includes(action) || action === ACTIONS.queue)) {
    await ctx.answerCallbackQuery();
    await onQueueButton(ctx, deps, chatId, action);
    return;
  }
  const state = await readState(ctx, galleryKey(chatId), GalleryStateSchema);
  if (state?.nonce !== data.nonce) {
    await ctx.answerCallbackQuery({ text: ctx.t("button-stale") });
    return;
  }
  if (action === ACTIONS.queue) {
    await ctx.answerCallbackQuery();
    await showQueue(ctx, deps, "reply");
    return;
  }
  await ctx.answerCallbackQuery();
  try {
    await onGalleryButton(ctx, deps, chatId, state, action, arg);
  } catch (error) {
    await sayProblem(ctx, error, true);
  }
}

/** Goes before the button guard: its buttons carry their own nonce, and the entry buttons none. */
export function createGalleryFeature(deps: GalleryDeps): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  const privateChats = feature.chatType("private");
  privateChats.command("gallery", (ctx) => openGallery(ctx, deps, false));
  privateChats.command("queue", (ctx) => showQueue(ctx, deps, "reply"));
  feature.on("callback_query:data", async (ctx, nextMiddleware) => {
    if (decodeCallback(ctx.callbackQuery.data)?.scope !== CALLBACK_SCOPES.gallery) return nextMiddleware();
    await onButton(ctx, deps);
  });
  return feature;
}
