import { once } from "node:events";
import type { Server } from "node:http";
import type { User } from "grammy/types";
import type { FileDownload } from "./client.js";
import { UserSide } from "./client.js";
import { Faults } from "./faults.js";
import { type EmulatorLimits, type EmulatorLimitsOverride, resolveLimits } from "./limits.js";
import { SendRateLimiter } from "./rate-limit.js";
import {
  addressOf,
  createBotApiServer,
  executeMethod,
  type RecordedCall,
  type ServerDeps,
} from "./server.js";
import { WebhookSender } from "./webhook.js";
import { type EmulatorEvent, World } from "./world.js";

export type {
  AlbumItem,
  AudioInput,
  EmulatedChat,
  EmulatedUser,
  FileDownload,
  FileInput,
  GroupSpec,
  PhotoInput,
  SendOptions,
  UserSide,
  UserSpec,
  VideoInput,
  VideoNoteInput,
  VoiceInput,
  WaitOptions,
} from "./client.js";
export { BotApiError } from "./errors.js";
export type { FaultHandle, FaultSpec, Faults } from "./faults.js";
export {
  CLOUD_LIMITS,
  type EmulatorLimits,
  type EmulatorLimitsOverride,
  type RateLimits,
  SELF_HOSTED_LIMITS,
} from "./limits.js";
export type { ReplyMarkup } from "./schemas.js";
export type { RecordedCall } from "./server.js";
export type {
  CallbackQueryRecord,
  ChatMessage,
  EmulatorEvent,
  InlineAnswer,
  InlineQueryRecord,
  InlineResult,
} from "./world.js";

export interface TelegramEmulatorOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Default "123456789:TEST-telegram-emulator-token"; the bot's id is the part before the colon. */
  token?: string;
  bot?: { username?: string; first_name?: string };
  /** "cloud" (api.telegram.org, default) or "self-hosted" (a --local Bot API server, 2000 MB). */
  profile?: "cloud" | "self-hosted";
  limits?: EmulatorLimitsOverride;
  /** Shortcut for limits.rate.enabled (default true). Tests turn it off. */
  rateLimits?: boolean;
  /** Hosts besides loopback whose http(s) URLs the bot may send as media. */
  urlAllowList?: string[];
  /** Webhook delivery: retry delay after a failure (default 1000 ms), per-delivery timeout (default 60 s). */
  webhook?: { retryDelayMs?: number; timeoutMs?: number };
  /** Clock for message dates and rate limits (default Date.now). */
  now?: () => number;
  /**
   * BotFather's /setinline and /setinlinefeedback: inline queries reach the bot (default true), and so
   * does each chosen result (default false, as Telegram starts).
   */
  inline?: { enabled?: boolean; feedback?: boolean };
  logger?: { debug: (object: object, message?: string) => void };
}

export interface TelegramEmulator {
  /** Give to grammY as `client.apiRoot` (and to the bot as BOT_API_ROOT). */
  readonly apiRoot: string;
  readonly token: string;
  /** The bot's User, as getMe answers it. */
  readonly bot: User;
  /** Live limits; change them between calls (e.g. `limits.rate.enabled = false`). */
  readonly limits: EmulatorLimits;
  readonly faults: Faults;
  readonly users: UserSide;
  /** Every Bot API call answered, in order. */
  readonly calls: readonly RecordedCall[];
  /** Every event of every chat (the playground shows chats live with this). */
  subscribe(listener: (event: EmulatorEvent) => void): () => void;
  /** Updates queued and not yet confirmed by getUpdates or delivered to the webhook. */
  pendingUpdateCount(): number;
  /** Streams any known file (sent by a user or the bot), or undefined for an unknown file_id. */
  openFile(fileId: string): FileDownload | undefined;
  /** All bytes of a known file (declared-only files give filler bytes), or undefined. */
  readFile(fileId: string): Promise<Buffer | undefined>;
  /** A download URL of the file (what getFile + /file/bot<token>/<path> would give), without size limit. */
  fileUrl(fileId: string): string | undefined;
  /** Telegram no longer has the file: its file_id is refused from now on, as in an inline answer. */
  forgetFile(fileId: string): void;
  /** BotFather's /setinlinefeedback: whether the bot hears which inline result a user chose. */
  setInlineFeedback(on: boolean): void;
  close(): Promise<void>;
}

const DEFAULT_TOKEN = "123456789:TEST-telegram-emulator-token";

export async function startTelegramEmulator(
  options: TelegramEmulatorOptions = {},
): Promise<TelegramEmulator> {
  const token = options.token ?? DEFAULT_TOKEN;
  const botId = Number(token.split(":")[0]);
  if (!Number.isSafeInteger(botId) || botId <= 0)
    throw new Error("the token must start with the bot's numeric id");
  const limits = resolveLimits(options.profile, options.limits);
  if (options.rateLimits !== undefined) limits.rate.enabled = options.rateLimits;
  const now = options.now ?? Date.now;
  const bot: User = {
    id: botId,
    is_bot: true,
    first_name: options.bot?.first_name ?? "Emulated Bot",
    username: options.bot?.username ?? "emulated_bot",
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: options.inline?.enabled ?? true,
    can_connect_to_business: false,
    has_main_web_app: false,
  } as User;
  const world = new World(bot, limits, now);
  world.inlineFeedback = options.inline?.feedback ?? false;
  const faults = new Faults();
  const rate = new SendRateLimiter(() => limits.rate, now);
  const calls: RecordedCall[] = [];
  let sender: WebhookSender | undefined;
  const deps: ServerDeps = {
    world,
    token,
    faults,
    rate,
    urlAllowList: options.urlAllowList ?? [],
    calls,
    logger: options.logger,
    webhookChanged: () => sender?.pump(),
  };
  sender = new WebhookSender(world, {
    retryDelayMs: options.webhook?.retryDelayMs ?? 1000,
    timeoutMs: options.webhook?.timeoutMs ?? 60_000,
    executeReply: async (method, params) => {
      await executeMethod(deps, method, params);
    },
  });
  const server: Server = createBotApiServer(deps);
  server.listen(options.port ?? 0, options.host ?? "127.0.0.1");
  await once(server, "listening");
  const { host, port } = addressOf(server);
  const apiRoot = `http://${host}:${port}`;
  const users = new UserSide(world, faults);

  return {
    apiRoot,
    token,
    bot,
    limits,
    faults,
    users,
    calls,
    subscribe: (listener) => world.subscribe(listener),
    pendingUpdateCount: () => world.pending.length,
    openFile(fileId) {
      const file = world.files.get(fileId);
      if (!file) return undefined;
      return {
        stream: world.files.open(file),
        size: file.size,
        ...(file.mimeType ? { mimeType: file.mimeType } : {}),
        ...(file.fileName ? { fileName: file.fileName } : {}),
      };
    },
    async readFile(fileId) {
      const file = world.files.get(fileId);
      return file ? world.files.read(file) : undefined;
    },
    fileUrl(fileId) {
      const file = world.files.get(fileId);
      return file ? `${apiRoot}/file/bot${token}/${world.files.assignPath(file)}` : undefined;
    },
    forgetFile(fileId) {
      world.files.forget(fileId);
    },
    setInlineFeedback(on) {
      world.inlineFeedback = on;
    },
    async close() {
      sender?.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await world.files.close();
    },
  };
}
