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

/** The generation balance beside the task service's; unreadable when the service will not show it (/account says why). */
export type GenerationBalance =
  | { state: "linked"; tokens: number; tokensPerUsd: number }
  | { state: "not-linked" }
  | { state: "unreadable" };

export interface BalanceDeps extends Pick<BotDeps, "apiKeys" | "tasksService"> {
  /** Present where the generation service is: the user's balance there. */
  generationBalance?: (userId: number) => Promise<GenerationBalance>;
}

function lines(t: Translate, locale: string, entries: Array<[string, number | null | undefined]>): string[] {
  return entries
    .filter((entry): entry is [string, number] => typeof entry[1] === "number")
    .map(([key, value]) => t(key, { value: formatNumber(value, locale) }));
}

/** What the task service's balance pays for and what is on it: tokens, or the plan on a quota deployment. */
function mediaLine(t: Translate, locale: string, profile: Profile, details: boolean): string {
  if (profile.billing === "tokens") {
    const usd = formatNumber(profile.token_balance / TOKENS_PER_USD, locale, 2);
    // A number, not a formatted string, so the message picks the plural form (it formats it itself).
    const tokens = profile.token_balance;
    return details ? t("balance-media-tokens-usd", { tokens, usd }) : t("balance-media-tokens", { tokens });
  }
  if (profile.tariff_expires_at) {
    return t("balance-media-plan", {
      tariff: profile.tariff,
      expires: formatDate(profile.tariff_expires_at, locale),
    });
  }
  return t("balance-media-plan-no-expiry", { tariff: profile.tariff });
}

/** What the generation account's balance pays for and what is on it, or how to link one. */
function generationLine(t: Translate, locale: string, balance: GenerationBalance, details: boolean): string {
  if (balance.state === "not-linked") return t("balance-generation-not-linked");
  if (balance.state === "unreadable") return t("balance-generation-unreadable");
  const { tokens } = balance;
  const usd = formatNumber(tokens / balance.tokensPerUsd, locale, 2);
  return t(details ? "balance-generation-tokens-usd" : "balance-generation-tokens", { tokens, usd });
}

/** Both balances, this month's use and reset, and the task plan's limits only with `details`. */
function balanceText(
  t: Translate,
  locale: string,
  profile: Profile,
  generation: GenerationBalance | undefined,
  details: boolean,
): string {
  const money = [mediaLine(t, locale, profile, details)];
  if (generation) money.push(generationLine(t, locale, generation, details));
  const parts = [money.join("\n")];
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
  if (generation?.state === "linked") parts.push(t("balance-generation-more"));
  return parts.join("\n\n");
}

const balanceDetailsButton = defineCallback(CALLBACK_SCOPES.balance, undefined, { show: z.enum(["1", "0"]) });

function balanceKeyboard(t: Translate, nonce: string, details: boolean): InlineKeyboard {
  const label = details ? t("balance-details-fewer") : t("balance-details-more");
  return new InlineKeyboard().text(label, balanceDetailsButton.pack(nonce, { show: details ? "0" : "1" }));
}

export function createBalanceFeature(deps: BalanceDeps): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  /** Both services are asked at once: the task service's profile, and the generation account where it is. */
  const show = async (ctx: BotContext & { from: { id: number } }, details: boolean, inPlace: boolean) => {
    try {
      const [profile, generation] = await Promise.all([
        deps.apiKeys.ensure(ctx.from.id).then(({ apiKey }) => deps.tasksService.me(apiKey)),
        deps.generationBalance?.(ctx.from.id),
      ]);
      const text = balanceText(ctx.t, await ctx.i18n.getLocale(), profile, generation, details);
      if (inPlace)
        await editMenu(ctx, text, { reply_markup: balanceKeyboard(ctx.t, currentMenu(ctx), details) });
      else await replyWithMenu(ctx, text, (nonce) => balanceKeyboard(ctx.t, nonce, details));
    } catch (error) {
      if (!(await replyServiceError(ctx, error))) throw error;
    }
  };
  feature.chatType("private").command("balance", (ctx) => show(ctx, false, false));
  // Both are read again: the balances and use shown are as of the press.
  feature.on("callback_query:data").filter(balanceDetailsButton.filter, async (ctx) => {
    await ctx.answerCallbackQuery();
    await show(ctx, ctx.pressed.data.show === "1", true);
  });
  return feature;
}
