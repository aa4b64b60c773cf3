import { InlineKeyboard } from "grammy";
import { z } from "zod";
import type { Translate } from "../../i18n/translate.js";
import { CALLBACK_SCOPES, defineCallback } from "../../telegram/callback-data.js";

const scope = CALLBACK_SCOPES.apiKey;
export const issueKeyButton = defineCallback(scope, "issue", {});
/** Rotate or revoke, each asked to be confirmed first. */
export const askKeyChangeButton = defineCallback(scope, undefined, { change: z.enum(["rotate", "revoke"]) });
export const rotateKeyButton = defineCallback(scope, "rotate-ok", {});
export const revokeKeyButton = defineCallback(scope, "revoke-ok", {});
export const keepKeyButton = defineCallback(scope, "keep", {});

export function apiKeyIssueKeyboard(t: Translate, nonce: string): InlineKeyboard {
  return new InlineKeyboard().text(t("apikey-button-issue"), issueKeyButton.pack(nonce, {}));
}

export function apiKeyManageKeyboard(t: Translate, nonce: string): InlineKeyboard {
  return new InlineKeyboard()
    .text(t("apikey-button-rotate"), askKeyChangeButton.pack(nonce, { change: "rotate" }))
    .text(t("apikey-button-revoke"), askKeyChangeButton.pack(nonce, { change: "revoke" }));
}

export function apiKeyConfirmKeyboard(
  t: Translate,
  nonce: string,
  change: "rotate" | "revoke",
): InlineKeyboard {
  const confirm = change === "rotate" ? rotateKeyButton : revokeKeyButton;
  return new InlineKeyboard()
    .text(t("button-confirm"), confirm.pack(nonce, {}))
    .text(t("button-cancel"), keepKeyButton.pack(nonce, {}));
}
