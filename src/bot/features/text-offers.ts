/** A text sent outside a form (typed, or a .txt), joined across Telegram's parts, and what it can become. */
import { Composer } from "grammy";
import { z } from "zod";
import { isTextDocument } from "../../media/accept.js";
import { type TelegramMediaRef, telegramMediaOf } from "../../media/media-ref.js";
import type { TaskType } from "../../tasks-service/schemas/index.js";
import { CALLBACK_SCOPES, defineCallback } from "../../telegram/callback-data.js";
import type { BotContext } from "../context.js";
import { type FormValues, fieldOf } from "../forms/form.js";
import type { Notice } from "../forms/form-state.js";
import type { OpenFormCards } from "../forms/open-cards.js";
import { joinedText } from "../forms/text-parts.js";
import { retireMenu } from "../menu.js";
import { openForm } from "../open-form.js";
import type { PendingTextStore } from "../pending-text.js";
import { FORMS } from "../tasks/forms/index.js";
import { taskPriceClass } from "../tasks/offer-prices.js";
import {
  type Offer,
  offerGone,
  offerKeyboard,
  type PriceClass,
  rankOffers,
  showOfferMessage,
  turnOfferPages,
} from "./offer-message.js";

export interface TextOffer {
  /** The offer on the wire, in its button's callback data. */
  id: string;
  job: string;
  /** The locale key of its button: the job's own name. */
  label: string;
  price?: (ctx: BotContext) => Promise<PriceClass | undefined>;
  /** Why it cannot open for this user now (a locale key), if so: the text then stays for another offer. */
  unavailable?: (ctx: BotContext) => Promise<string | undefined>;
  maxLength: number;
  /** Whether the offer makes sense for this text at all; by default every text that fits. */
  fits?: (text: string) => boolean;
  /** Opens what the offer makes, with the text; `inPlaceOf` is the offer's message, to become the form. */
  open(ctx: BotContext, text: string, inPlaceOf: number | undefined): Promise<void>;
  /** It opens below the offer's message instead of in its place, which then keeps buttons for nothing. */
  opensBelow?: boolean;
}

function formTextMax(type: TaskType): number {
  const field = fieldOf(FORMS[type], "text");
  if (field?.input.kind !== "text") throw new Error(`the ${type} form takes no text`);
  return field.input.maxLength;
}

/** A task's offer for a text: its name and price class, its form opened with the text in place of the offer. */
function taskOffer(cards: OpenFormCards, type: TaskType, prefill: (text: string) => FormValues): TextOffer {
  return {
    id: type,
    job: type,
    label: `task-${type}-name`,
    price: async (ctx) => taskPriceClass(type, ctx.taskBilling),
    maxLength: formTextMax(type),
    open: (ctx, text, inPlaceOf) => openForm(ctx, cards, type, [], { prefill: prefill(text), inPlaceOf }),
  };
}

export const taskTextOffers = (cards: OpenFormCards): readonly TextOffer[] => [
  taskOffer(cards, "audio", (text) => ({ text })),
  taskOffer(cards, "motion", (text) => ({ source: "text", text })),
  // The form asks for the photos and clips; the text is their voiceover.
  taskOffer(cards, "video", (text) => ({ text })),
];

/** What a text most likely wants first; the rest follow. */
const LIKELIEST_FOR_TEXT = ["audio", "text_to_image", "images_per_line", "motion", "video"];

const textOfferButton = defineCallback(CALLBACK_SCOPES.textOffer, undefined, { offer: z.string().min(1) });

async function offersFor(ctx: BotContext, offers: readonly TextOffer[]): Promise<(nonce: string) => Offer[]> {
  const prices = await Promise.all(offers.map((offer) => offer.price?.(ctx)));
  return (nonce) =>
    rankOffers(
      offers.map((offer, index) => ({
        job: offer.job,
        name: ctx.t(offer.label),
        price: prices[index],
        data: textOfferButton.pack(nonce, { offer: offer.id }),
      })),
      LIKELIEST_FOR_TEXT,
    );
}

function fitting(all: readonly TextOffer[], text: string): TextOffer[] {
  return all.filter((offer) => text.length <= offer.maxLength && (offer.fits?.(text) ?? true));
}

/** The offers for text; with `readText` .txt files too. */
export function createTextOffersFeature(options: {
  readText?: (ref: TelegramMediaRef) => Promise<string | Notice>;
  offers: readonly TextOffer[];
  pendingTexts: PendingTextStore;
}): Composer<BotContext> {
  const { readText, offers: all, pendingTexts } = options;
  const feature = new Composer<BotContext>();
  /** Offers for a text, or for it joined to the text before when it is that text's next part. */
  const offerFor = async (ctx: BotContext, chatId: number, part: { text: string; at?: number }) => {
    const pending = await pendingTexts.get(chatId);
    const joined = joinedText(pending?.text, pending?.part, part);
    const text = joined ?? part.text;
    const offers = fitting(all, text);
    if (offers.length === 0) {
      await pendingTexts.clear(chatId);
      const longest = Math.max(...all.map((offer) => offer.maxLength));
      await ctx.reply(ctx.t("text-offers-too-long", { count: text.length, max: longest }));
      return;
    }
    const shown = await offersFor(ctx, offers);
    const offerMessageId = await showOfferMessage(
      ctx,
      joined === undefined ? undefined : pending?.offerMessageId,
      ctx.t("text-offers", { count: text.length }),
      (nonce) => offerKeyboard(ctx.t, nonce, shown(nonce), "text"),
    );
    await pendingTexts.put(chatId, {
      text,
      offerMessageId,
      ...(part.at !== undefined ? { part: { at: part.at, length: part.text.length } } : {}),
    });
  };
  feature.chatType("private").on("message", async (ctx, next) => {
    const message = ctx.message;
    if (message.text !== undefined) {
      if (message.text.startsWith("/") || message.text.trim() === "") return next();
      return offerFor(ctx, message.chat.id, { text: message.text, at: message.date });
    }
    const file = telegramMediaOf(message);
    if (!file || !isTextDocument(file) || !readText) return next();
    const read = await readText(file);
    if (typeof read !== "string") return ctx.reply(ctx.t(read.key, read.params));
    await offerFor(ctx, message.chat.id, { text: read });
  });
  feature.on("callback_query:data").filter(textOfferButton.filter, async (ctx) => {
    const offer = all.find((candidate) => candidate.id === ctx.pressed.data.offer);
    await ctx.answerCallbackQuery();
    const chatId = ctx.chat?.id;
    if (!offer || chatId === undefined) return;
    const unavailable = await offer.unavailable?.(ctx);
    if (unavailable !== undefined) return ctx.reply(ctx.t(unavailable));
    const pending = await pendingTexts.take(chatId);
    if (!pending) return offerGone(ctx, "text-offer-expired");
    await offer.open(ctx, pending.text, ctx.callbackQuery.message?.message_id);
    if (offer.opensBelow) retireMenu(ctx);
  });
  turnOfferPages(
    feature,
    "text",
    async (ctx, page) => {
      const pending = ctx.chat ? await pendingTexts.get(ctx.chat.id) : undefined;
      if (!pending) return undefined;
      const shown = await offersFor(ctx, fitting(all, pending.text));
      return (nonce) => offerKeyboard(ctx.t, nonce, shown(nonce), "text", page);
    },
    "text-offer-expired",
  );
  return feature;
}
