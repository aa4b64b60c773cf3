import { Composer } from "grammy";
import type { BotContext } from "../context.js";
import { openMenu } from "../menu.js";

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
  await exitConversations(ctx);
  ctx.session.pendingIntake = undefined;
  ctx.session.generationLink = undefined;
  // Buttons of menus shown before the cancel no longer act.
  openMenu(ctx);
  await ctx.reply(ctx.t("cancel-done"), { reply_markup: { remove_keyboard: true } });
});
