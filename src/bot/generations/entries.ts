/**
 * The ways into the generation forms, and the buttons on generation results: /image and /video (with or
 * without a prompt), the /start menu's entries, photos sent ("Image from these references", "Video from
 * these photos", one clip each; "Transitions between these photos"), clips sent ("New video from this
 * clip", one each), a recording sent ("Talking video to this audio"), the offers for a text
 * sent outside a form ("Image from this text"); under results Original, Again, Use as reference and Delete (with
 * a confirmation), and Cancel on the batch card. Result buttons act on their batch's ticket and are
 * checked against its owner, since they outlive the chat's newest menu.
 */
import { Composer } from "grammy";
import type { InlineKeyboardButton } from "grammy/types";
import { z } from "zod";
import { isGenerationServiceError } from "../../generation-service/errors.js";
import { type BatchRecord, chunkOf, type GenerationRecords } from "../../generations/batch-records.js";
import { decodeResultAction, type ResultAction, resultButton } from "../../generations/cards.js";
import { type JoinData, type JoinOutcome, joinableClips } from "../../generations/join-clips.js";
import { problemOf } from "../../generations/problems.js";
import { sizeLimitMbExceeded, takesFile } from "../../generations/reference-files.js";
import type { RetryOutcome } from "../../generations/retry-failed.js";
import type { Translate } from "../../i18n/translate.js";
import { mediaClassOf } from "../../media/accept.js";
import type { MediaRef } from "../../media/media-ref.js";
import { PendingMediaStore, takePendingMedia } from "../../media/pending-media.js";
import { CALLBACK_SCOPES, decodeCallback, encodeCallback } from "../../telegram/callback-data.js";
import type { BotContext } from "../context.js";
import type { MoreOffers } from "../features/intake.js";
import type { TextOffer } from "../features/text-offers.js";
import { type AccountView, GENERATION_FORM_TYPES } from "../forms/form.js";
import { openGenerationForm } from "../open-form.js";
import { joinedClipsEstimate } from "../tasks/estimate.js";
import { accountOf } from "../tasks/services.js";
import { accountMoneyLines } from "../tasks/task-contract.js";
import { type GenerationFlowDeps, withRecordingLengths } from "./conversation.js";
import { MAX_PROMPT_TEXT } from "./forms/field-kit.js";

/** What the result buttons set going; each is a job or one call, never work that makes the update wait. */
export interface GenerationActions {
  sendOriginal(ticket: string, position: number): Promise<void>;
  cancelQueued(ticket: string): Promise<void>;
  /** A new batch of the failed prompts of this one. */
  retryFailed(record: BatchRecord): Promise<RetryOutcome>;
  /** Removes the generation from the service for good; rejects with the service's error. */
  deleteGeneration(userId: number, generationId: string): Promise<void>;
  /** One task on the Media Task Service that joins the clips in order; "already" when one was started. */
  joinClips(data: JoinData): Promise<JoinOutcome>;
}

export interface GenerationFormsDeps {
  flow: GenerationFlowDeps;
  records: GenerationRecords;
  actions: GenerationActions;
}

/** Entry buttons (menu, intake): `gs:<menu nonce>:<entry>`. */
const ENTRIES = {
  fromText: "t",
  fromReferences: "r",
  videoFromText: "v",
  videoFromFrames: "f",
  keyframeChain: "k",
  videoFromClips: "c",
  videoToAudio: "a",
  clipMenu: "m",
} as const;
/** Photos an intake offer may hand to a reference form at most. */
const MAX_OFFERED_REFERENCES = 10;
const FormTypeSchema = z.enum(GENERATION_FORM_TYPES);

function entryButton(
  t: Translate,
  nonce: string,
  key: string,
  entry: keyof typeof ENTRIES,
  params?: Record<string, string | number>,
): InlineKeyboardButton {
  return {
    text: t(key, params),
    callback_data: encodeCallback(CALLBACK_SCOPES.generationStart, nonce, ENTRIES[entry]),
  };
}

/** The /start menu's entries. */
export function generationMenuEntries(t: Translate, nonce: string): InlineKeyboardButton[] {
  return [
    entryButton(t, nonce, "generation-menu-image", "fromText"),
    entryButton(t, nonce, "video-menu-text", "videoFromText"),
    entryButton(t, nonce, "video-refs-menu-clip", "clipMenu"),
  ];
}

