import { Composer } from "grammy";
import type { BotContext } from "../context.js";
import { BOT_TASK_TYPES } from "../task-types.js";

export const helpFeature = new Composer<BotContext>();

helpFeature.chatType("private").command("help", async (ctx) => {
  const entries = BOT_TASK_TYPES.map((type) =>
    ctx.t("help-entry", {
      name: ctx.t(`task-${type}-name`),
      needs: ctx.t(`task-${type}-needs`),
      price: ctx.t(`task-${type}-price`),
    }),
  );
  await ctx.reply([ctx.t("help-intro"), ...entries, ctx.t("help-extras"), ctx.t("help-footer")].join("\n\n"));
});
