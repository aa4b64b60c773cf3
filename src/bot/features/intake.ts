/**
 * Media sent without a command, checked (not downloaded) and kept per chat for the offers. An album's items come
 * not always in order: each takes its place by message id, the first sends the offer and the rest edit it.
 */

import { Composer } from "grammy";
import type { Message } from "grammy/types";
import type { Translate } from "../../i18n/translate.js";
import {
  ACCEPTED_FORMATS_WITH_GENERATION_TEXT,
  checkMediaRef,
  type IntakeLimits,
  isTextDocument,
  MAX_MEDIA_ITEMS,
  type MediaProblem,
  mediaClassOf,
  tasksAccepting,
} from "../../media/accept.js";
import { addInMessageOrder, extractMedia, type MediaRef, telegramMediaOf } from "../../media/media-ref.js";
import type { PendingMedia, PendingMediaStore } from "../../media/pending-media.js";
import type { TaskType } from "../../tasks-service/schemas/index.js";
import type { BotContext } from "../context.js";
import type { GenerationFormType } from "../forms/form.js";
import type { OpenFormCards } from "../forms/open-cards.js";
import { placeMedia } from "../forms/place-media.js";
import { joinedText } from "../forms/text-parts.js";
import { intakeButton, taskOffers } from "../keyboards/intake.js";
import { canOpenForms, openForm } from "../open-form.js";
import { FORMS } from "../tasks/forms/index.js";
import {
  type Offer,
  offerKeyboard,
  type PriceClass,
  rankOffers,
  showOfferMessage,
  turnOfferPages,
} from "./offer-message.js";

export interface MoreOffers {
  /** Whether the files can go there too: then they are never sent straight to the only task's form. */
  accepts(refs: readonly MediaRef[]): boolean;
  offers(t: Translate, nonce: string, refs: readonly MediaRef[], prices: OtherPrices): Offer[];
  /** The most megabytes a file of this format can have there, when it has more; undefined otherwise. */
  sizeLimitMbExceeded(ref: MediaRef): number | undefined;
}

export type OtherPrices = (type: GenerationFormType) => PriceClass | undefined;

export interface IntakeOptions {
  limits: IntakeLimits;
  /** Offers beside the tasks' (the generation service's), ranked among them. */
  moreOffers?: MoreOffers;
}

export interface IntakeDeps extends IntakeOptions {
  pending: PendingMediaStore;
  /** What the other service's offers cost this user; without it they show no price. */
  otherPrices?: (ctx: BotContext) => Promise<OtherPrices>;
  cards: OpenFormCards;
  now(): Date;
}

/** A set that can only become a video keeps growing with photos and clips sent within this time. */
const COLLECT_WINDOW_MS = 2 * 60 * 1000;
/** A text typed within this time after media that can become a video goes with them as the voiceover. */
const TEXT_WINDOW_MS = 15 * 60 * 1000;

function summaryOf(ctx: BotContext, refs: readonly MediaRef[]): string {
  const counts = new Map<string, number>();
  for (const ref of refs) {
    const kind = ref.source === "link" ? "link" : ref.kind;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts].map(([kind, count]) => ctx.t(`intake-count-${kind}`, { count })).join(", ");
}

function offerText(ctx: BotContext, pending: PendingMedia, tasks: readonly TaskType[]): string {
  const { refs, text } = pending;
  const lines = [ctx.t("intake-offer", { media: summaryOf(ctx, refs) })];
  if (text !== undefined) lines.push(ctx.t("intake-offer-text", { count: text.length }));
  const canGrow = tasks.length === 1 && tasks[0] === "video" && refs.length < MAX_MEDIA_ITEMS;
  if (canGrow) lines.push(ctx.t("intake-offer-more"));
  return lines.join("\n");
}