/** What the intake's files can become with the generation service, by what Telegram says of them. */
function offeredFor(refs: readonly MediaRef[]): "photos" | "clips" | "audio" | undefined {
  if (refs.length === 0 || refs.length > MAX_OFFERED_REFERENCES) return undefined;
  if (refs.every((ref) => ref.source === "telegram" && mediaClassOf(ref) === "image")) return "photos";
  if (refs.every((ref) => takesFile(ref, "video"))) return "clips";
  if (refs.length === 1 && refs.every((ref) => takesFile(ref, "audio"))) return "audio";
  return undefined;
}

/**
 * The intake's offers: up to ten photos can be blended into a new image, each start a clip, or be the
 * keyframes of a chain of transitions; up to ten clips each become a new clip; a recording becomes a
 * talking video.
 */
export const generationIntakeOffers: MoreOffers = {
  accepts: (refs) => offeredFor(refs) !== undefined,
  sizeLimitMbExceeded,
  buttons: (t, nonce, refs) => {
    switch (offeredFor(refs)) {
      case "photos":
        return [
          entryButton(t, nonce, "generation-offer-references", "fromReferences"),
          entryButton(t, nonce, "video-offer-frames", "videoFromFrames"),
          entryButton(t, nonce, "video-offer-chain", "keyframeChain"),
        ];
      case "clips":
        return [entryButton(t, nonce, "video-refs-offer-clip", "videoFromClips", { count: refs.length })];
      case "audio":
        return [entryButton(t, nonce, "video-refs-offer-audio", "videoToAudio")];
      default:
        return [];
    }
  },
};

/** The offer for a text sent outside a form: the text becomes the prompt of an image. */
export const generationTextOffer: TextOffer = {
  id: "image",
  label: "generation-offer-text-button",
  maxLength: MAX_PROMPT_TEXT,
  open: (ctx, text) =>
    openGenerationForm(ctx, { type: "text_to_image", media: [], prefill: { prompt: text } }),
};

/** /image, /video, the menu entries, the intake's offers and the offer under a plain text. Goes after the button guard. */
export function createGenerationEntries(flow: Pick<GenerationFlowDeps, "measure">): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  const privateChats = feature.chatType("private");

  privateChats.command("image", async (ctx) => {
    const prompt = ctx.match.trim();
    await openGenerationForm(ctx, {
      type: "text_to_image",
      media: [],
      ...(prompt ? { prefill: { prompt } } : {}),
    });
  });

  privateChats.command("video", async (ctx) => {
    const prompt = ctx.match.trim();
    await openGenerationForm(ctx, {
      type: "text_to_video",
      media: [],
      ...(prompt ? { prefill: { prompt } } : {}),
    });
  });

  feature.on("callback_query:data", async (ctx, next) => {
    const data = ctx.callbackData;
    if (data?.scope !== CALLBACK_SCOPES.generationStart) return next();
    await ctx.answerCallbackQuery();
    const chatId = ctx.chat?.id;
    if (chatId === undefined) return;
    switch (data.args[0]) {
      case ENTRIES.fromText:
        await openGenerationForm(ctx, { type: "text_to_image", media: [] });
        return;
      case ENTRIES.videoFromText:
        await openGenerationForm(ctx, { type: "text_to_video", media: [] });
        return;
      case ENTRIES.clipMenu:
        await openGenerationForm(ctx, { type: "video_to_video", media: [] });
        return;
      case ENTRIES.videoToAudio: {
        const store = new PendingMediaStore(ctx.deps.storage.kv);
        const pending = await store.get(chatId);
        if (!pending || pending.refs.length === 0) {
          await ctx.reply(ctx.t("intake-expired"));
          return;
        }
        // Measured as the open form measures a recording, so the card says one runs over 15 seconds.
        const media = await withRecordingLengths(pending.refs, flow.measure);
        await store.clear(chatId);
        await openGenerationForm(ctx, { type: "audio_to_video", media });
        return;
      }
      case ENTRIES.fromReferences:
      case ENTRIES.videoFromFrames:
      case ENTRIES.keyframeChain:
      case ENTRIES.videoFromClips: {
        const media = await takePendingMedia(ctx.deps.storage.kv, chatId);
        if (!media || media.length === 0) {
          await ctx.reply(ctx.t("intake-expired"));
          return;
        }
        const type =
          data.args[0] === ENTRIES.fromReferences
            ? "reference_image"
            : data.args[0] === ENTRIES.videoFromFrames
              ? "image_to_video"
              : data.args[0] === ENTRIES.videoFromClips
                ? "video_to_video"
                : "keyframe_video";
        await openGenerationForm(ctx, { type, media });
        return;
      }
      default:
        return;
    }
  });
  return feature;
}

