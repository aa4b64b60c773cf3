import { InlineKeyboard } from "grammy";
import type { Translate } from "../../i18n/translate.js";
import { CALLBACK_SCOPES, encodeCallback } from "../../telegram/callback-data.js";

const API_KEY_ACTIONS = ["issue", "rotate", "rotate-ok", "revoke", "revoke-ok", "keep"] as const;
export type ApiKeyAction = (typeof API_KEY_ACTIONS)[number];

function button(nonce: string, action: ApiKeyAction): string {
  return encodeCallback(CALLBACK_SCOPES.apiKey, nonce, action);
}

export function apiKeyIssueKeyboard(t: Translate, nonce: string): InlineKeyboard {
  return new InlineKeyboard().text(t("apikey-button-issue"), button(nonce, "issue"));
}

export function apiKeyManageKeyboard(t: Translate, nonce: string): InlineKeyboard {
  return new InlineKeyboard()
    .text(t("apikey-button-rotate"), button(nonce, "rotate"))
    .text(t("apikey-button-revoke"), button(nonce, "revoke"));
}

export function apiKeyConfirmKeyboard(
  t: Translate,
  nonce: string,
  action: "rotate-ok" | "revoke-ok",
): InlineKeyboard {
  return new InlineKeyboard()
    .text(t("button-confirm"), button(nonce, action))
    .text(t("button-cancel"), button(nonce, "keep"));
}
