import { Composer, InlineKeyboard } from "grammy";
import { z } from "zod";
import { formatDate, formatDay, formatNumber } from "../../i18n/format.js";
import type { Translate } from "../../i18n/translate.js";
import type { Profile } from "../../tasks-service/responses.js";
import { CALLBACK_SCOPES, defineCallback } from "../../telegram/callback-data.js";
import type { BotContext } from "../context.js";
import type { BotDeps } from "../deps.js";
import { currentMenu, editMenu, replyWithMenu } from "../menu.js";
import { replyServiceError } from "../service-errors.js";

const TOKENS_PER_USD = 1000;

function lines(t: Translate, locale: string, entries: Array<[string, number | null | undefined]>): string[] {
  return entries
    .filter((entry): entry is [string, number] => typeof entry[1] === "number")
    .map(([key, value]) => t(key, { value: formatNumber(value, locale) }));
}

/** The balance, this month's use and the reset; the account's limits only with `details`. */
function balanceText(t: Translate, locale: string, profile: Profile, details: boolean): string {
  const parts: string[] = [];
  if (profile.billing === "tokens") {
    parts.push(
      t("balance-tokens", {
        // A number, not a formatted string, so the message picks the plural form (it formats it itself).
        tokens: profile.token_balance,
        usd: formatNumber(profile.token_balance / TOKENS_PER_USD, locale, 2),
      }),
    );
  } else if (profile.tariff_expires_at) {
    parts.push(
      t("balance-quota", { tariff: profile.tariff, expires: formatDate(profile.tariff_expires_at, locale) }),
    );
  } else {
    parts.push(t("balance-quota-no-expiry", { tariff: profile.tariff }));
  }
  const { limits, usage } = profile;
  const limitLines = lines(t, locale, [
    ["balance-limit-seconds", limits.seconds_per_month],
    ["balance-limit-tts", limits.tts_chars_limit],
    ["balance-limit-premium-tts", limits.elevenlabs_chars_limit],
    ["balance-limit-transcription", limits.transcription_seconds],
    ["balance-limit-photos", limits.max_photos],
    ["balance-limit-video-duration", limits.max_video_duration],
    ["balance-limit-file-size", limits.max_file_size_mb],
  ]);
  if (details && limitLines.length > 0) parts.push([t("balance-limits-title"), ...limitLines].join("\n"));
  const usageLines = lines(t, locale, [
    ["balance-usage-seconds", usage.used_seconds_this_month],
    ["balance-usage-tts", usage.used_chars_this_month],
    ["balance-usage-premium-tts", usage.used_eleven_chars_this_month],
    ["balance-usage-transcription", usage.used_transcription_seconds],
  ]);
  if (usageLines.length > 0) parts.push([t("balance-usage-title"), ...usageLines].join("\n"));
  if (usage.limit_reset_date)
    parts.push(t("balance-reset", { date: formatDay(usage.limit_reset_date, locale) }));
  return parts.join("\n\n");
}

/** Details shows the account's limits, and Fewer details hides them again. */
const balanceDetailsButton = defineCallback(CALLBACK_SCOPES.balance, undefined, { show: z.enum(["1", "0"]) });

function balanceKeyboard(t: Translate, nonce: string, details: boolean): InlineKeyboard {
  const label = details ? t("balance-details-fewer") : t("balance-details-more");
  return new InlineKeyboard().text(label, balanceDetailsButton.pack(nonce, { show: details ? "0" : "1" }));
}

export function createBalanceFeature(deps: Pick<BotDeps, "apiKeys" | "tasksService">): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  const profileOf = async (ctx: BotContext & { from: { id: number } }) => {
    const { apiKey } = await deps.apiKeys.ensure(ctx.from.id);
    return deps.tasksService.me(apiKey);
  };
  feature.chatType("private").command("balance", async (ctx) => {
    try {
      const text = balanceText(ctx.t, await ctx.i18n.getLocale(), await profileOf(ctx), false);
      await replyWithMenu(ctx, text, (nonce) => balanceKeyboard(ctx.t, nonce, false));
    } catch (error) {
      if (!(await replyServiceError(ctx, error))) throw error;
    }
  });
  // The profile is read again: the balance and use shown are as of the press.
  feature.on("callback_query:data").filter(balanceDetailsButton.filter, async (ctx) => {
    await ctx.answerCallbackQuery();
    const details = ctx.pressed.data.show === "1";
    try {
      const text = balanceText(ctx.t, await ctx.i18n.getLocale(), await profileOf(ctx), details);
      await editMenu(ctx, text, { reply_markup: balanceKeyboard(ctx.t, currentMenu(ctx), details) });
    } catch (error) {
      if (!(await replyServiceError(ctx, error))) throw error;
    }
  });
  return feature;
}