function confirmKeyboard(t: Translate, ticket: string, position: number) {
  return {
    inline_keyboard: [
      [
        resultButton(t("generation-button-delete-confirm"), ticket, "deleteConfirmed", position),
        resultButton(t("generation-button-keep"), ticket, "keep", position),
      ],
    ],
  };
}

/** Clip numbers as a person reads them: "1–3" for a run, else "1, 3". */
function clipNumbers(positions: readonly number[]): string {
  const numbers = positions.map((position) => position + 1);
  const first = numbers[0];
  const last = numbers.at(-1);
  const run = numbers.every((number, index) => number === (first ?? 0) + index);
  if (run && first !== undefined && last !== undefined && numbers.length > 2) return `${first}–${last}`;
  return numbers.join(", ");
}

/** The clips a Join would take now, and what joining them costs by the task price table. */
async function joinPlan(deps: GenerationFormsDeps, record: BatchRecord) {
  const clips = await joinableClips(deps.records, record);
  const seconds = typeof record.request.duration === "number" ? record.request.duration : undefined;
  const estimate = joinedClipsEstimate(clips.map(() => seconds));
  const positions = clips.map((clip) => clip.position);
  const left = Array.from({ length: record.count }, (_, position) => position).filter(
    (position) => !positions.includes(position),
  );
  return { positions, left, estimate };
}

/** The task-service account the join is paid from; undefined when it cannot be read now. */
async function taskAccount(ctx: BotContext, userId: number): Promise<AccountView | undefined> {
  try {
    const { apiKey } = await ctx.deps.apiKeys.ensure(userId);
    return accountOf(await ctx.deps.tasksService.me(apiKey));
  } catch (error) {
    // The confirmation then shows no balance; the task service still refuses what the balance cannot cover.
    ctx.logger.warn({ err: error }, "task account not readable before a join");
    return undefined;
  }
}

/** Before anything is charged: which clips, in which order, what it costs and whether the balance covers it. */
async function confirmJoin(ctx: BotContext, deps: GenerationFormsDeps, record: BatchRecord): Promise<void> {
  const t = ctx.t.bind(ctx);
  const { positions, left, estimate } = await joinPlan(deps, record);
  if (positions.length < 2) {
    await ctx.answerCallbackQuery({ text: t("join-too-few") });
    return;
  }
  await ctx.answerCallbackQuery();
  const account = await taskAccount(ctx, record.userId);
  const lines = [t("join-confirm", { count: positions.length, numbers: clipNumbers(positions) })];
  if (left.length > 0) lines.push(t("join-left-out", { count: left.length, numbers: clipNumbers(left) }));
  lines.push("", ...accountMoneyLines(t, estimate, account));
  const short = account?.balance !== undefined && !estimate.perMinute && estimate.tokens > account.balance;
  const join = resultButton(
    estimate.perMinute
      ? t("join-button-confirm")
      : t("join-button-confirm-cost", { tokens: estimate.tokens }),
    record.ticket,
    "joinConfirmed",
  );
  const notNow = resultButton(t("join-button-not-now"), record.ticket, "joinDismissed");
  await ctx.reply(lines.join("\n"), {
    reply_markup: { inline_keyboard: [short ? [notNow] : [join, notNow]] },
  });
}

async function itemOf(deps: GenerationFormsDeps, record: BatchRecord, position: number | undefined) {
  if (position === undefined) return undefined;
  const chunk = await deps.records.chunk(record.ticket, chunkOf(position));
  return chunk?.items.find((item) => item.position === position);
}

