/**
 * What the bot needs from the rest of the program, as narrow typed ports so tests and the playground can
 * hand in real or small implementations alike.
 */
import type { I18n } from "@grammyjs/i18n";
import type { Logger } from "../logger.js";
import type { Storage } from "../storage/ports.js";
import type { Profile, Task } from "../tasks-service/responses.js";
import type { BotContext } from "./context.js";
import type { BotLocale } from "./locales.js";
import type { ResultDownloader } from "./result-delivery.js";

export interface IssuedApiKey {
  apiKey: string;
  keyId: string;
  createdAt: Date;
}

/** The accounts module's ApiKeys, as far as the bot uses it. */
export interface ApiKeysPort {
  issue(userId: number): Promise<IssuedApiKey>;
  rotate(userId: number): Promise<IssuedApiKey>;
  revoke(userId: number): Promise<boolean>;
  describe(userId: number): Promise<{ keyId: string; prefix: string; createdAt: Date } | undefined>;
  ensure(userId: number): Promise<{ apiKey: string; issued: boolean }>;
}

/** The task service client, as far as the bot's own commands use it. */
export interface TasksServicePort {
  me(apiKey: string): Promise<Profile>;
  listTasks(apiKey: string, page: { limit: number; offset: number }): Promise<Task[]>;
  getTask(apiKey: string, id: number): Promise<Task>;
}

export interface CatalogVoice {
  id: string;
  name: string;
}

/** Voice providers and voices from the catalog (CATALOG_PATH). */
export interface VoiceCatalogPort {
  providers(): ReadonlyArray<{ id: string; label: string }>;
  /** Voices of a provider for a speech language (a short code such as "uk"). */
  voices(providerId: string, language: string): ReadonlyArray<CatalogVoice>;
}

/** Deletes a message at a given time; the lead backs it with a durable job. */
export type ScheduleDeletion = (chatId: number, messageId: number, at: Date) => Promise<void>;

/** The parts of the program's Config the bot reads (src/config.ts's Config fits as it is). */
export interface BotConfigView {
  defaultLocale: BotLocale;
  /** Overridden by botConfig.token given to createBot (the playground's emulator token). */
  botToken?: string | undefined;
  /** BOT_API_ROOT: the cloud, a self-hosted Bot API server or the emulator. */
  botApiRoot?: string | undefined;
}

export interface BotDeps {
  config: BotConfigView;
  logger: Logger;
  storage: Storage;
  apiKeys: ApiKeysPort;
  catalog: VoiceCatalogPort;
  tasksService: TasksServicePort;
  scheduleDeletion: ScheduleDeletion;
  /** Built from locales/ when absent. */
  i18n?: I18n<BotContext>;
  now?: () => Date;
  /** Fetches transcripts to send them as documents; undici by default. */
  downloadResult?: ResultDownloader;
}
