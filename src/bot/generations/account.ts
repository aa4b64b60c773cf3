/** /connect (the key checked before it is kept, then the signing secret), /account, /disconnect; secrets never logged. */
import { Composer, GrammyError, HttpError, InlineKeyboard } from "grammy";
import { z } from "zod";
import {
  type GenerationLinksPort,
  isGenerationApiKey,
  isSigningSecret,
  keyNameOf,
} from "../../accounts/generation-links.js";
import { type Account, keyBudgetOf } from "../../generation-service/responses.js";
import { generationProblem } from "../../generations/problems.js";
import { formatDate, formatNumber } from "../../i18n/format.js";
import type { Translate } from "../../i18n/translate.js";
import { CALLBACK_SCOPES, defineCallback } from "../../telegram/callback-data.js";
import { singleAttempt } from "../../telegram/client-policy.js";
import type { ScheduleDeletion } from "../../telegram/message-deletion.js";
import { noteWhatWasSaid } from "../../updates/updates.js";
import type { BotContext } from "../context.js";
import type { GenerationBalance } from "../features/balance.js";
import { escapeHtml } from "../forms/screens/text.js";
import { currentMenu, editMenu, openMenu, replyWithMenu } from "../menu.js";
import { formControls } from "../open-form.js";
import { sayProblem, storageLine } from "./gallery-view.js";

export interface GenerationAccountDeps {
  links: GenerationLinksPort;
  service: { getAccount(apiKey: string): Promise<Account> };
}

export interface AccountFeatureDeps extends GenerationAccountDeps {
  scheduleDeletion: ScheduleDeletion;
  now(): Date;
}

/** The key's name and the key's pattern are set as code: what the user matches against their own. */
const HTML = { parse_mode: "HTML" } as const;

/** A /connect left unanswered this long stops waiting: a later text is not taken for a key. */
const AWAIT_MS = 10 * 60 * 1000;

function usd(tokens: number, account: Pick<Account, "tokens_per_usd">, locale: string): string {
  return formatNumber(tokens / account.tokens_per_usd, locale, 2);
}

function accountText(
  t: Translate,
  account: Account,
  locale: string,
  link: { keyName: string; hasSigningSecret: boolean },
  details = false,
) {
  const { limits, key } = account;
  const own = keyBudgetOf(key);
  const limitsLine = t("account-limits", {
    rpm: limits.rpm,
    concurrent: limits.concurrent_generations,
    batch: formatNumber(limits.max_batch, locale),
    queued: formatNumber(limits.max_queued, locale),
  });
  return [
    t("account-title"),
    "",
    t("account-plan", { plan: escapeHtml(account.plan) }),
    t("account-balance", {
      tokens: account.balance_tokens,
      usd: usd(account.balance_tokens, account, locale),
    }),
    "",
    t("account-key", { name: link.keyName }),
    key.expires_at
      ? t("account-key-expires", { date: formatDate(key.expires_at, locale) })
      : t("account-key-no-expiry"),
    own ? t("account-key-budget", own) : t("account-key-no-budget", { used: key.budget_used_tokens }),
    "",
    ...(details ? [limitsLine] : []),
    storageLine(t, account.storage, locale),
    "",
    t(link.hasSigningSecret ? "account-delivery-webhooks" : "account-delivery-polling"),
  ].join("\n");
}

/** The generation balance for /balance; unreadable when the service refuses the key or is away (/account says why). */
export function generationBalanceOf(
  deps: GenerationAccountDeps,
): (userId: number) => Promise<GenerationBalance> {
  return async (userId) => {
    const credentials = await deps.links.credentials(userId);
    if (!credentials) return { state: "not-linked" };
    try {
      const account = await deps.service.getAccount(credentials.apiKey);
      return { state: "linked", tokens: account.balance_tokens, tokensPerUsd: account.tokens_per_usd };
    } catch (error) {
      if (!generationProblem(error)) throw error;
      return { state: "unreadable" };
    }
  };
}

const accountDetailsButton = defineCallback(CALLBACK_SCOPES.generationAccount, "det", {
  show: z.enum(["1", "0"]),
});

function accountKeyboard(t: Translate, nonce: string, details: boolean): InlineKeyboard {
  const label = details ? t("account-details-fewer") : t("account-details-more");
  return new InlineKeyboard().text(label, accountDetailsButton.pack(nonce, { show: details ? "0" : "1" }));
}

/** The account as it is now, with the key's limits when `details`: sent, or drawn again `inPlace`. */
async function showAccount(
  ctx: BotContext & { from: { id: number } },
  deps: GenerationAccountDeps,
  details: boolean,
  inPlace: boolean,
): Promise<void> {
  const credentials = await deps.links.credentials(ctx.from.id);
  const link = await deps.links.describe(ctx.from.id);
  if (!credentials || !link) {
    await (inPlace ? editMenu(ctx, ctx.t("account-not-linked")) : ctx.reply(ctx.t("account-not-linked")));
    return;
  }
  try {
    const account = await deps.service.getAccount(credentials.apiKey);
    const text = accountText(ctx.t, account, await ctx.i18n.getLocale(), link, details);
    if (inPlace)
      await editMenu(ctx, text, { ...HTML, reply_markup: accountKeyboard(ctx.t, currentMenu(ctx), details) });
    else await replyWithMenu(ctx, text, (nonce) => accountKeyboard(ctx.t, nonce, details), HTML);
  } catch (error) {
    await sayProblem(ctx, error);
  }
}

function keyIn(text: string): string | undefined {
  return text.split(/\s+/).find(isGenerationApiKey);
}