async function onResultButton(
  ctx: BotContext,
  deps: GenerationFormsDeps,
  record: BatchRecord,
  action: ResultAction,
  position: number | undefined,
): Promise<void> {
  const t = ctx.t.bind(ctx);
  /** The words of a clip where they differ from those of an image. */
  const words = (key: string) => (record.type === "video" ? key.replace(/^generation-/, "video-") : key);
  const item = await itemOf(deps, record, position);
  const formType = FormTypeSchema.safeParse(record.form.type);
  if (position !== undefined && !item) {
    await ctx.answerCallbackQuery({ text: t("button-stale") });
    return;
  }
  switch (action) {
    case "original":
      if (position === undefined) break;
      await ctx.answerCallbackQuery({ text: t("generation-original-coming") });
      await deps.actions.sendOriginal(record.ticket, position);
      return;
    case "again": {
      if (!formType.success) break;
      await ctx.answerCallbackQuery();
      await openGenerationForm(ctx, {
        type: formType.data,
        media: record.form.media,
        prefill: { ...record.form.values, ...(item ? { prompt: item.prompt } : {}) },
      });
      return;
    }
    case "reference": {
      if (!item?.photoFileId || !item.photoFileUniqueId) break;
      await ctx.answerCallbackQuery();
      const { prompt: _prompt, ...settings } = record.form.values;
      await openGenerationForm(ctx, {
        type: "reference_image",
        media: [
          {
            source: "telegram",
            kind: "photo",
            fileId: item.photoFileId,
            fileUniqueId: item.photoFileUniqueId,
          },
        ],
        prefill: settings,
      });
      return;
    }
    case "delete":
      if (!item || position === undefined) break;
      await ctx.answerCallbackQuery();
      await ctx.reply(
        t(words(item.deleted ? "generation-deleted-already" : "generation-delete-confirm"), {
          number: position + 1,
        }),
        {
          ...(item.deleted ? {} : { reply_markup: confirmKeyboard(t, record.ticket, position) }),
        },
      );
      return;
    case "deleteConfirmed": {
      if (!item || position === undefined) break;
      await ctx.answerCallbackQuery();
      let outcome: string;
      try {
        if (!item.deleted) await deps.actions.deleteGeneration(record.userId, item.id);
        outcome = t(words("generation-deleted"), { number: position + 1 });
      } catch (error) {
        if (!isGenerationServiceError(error)) throw error;
        if (error.code !== "not_found") {
          const problem = problemOf(error);
          await ctx.editMessageText(t(problem.key, problem.params));
          return;
        }
        outcome = t(words("generation-deleted-already"), { number: position + 1 });
      }
      await deps.records.changeChunk(record.ticket, chunkOf(position), (chunk) => ({
        ...chunk,
        items: chunk.items.map((candidate) =>
          candidate.position === position ? { ...candidate, deleted: true } : candidate,
        ),
      }));
      await ctx.editMessageText(outcome);
      return;
    }
    case "keep":
      await ctx.answerCallbackQuery();
      await ctx.editMessageText(t("generation-kept"));
      return;
    case "cancelQueued":
      await ctx.answerCallbackQuery({ text: t(words("generation-canceling")) });
      await deps.actions.cancelQueued(record.ticket);
      return;
    case "join":
      await confirmJoin(ctx, deps, record);
      return;
    case "joinConfirmed": {
      const { positions, estimate } = await joinPlan(deps, record);
      if (positions.length < 2) break;
      const outcome = await deps.actions.joinClips({
        ticket: record.ticket,
        positions,
        ...(estimate.perMinute ? {} : { cost: { tokens: estimate.tokens } }),
      });
      if (outcome === "already") {
        await ctx.answerCallbackQuery({ text: t("join-already") });
        return;
      }
      await ctx.answerCallbackQuery();
      await ctx.editMessageText(
        t("join-started", { count: positions.length, numbers: clipNumbers(positions) }),
      );
      return;
    }
    case "joinDismissed":
      await ctx.answerCallbackQuery();
      await ctx.editMessageText(t("join-not-now"));
      return;
    case "retryFailed": {
      const outcome = await deps.actions.retryFailed(record);
      const key =
        "started" in outcome
          ? "batch-retrying"
          : "already" in outcome
            ? "batch-retried-already"
            : "button-stale";
      await ctx.answerCallbackQuery({ text: t(key, { count: "started" in outcome ? outcome.started : 0 }) });
      return;
    }
  }
  await ctx.answerCallbackQuery({ text: t("button-stale") });
}

/** The buttons on generation results and cards. Goes before the button guard: they carry their own authority. */
export function createGenerationResultButtons(deps: GenerationFormsDeps): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  feature.on("callback_query:data", async (ctx, next) => {
    const data = decodeCallback(ctx.callbackQuery.data);
    if (data?.scope !== CALLBACK_SCOPES.generationResult) return next();
    const record = await deps.records.ofButton(data.nonce);
    const action = decodeResultAction(data.args);
    if (!record || !action) {
      await ctx.answerCallbackQuery({ text: ctx.t("button-stale") });
      return;
    }
    if (record.userId !== ctx.from.id) {
      await ctx.answerCallbackQuery({ text: ctx.t("button-foreign") });
      return;
    }
    await onResultButton(ctx, deps, record, action.action, action.position);
  });
  return feature;
}
