import type { Context as BaseContext, SessionFlavor } from "grammy";
import type { BotLocale } from "../i18n/locales.js";
import type { MessageVariables } from "../i18n/messages.js";
import type { Logger } from "../logger.js";
import type { TaskBillingKind } from "../tasks-service/billing.js";
import type { PreferencesRepository, UserPreferences } from "./preferences.js";
import type { SessionData } from "./session.js";

/** What the bot's own middleware (index.ts, i18n.ts) adds to every update. */
interface BotContextExtras {
  t: (key: string, variables?: MessageVariables) => string;
  i18n: {
    /** The sender's language as their preferences and Telegram tell it now. */
    getLocale(): Promise<BotLocale>;
    /** Speaks `locale` for the rest of the update (the user has just chosen it). */
    useLocale(locale: BotLocale): void;
    /** Speaks the sender's language again as `getLocale` tells it (their choice was reset). */
    renegotiateLocale(): Promise<void>;
  };
  /** Made when first asked for, carrying update_id, user_id and chat_id. */
  logger: Logger;
  preferencesRepository: PreferencesRepository;
  /** How the task service bills (tokens, or a plan's allowances), for the price class on its offers. */
  taskBilling: TaskBillingKind;
  /** Read once per update. */
  preferences: UserPreferences;
  /** Runs `work` after the chat's turn, which then does not wait for it (an old keyboard's removal). */
  afterTurn(work: () => Promise<void>): void;
}

export type BotContext = BaseContext & SessionFlavor<SessionData> & BotContextExtras;
