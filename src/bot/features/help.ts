import { Composer } from "grammy";
import type { BotContext } from "../context.js";
import { replyWithMenu } from "../menu.js";
import { type MenuEntries, startMenu } from "./start.js";

/** What the bot does and every command, in a few lines over /start's buttons; generation's where configured. */
export function createHelpFeature(moreEntries?: MenuEntries): Composer<BotContext> {
  const helpFeature = new Composer<BotContext>();
  helpFeature.chatType("private").command("help", async (ctx) => {
    const withGeneration = (key: string) => ctx.t(moreEntries ? `${key}-generation` : key);
    const lines = [
      ctx.t("help-intro"),
      "",
      withGeneration("help-make"),
      withGeneration("help-results"),
      ctx.t("help-inline", { bot: `@${ctx.me.username}` }),
      withGeneration("help-money"),
      ...(moreEntries ? [ctx.t("help-link-generation")] : []),
      ctx.t("help-settings"),
      ctx.t("help-cancel"),
    ];
    await replyWithMenu(ctx, lines.join("\n"), await startMenu(ctx, moreEntries));
  });
  return helpFeature;
}
