/**
 * The ways into the generation forms: /image and /video (with or without a prompt), the /start menu's
 * entries, photos sent ("Image from these references", "Video from these photos", one clip each;
 * "Transitions between these photos"), clips sent ("New video from this clip", one each), a recording
 * sent ("Talking video to this audio"), the offers for a text sent outside a form ("Image from this text").
 */
import { Composer } from "grammy";
import type { InlineKeyboardButton } from "grammy/types";
import { sizeLimitMbExceeded, takesFile } from "../../generations/reference-files.js";
import type { Translate } from "../../i18n/translate.js";
import { mediaClassOf } from "../../media/accept.js";
import type { MediaRef } from "../../media/media-ref.js";
import type { PendingMediaStore } from "../../media/pending-media.js";
import { CALLBACK_SCOPES, callbackKeyOf, defineCallback } from "../../telegram/callback-data.js";
import type { BotContext } from "../context.js";
import type { MoreOffers } from "../features/intake.js";
import type { TextOffer } from "../features/text-offers.js";
import type { OpenFormCards } from "../forms/open-cards.js";
import { openGenerationForm } from "../open-form.js";
import { type GenerationFlowDeps, withRecordingLengths } from "./conversation.js";
import { MAX_PROMPT_TEXT } from "./forms/field-kit.js";

/** Entry buttons (menu, intake): `gs:<menu nonce>:<code>`, by the form each opens and with what. */
const BLANK_FORMS = { t: "text_to_image", v: "text_to_video", m: "video_to_video" } as const;
const PENDING_MEDIA_FORMS = {
  r: "reference_image",
  f: "image_to_video",
  k: "keyframe_video",
  c: "video_to_video",
} as const;
const scope = CALLBACK_SCOPES.generationStart;
const blankFormButton = defineCallback(scope, undefined, { form: callbackKeyOf(BLANK_FORMS) });
const pendingMediaFormButton = defineCallback(scope, undefined, {
  form: callbackKeyOf(PENDING_MEDIA_FORMS),
});
const recordingFormButton = defineCallback(scope, "a", {});
/** Photos an intake offer may hand to a reference form at most. */
const MAX_OFFERED_REFERENCES = 10;

function entryButton(t: Translate, key: string, callback_data: string, params?: Record<string, number>) {
  return { text: t(key, params), callback_data };
}

/** The /start menu's entries. */
export function generationMenuEntries(t: Translate, nonce: string): InlineKeyboardButton[] {
  return [
    entryButton(t, "generation-menu-image", blankFormButton.pack(nonce, { form: "t" })),
    entryButton(t, "video-menu-text", blankFormButton.pack(nonce, { form: "v" })),
    entryButton(t, "video-refs-menu-clip", blankFormButton.pack(nonce, { form: "m" })),
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
          entryButton(t, "generation-offer-references", pendingMediaFormButton.pack(nonce, { form: "r" })),
          entryButton(t, "video-offer-frames", pendingMediaFormButton.pack(nonce, { form: "f" })),
          entryButton(t, "video-offer-chain", pendingMediaFormButton.pack(nonce, { form: "k" })),
        ];
      case "clips": {
        const clips = pendingMediaFormButton.pack(nonce, { form: "c" });
        return [entryButton(t, "video-refs-offer-clip", clips, { count: refs.length })];
      }
      case "audio":
        return [entryButton(t, "video-refs-offer-audio", recordingFormButton.pack(nonce, {}))];
      default:
        return [];
    }
  },
};

/** The offer for a text sent outside a form: the text becomes the prompt of an image. */
export const generationTextOffer = (cards: OpenFormCards): TextOffer => ({
  id: "image",
  label: "generation-offer-text-button",
  maxLength: MAX_PROMPT_TEXT,
  open: (ctx, text) =>
    openGenerationForm(ctx, cards, { type: "text_to_image", media: [], prefill: { prompt: text } }),
});

/** /image, /video, the menu entries, the intake's offers and the offer under a plain text. Goes after the button guard. */
export function createGenerationEntries(
  flow: Pick<GenerationFlowDeps, "measure">,
  pendingMedia: PendingMediaStore,
  cards: OpenFormCards,
): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  const privateChats = feature.chatType("private");

  for (const [command, type] of [
    ["image", "text_to_image"],
    ["video", "text_to_video"],
  ] as const) {
    privateChats.command(command, async (ctx) => {
      const prompt = ctx.match.trim();
      await openGenerationForm(ctx, cards, { type, media: [], ...(prompt ? { prefill: { prompt } } : {}) });
    });
  }

  const presses = feature.on("callback_query:data");
  presses.filter(blankFormButton.filter, async (ctx) => {
    await ctx.answerCallbackQuery();
    await openGenerationForm(ctx, cards, { type: BLANK_FORMS[ctx.pressed.data.form], media: [] });
  });
  presses.filter(recordingFormButton.filter, async (ctx) => {
    await ctx.answerCallbackQuery();
    const chatId = ctx.chat?.id;
    if (chatId === undefined) return;
    const pending = await pendingMedia.get(chatId);
    if (!pending || pending.refs.length === 0) {
      await ctx.reply(ctx.t("intake-expired"));
      return;
    }
    // Measured as the open form measures a recording, so the card says one runs over 15 seconds.
    const media = await withRecordingLengths(pending.refs, flow.measure);
    await pendingMedia.clear(chatId);
    await openGenerationForm(ctx, cards, { type: "audio_to_video", media });
  });
  presses.filter(pendingMediaFormButton.filter, async (ctx) => {
    await ctx.answerCallbackQuery();
    const chatId = ctx.chat?.id;
    const media = chatId === undefined ? undefined : (await pendingMedia.take(chatId))?.refs;
    if (!media || media.length === 0) {
      await ctx.reply(ctx.t("intake-expired"));
      return;
    }
    await openGenerationForm(ctx, cards, { type: PENDING_MEDIA_FORMS[ctx.pressed.data.form], media });
  });
  return feature;
}
