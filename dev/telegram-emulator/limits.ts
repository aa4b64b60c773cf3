const MB = 1024 * 1024;

/** Rate limits Telegram applies to messages a bot sends (Bots FAQ, "My bot is hitting limits"). */
export interface RateLimits {
  enabled: boolean;
  /** Messages per second the whole bot may send, and how many may pass in one burst. */
  perBotPerSecond: number;
  perBotBurst: number;
  /** Messages per second into one private chat, and the short burst Telegram tolerates. */
  perPrivateChatPerSecond: number;
  perPrivateChatBurst: number;
  /** Messages per minute into one group, and its burst. */
  perGroupPerMinute: number;
  perGroupBurst: number;
}

export interface EmulatorLimits {
  /** getFile refuses bigger files with "Bad Request: file is too big". */
  maxDownloadBytes: number;
  /** A multipart request body above this is answered 413 "Request Entity Too Large". */
  maxUploadBytes: number;
  /** Files fetched by URL: photos and other content. */
  maxUrlPhotoBytes: number;
  maxUrlFileBytes: number;
  maxTextLength: number;
  maxCaptionLength: number;
  maxCallbackDataBytes: number;
  maxAlbumItems: number;
  maxCallbackAnswerLength: number;
  rate: RateLimits;
}

export type EmulatorLimitsOverride = Partial<Omit<EmulatorLimits, "rate">> & { rate?: Partial<RateLimits> };

const TELEGRAM_RATE: RateLimits = {
  enabled: true,
  perBotPerSecond: 30,
  perBotBurst: 30,
  perPrivateChatPerSecond: 1,
  perPrivateChatBurst: 3,
  perGroupPerMinute: 20,
  perGroupBurst: 5,
};

/** The limits of api.telegram.org. */
export const CLOUD_LIMITS: EmulatorLimits = {
  maxDownloadBytes: 20 * MB,
  maxUploadBytes: 50 * MB,
  maxUrlPhotoBytes: 5 * MB,
  maxUrlFileBytes: 20 * MB,
  maxTextLength: 4096,
  maxCaptionLength: 1024,
  maxCallbackDataBytes: 64,
  maxAlbumItems: 10,
  maxCallbackAnswerLength: 200,
  rate: TELEGRAM_RATE,
};

/** A self-hosted Bot API server (`--local`): 2000 MB uploads and downloads. */
export const SELF_HOSTED_LIMITS: EmulatorLimits = {
  ...CLOUD_LIMITS,
  maxDownloadBytes: 2000 * MB,
  maxUploadBytes: 2000 * MB,
};

export function resolveLimits(
  profile: "cloud" | "self-hosted" = "cloud",
  override: EmulatorLimitsOverride = {},
): EmulatorLimits {
  const base = profile === "cloud" ? CLOUD_LIMITS : SELF_HOSTED_LIMITS;
  return { ...base, ...override, rate: { ...base.rate, ...override.rate } };
}
