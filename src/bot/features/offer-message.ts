import { type Composer, GrammyError, InlineKeyboard } from "grammy";
import { z } from "zod";
import type { Translate } from "../../i18n/translate.js";
import { CALLBACK_SCOPES, defineCallback } from "../../telegram/callback-data.js";
import type { BotContext } from "../context.js";
import { menuShownIn, redrawnMenu, replyWithMenu, unlessNotModified } from "../menu.js";

/** What an offer costs, as a class true of every choice its form allows: the card shows the figure. */
export type PriceClass =
  /** No tokens: the plan includes it. */
  | { kind: "plan" }
  /** Counted against the plan's monthly allowances, where the service bills by plan rather than tokens. */
  | { kind: "inPlan" }
  /** Tokens per minute of the file, `from` when choices in the form add to it. */
  | { kind: "perMinute"; tokens: number; from: boolean }
  /** Free voices among the paid ones. */
  | { kind: "freeVoices" }
  /** The least tokens one result costs among the models the form offers. */
  | { kind: "from"; tokens: number }
  /** It needs a generation account, and none is linked: no price to say yet. */
  | { kind: "notLinked" };

export interface Offer {
  /** The job it starts (a task or generation form type), by which a menu orders its offers. */
  job: string;
  name: string;
  price?: PriceClass;
  data: string;
}

/** An offer menu shows this many at a time; "More…" shows the rest. */
export const OFFERS_SHOWN = 4;

/** The menus with offer pages; each redraws its own offers when "More…" or "Back" is pressed. */
export const OFFER_MENUS = ["intake", "text", "start"] as const;
export type OfferMenu = (typeof OFFER_MENUS)[number];

/** "More…" (page `rest`) and "Back" (page `first`) on an offer menu. */
export const offerPageButton = defineCallback(CALLBACK_SCOPES.offerPage, undefined, {
  menu: z.enum(OFFER_MENUS),
  page: z.enum(["first", "rest"]),
});
export type OfferPage = "first" | "rest";

/** The words of the price classes that carry no figure. */
const PRICE_WORDS = {
  plan: "offer-price-plan",
  inPlan: "offer-price-in-plan",
  freeVoices: "offer-price-free-voices",
  notLinked: "offer-price-not-linked",
} as const;

function priceText(t: Translate, price: PriceClass): string {
  if (price.kind === "perMinute")
    return t(price.from ? "offer-price-from-per-minute" : "offer-price-per-minute", { tokens: price.tokens });
  if (price.kind === "from") return t("offer-price-from", { tokens: price.tokens });
  return t(PRICE_WORDS[price.kind]);
}

/** The offers in the order of `likeliest` (jobs named there first, in its order), the rest as they came. */
export function rankOffers(offers: readonly Offer[], likeliest: readonly string[]): Offer[] {
  const rank = (offer: Offer) => {
    const index = likeliest.indexOf(offer.job);
    return index === -1 ? likeliest.length : index;
  };
  return [...offers].sort((a, b) => rank(a) - rank(b));
}

/** One page of offers, one to a row to fit a phone, with "More…" or "Back"; prices only where they differ. */
export function offerKeyboard(
  t: Translate,
  nonce: string,
  offers: readonly Offer[],
  menu: OfferMenu,
  page: OfferPage = "first",
): InlineKeyboard {
  const pricesDiffer = new Set(offers.map((offer) => JSON.stringify(offer.price))).size > 1;
  const paged = offers.length > OFFERS_SHOWN;
  const rest = paged && page === "rest";
  const keyboard = new InlineKeyboard();
  for (const offer of rest ? offers.slice(OFFERS_SHOWN) : offers.slice(0, OFFERS_SHOWN)) {
    const label = pricesDiffer && offer.price ? `${offer.name} · ${priceText(t, offer.price)}` : offer.name;
    keyboard.text(label, offer.data).row();
  }
  if (paged) {
    const turn = offerPageButton.pack(nonce, { menu, page: rest ? "first" : "rest" });
    keyboard.text(t(rest ? "offer-back" : "offer-more"), turn);
  }
  return keyboard;
}

/** What the pressed menu offered is gone: it says so and loses its keyboard. */
export async function offerGone(ctx: BotContext, key: string): Promise<void> {
  await ctx.reply(ctx.t(key));
  await ctx
    .editMessageReplyMarkup({ reply_markup: { inline_keyboard: [] } })
    .catch((error: unknown) => ctx.logger.debug({ err: error }, "keyboard of a spent offer not removed"));
}

/** The offer's message, edited as more arrives, or a new one where it can no longer be edited. */
export async function showOfferMessage(
  ctx: BotContext,
  messageId: number | undefined,
  text: string,
  keyboard: (nonce: string) => InlineKeyboard,
): Promise<number> {
  const chatId = ctx.chat?.id;
  if (messageId !== undefined && chatId !== undefined) {
    try {
      await ctx.api.editMessageText(chatId, messageId, text, {
        reply_markup: keyboard(redrawnMenu(ctx, messageId)),
      });
      menuShownIn(ctx, { message_id: messageId });
      return messageId;
    } catch (error) {
      if (error instanceof GrammyError && error.description.includes("message is not modified"))
        return messageId;
      // The offer is gone (deleted, too old to edit) or its edit failed: a new one takes its place.
      ctx.logger.debug({ err: error }, "offer not editable; sending a new one");
    }
  }
  return (await replyWithMenu(ctx, text, keyboard)).message_id;
}

/** "More…" and "Back": the menu drawn again from its offers now, or `goneKey` where they are gone. */
export function turnOfferPages(
  feature: Composer<BotContext>,
  menu: OfferMenu,
  keyboardNow: (ctx: BotContext, page: OfferPage) => Promise<((nonce: string) => InlineKeyboard) | undefined>,
  goneKey?: string,
): void {
  feature
    .on("callback_query:data")
    .filter(offerPageButton.filter)
    .filter(
      (ctx) => ctx.pressed.data.menu === menu,
      async (ctx) => {
        await ctx.answerCallbackQuery();
        const keyboard = await keyboardNow(ctx, ctx.pressed.data.page);
        // A press on the page shown changes nothing.
        if (keyboard)
          await ctx
            .editMessageReplyMarkup({ reply_markup: keyboard(ctx.pressed.nonce) })
            .catch(unlessNotModified);
        else if (goneKey) await offerGone(ctx, goneKey);
      },
    );
}
