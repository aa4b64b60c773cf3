/** The bot, assembled from its dependencies without side effects; main.ts starts it and sets its menu. */
import { Bot, type BotConfig, Composer, GrammyError, HttpError, session, type Transformer } from "grammy";
import { ResultIndex } from "../lifecycle/result-index.js";
import type { Logger } from "../logger.js";
import { PendingMediaStore, pendingMediaKey } from "../media/pending-media.js";
import { grammyStorage } from "../storage/grammy-adapter.js";
import type { KeyValueStore } from "../storage/ports.js";
import { TaskRecords } from "../tasks/records.js";
import type { TaskBilling } from "../tasks-service/billing.js";
import { botApiClient, interactiveRetry } from "../telegram/client-policy.js";
import { noteWhatWasSaid, speakingInChat, updateKind } from "../updates/updates.js";
import { arrivalOrder } from "./arrival-order.js";
import { buttonGuard } from "./button-guard.js";
import type { BotContext } from "./context.js";
import type { BotDeps } from "./deps.js";
import { createApiKeyFeature } from "./features/apikey.js";
import { createBalanceFeature } from "./features/balance.js";
import { createCancelFeature } from "./features/cancel.js";
import { createGlossaryFeature } from "./features/glossary.js";
import { groupsFeature } from "./features/groups.js";
import { createHelpFeature } from "./features/help.js";
import { createInlineFeature, type InlineDeps } from "./features/inline.js";
import { createIntakeFeature, type IntakeOptions } from "./features/intake.js";
import { languageFeature } from "./features/language.js";
import { createSettingsFeature } from "./features/settings.js";
import { createStartFeature } from "./features/start.js";
import { createTextOffersFeature, taskTextOffers } from "./features/text-offers.js";
import { unhandledFeature } from "./features/unhandled.js";
import { sizeUnsizedFiles } from "./file-sizes.js";
import { floodLimit } from "./flood-limit.js";
import { formStorageKey } from "./form-storage.js";
import { OpenFormCards } from "./forms/open-cards.js";
import {
  createGenerationAccountFeature,
  type GenerationAccountDeps,
  generationBalanceOf,
} from "./generations/account.js";
import { type BatchFilesDeps, batchTextOffer, createBatchFilesFeature } from "./generations/batch-files.js";
import {
  createGenerationEntries,
  generationMenuEntries,
  generationTextOffer,
} from "./generations/entries.js";
import { createGalleryFeature } from "./generations/gallery.js";
import type { GalleryDeps } from "./generations/gallery-view.js";
import {
  createInlineImageFeature,
  type InlineImageDeps,
  inlineImageOffer,
} from "./generations/inline-image.js";
import { createGenerationResultButtons, type GenerationFormsDeps } from "./generations/result-actions.js";
import { type BotI18n, createI18n, negotiateLocale } from "./i18n.js";
import { PendingTextStore, pendingTextKey } from "./pending-text.js";
import { PreferencesRepository, preferencesKey } from "./preferences.js";
import { readAheadFor, readAheadKv } from "./read-ahead.js";
import {
  getSessionKey,
  SESSION_STORAGE_PREFIX,
  SESSION_TTL_MS,
  SessionDataSchema,
  validatedSessionStorage,
} from "./session.js";
import { createFormEngine, createTaskFormEntries } from "./tasks/entries.js";
import type { TaskFormsDeps } from "./tasks/result-actions.js";
import { createTaskListFeature } from "./tasks/task-list.js";

export type CompanionBot = Bot<BotContext> & { readonly i18n: BotI18n };

export interface CreateBotOptions {
  /** Media intake (files and links sent without a command); runs before the unexpected-input hint. */
  intake?: IntakeOptions;
  /** Task forms and the buttons on cards and results; without them task choices only describe the task. */
  forms?: TaskFormsDeps;
  rateLimit?: RateLimit;
  i18n?: BotI18n;
  /** The generation service's features; absent (no GENERATION_BASE_URL), none of them is shown. */
  generation?: GenerationFeatures;
  /** How the task service bills, as learned from the profiles read; token billing when absent. */
  taskBilling?: Pick<TaskBilling, "kind">;
  /** What inline mode offers besides the user's results. */
  inline?: Pick<InlineDeps, "extraResults">;
}

export interface GenerationFeatures {
  account: GenerationAccountDeps;
  batchFiles?: BatchFilesDeps;
  forms: GenerationFormsDeps;
  /** /gallery and /queue; without them neither command answers. */
  gallery?: GalleryDeps;
  inlineImage?: InlineImageDeps;
}

