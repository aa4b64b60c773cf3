/** What the bot needs from the rest of the program, as narrow ports tests and the playground can fill. */
import type { ApiKeysPort } from "../accounts/ports.js";
import type { BotLocale } from "../i18n/locales.js";
import type { Logger } from "../logger.js";
import type { Metrics } from "../metrics.js";
import type { Storage } from "../storage/ports.js";
import type { TaskResultSender } from "../tasks/send-result.js";
import type { TasksServicePort } from "../tasks-service/ports.js";
import type { ScheduleDeletion } from "../telegram/message-deletion.js";

export interface VoiceCatalogPort {
  providers(): ReadonlyArray<{ id: string; label: string }>;
  /** `language`: a short code such as "uk". */
  voices(providerId: string, language: string): ReadonlyArray<{ id: string; name: string }>;
}

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
  /** Absent in tests that do not look. */
  metrics?: Pick<Metrics, "updatesHandled" | "unhandledErrors">;
  /** Sends a finished task's result again (/tasks), as its delivery did. */
  results: TaskResultSender;
  now?: () => Date;
}
