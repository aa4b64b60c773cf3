import { Composer } from "grammy";
import { formatDate, formatDay, formatNumber } from "../../i18n/format.js";
import type { Translate } from "../../i18n/translate.js";
import type { Profile } from "../../tasks-service/responses.js";
import type { BotContext } from "../context.js";
import type { BotDeps } from "../deps.js";
import { replyServiceError } from "../service-errors.js";

const TOKENS_PER_USD = 1000;

function lines(t: Translate, locale: string, entries: Array<[string, number | null | undefined]>): string[] {
  return entries
    .filter((entry): entry is [string, number] => typeof entry[1] === "number")
    .map(([key, value]) => t(key, { value: formatNumber(value, locale) }));
}

function balanceText(t: Translate, locale: string, profile: Profile): string {
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
  if (limitLines.length > 0) parts.push([t("balance-limits-title"), ...limitLines].join("\n"));
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

export function createBalanceFeature(deps: Pick<BotDeps, "apiKeys" | "tasksService">): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  feature.chatType("private").command("balance", async (ctx) => {
    try {
      const { apiKey } = await deps.apiKeys.ensure(ctx.from.id);
      const profile = await deps.tasksService.me(apiKey);
      await ctx.reply(balanceText(ctx.t, await ctx.i18n.getLocale(), profile));
    } catch (error) {
      if (!(await replyServiceError(ctx, error))) throw error;
    }
  });
  return feature;
}