/** Why a file that passed the checks has no offer: a format only the generation service takes, over its limit. */
function unofferedProblem(ref: MediaRef, options: IntakeOptions): MediaProblem {
  const limitMb = options.moreOffers?.sizeLimitMbExceeded(ref);
  return limitMb === undefined
    ? {
        code: "unsupported_type",
        params: {
          formats: ACCEPTED_FORMATS_WITH_GENERATION_TEXT,
          name: ref.source === "telegram" ? (ref.fileName ?? ref.mime ?? ref.kind) : ref.url,
        },
      }
    : { code: "too_big_for_service", params: { limitMb } };
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
function joinsPending(pending: PendingMedia, incoming: readonly MediaRef[], now: number): boolean {
  const album = albumOf(incoming);
  if (album !== undefined && album === pending.mediaGroupId) return true;
  if (pending.refs.length === 0) return false;
  const onlyVideo = tasksAccepting(pending.refs).join() === "video";
  return onlyVideo && now - pending.updatedAt <= COLLECT_WINDOW_MS && incoming.every(isVisual);
}

/** What a single photo most likely wants, then several photos, then anything else; the rest follow. */
const LIKELIEST_FOR_ONE_PHOTO = ["image_to_video", "reference_image", "video", "keyframe_video"];
const LIKELIEST_FOR_PHOTOS = ["video", "image_to_video", "keyframe_video", "reference_image"];
const LIKELIEST = [
  "subtitles",
  "smart_clip",
  "pause_removal",
  "dubbing",
  "transcription",
  "video",
  "audio_to_video",
  "video_to_video",
  "motion",
];

/** A text sent with the media is a voiceover: the video that speaks it comes first. */
function likeliestFor(refs: readonly MediaRef[], text: string | undefined): readonly string[] {
  if (text !== undefined) return ["video"];
  if (!refs.every((ref) => mediaClassOf(ref) === "image")) return LIKELIEST;
  return refs.length === 1 ? LIKELIEST_FOR_ONE_PHOTO : LIKELIEST_FOR_PHOTOS;
}

/** Every offer for the media, likeliest first: the tasks that take them and the other service's. */
async function offersFor(ctx: BotContext, { refs, text }: PendingMedia, options: IntakeDeps) {
  const tasks = tasksAccepting(refs);
  const more = options.moreOffers?.accepts(refs) ? options.moreOffers : undefined;
  const prices: OtherPrices = more && options.otherPrices ? await options.otherPrices(ctx) : () => undefined;
  return (nonce: string) =>
    rankOffers(
      [
        ...taskOffers(ctx.t, tasks, ctx.taskBilling, (type) => intakeButton.pack(nonce, { type })),
        ...(more?.offers(ctx.t, nonce, refs, prices) ?? []),
      ],
      likeliestFor(refs, text),
    );
}

async function showOffer(ctx: BotContext, pending: PendingMedia, options: IntakeDeps): Promise<number> {
  const text = offerText(ctx, pending, tasksAccepting(pending.refs));
  const offers = await offersFor(ctx, pending, options);
  return showOfferMessage(ctx, pending.offerMessageId, text, (nonce) =>
    offerKeyboard(ctx.t, nonce, offers(nonce), "intake"),
  );
}

async function openTaskForm(
  ctx: BotContext,
  deps: IntakeDeps,
  chatId: number,
  pending: PendingMedia,
  task: TaskType,
): Promise<void> {
  await deps.pending.clear(chatId);
  const { media, prefill } = placeMedia(FORMS[task], pending.refs, pending.text);
  await openForm(ctx, deps.cards, task, media, { prefill, inPlaceOf: pending.offerMessageId });
}

/** Only one task can use the media: its form opens at once, no question asked. */
async function openOnlyTask(ctx: BotContext, chatId: number, pending: PendingMedia, options: IntakeDeps) {
  const [only, ...others] = tasksAccepting(pending.refs);
  if (only === undefined || others.length > 0 || !canOpenForms(ctx)) return false;
  if (options.moreOffers?.accepts(pending.refs)) return false;
  await openTaskForm(ctx, options, chatId, pending, only);
  return true;
}

/** An SRT sent right after one video: the video is dubbed with these subtitles. */
function subtitlesForVideo(pending: PendingMedia, incoming: readonly MediaRef[]): boolean {
  return (
    pending.refs.length === 1 &&
    incoming.length === 1 &&
    tasksAccepting(pending.refs).includes("dubbing") &&
    incoming.every((ref) => mediaClassOf(ref) === "subtitles")
  );
}

/** A text typed while media that can become a video wait goes with them as the voiceover, and the offer says so. */
async function handleText(ctx: BotContext, message: Message, options: IntakeDeps): Promise<boolean> {
  const text = message.text;
  if (text === undefined || text.trim() === "") return false;
  const chatId = message.chat.id;
  const pending = await options.pending.get(chatId);
  const now = options.now().getTime();
  if (!pending || !tasksAccepting(pending.refs).includes("video") || now - pending.updatedAt > TEXT_WINDOW_MS)
    return false;
  const next: PendingMedia = {
    ...pending,
    text: joinedText(pending.text, pending.textPart, { text, at: message.date }) ?? text,
    textPart: { at: message.date, length: text.length },
  };
  next.offerMessageId = await showOffer(ctx, next, options);
  await options.pending.put(chatId, next);
  return true;
}

async function handleMedia(ctx: BotContext, message: Message, options: IntakeDeps): Promise<boolean> {
  const file = telegramMediaOf(message);
  if (file && isTextDocument(file)) return false;
  const { refs, linkProblems } = extractMedia(message);
  if (refs.length === 0 && linkProblems.length === 0) return handleText(ctx, message, options);
  const chatId = message.chat.id;
  const now = options.now().getTime();

  for (const problem of linkProblems) {
    await ctx.reply(ctx.t(`media-error-${problem.code}`, { link: problem.text }));
  }
  if (refs.length === 0) return true;

  const existing = await options.pending.get(chatId);
  if (existing && subtitlesForVideo(existing, refs) && canOpenForms(ctx)) {
    await openTaskForm(ctx, options, chatId, { ...existing, refs: [...existing.refs, ...refs] }, "dubbing");
    return true;
  }
  const joining = existing !== undefined && joinsPending(existing, refs, now);
  const base: PendingMedia = joining ? existing : { refs: [], reported: [], updatedAt: now };

  const reported = new Set(base.reported);
  const report = async (problem: MediaProblem) => {
    // An album's items share their problems: each is said once per set.
    if (reported.has(problem.code)) return;
    reported.add(problem.code);
    await ctx.reply(ctx.t(`media-error-${problem.code}`, problem.params));
  };

  let accepted: MediaRef[] = [...base.refs];
  for (const ref of refs) {
    if (
      ref.source === "telegram" &&
      accepted.some((r) => r.source === "telegram" && r.fileUniqueId === ref.fileUniqueId)
    ) {
      continue; // a redelivered update
    }
    const problem = checkMediaRef(ref, options.limits, options.moreOffers ? "any" : "tasks");
    if (problem) {
      await report(problem);
      continue;
    }
    const candidate = [...accepted, ref];
    if (tasksAccepting(candidate).length === 0 && !options.moreOffers?.accepts(candidate)) {
      await report(
        candidate.length > 1
          ? candidate.length > MAX_MEDIA_ITEMS
            ? { code: "too_many_media", params: { max: MAX_MEDIA_ITEMS, count: candidate.length } }
            : { code: "mixed_media", params: { max: MAX_MEDIA_ITEMS } }
          : unofferedProblem(ref, options),
      );
      continue;
    }
    accepted = addInMessageOrder(accepted, [ref]);
  }

  const album = albumOf(refs) ?? base.mediaGroupId;
  const caption = base.text ?? (message.caption?.trim() ? message.caption : undefined);
  const next: PendingMedia = {
    ...base,
    refs: accepted,
    reported: [...reported],
    updatedAt: now,
    ...(album ? { mediaGroupId: album } : {}),
    ...(caption !== undefined ? { text: caption } : {}),
  };
  if (accepted.length > 0 && (await openOnlyTask(ctx, chatId, next, options))) return true;
  if (accepted.length > base.refs.length || (accepted.length > 0 && next.offerMessageId === undefined)) {
    next.offerMessageId = await showOffer(ctx, next, options);
  }
  if (accepted.length > 0 || album !== undefined) await options.pending.put(chatId, next);
  return true;
}

export function createIntakeFeature(options: IntakeDeps): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  feature.chatType("private").on("message", async (ctx, next) => {
    const message = ctx.message;
    if (message.text?.startsWith("/") || !(await handleMedia(ctx, message, options))) return next();
  });
  turnOfferPages(
    feature,
    "intake",
    async (ctx, page) => {
      const pending = ctx.chat ? await options.pending.get(ctx.chat.id) : undefined;
      if (!pending || pending.refs.length === 0) return undefined;
      const offers = await offersFor(ctx, pending, options);
      return (nonce) => offerKeyboard(ctx.t, nonce, offers(nonce), "intake", page);
    },
    "intake-expired",
  );
  return feature;
}
