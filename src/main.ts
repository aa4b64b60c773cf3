import { type App, startApp } from "./app.js";
import { ConfigError, configSecrets, loadConfig } from "./config.js";
import { createLogger } from "./logger.js";

/** Time running work gets to finish after SIGTERM before the process exits anyway. */
const SHUTDOWN_DEADLINE_MS = 25_000;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger({
    level: config.logLevel,
    secrets: configSecrets(config),
    apiKeyPrefix: config.apiKeyPrefix,
  });

  let app: App | undefined;
  // Each of these is a bug to fix where it starts; meanwhile the process keeps serving everyone else.
  process.on("unhandledRejection", (reason) => {
    logger.error({ err: reason }, "unhandled promise rejection");
    app?.noteUnhandledError("rejection");
  });
  try {
    app = await startApp(config, logger);
  } catch (err) {
    logger.fatal({ err }, "start-up failed");
    process.exit(1);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const forced = setTimeout(() => {
      logger.error("shutdown took too long; exiting");
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS + 5_000);
    forced.unref();
    try {
      await app?.stop(SHUTDOWN_DEADLINE_MS);
      process.exit(0);
    } catch (err) {
      logger.error({ err }, "shutdown failed");
      process.exit(1);
    }
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
}

await main();