type RateLimit = { limit: number; windowMs: number };

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
    client: { ...botApiClient(deps.config.botApiRoot), ...grammyConfig.client },
  });
  const i18n = options.i18n ?? createI18n(deps.config.defaultLocale);
  // Everything an update reads goes through the read-ahead (see readAheadFor below).
  const storage = { ...deps.storage, kv: readAheadKv(deps.storage.kv) };
  const preferencesRepository = new PreferencesRepository(storage.kv);
  const taskBilling = options.taskBilling ?? { kind: "tokens" as const };

  // The same policy for calls made inside forms, whose Api transformers on bot.api never reach.
  const apiPolicy = [interactiveRetry(), noteWhatWasSaid];
  for (const transformer of apiPolicy) bot.api.config.use(transformer);

  const timed = deps.logger.isLevelEnabled("debug");
  bot.use(async (ctx, next) => {
    // Most updates log nothing: the update's child logger is made when first asked for.
    let logger: Logger | undefined;
    Object.defineProperty(ctx, "logger", {
      get: () => {
        logger ??= deps.logger.child({
          update_id: ctx.update.update_id,
          user_id: ctx.from?.id,
          chat_id: ctx.chat?.id,
        });
        return logger;
      },
      configurable: true,
    });
    ctx.preferencesRepository = preferencesRepository;
    ctx.taskBilling = taskBilling.kind;
    ctx.preferences = {};
    const afterwards: Array<() => Promise<void>> = [];
    ctx.afterTurn = (work) => {
      afterwards.push(work);
    };
    const started = timed ? performance.now() : 0;
    // Everything from the flood limit and the chat's turn (arrival-order.ts) to the session's write.
    await next();
    for (const work of afterwards) await work();
    deps.metrics?.updatesHandled.inc({ type: updateKind(ctx.update) });
    if (timed) ctx.logger.debug({ ms: Math.round(performance.now() - started) }, "update handled");
  });

  const protectedBot = bot.errorBoundary(async ({ ctx, error }) => {
    // A storage outage is not the user's problem: the update is handled again once storage is back.
    if (deps.storage.isOutage(error)) throw error;
    deps.metrics?.unhandledErrors.inc({ kind: "update" });
    const kind =
      error instanceof GrammyError ? "bot-api" : error instanceof HttpError ? "network" : "handler";
    ctx.logger.error({ err: error, kind }, "update failed");
    // Not ctx.t: the failure may have come before the i18n middleware set it.
    const text = i18n.t(negotiateLocale(ctx, deps.config.defaultLocale), "error-generic");
    try {
      if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text }).catch(() => undefined);
      if (ctx.chat?.type === "private") await ctx.reply(text);
    } catch (replyError) {
      ctx.logger.warn({ err: replyError }, "could not tell the user about the failure");
    }
  });
  protectedBot.use(
    updateSetup(deps, storage.kv, {
      i18n,
      preferences: preferencesRepository,
      rateLimit: options.rateLimit ?? DEFAULT_RATE_LIMIT,
    }),
  );
  protectedBot.use(features({ ...deps, storage, now: deps.now ?? (() => new Date()), apiPolicy }, options));

  bot.catch((error) => {
    deps.logger.error(
      { err: error.error, update_id: error.ctx.update.update_id },
      "update failed outside the error boundary",
    );
  });

  return Object.assign(bot, { i18n });
}

/** What every update goes through before any feature. */
function updateSetup(
  deps: BotDeps,
  kv: KeyValueStore,
  setup: { i18n: BotI18n; preferences: PreferencesRepository; rateLimit: RateLimit },
): Composer<BotContext> {
  // A chat's updates run one at a time in the order they came. The flood limit counts them as they
  // arrive, between taking a place in the chat's line and waiting for the turn: a flood is refused at
  // once, and the flooding chat's line does not grow with updates that are only to be dropped.
  const chatLine = arrivalOrder<BotContext>(getSessionKey);
  return new Composer<BotContext>(
    chatLine.arrive,
    floodLimit(deps, setup.i18n, setup.preferences, setup.rateLimit),
    chatLine.turn,
    (ctx, next) => (ctx.chat ? speakingInChat(ctx.update, ctx.chat.id, next) : next()),
    readAheadFor<BotContext>(deps.storage.kv, (ctx) => {
      const chat = getSessionKey(ctx);
      // A message that is no command may join the media or the text waiting for their task.
      const joining = ctx.message && !ctx.message.text?.startsWith("/") ? ctx.chat?.id : undefined;
      return [
        ...(chat === undefined ? [] : [SESSION_STORAGE_PREFIX + chat, formStorageKey(chat)]),
        ...(ctx.from ? [preferencesKey(ctx.from.id)] : []),
        ...(joining === undefined ? [] : [pendingMediaKey(joining), pendingTextKey(joining)]),
      ];
    }),
    session({
      initial: () => ({}),
      getSessionKey,
      storage: validatedSessionStorage(
        grammyStorage(kv, {
          prefix: SESSION_STORAGE_PREFIX,
          ttlMs: SESSION_TTL_MS,
          schema: SessionDataSchema,
        }),
        (key) => deps.logger.warn({ key }, "unreadable session replaced"),
      ),
    }),
    async (ctx, next) => {
      if (ctx.from) ctx.preferences = await setup.preferences.get(ctx.from.id);
      await next();
    },
    setup.i18n,
    sizeUnsizedFiles,
  );
}

