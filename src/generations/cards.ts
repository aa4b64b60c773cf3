/**
 * The words and buttons of a batch outside any update (jobs use the locale the batch was made in): the
 * batch card in each state, captions, and the buttons under results. Result buttons carry the tag of the
 * batch's ticket (never the ticket, its webhook address) and the image's place in it, so they work as
 * long as the batch record lives.
 */
import type { InlineKeyboardButton, InlineKeyboardMarkup } from "grammy/types";
import { formatNumber } from "../i18n/format.js";
import type { Translate } from "../i18n/translate.js";
import { ticketTag } from "../lifecycle/tickets.js";
import { CALLBACK_SCOPES, encodeCallback } from "../telegram/callback-data.js";
import { type BatchRecord, type ChunkItem, type ChunkRecord, refundOf } from "./records.js";

/** Buttons on results and on the card: what each does, as a short code on the wire. */
export const RESULT_ACTIONS = {
  original: "o",
  again: "a",
  reference: "r",
  delete: "d",
  deleteConfirmed: "D",
  keep: "k",
  cancelQueued: "c",
  retryFailed: "f",
  join: "j",
  joinConfirmed: "J",
  joinDismissed: "n",
} as const;
export type ResultAction = keyof typeof RESULT_ACTIONS;

const ACTION_BY_CODE = new Map<string, ResultAction>(
  Object.entries(RESULT_ACTIONS).map(([action, code]) => [code, action as ResultAction]),
);

/** A result button's action and image, from its callback arguments; undefined for anything else. */
export function decodeResultAction(
  args: readonly string[],
): { action: ResultAction; position?: number } | undefined {
  const [code, position] = args;
  const action = code === undefined ? undefined : ACTION_BY_CODE.get(code);
  if (!action) return undefined;
  if (position === undefined) return { action };
  return /^(0|[1-9]\d{0,3})$/.test(position) ? { action, position: Number(position) } : undefined;
}

export function resultButton(
  text: string,
  ticket: string,
  action: ResultAction,
  position?: number,
): InlineKeyboardButton {
  const args = position === undefined ? [RESULT_ACTIONS[action]] : [RESULT_ACTIONS[action], position];
  return {
    text,
    callback_data: encodeCallback(CALLBACK_SCOPES.generationResult, ticketTag(ticket), ...args),
  };
}

/** A clip's actions, under a video sent alone: a clip is neither a reference nor re-sent as a file. */
export function singleVideoKeyboard(t: Translate, ticket: string, position: number): InlineKeyboardMarkup {
  return {
    inline_keyboard: [
      [
        resultButton(t("generation-button-again"), ticket, "again", position),
        resultButton(t("generation-button-delete"), ticket, "delete", position),
      ],
    ],
  };
}

/** A batch made along a chain of keyframes: its clips are transitions that play on from one another. */
export function isKeyframeChain(record: Pick<BatchRecord, "request">): boolean {
  return Array.isArray(record.request.keyframe_file_ids);
}

/**
 * Under a keyframe chain's clips: joining them, in order, into one video. When some did not come out the
 * button says how many it joins; fewer than two leave nothing to join.
 */
export function joinRows(t: Translate, record: BatchRecord, chunk: ChunkRecord): InlineKeyboardButton[][] {
  if (!isKeyframeChain(record)) return [];
  const made = chunk.items.filter((item) => item.status === "succeeded").length;
  if (made < 2) return [];
  const text =
    made === record.count ? t("join-button") : t("join-button-some", { count: made, total: record.count });
  return [[resultButton(text, record.ticket, "join")]];
}

/** The four actions of one image, under a photo sent alone. */
export function singleImageKeyboard(t: Translate, ticket: string, position: number): InlineKeyboardMarkup {
  return {
    inline_keyboard: [
      [
        resultButton(t("generation-button-original"), ticket, "original", position),
        resultButton(t("generation-button-again"), ticket, "again", position),
      ],
      [
        resultButton(t("generation-button-reference"), ticket, "reference", position),
        resultButton(t("generation-button-delete"), ticket, "delete", position),
      ],
    ],
  };
}

const NUMBERS_PER_ROW = 5;

const ALBUM_ACTIONS: Record<BatchRecord["type"], Array<[ResultAction, string]>> = {
  image: [
    ["original", "⬇️"],
    ["again", "🔁"],
    ["reference", "🧩"],
    ["delete", "🗑"],
  ],
  video: [
    ["again", "🔁"],
    ["delete", "🗑"],
  ],
};

/** Albums take no buttons: the message after one has a numbered row of each action per five results. */
export function albumKeyboard(
  ticket: string,
  positions: readonly number[],
  type: BatchRecord["type"],
): InlineKeyboardMarkup {
  const rows: InlineKeyboardButton[][] = [];
  const actions = ALBUM_ACTIONS[type];
  for (const [action, mark] of actions) {
    for (let start = 0; start < positions.length; start += NUMBERS_PER_ROW) {
      rows.push(
        positions
          .slice(start, start + NUMBERS_PER_ROW)
          .map((position) => resultButton(`${mark} ${position + 1}`, ticket, action, position)),
      );
    }
  }
  return { inline_keyboard: rows };
}

export function formName(t: Translate, record: Pick<BatchRecord, "form">): string {
  return t(`generation-form-${record.form.type}-name`);
}

