/** The gallery's state per chat, kept a day under its buttons' nonce, and its page drawn from the service's list. */
import type { InlineKeyboardButton, InlineKeyboardMarkup } from "grammy/types";
import { z } from "zod";
import type { GenerationCredentialsReader } from "../../accounts/generation-links.js";
import type { GenerationServiceClient } from "../../generation-service/client.js";
import { GENERATION_TYPES, type Generation, type StorageBlock } from "../../generation-service/responses.js";
import type { KeyGuardian } from "../../generations/key-guardian.js";
import { generationProblem } from "../../generations/problems.js";
import type { CancelQueueData, QueueService } from "../../generations/queue-card.js";
import { type GenerationRecords, isFinished } from "../../generations/records.js";
import type { DeletionMarks } from "../../generations/retention.js";
import { formatBytes, percentBar } from "../../i18n/format.js";
import type { Translate } from "../../i18n/translate.js";
import type { KeyValueStore } from "../../storage/ports.js";
import { CALLBACK_SCOPES, callbackInt, defineCallback, newNonce } from "../../telegram/callback-data.js";
import type { BotContext } from "../context.js";
import { editMenu } from "../menu.js";

export type GalleryService = QueueService & Pick<GenerationServiceClient, "deleteGenerations">;

export interface GalleryDeps {
  credentials: GenerationCredentialsReader;
  service: GalleryService;
  marks: DeletionMarks;
  guardian: KeyGuardian;
  /** Which results the bot made without the user's prompt: the service's own prompt is not shown as theirs. */
  records: Pick<GenerationRecords, "withoutOwnPrompt">;
  /** Sends a result to the chat again with its buttons, as a job; false for one the bot did not make. */
  resend(generationId: string, userId: number, chatId: number): Promise<boolean>;
  /** Cancels every waiting generation of the account, as a job that edits the card when it is done. */
  cancelQueue(data: CancelQueueData): Promise<void>;
}

export interface GalleryFeatureDeps extends GalleryDeps {
  kv: KeyValueStore;
  now(): Date;
}

/** Results on one page: one button each, four to a row. */
export const GALLERY_PAGE_SIZE = 8;
/** The choices of "Delete older than". */
export const AGE_CHOICES = [7, 14, 30] as const;
/** The spec's most ids in one bulk delete. */
export const MAX_SELECTED = 500;
/** Counting what an age deletion would remove reads at most this many pages of 100. */
const MAX_COUNT_PAGES = 50;
export const DAY_MS = 24 * 60 * 60 * 1000;
export const STATE_TTL_MS = DAY_MS;
const PROMPT_CHARS = 48;

const STATUS_FILTERS = ["succeeded", "failed", "running", "queued"] as const;
export const TYPE_CYCLE = [undefined, ...GENERATION_TYPES] as const;
export const STATUS_CYCLE = [undefined, ...STATUS_FILTERS] as const;

