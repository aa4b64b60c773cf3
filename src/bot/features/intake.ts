/**
 * Media sent without a command: photos, videos, audio, voice and video messages, documents, albums and
 * https links. The bot checks them (nothing is downloaded here), keeps them per chat and offers the
 * tasks that accept them. Album items arrive as separate updates, in order within a chat (updates are
 * sequential per chat), so the first item sends the offer and later ones edit it: no timers, nothing
 * lost when the process restarts between two items.
 */

import { Composer, GrammyError } from "grammy";
import type { InlineKeyboardButton, Message } from "grammy/types";
import type { Translate } from "../../i18n/translate.js";
import {
  checkMediaRef,
  type IntakeLimits,
  MAX_MEDIA_ITEMS,
  type MediaProblem,
  mediaClassOf,
  tasksAccepting,
} from "../../media/accept.js";
import { extractMedia, type MediaRef } from "../../media/media-ref.js";
import { type PendingMedia, PendingMediaStore } from "../../media/pending-media.js";
import type { TaskType } from "../../tasks-service/schemas/index.js";
import { CALLBACK_SCOPES, type CallbackData } from "../../telegram/callback-data.js";
import type { BotContext } from "../context.js";
import { intakeKeyboard } from "../keyboards/intake.js";
import { openMenu } from "../menu.js";
import { isBotTaskType } from "../task-types.js";

export interface IntakeOptions {
  limits: IntakeLimits;
  /** Offers beside the tasks' (the generation service's, for photos), as buttons of their own row. */
  moreOffers?: (t: Translate, nonce: string, refs: readonly MediaRef[]) => InlineKeyboardButton[];
  /** A set that can only become a video keeps growing with photos and clips sent within this time. */
  collectWindowMs?: number;
}

const DEFAULT_COLLECT_WINDOW_MS = 2 * 60 * 1000;

/** The task a pressed intake button chose (the forms read it, then take the pending media). */
export function intakeChoice(data: CallbackData | undefined): TaskType | undefined {
  if (data?.scope !== CALLBACK_SCOPES.intake) return undefined;
  const [type] = data.args;
  return type !== undefined && isBotTaskType(type) ? type : undefined;
}

function summaryOf(ctx: BotContext, refs: readonly MediaRef[]): string {
  const counts = new Map<string, number>();
  for (const ref of refs) {
    const kind = ref.source === "link" ? "link" : ref.kind;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts].map(([kind, count]) => ctx.t(`intake-count-${kind}`, { count })).join(", ");
}

function offerText(ctx: BotContext, refs: readonly MediaRef[], tasks: readonly TaskType[]): string {
  const offer = ctx.t("intake-offer", { media: summaryOf(ctx, refs) });
  const canGrow = tasks.length === 1 && tasks[0] === "video" && refs.length < MAX_MEDIA_ITEMS;
  return canGrow ? `${offer}\n${ctx.t("intake-offer-more")}` : offer;
}

function problemText(ctx: BotContext, problem: MediaProblem): string {
  return ctx.t(`media-error-${problem.code}`, problem.params);
}

function isVisual(ref: MediaRef): boolean {
  const mediaClass = mediaClassOf(ref);
  return mediaClass === "image" || mediaClass === "video";
}

function albumOf(refs: readonly MediaRef[]): string | undefined {
  const first = refs[0];
  return first?.source === "telegram" ? first.mediaGroupId : undefined;
}

/** Whether new media belong to the set already waiting rather than start a new one. */
function joinsPending(
  pending: PendingMedia,
  incoming: readonly MediaRef[],
  now: number,
  windowMs: number,
): boolean {
  if (pending.refs.length === 0)
    return pending.mediaGroupId !== undefined && albumOf(incoming) === pending.mediaGroupId;
  const album = albumOf(incoming);
  if (album !== undefined && album === pending.mediaGroupId) return true;
  const onlyVideo = tasksAccepting(pending.refs).join() === "video";
  return onlyVideo && now - pending.updatedAt <= windowMs && incoming.every(isVisual);
}

