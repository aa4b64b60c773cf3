import { Composer, InlineKeyboard } from "grammy";
import type { MessageEntity } from "grammy/types";
import { z } from "zod";
import type { ApiKeysPort, IssuedApiKey } from "../../accounts/ports.js";
import { formatDate } from "../../i18n/format.js";
import { CALLBACK_SCOPES, defineCallback } from "../../telegram/callback-data.js";
import type { ScheduleDeletion } from "../../telegram/message-deletion.js";
import type { BotContext } from "../context.js";
import { currentMenu, editMenu, menuShownIn, openMenu, openNewMenu } from "../menu.js";

/** A shown key disappears from the chat after this long. */
export const API_KEY_MESSAGE_LIFETIME_MS = 10 * 60 * 1000;

const scope = CALLBACK_SCOPES.apiKey;
const issueKeyButton = defineCallback(scope, "issue", {});
/** Rotate or revoke, each asked to be confirmed first. */
const askKeyChangeButton = defineCallback(scope, undefined, { change: z.enum(["rotate", "revoke"]) });
const rotateKeyButton = defineCallback(scope, "rotate-ok", {});
const revokeKeyButton = defineCallback(scope, "revoke-ok", {});
const keepKeyButton = defineCallback(scope, "keep", {});

export interface ApiKeyFeatureDeps {
  apiKeys: ApiKeysPort;
  scheduleDeletion: ScheduleDeletion;
  now(): Date;
}

async function showNewKey(deps: ApiKeyFeatureDeps, ctx: BotContext, issued: IssuedApiKey): Promise<void> {
  const text = ctx.t("apikey-new", { key: issued.apiKey });
  const entities = marked("spoiler", text, issued.apiKey);
  const message = await ctx.reply(text, { entities, protect_content: true });
  const at = new Date(deps.now().getTime() + API_KEY_MESSAGE_LIFETIME_MS);
  await deps.scheduleDeletion(message.chat.id, message.message_id, at);
  ctx.logger.info({ keyId: issued.keyId }, "api key shown");
}

async function keyOverview(deps: ApiKeyFeatureDeps, ctx: BotContext, userId: number, nonce: string) {
  const described = await deps.apiKeys.describe(userId);
  const { t } = ctx;
  if (!described)
    return {
      text: t("apikey-none"),
      reply_markup: new InlineKeyboard().text(t("apikey-button-issue"), issueKeyButton.pack(nonce, {})),
    };
  const locale = await ctx.i18n.getLocale();
  return {
    text: t("apikey-info", { prefix: described.prefix, date: formatDate(described.createdAt, locale) }),
    reply_markup: new InlineKeyboard()
      .text(t("apikey-button-rotate"), askKeyChangeButton.pack(nonce, { change: "rotate" }))
      .text(t("apikey-button-revoke"), askKeyChangeButton.pack(nonce, { change: "revoke" })),
    prefix: described.prefix,
  };
}

/** `part` of the text marked as `type`: the key hidden as a spoiler, its prefix set as code to match, not read. */
function marked(type: "spoiler" | "code", text: string, part: string | undefined): MessageEntity[] {
  const offset = part === undefined ? -1 : text.indexOf(part);
  return part === undefined || offset < 0 ? [] : [{ type, offset, length: part.length }];
}

/** /apikey: the user's key of the Media Task Service, shown, issued, replaced or revoked. */
export function createApiKeyFeature(deps: ApiKeyFeatureDeps): Composer<BotContext> {
  const feature = new Composer<BotContext>();

  feature.chatType("private").command("apikey", async (ctx) => {
    const { text, reply_markup, prefix } = await keyOverview(deps, ctx, ctx.from.id, openNewMenu(ctx));
    menuShownIn(ctx, await ctx.reply(text, { reply_markup, entities: marked("code", text, prefix) }));
  });

  const presses = feature.on("callback_query:data");

  // A key issued meanwhile (another device, a task) is not replaced by a second press.
  presses.filter(issueKeyButton.filter, async (ctx) => {
    await ctx.answerCallbackQuery();
    const existing = await deps.apiKeys.describe(ctx.from.id);
    const { text, reply_markup, prefix } = await keyOverview(deps, ctx, ctx.from.id, openMenu(ctx));
    if (existing) return editMenu(ctx, text, { reply_markup, entities: marked("code", text, prefix) });
    const issued = await deps.apiKeys.issue(ctx.from.id);
    await editMenu(ctx, ctx.t("apikey-issued"));
    await showNewKey(deps, ctx, issued);
  });

  presses.filter(askKeyChangeButton.filter, async (ctx) => {
    const { change } = ctx.pressed.data;
    await ctx.answerCallbackQuery();
    const nonce = currentMenu(ctx);
    const confirm = change === "rotate" ? rotateKeyButton : revokeKeyButton;
    await editMenu(ctx, ctx.t(`apikey-${change}-confirm`), {
      reply_markup: new InlineKeyboard()
        .text(ctx.t("button-confirm"), confirm.pack(nonce, {}))
        .text(ctx.t("button-cancel"), keepKeyButton.pack(nonce, {})),
    });
  });

  presses.filter(rotateKeyButton.filter, async (ctx) => {
    await ctx.answerCallbackQuery();
    const issued = await deps.apiKeys.issue(ctx.from.id);
    openMenu(ctx);
    await editMenu(ctx, ctx.t("apikey-replaced"));
    await showNewKey(deps, ctx, issued);
  });

  presses.filter(revokeKeyButton.filter, async (ctx) => {
    await ctx.answerCallbackQuery();
    await deps.apiKeys.revoke(ctx.from.id);
    openMenu(ctx);
    await editMenu(ctx, ctx.t("apikey-revoked"));
  });

  presses.filter(keepKeyButton.filter, async (ctx) => {
    await ctx.answerCallbackQuery();
    const { text, reply_markup, prefix } = await keyOverview(deps, ctx, ctx.from.id, currentMenu(ctx));
    const kept = `${ctx.t("apikey-kept")}\n\n${text}`;
    await editMenu(ctx, kept, { reply_markup, entities: marked("code", kept, prefix) });
  });
  return feature;
}