/** Counts of a batch's generations by where they stand. */
export interface BatchCounts {
  queued: number;
  running: number;
  succeeded: number;
  failed: number;
  canceled: number;
  /** Tokens of the succeeded ones: what is charged. */
  charged: number;
  /** Tokens given back for the failed ones, and for the canceled ones. */
  refundedFailed: number;
  refundedCanceled: number;
}

export function countBatch(chunks: readonly ChunkRecord[]): BatchCounts {
  const counts: BatchCounts = {
    queued: 0,
    running: 0,
    succeeded: 0,
    failed: 0,
    canceled: 0,
    charged: 0,
    refundedFailed: 0,
    refundedCanceled: 0,
  };
  for (const chunk of chunks) {
    for (const item of chunk.items) {
      counts[item.status] += 1;
      if (item.status === "succeeded") counts.charged += item.costTokens;
      if (item.status === "failed") counts.refundedFailed += refundOf(item);
      if (item.status === "canceled") counts.refundedCanceled += refundOf(item);
    }
  }
  return counts;
}

function tokens(value: number, locale: string): string {
  return formatNumber(value, locale);
}

/** The batch card for a batch the service has. */
export function createdCardText(
  t: Translate,
  record: BatchRecord,
  counts: BatchCounts,
  finished: boolean,
): string {
  const name = formName(t, record);
  const locale = record.locale;
  const lines: string[] = [];
  if (finished) {
    lines.push(t("generation-card-finished", { name, done: counts.succeeded, count: record.count }));
  } else {
    lines.push(
      t(record.type === "video" ? "video-card-title" : "generation-card-title", {
        name,
        count: record.count,
        model: record.modelLabel,
      }),
    );
    lines.push(
      t("generation-card-progress", {
        queued: counts.queued,
        running: counts.running,
        done: counts.succeeded,
        failed: counts.failed,
      }),
    );
  }
  lines.push(
    t(finished ? "generation-card-money-final" : "generation-card-money", {
      reserved: tokens(record.costTokens ?? 0, locale),
      charged: tokens(counts.charged, locale),
    }),
  );
  if (!finished && record.balanceTokens !== undefined) {
    lines.push(t("generation-card-balance", { balance: tokens(record.balanceTokens, locale) }));
  }
  if (counts.failed > 0) {
    lines.push(
      t("generation-card-failed", { count: counts.failed, refunded: tokens(counts.refundedFailed, locale) }),
    );
  }
  if (counts.canceled > 0) {
    lines.push(
      t("generation-card-canceled", {
        count: counts.canceled,
        refunded: tokens(counts.refundedCanceled, locale),
      }),
    );
  }
  if (!finished && record.cancelRunning) {
    lines.push(t("generation-card-cancel-running", { count: record.cancelRunning }));
  }
  if (!finished)
    lines.push(t(record.type === "video" ? "video-pay-for-success" : "generation-card-pay-for-success"));
  return lines.join("\n");
}

/**
 * Cancel, while some are still queued (or not yet known to be running); Retry of the failed ones once
 * nothing waits or runs.
 */
export function cardKeyboard(t: Translate, record: BatchRecord, counts: BatchCounts): InlineKeyboardMarkup {
  const rows: InlineKeyboardButton[][] = [];
  if (counts.queued > 0) {
    rows.push([
      resultButton(
        t("generation-button-cancel-queued", { count: counts.queued }),
        record.ticket,
        "cancelQueued",
      ),
    ]);
  }
  if (counts.failed > 0 && counts.queued === 0 && counts.running === 0) {
    rows.push([
      resultButton(t("batch-button-retry", { count: counts.failed }), record.ticket, "retryFailed"),
    ]);
  }
  return { inline_keyboard: rows };
}

/** An image's caption: its number and prompt, the model, and what it cost. */
export function imageCaption(t: Translate, record: BatchRecord, item: ChunkItem): string {
  return t("generation-image-caption", {
    number: item.position + 1,
    prompt: clip(item.prompt, 300),
    model: record.modelLabel,
    tokens: tokens(item.costTokens, record.locale),
  });
}

/** The message after an album: what the numbers are, and what did not come out; empty when neither. */
export function controlText(t: Translate, record: BatchRecord, chunk: ChunkRecord): string {
  const delivered = chunk.items.filter((item) => item.status === "succeeded");
  const lines: string[] = [];
  if (delivered.length > 0) {
    const first = delivered[0]?.position ?? 0;
    const last = delivered.at(-1)?.position ?? first;
    const video = record.type === "video";
    lines.push(
      t(video ? "video-album-title" : "generation-album-title", {
        from: first + 1,
        to: last + 1,
        model: record.modelLabel,
      }),
    );
    lines.push(t(video ? "video-album-legend" : "generation-album-legend"));
  }
  lines.push(...failureLines(t, record, chunk));
  return lines.join("\n");
}

/**
 * One line per image that did not come out, with its refund. Canceled ones are not listed: the user asked
 * for that, and the batch card counts them with their refund in one line.
 */
export function failureLines(t: Translate, record: BatchRecord, chunk: ChunkRecord): string[] {
  return chunk.items
    .filter((item) => item.status === "failed")
    .map((item) =>
      t("generation-item-failed", {
        number: item.position + 1,
        reason: item.error ?? t("generation-item-no-reason"),
        tokens: tokens(refundOf(item), record.locale),
      }),
    );
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
