import { Composer } from "grammy";
import type { PendingMediaStore } from "../../media/pending-media.js";
import type { BotContext } from "../context.js";
import type { OpenFormCards } from "../forms/open-cards.js";
import { openMenu, retireMenu } from "../menu.js";
import { closeOpenCard, formControls } from "../open-form.js";
import type { PendingTextStore } from "../pending-text.js";

/** /cancel: whatever the chat was in the middle of ends, and what waited for a choice is dropped. */
export function createCancelFeature(waiting: {
  media: PendingMediaStore;
  texts: PendingTextStore;
  cards: OpenFormCards;
}): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  feature.chatType("private").command("cancel", async (ctx) => {
    // The open form's card and the newest menu say they are over, so none of their buttons looks alive.
    await closeOpenCard(ctx, waiting.cards, "cancelled");
    await formControls(ctx)?.exitAll();
    retireMenu(ctx);
    await waiting.media.clear(ctx.chat.id);
    await waiting.texts.clear(ctx.chat.id);
    ctx.session.generationLink = undefined;
    delete ctx.session.glossaryAwaiting;
    // Buttons of menus shown before the cancel no longer act.
    openMenu(ctx);
    await ctx.reply(ctx.t("cancel-done"), { reply_markup: { remove_keyboard: true } });
  });
  return feature;
}
