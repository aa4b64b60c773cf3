import { Composer } from "grammy";
import type { Translate } from "../../i18n/translate.js";
import { TASK_TYPES, type TaskType } from "../../tasks-service/schemas/index.js";
import type { BotContext } from "../context.js";
import { taskOffers } from "../keyboards/intake.js";
import { startTaskButton } from "../keyboards/task-types.js";
import { replyWithMenu } from "../menu.js";
import { taskTypeFromPayload } from "../task-types.js";
import type { OtherPrices } from "./intake.js";
import { type Offer, type OfferPage, offerKeyboard, rankOffers, turnOfferPages } from "./offer-message.js";

function taskCardText(ctx: BotContext, type: TaskType): string {
  return ctx.t("task-card", {
    name: ctx.t(`task-${type}-name`),
    needs: ctx.t(`task-${type}-needs`),
    price: ctx.t(`task-${type}-price`),
    next: ctx.t(`task-${type}-next`),
  });
}

/** Menu entries beyond the task types (the generation service's, where it is configured). */
export interface MenuEntries {
  offers(t: Translate, nonce: string, prices: OtherPrices): Offer[];
  prices(ctx: BotContext): Promise<OtherPrices>;
}

/** What someone with nothing sent yet most likely wants first; the rest follow. */
const LIKELIEST_FIRST = [
  "video",
  "subtitles",
  "text_to_video",
  "text_to_image",
  "smart_clip",
  "audio",
  "transcription",
  "dubbing",
];

/** The first choice: the task types and generation's entries, four at a time, likeliest first. */
export async function startMenu(ctx: BotContext, moreEntries?: MenuEntries, page: OfferPage = "first") {
  const prices = moreEntries ? await moreEntries.prices(ctx) : () => undefined;
  return (nonce: string) => {
    const offers = [
      ...taskOffers(ctx.t, TASK_TYPES, ctx.taskBilling, (type) => startTaskButton.pack(nonce, { type })),
      ...(moreEntries?.offers(ctx.t, nonce, prices) ?? []),
    ];
    return offerKeyboard(ctx.t, nonce, rankOffers(offers, LIKELIEST_FIRST), "start", page);
  };
}

/** What /start carries when the user came from inline mode's button: the welcome, as a plain /start. */
export const FROM_INLINE_START = "inline";

export function createStartFeature(moreEntries?: MenuEntries): Composer<BotContext> {
  const startFeature = new Composer<BotContext>();
  const privateChats = startFeature.chatType("private");

  privateChats.command("start", async (ctx) => {
    const payload = ctx.match.trim();
    if (payload && payload !== FROM_INLINE_START) {
      const type = taskTypeFromPayload(payload);
      if (type) return ctx.reply(taskCardText(ctx, type));
      ctx.logger.info({ payload }, "unknown start payload");
      await replyWithMenu(ctx, ctx.t("start-unknown-payload"), await startMenu(ctx, moreEntries));
      return;
    }
    const text = [
      ctx.t("welcome", { name: ctx.from.first_name }),
      ctx.t("welcome-glossary"),
      ctx.t("welcome-inline", { bot: `@${ctx.me.username}` }),
    ].join("\n\n");
    await replyWithMenu(ctx, text, await startMenu(ctx, moreEntries));
  });

  const presses = startFeature.on("callback_query:data");
  presses.filter(startTaskButton.filter, async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.reply(taskCardText(ctx, ctx.pressed.data.type));
  });
  turnOfferPages(startFeature, "start", (ctx, page) => startMenu(ctx, moreEntries, page));
  return startFeature;
}