/** The features in the order they see an update, each built once with the stores it keeps. */
function features(
  deps: BotDeps & { now(): Date; apiPolicy: readonly Transformer[] },
  options: CreateBotOptions,
): Composer<BotContext> {
  const { forms, generation } = options;
  const { now, storage } = deps;
  const { kv } = storage;
  const pendingMedia = new PendingMediaStore(kv);
  const pendingTexts = new PendingTextStore(kv);
  const cards = new OpenFormCards(kv);
  const chain = new Composer<BotContext>();
  const glossary = createGlossaryFeature({ kv, now });
  // What is typed after /glossary is for it, even while a form is open.
  chain.use(glossary.input);
  // Inline queries come from no chat: no form or menu is theirs.
  const extraResults =
    options.inline?.extraResults ?? (generation?.inlineImage && inlineImageOffer(generation.inlineImage));
  chain.use(createInlineFeature({ extraResults, results: new ResultIndex(storage.sortedSets) }));
  // A running form sees the chat's updates before anything else; result buttons carry their own authority.
  if (forms || generation) {
    chain.use(
      createFormEngine({
        kv,
        cards,
        apiPolicy: deps.apiPolicy,
        now,
        tasks: forms,
        generation: generation?.forms.flow,
      }),
    );
  }
  if (generation) chain.use(createGenerationResultButtons({ ...generation.forms, ...deps, cards }));
  // A chosen inline result has no chat: nothing after this, all of it a chat's, is for it.
  if (generation?.inlineImage) chain.use(createInlineImageFeature(generation.inlineImage));
  const batchFiles = generation?.batchFiles && { ...generation.batchFiles, kv };
  if (batchFiles) chain.use(createBatchFilesFeature(batchFiles));
  if (generation?.gallery) chain.use(createGalleryFeature({ ...generation.gallery, kv, now }));
  chain.use(buttonGuard);
  chain.use(groupsFeature);
  chain.use(createCancelFeature({ media: pendingMedia, texts: pendingTexts, cards }));
  if (generation) chain.use(createGenerationAccountFeature({ ...generation.account, ...deps }));
  if (forms) chain.use(createTaskFormEntries(pendingMedia, cards));
  if (generation) chain.use(createGenerationEntries(generation.forms.flow, pendingMedia, cards));
  const menuEntries = generation && {
    offers: generationMenuEntries,
    prices: (ctx: BotContext) => generation.forms.flow.offerPrices(ctx),
  };
  chain.use(createStartFeature(menuEntries));
  chain.use(createHelpFeature(menuEntries));
  chain.use(languageFeature);
  chain.use(createSettingsFeature(deps.catalog));
  chain.use(glossary.feature);
  chain.use(
    createBalanceFeature(
      generation ? { ...deps, generationBalance: generationBalanceOf(generation.account) } : deps,
    ),
  );
  // The task pipeline's records when it is there; /tasks alone reads the same store.
  chain.use(createTaskListFeature({ ...deps, records: forms?.records ?? new TaskRecords(storage) }));
  chain.use(createApiKeyFeature(deps));
  if (options.intake)
    chain.use(
      createIntakeFeature({
        ...options.intake,
        pending: pendingMedia,
        cards,
        now,
        otherPrices: menuEntries?.prices,
      }),
    );
  if (forms || generation) {
    chain.use(
      createTextOffersFeature({
        readText: forms?.flow.readText ?? batchFiles?.readFile,
        pendingTexts,
        offers: [
          ...(forms ? taskTextOffers(cards) : []),
          ...(generation ? [generationTextOffer(cards, generation.forms.flow)] : []),
          ...(batchFiles ? [batchTextOffer(batchFiles)] : []),
        ],
      }),
    );
  }
  chain.use(unhandledFeature);
  return chain;
}
