/**
 * The bot, assembled from its dependencies. Building it has no side effects: no network, no timers.
 * main.ts starts it (runtime.ts: polling, or the webhook handler) and registers the command menu.
 */
import type { I18n } from "@grammyjs/i18n";
import { limit } from "@grammyjs/ratelimiter";
import { sequentialize } from "@grammyjs/runner";
import {
  Bot,
  type BotConfig,
  type BotError,
  Composer,
  GrammyError,
  HttpError,
  type Middleware,
  session,
} from "grammy";
import { type BotLocale, botLocaleFromTag } from "../i18n/locales.js";
import { grammyStorage } from "../storage/grammy-adapter.js";
import { interactiveRetry, type RetryCaps } from "../telegram/client-policy.js";
import { buttonGuard } from "./button-guard.js";
import type { BotContext } from "./context.js";
import type { BotDeps } from "./deps.js";
import { apiKeyFeature } from "./features/apikey.js";
import { balanceFeature } from "./features/balance.js";
import { cancelFeature } from "./features/cancel.js";
import { groupsFeature } from "./features/groups.js";
import { helpFeature } from "./features/help.js";
import { languageFeature } from "./features/language.js";
import { settingsFeature } from "./features/settings.js";
import { startFeature } from "./features/start.js";
import { createTaskFormEngine, type TaskFormsDeps, taskFormEntries } from "./features/task-forms.js";
import { tasksFeature } from "./features/tasks.js";
import { unhandledFeature } from "./features/unhandled.js";
import { createI18n } from "./i18n.js";
import { PreferencesRepository } from "./preferences.js";
import { rateLimiterClient } from "./rate-limit-store.js";
import { getSessionKey, initialSession, SESSION_TTL_MS, validatedSessionStorage } from "./session.js";

export type { BotContext } from "./context.js";
export type { BotDeps } from "./deps.js";

export type CompanionBot = Bot<BotContext> & { readonly i18n: I18n<BotContext> };

export interface CreateBotOptions {
  /** Media intake (files and links sent without a command); runs before the unexpected-input hint. */
  intake?: Middleware<BotContext>;
  /** Task forms and the buttons on cards and results; without them task choices only describe the task. */
  forms?: TaskFormsDeps;
  /** Flood limit per user: at most `limit` updates per `windowMs`. */
  rateLimit?: { limit: number; windowMs: number };
  /** Caps for Bot API retries (flood waits and Telegram's 5xx), here and inside forms. */
  autoRetry?: RetryCaps;
  /** Built from locales/ when absent. */
  i18n?: I18n<BotContext>;
}

/** Room for a video's 30 media sent as albums (one update per item) and the taps around them. */
const DEFAULT_RATE_LIMIT = { limit: 45, windowMs: 10_000 };

export function createBot(
  deps: BotDeps,
  botConfig?: BotConfig<BotContext> & { token?: string },
  options: CreateBotOptions = {},
): CompanionBot {
  const { token: explicitToken, ...grammyConfig } = botConfig ?? {};
  const token = explicitToken ?? deps.config.botToken;
  if (!token)
    throw new Error("createBot needs a bot token: BOT_TOKEN, or the emulator's token in the playground");
  const bot = new Bot<BotContext>(token, {
    ...grammyConfig,
    client: { apiRoot: deps.config.botApiRoot, ...grammyConfig.client },
  });
  const i18n = options.i18n ?? createI18n(deps.config.defaultLocale);
  const fullDeps = { ...deps, now: deps.now ?? (() => new Date()) };
  const preferencesRepository = new PreferencesRepository(deps.storage.kv);
  const rateLimit = options.rateLimit ?? DEFAULT_RATE_LIMIT;

  const retry = interactiveRetry(options.autoRetry);
  bot.api.config.use(retry);

  bot.use(async (ctx, next) => {
    ctx.logger = deps.logger.child({
      update_id: ctx.update.update_id,
      user_id: ctx.from?.id,
      chat_id: ctx.chat?.id,
    });
    ctx.deps = fullDeps;
    ctx.preferencesRepository = preferencesRepository;
    ctx.preferences = {};
    const started = performance.now();
    await next();
    ctx.logger.debug({ ms: Math.round(performance.now() - started) }, "update handled");
  });

  const protectedBot = bot.errorBoundary((error) => replyAndLogError(error, i18n, deps.config.defaultLocale));
  protectedBot.use(sequentialize(getSessionKey));
  protectedBot.use(
    session({
      initial: initialSession,
      getSessionKey,
      storage: validatedSessionStorage(
        grammyStorage<unknown>(deps.storage.kv, { prefix: "session:", ttlMs: SESSION_TTL_MS }),
        (key) => deps.logger.warn({ key }, "unreadable session replaced"),
      ),
    }),
  );
  protectedBot.use(async (ctx, next) => {
    if (ctx.from) ctx.preferences = await preferencesRepository.get(ctx.from.id);
    await next();
  });
  protectedBot.use(i18n);
  protectedBot.use(
    limit<BotContext, ReturnType<typeof rateLimiterClient>>({
      timeFrame: rateLimit.windowMs,
      limit: rateLimit.limit,
      keyPrefix: "ratelimit:",
      storageClient: rateLimiterClient(deps.storage.kv, rateLimit.windowMs),
      keyGenerator: (ctx) => ctx.from?.id.toString(),
      onLimitExceeded: async (ctx) => {
        ctx.logger.info("user is flooding; updates dropped for the rest of the window");
        if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text: ctx.t("rate-limited") });
        else if (ctx.chat?.type === "private") await ctx.reply(ctx.t("rate-limited"));
      },
    }),
  );
  // A running form sees the chat's updates before anything else; result buttons carry their own authority.
  if (options.forms) protectedBot.use(createTaskFormEngine(options.forms, deps.storage.kv, retry));
  protectedBot.use(buttonGuard);
  protectedBot.use(groupsFeature);
  protectedBot.use(cancelFeature);
  if (options.forms) protectedBot.use(taskFormEntries);
  protectedBot.use(startFeature);
  protectedBot.use(helpFeature);
  protectedBot.use(languageFeature);
  protectedBot.use(settingsFeature);
  protectedBot.use(balanceFeature);
  protectedBot.use(tasksFeature);
  protectedBot.use(apiKeyFeature);
  protectedBot.use(options.intake ?? new Composer<BotContext>());
  protectedBot.use(unhandledFeature);

  bot.catch((error) => {
    deps.logger.error(
      { err: error.error, update_id: error.ctx.update.update_id },
      "update failed outside the error boundary",
    );
  });

  return Object.assign(bot, { i18n });
}

/**
 * Logs the whole failure; the user hears only that something went wrong. It translates without
 * ctx.t, which does not exist yet when the failure came before i18n (a storage outage, say).
 */
async function replyAndLogError(
  error: BotError<BotContext>,
  i18n: I18n<BotContext>,
  defaultLocale: BotLocale,
): Promise<void> {
  const { ctx } = error;
  const logger = ctx.logger;
  const kind =
    error.error instanceof GrammyError ? "bot-api" : error.error instanceof HttpError ? "network" : "handler";
  logger.error({ err: error.error, kind }, "update failed");
  const locale = ctx.preferences.language ?? botLocaleFromTag(ctx.from?.language_code) ?? defaultLocale;
  const text = i18n.t(locale, "error-generic");
  try {
    if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text }).catch(() => undefined);
    if (ctx.chat?.type === "private") await ctx.reply(text);
  } catch (replyError) {
    logger.warn({ err: replyError }, "could not tell the user about the failure");
  }
}