/** What a button does, as one character on the wire. */
export const ACTIONS = {
  type: "t",
  status: "s",
  newer: "p",
  older: "n",
  toggle: "x",
  open: "i",
  select: "e",
  stopSelecting: "l",
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

export const GalleryStateSchema = z.object({
  nonce: z.string().min(1),
  type: z.enum(GENERATION_TYPES).optional(),
  status: z.enum(STATUS_FILTERS).optional(),
  /** `starting_after` of each page after the first, in order: the last is the page shown. */
  cursors: z.array(z.string()).max(1_000),
  next: z.string().optional(),
  /** The finished results on the page shown, by their button's number. */
  pageIds: z.array(z.string()).max(GALLERY_PAGE_SIZE),
  selected: z.array(z.string()).max(MAX_SELECTED),
  /** Choosing what to delete: a number toggles its result instead of sending it again. */
  selecting: z.boolean().optional(),
  /** Opened because storage is full: the advice heads the gallery. */
  full: z.boolean(),
});
export type GalleryState = z.infer<typeof GalleryStateSchema>;

export const QueueStateSchema = z.object({ nonce: z.string().min(1) });

export function freshState(full: boolean): GalleryState {
  return { nonce: newNonce(), cursors: [], pageIds: [], selected: [], full };
}

export const galleryKey = (chatId: number) => `gallery:${chatId}`;
export const queueKey = (chatId: number) => `queue-card:${chatId}`;

/** The gallery's or the queue card's state, kept under its buttons' nonce. */
export async function saveCard(deps: GalleryFeatureDeps, key: string, state: { nonce: string }) {
  await deps.kv.set(key, JSON.stringify(state), { ttlMs: STATE_TTL_MS });
}

/** The gallery's and the queue card's buttons: the action's code, and a number for those that take one. */
export const galleryButton = defineCallback(CALLBACK_SCOPES.gallery, undefined, {
  action: z.enum(Object.values(ACTIONS)),
  arg: callbackInt.optional(),
});

export function button(text: string, nonce: string, action: keyof typeof ACTIONS, arg?: number) {
  return { text, callback_data: galleryButton.pack(nonce, { action: ACTIONS[action], arg }) };
}

/** Says a refusal of the service, in place of the message with `edit`; anything else is the error boundary's. */
export async function sayProblem(ctx: BotContext, error: unknown, edit = false): Promise<void> {
  const problem = generationProblem(error);
  if (!problem) throw error;
  const text = ctx.t(problem.key, problem.params);
  await (edit ? editMenu(ctx, text) : ctx.reply(text));
}

export function next<T>(cycle: readonly T[], current: T): T {
  const index = cycle.indexOf(current);
  return cycle[(index + 1) % cycle.length] as T;
}

export function storageLine(t: Translate, storage: StorageBlock, locale: string): string {
  const used = formatBytes(storage.bytes_used, t, locale);
  if (storage.unlimited) return t("account-storage-unlimited", { used });
  const quota = formatBytes(storage.bytes_quota, t, locale);
  return t("account-storage", { bar: percentBar(storage.percent), percent: storage.percent, used, quota });
}

/** The service's times are UTC, and the row says so. */
function shortDate(unixSeconds: number, locale: string): string {
  const time = new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
  }).format(new Date(unixSeconds * 1000));
  return `${time} UTC`;
}

function shortPrompt(prompt: string): string {
  const flat = prompt.replace(/\s+/g, " ").trim();
  return flat.length > PROMPT_CHARS ? `${flat.slice(0, PROMPT_CHARS - 1)}…` : flat;
}

function itemLine(
  t: Translate,
  generation: Generation,
  number: number,
  marks: { selected: boolean; ownPrompt: boolean },
  locale: string,
) {
  const mark = marks.selected ? "☑️ " : "";
  const icon = generation.type === "video" ? "🎬" : "🖼";
  const prompt = (marks.ownPrompt && shortPrompt(generation.prompt)) || t("generation-no-prompt");
  const details = t("gallery-item-details", {
    status: t(`gallery-status-${generation.status}`),
    date: shortDate(generation.created, locale),
  });
  return `${mark}${number}. ${icon} ${prompt}\n      ${details}`;
}

export interface GalleryExtras {
  /** The store as a deletion just reported it, fresher than the account read before. */
  storage?: StorageBlock;
  /** What just happened, above the list. */
  notice?: string;
}

