import { Composer, type InlineKeyboard } from "grammy";
import type { InlineKeyboardButton } from "grammy/types";
import type { Translate } from "../../i18n/translate.js";
import type { BotContext } from "../context.js";
import { startTaskButton, taskTypesKeyboard } from "../keyboards/task-types.js";
import { replyWithMenu } from "../menu.js";
import { type BotTaskType, taskTypeFromPayload } from "../task-types.js";

function taskCardText(ctx: BotContext, type: BotTaskType): string {
  return ctx.t("task-card", {
    name: ctx.t(`task-${type}-name`),
    needs: ctx.t(`task-${type}-needs`),
    price: ctx.t(`task-${type}-price`),
    next: ctx.t(`task-${type}-next`),
  });
}

/** Menu entries beyond the task types (the generation service's, where it is configured). */
export type MenuEntries = (t: Translate, nonce: string) => InlineKeyboardButton[];

/** The task types and, where it is configured, the generation service's entries under them. */
export function startMenu(ctx: BotContext, nonce: string, moreEntries?: MenuEntries): InlineKeyboard {
  const keyboard = taskTypesKeyboard(ctx.t, nonce);
  const extra = moreEntries?.(ctx.t, nonce) ?? [];
  return extra.length === 0 ? keyboard : keyboard.row(...extra);
}

export function createStartFeature(moreEntries?: MenuEntries): Composer<BotContext> {
  const startFeature = new Composer<BotContext>();
  const privateChats = startFeature.chatType("private");
  const menu = (ctx: BotContext, nonce: string) => startMenu(ctx, nonce, moreEntries);

  privateChats.command("start", async (ctx) => {
    const payload = ctx.match.trim();
    if (payload) {
      const type = taskTypeFromPayload(payload);
      if (type) {
        await ctx.reply(taskCardText(ctx, type));
        return;
      }
      ctx.logger.info({ payload }, "unknown start payload");
      await replyWithMenu(ctx, ctx.t("start-unknown-payload"), (nonce) => menu(ctx, nonce));
      return;
    }
    await replyWithMenu(ctx, ctx.t("welcome", { name: ctx.from.first_name }), (nonce) => menu(ctx, nonce));
  });

  startFeature.on("callback_query:data").filter(startTaskButton.filter, async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.reply(taskCardText(ctx, ctx.pressed.data.type));
  });
  return startFeature;
}
