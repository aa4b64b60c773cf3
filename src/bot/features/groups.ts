import { Composer, InlineKeyboard } from "grammy";
import type { BotContext } from "../context.js";

/** In groups the bot answers only commands and replies addressed to it, pointing to its private chat. */
export const groupsFeature = new Composer<BotContext>();
const groups = groupsFeature.chatType(["group", "supergroup"]);

/** A command for this bot: `/x`, or `/x@<this bot>`; `/x@<another bot>` is someone else's. */
function isOurCommand(text: string, username: string): boolean {
  const target = text.split("@")[1];
  return target === undefined || target.toLowerCase() === username.toLowerCase();
}

groups.on("message", async (ctx) => {
  const text = ctx.message.text ?? ctx.message.caption ?? "";
  const commands = (ctx.message.entities ?? ctx.message.caption_entities ?? [])
    .filter((entity) => entity.type === "bot_command")
    .map((entity) => text.slice(entity.offset, entity.offset + entity.length));
  const addressed =
    commands.some((command) => isOurCommand(command, ctx.me.username)) ||
    ctx.message.reply_to_message?.from?.id === ctx.me.id;
  if (!addressed) return;
  await ctx.reply(ctx.t("group-private-only"), {
    reply_markup: new InlineKeyboard().url(ctx.t("button-open-private"), `https://t.me/${ctx.me.username}`),
    reply_parameters: { message_id: ctx.message.message_id, allow_sending_without_reply: true },
  });
});