/** Reads the page the state points at and draws it; returns the state with the page's ids. */
export async function drawGallery(
  ctx: BotContext,
  deps: GalleryFeatureDeps,
  apiKey: string,
  state: GalleryState,
  extras: GalleryExtras = {},
): Promise<{ text: string; keyboard: InlineKeyboardMarkup; state: GalleryState }> {
  const t = ctx.t.bind(ctx);
  const locale = await ctx.i18n.getLocale();
  const storage = extras.storage ?? (await deps.service.getAccount(apiKey)).storage;
  // Filters and a cursor left undefined are left out of the query.
  const page = await deps.service.listGenerations(apiKey, {
    limit: GALLERY_PAGE_SIZE,
    type: state.type,
    status: state.status,
    starting_after: state.cursors.at(-1),
  });
  const nextCursor = page.has_more ? (page.next_cursor ?? page.data.at(-1)?.id) : undefined;
  const selectable = page.data.filter((generation) => isFinished(generation.status));
  const drawn: GalleryState = {
    ...state,
    pageIds: selectable.map((generation) => generation.id),
    next: nextCursor,
  };
  const selected = new Set(state.selected);
  const first = state.cursors.length * GALLERY_PAGE_SIZE;

  const lines = [t("gallery-title"), storageLine(t, storage, locale)];
  if (state.full) lines.push("", t("gallery-full-advice"));
  if (extras.notice) lines.push("", extras.notice);
  const type = t(`gallery-type-${state.type ?? "all"}`);
  const status = t(`gallery-filter-${state.status ?? "all"}`);
  lines.push("", t("gallery-filters", { type, status }));
  if (page.data.length === 0) {
    lines.push(t(state.cursors.length === 0 ? "gallery-empty" : "gallery-page-empty"));
  } else {
    const range = { first: first + 1, last: first + page.data.length };
    lines.push(t(state.selecting ? "gallery-page-selecting" : "gallery-page", range));
    const promptless = await deps.records.withoutOwnPrompt(page.data.map((generation) => generation.id));
    page.data.forEach((generation, index) => {
      const marks = { selected: selected.has(generation.id), ownPrompt: !promptless.has(generation.id) };
      lines.push(itemLine(t, generation, first + index + 1, marks, locale));
    });
  }
  if (state.selected.length > 0) lines.push("", t("gallery-selected", { count: state.selected.length }));

  const { nonce } = state;
  const rows: InlineKeyboardButton[][] = [
    [
      button(t("gallery-button-type", { type }), nonce, "type"),
      button(t("gallery-button-status", { status }), nonce, "status"),
    ],
  ];
  // A number sends its result again; while selecting, it toggles the result for deletion instead.
  const numbers = page.data.flatMap((generation, index) => {
    const slot = drawn.pageIds.indexOf(generation.id);
    const number = first + index + 1;
    if (slot < 0 || (!state.selecting && generation.status !== "succeeded")) return [];
    if (!state.selecting) return [button(String(number), nonce, "open", slot)];
    return [button(`${selected.has(generation.id) ? "☑️ " : ""}${number}`, nonce, "toggle", slot)];
  });
  for (let start = 0; start < numbers.length; start += 4) rows.push(numbers.slice(start, start + 4));
  const paging = [
    ...(state.cursors.length > 0 ? [button(t("gallery-button-newer"), nonce, "newer")] : []),
    ...(nextCursor ? [button(t("gallery-button-older"), nonce, "older")] : []),
  ];
  if (paging.length > 0) rows.push(paging);
  const count = state.selected.length;
  if (state.selecting) {
    rows.push([
      ...(count > 0
        ? [button(t("gallery-button-delete-selected", { count }), nonce, "askDeleteSelected")]
        : []),
      button(t("gallery-button-stop-selecting"), nonce, "stopSelecting"),
    ]);
  } else {
    if (drawn.pageIds.length > 0) rows.push([button(t("gallery-button-select"), nonce, "select")]);
    rows.push([button(t("gallery-button-delete-old"), nonce, "oldMenu")]);
  }
  rows.push([
    button(t("gallery-button-queue"), nonce, "queue"),
    button(t("gallery-button-refresh"), nonce, "back"),
  ]);
  return { text: lines.join("\n"), keyboard: { inline_keyboard: rows }, state: drawn };
}

/** Finished generations made before the cutoff: what `older_than_days` would remove. */
export async function countOlder(deps: GalleryFeatureDeps, apiKey: string, cutoffSeconds: number) {
  let count = 0;
  let cursor: string | undefined;
  for (let page = 0; page < MAX_COUNT_PAGES; page++) {
    const answer = await deps.service.listGenerations(apiKey, { limit: 100, starting_after: cursor });
    count += answer.data.filter(
      (generation) => generation.created < cutoffSeconds && isFinished(generation.status),
    ).length;
    cursor = answer.next_cursor ?? answer.data.at(-1)?.id;
    if (!answer.has_more || !cursor) return { count, complete: true };
  }
  return { count, complete: false };
}