const skipSecretButton = defineCallback(CALLBACK_SCOPES.generationAccount, "skip", {});

async function checkAndLink(ctx: BotContext, deps: AccountFeatureDeps, apiKey: string): Promise<void> {
  const userId = ctx.from?.id;
  if (userId === undefined) return;
  const status = await ctx.reply(ctx.t("connect-checking", { name: keyNameOf(apiKey) }), HTML);
  const edit = (text: string, other = {}) =>
    ctx.api.editMessageText(status.chat.id, status.message_id, text, other);
  const account = await deps.service.getAccount(apiKey).catch(async (error: unknown) => {
    const problem = generationProblem(error);
    if (!problem) throw error;
    ctx.logger.info({ code: problem.key }, "generation key refused");
    await edit(ctx.t(problem.key, problem.params));
  });
  if (!account) return;
  await deps.links.link(userId, apiKey);
  ctx.logger.info({ keyName: keyNameOf(apiKey) }, "generation account linked");
  ctx.session.generationLink = { awaiting: "secret", since: deps.now().getTime() };
  const usdLeft = usd(account.balance_tokens, account, await ctx.i18n.getLocale());
  const done = ctx.t("connect-done", { plan: account.plan, tokens: account.balance_tokens, usd: usdLeft });
  const skip = new InlineKeyboard().text(
    ctx.t("connect-button-skip"),
    skipSecretButton.pack(openMenu(ctx), {}),
  );
  await edit(done, { reply_markup: skip });
}

export function createGenerationAccountFeature(deps: AccountFeatureDeps): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  /**
   * Removes the message with a key or a secret in one attempt; failing that the user is asked at once to delete
   * it while the deletion job keeps trying, as retrying here would leave the secret in view without a word.
   */
  const deleteAtOnce = async (ctx: BotContext, what: "key" | "secret"): Promise<"deleted" | "in view"> => {
    const message = ctx.message;
    if (!message) return "deleted";
    try {
      await singleAttempt(ctx.api, noteWhatWasSaid).deleteMessage(message.chat.id, message.message_id);
      return "deleted";
    } catch (error) {
      if (!(error instanceof GrammyError || error instanceof HttpError)) throw error;
      // Deleted already (this update handled again after a storage outage): nothing is in view.
      if (error instanceof GrammyError && /message to delete not found/i.test(error.description))
        return "deleted";
      ctx.logger.warn({ err: error }, "message with a secret not deleted at once; scheduled");
      await deps.scheduleDeletion(message.chat.id, message.message_id, deps.now());
      await ctx.reply(ctx.t("connect-not-deleted", { what }), {
        reply_parameters: { message_id: message.message_id, allow_sending_without_reply: true },
      });
      return "in view";
    }
  };
  const privateChats = feature.chatType("private");

  privateChats.command("connect", async (ctx) => {
    await formControls(ctx)?.exitAll();
    const apiKey = keyIn(ctx.match);
    if (ctx.match.trim() !== "") await deleteAtOnce(ctx, "key");
    if (apiKey) return checkAndLink(ctx, deps, apiKey);
    ctx.session.generationLink = { awaiting: "key", since: deps.now().getTime() };
    await ctx.reply(ctx.t(ctx.match.trim() === "" ? "connect-ask-key" : "connect-not-a-key"), HTML);
  });

  privateChats.command("disconnect", async (ctx) => {
    ctx.session.generationLink = undefined;
    const forgotten = await deps.links.unlink(ctx.from.id);
    await ctx.reply(ctx.t(forgotten ? "disconnect-done" : "disconnect-nothing"));
  });

  privateChats.command("account", (ctx) => showAccount(ctx, deps, false, false));

  // Any other command ends a /connect that is waiting: what follows is not meant as a key.
  privateChats.on("message:text", async (ctx, next) => {
    const waiting = ctx.session.generationLink;
    if (!waiting) return next();
    const text = ctx.message.text;
    const expired = deps.now().getTime() - waiting.since > AWAIT_MS;
    if (expired || text.startsWith("/")) {
      ctx.session.generationLink = undefined;
      return next();
    }
    const apiKey = keyIn(text);
    if (apiKey) {
      await deleteAtOnce(ctx, "key");
      ctx.session.generationLink = undefined;
      return checkAndLink(ctx, deps, apiKey);
    }
    if (waiting.awaiting === "key") return ctx.reply(ctx.t("connect-not-a-key"), HTML);
    const secret = text.trim();
    if (!isSigningSecret(secret)) {
      // Not shaped like a secret: the user moved on, and the text is for the rest of the bot.
      ctx.session.generationLink = undefined;
      return next();
    }
    const deletion = await deleteAtOnce(ctx, "secret");
    ctx.session.generationLink = undefined;
    const saved = await deps.links.setSigningSecret(ctx.from.id, secret);
    openMenu(ctx);
    const done = deletion === "deleted" ? "connect-secret-saved" : "connect-secret-saved-in-view";
    await ctx.reply(ctx.t(saved ? done : "account-not-linked"));
  });

  // The account is read again: the balance and storage shown are as of the press.
  feature.on("callback_query:data").filter(accountDetailsButton.filter, async (ctx) => {
    await ctx.answerCallbackQuery();
    await showAccount(ctx, deps, ctx.pressed.data.show === "1", true);
  });

  feature.on("callback_query:data").filter(skipSecretButton.filter, async (ctx) => {
    await ctx.answerCallbackQuery();
    ctx.session.generationLink = undefined;
    currentMenu(ctx);
    await editMenu(ctx, ctx.t("connect-secret-skipped"));
  });

  return feature;
}
