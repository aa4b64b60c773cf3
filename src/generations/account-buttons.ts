/**
 * Buttons from a card or a notice to the gallery or the queue card: without a menu nonce (either shows
 * only the presser's own account), they work as long as the message lives.
 */
import type { InlineKeyboardButton } from "grammy/types";
import { z } from "zod";
import type { Translate } from "../i18n/translate.js";
import { CALLBACK_SCOPES, defineCallback } from "../telegram/callback-data.js";

/** The nonce part of an entry button: not a menu's, so the button guard never sees these. */
export const ENTRY_NONCE = "go";

export const ENTRY_TARGETS = {
  gallery: "gallery",
  /** The gallery, headed by the advice to make room because storage is full. */
  galleryFull: "full",
  queue: "queue",
} as const;
export type EntryTarget = keyof typeof ENTRY_TARGETS;

export const galleryEntryButton = defineCallback(CALLBACK_SCOPES.gallery, undefined, {
  target: z.enum(Object.values(ENTRY_TARGETS)),
});

export function entryButton(t: Translate, target: EntryTarget): InlineKeyboardButton {
  const label = target === "queue" ? "gallery-button-open-queue" : "gallery-button-open";
  return {
    text: t(label),
    callback_data: galleryEntryButton.pack(ENTRY_NONCE, { target: ENTRY_TARGETS[target] }),
  };
}

/** The entry a card's refusal leads to, if any: a full store to the gallery, a full queue to the queue. */
export function entryForProblem(problemKey: string): EntryTarget | undefined {
  if (problemKey === "generation-error-storage_full") return "galleryFull";
  if (problemKey === "generation-error-queue_full") return "queue";
  return undefined;
}