async function showOffer(ctx: BotContext, pending: PendingMedia, options: IntakeOptions): Promise<number> {
  const tasks = tasksAccepting(pending.refs);
  const text = offerText(ctx, pending.refs, tasks);
  const nonce = openMenu(ctx);
  const offers = options.moreOffers?.(ctx.t, nonce, pending.refs) ?? [];
  const keyboard = intakeKeyboard(ctx.t, nonce, tasks);
  const reply_markup = offers.length > 0 ? keyboard.row(...offers) : keyboard;
  const chatId = ctx.chat?.id;
  if (pending.offerMessageId !== undefined && chatId !== undefined) {
    try {
      await ctx.api.editMessageText(chatId, pending.offerMessageId, text, { reply_markup });
      return pending.offerMessageId;
    } catch (error) {
      if (error instanceof GrammyError && error.description.includes("message is not modified")) {
        return pending.offerMessageId;
      }
      // The offer is gone (deleted, too old to edit): a new one takes its place.
      ctx.logger.debug({ err: error }, "intake offer not editable; sending a new one");
    }
  }
  const sent = await ctx.reply(text, { reply_markup });
  return sent.message_id;
}

async function handleMedia(ctx: BotContext, message: Message, options: IntakeOptions): Promise<boolean> {
  const { refs, linkProblems } = extractMedia(message);
  if (refs.length === 0 && linkProblems.length === 0) return false;
  const chatId = message.chat.id;
  const store = new PendingMediaStore(ctx.deps.storage.kv);
  const now = ctx.deps.now().getTime();
  const windowMs = options.collectWindowMs ?? DEFAULT_COLLECT_WINDOW_MS;

  for (const problem of linkProblems) {
    await ctx.reply(ctx.t(`media-error-${problem.code}`, { link: problem.text }));
  }
  if (refs.length === 0) return true;

  const existing = await store.get(chatId);
  const joining = existing !== undefined && joinsPending(existing, refs, now, windowMs);
  const base: PendingMedia = joining
    ? existing
    : { refs: [], reported: [], updatedAt: now, ...(albumOf(refs) ? { mediaGroupId: albumOf(refs) } : {}) };

  const reported = new Set(base.reported);
  const report = async (problem: MediaProblem) => {
    // An album's items share their problems: each is said once per set.
    if (reported.has(problem.code)) return;
    reported.add(problem.code);
    await ctx.reply(problemText(ctx, problem));
  };

  const accepted: MediaRef[] = [...base.refs];
  for (const ref of refs) {
    if (
      ref.source === "telegram" &&
      accepted.some((r) => r.source === "telegram" && r.fileUniqueId === ref.fileUniqueId)
    ) {
      continue; // a redelivered update
    }
    const problem = checkMediaRef(ref, options.limits);
    if (problem) {
      await report(problem);
      continue;
    }
    const candidate = [...accepted, ref];
    if (candidate.length > 1 && tasksAccepting(candidate).length === 0) {
      await report(
        candidate.length > MAX_MEDIA_ITEMS
          ? { code: "too_many_media", params: { max: MAX_MEDIA_ITEMS, count: candidate.length } }
          : { code: "mixed_media", params: { max: MAX_MEDIA_ITEMS } },
      );
      continue;
    }
    accepted.push(ref);
  }

  const album = albumOf(refs) ?? base.mediaGroupId;
  const next: PendingMedia = {
    refs: accepted,
    reported: [...reported],
    updatedAt: now,
    ...(album ? { mediaGroupId: album } : {}),
    ...(base.offerMessageId !== undefined ? { offerMessageId: base.offerMessageId } : {}),
  };
  if (accepted.length > base.refs.length || (accepted.length > 0 && next.offerMessageId === undefined)) {
    next.offerMessageId = await showOffer(ctx, next, options);
  }
  if (accepted.length > 0 || album !== undefined) await store.put(chatId, next);
  return true;
}

export function createIntakeFeature(options: IntakeOptions): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  feature.chatType("private").on("message", async (ctx, next) => {
    const message = ctx.message;
    if (message.text?.startsWith("/")) return next();
    const handled = await handleMedia(ctx, message, options);
    if (!handled) return next();
  });
  return feature;
}
