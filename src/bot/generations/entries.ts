/** The ways into the generation forms: /image, /video, the /start menu, the intake's offers and the text offer. */
import { Composer } from "grammy";
import { sizeLimitMbExceeded, takesFile } from "../../generations/reference-files.js";
import type { Translate } from "../../i18n/translate.js";
import { mediaClassOf } from "../../media/accept.js";
import type { MediaRef } from "../../media/media-ref.js";
import type { PendingMediaStore } from "../../media/pending-media.js";
import { CALLBACK_SCOPES, callbackKeyOf, defineCallback } from "../../telegram/callback-data.js";
import type { BotContext } from "../context.js";
import type { MoreOffers, OtherPrices } from "../features/intake.js";
import { type Offer, offerGone } from "../features/offer-message.js";
import type { TextOffer } from "../features/text-offers.js";
import { formNameKey, type GenerationFormType } from "../forms/form.js";
import type { OpenFormCards } from "../forms/open-cards.js";
import { retireMenu } from "../menu.js";
import { openGenerationForm } from "../open-form.js";
import { type GenerationFlowDeps, withRecordingLengths } from "./conversation.js";
import { MAX_PROMPT_TEXT } from "./forms/field-kit.js";
import { notLinked } from "./offer-prices.js";

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
/** The forms offered for photos, likeliest first, and for clips. */
const MEDIA_OFFERS = { photos: ["r", "f", "k"], clips: ["c"] } as const;
/** Photos an intake offer may hand to a reference form at most. */
const MAX_OFFERED_REFERENCES = 10;

function formOffer(t: Translate, type: GenerationFormType, data: string, prices: OtherPrices): Offer {
  const price = prices(type);
  return { job: type, name: t(formNameKey(type)), ...(price ? { price } : {}), data };
}

export function generationMenuEntries(t: Translate, nonce: string, prices: OtherPrices): Offer[] {
  return (Object.keys(BLANK_FORMS) as Array<keyof typeof BLANK_FORMS>).map((form) =>
    formOffer(t, BLANK_FORMS[form], blankFormButton.pack(nonce, { form }), prices),
  );
}

/** What the intake's files can become with the generation service, by what Telegram says of them. */
function offeredFor(refs: readonly MediaRef[]): "photos" | "clips" | "audio" | undefined {
  if (refs.length === 0 || refs.length > MAX_OFFERED_REFERENCES) return undefined;
  if (refs.every((ref) => ref.source === "telegram" && mediaClassOf(ref) === "image")) return "photos";
  if (refs.every((ref) => takesFile(ref, "video"))) return "clips";
  if (refs.length === 1 && refs.every((ref) => takesFile(ref, "audio"))) return "audio";
  return undefined;
}

/** The intake's offers: photos blended, animated or chained; clips each made anew; a recording made to talk. */
export const generationIntakeOffers: MoreOffers = {
  accepts: (refs) => offeredFor(refs) !== undefined,
  sizeLimitMbExceeded,
  offers: (t, nonce, refs, prices) => {
    const offered = offeredFor(refs);
    if (offered === "audio")
      return [formOffer(t, "audio_to_video", recordingFormButton.pack(nonce, {}), prices)];
    return (offered ? MEDIA_OFFERS[offered] : []).map((form) =>
      formOffer(t, PENDING_MEDIA_FORMS[form], pendingMediaFormButton.pack(nonce, { form }), prices),
    );
  },
};

/** The offer for a text sent outside a form: the text becomes the prompt of an image. */
export const generationTextOffer = (
  cards: OpenFormCards,
  flow: Pick<GenerationFlowDeps, "offerPrices">,
): TextOffer => ({
  id: "image",
  job: "text_to_image",
  label: formNameKey("text_to_image"),
  maxLength: MAX_PROMPT_TEXT,
  price: async (ctx) => (await flow.offerPrices(ctx))("text_to_image"),
  unavailable: (ctx) => notLinked(ctx, flow),
  open: (ctx, text) =>
    openGenerationForm(ctx, cards, { type: "text_to_image", media: [], prefill: { prompt: text } }),
  opensBelow: true,
});

/** /image, /video, the menu entries, the intake's offers and the offer under a plain text. Goes after the button guard. */
export function createGenerationEntries(
  flow: Pick<GenerationFlowDeps, "measure" | "offerPrices">,
  pendingMedia: PendingMediaStore,
  cards: OpenFormCards,
): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  /** The waiting media an offer hands its form; none, said why, when gone or with no account (then they stay). */
  const takenForForm = async (ctx: BotContext, take: (chatId: number) => Promise<MediaRef[] | undefined>) => {
    await ctx.answerCallbackQuery();
    const chatId = ctx.chat?.id;
    if (chatId === undefined) return undefined;
    const unavailable = await notLinked(ctx, flow);
    if (unavailable !== undefined) {
      await ctx.reply(ctx.t(unavailable));
      return undefined;
    }
    const media = await take(chatId);
    if (!media || media.length === 0) {
      await offerGone(ctx, "intake-expired");
      return undefined;
    }
    // The offer's files went to the form: its buttons have nothing left to offer.
    retireMenu(ctx);
    return media;
  };
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
    const media = await takenForForm(ctx, async (chatId) => {
      const pending = await pendingMedia.get(chatId);
      if (!pending || pending.refs.length === 0) return undefined;
      // Measured as the open form measures a recording, so the card says one runs over 15 seconds.
      const measured = await withRecordingLengths(pending.refs, flow.measure);
      await pendingMedia.clear(chatId);
      return measured;
    });
    if (media) await openGenerationForm(ctx, cards, { type: "audio_to_video", media });
  });
  presses.filter(pendingMediaFormButton.filter, async (ctx) => {
    const type = PENDING_MEDIA_FORMS[ctx.pressed.data.form];
    const media = await takenForForm(ctx, async (chatId) => (await pendingMedia.take(chatId))?.refs);
    if (media) await openGenerationForm(ctx, cards, { type, media });
  });
  return feature;
}
