import { Composer } from "grammy";
import { PendingMediaStore } from "../../media/pending-media.js";
import type { BotContext } from "../context.js";
import { openMenu, retireMenu } from "../menu.js";
import { closeOpenCard } from "../open-form.js";
import { PendingTextStore } from "../pending-text.js";

/** Conversations are installed by the flows; /cancel leaves them when they are there. */
export async function exitConversations(ctx: object): Promise<void> {
  if (!("conversation" in ctx)) return;
  const { conversation } = ctx;
  if (typeof conversation !== "object" || conversation === null || !("exitAll" in conversation)) return;
  const { exitAll } = conversation;
  if (typeof exitAll === "function") await exitAll.call(conversation);
}

export const cancelFeature = new Composer<BotContext>();

cancelFeature.chatType("private").command("cancel", async (ctx) => {
  // The open form's card and the newest menu say they are over, so none of their buttons looks alive.
  await closeOpenCard(ctx, "cancelled");
  await exitConversations(ctx);
  retireMenu(ctx);
  await new PendingMediaStore(ctx.deps.storage.kv).clear(ctx.chat.id);
  await new PendingTextStore(ctx.deps.storage.kv).clear(ctx.chat.id);
  ctx.session.generationLink = undefined;
  // Buttons of menus shown before the cancel no longer act.
  openMenu(ctx);
  await ctx.reply(ctx.t("cancel-done"), { reply_markup: { remove_keyboard: true } });
});
