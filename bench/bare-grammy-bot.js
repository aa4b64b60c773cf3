/**
 * The baseline of bench:updates: a bare grammY bot (long polling, sessions in memory) that answers every
 * message with "ok". Plain JavaScript, so node runs it as it is, as it runs the compiled bot.
 */
import { Bot, session } from "grammy";

const bot = new Bot(process.env.BOT_TOKEN ?? "", { client: { apiRoot: process.env.BOT_API_ROOT } });
bot.use(session({ initial: () => ({}) }));
bot.on("message", (ctx) => ctx.reply("ok"));
process.once("SIGTERM", () => void bot.stop());
await bot.start();
