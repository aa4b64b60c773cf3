import type { I18nFlavor } from "@grammyjs/i18n";
import type { Context as BaseContext, SessionFlavor } from "grammy";
import type { Logger } from "../logger.js";
import type { BotDeps } from "./deps.js";
import type { PreferencesRepository, UserPreferences } from "./preferences.js";
import type { SessionData } from "./session.js";

export interface BotContextExtras {
  /** Child logger carrying update_id, user_id and chat_id. */
  logger: Logger;
  deps: Required<Omit<BotDeps, "metrics">>;
  preferencesRepository: PreferencesRepository;
  /** The sender's stored preferences, read once per update. */
  preferences: UserPreferences;
}

export type BotContext = BaseContext & SessionFlavor<SessionData> & I18nFlavor & BotContextExtras;
