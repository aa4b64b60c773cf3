/**
 * The bot's settings, read once from the environment (only here; the caller hands in `process.env`) and
 * checked with zod: a bad one stops start-up naming every bad variable and why, never its value.
 */

import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const LOCALES = ["en", "uk", "ru"] as const;

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const CLOUD_BOT_API_ROOT = "https://api.telegram.org";
/** The cloud Bot API serves downloads (getFile) up to 20 MB. */
export const CLOUD_INTAKE_LIMIT_MB = 20;
/** The Media Task Service accepts uploads up to 500 MB. */
export const SERVICE_INTAKE_LIMIT_MB = 500;

interface ModeConfig<Mode, Token, Secret, Url> extends CommonConfig {
  mode: Mode;
  botToken: Token;
  webhookSecret: Secret;
  publicUrl: Url;
  tasksBaseUrl: Url;
}

export type Config =
  // No BOT_TOKEN: the embedded emulator, sandbox and web chat page; no TASKS_BASE_URL: the embedded sandbox.
  | ModeConfig<"playground", undefined, undefined, string | undefined>
  | ModeConfig<"polling", string, string | undefined, string>
  | ModeConfig<"webhook", string, string, string>;

type ConfigProblem = { variable: string; problem: string };

export class ConfigError extends Error {
  constructor(readonly problems: ConfigProblem[]) {
    super(
      `Invalid settings (${problems.length}):\n${problems.map((p) => `- ${p.variable}: ${p.problem}`).join("\n")}`,
    );
    this.name = "ConfigError";
  }
}

export const DEFAULT_CATALOG_PATH = fileURLToPath(new URL("../catalog/catalog.json", import.meta.url));

function httpUrl(what: string) {
  return z
    .string()
    .refine((text) => {
      const url = URL.parse(text);
      return (
        (url?.protocol === "http:" || url?.protocol === "https:") &&
        url.search === "" &&
        url.hash === "" &&
        url.username === "" &&
        url.password === ""
      );
    }, `must be ${what}: an http(s) URL without query, fragment or credentials`)
    .transform((text) => text.replace(/\/+$/, ""));
}

const fieldSchemas = {
  BOT_TOKEN: z
    .string()
    .regex(/^\d{1,20}:[A-Za-z0-9_-]{1,100}$/, "is not shaped like a bot token (<bot id>:<secret>)"),
  BOT_MODE: z.enum(["polling", "webhook"], { error: "must be polling or webhook" }),
  BOT_API_ROOT: httpUrl("the Bot API root"),
  BOT_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,256}$/, "must be 1-256 characters of A-Z, a-z, 0-9, _ and - (Telegram's rule)"),
  PUBLIC_URL: httpUrl("this bot's public base URL"),
  MESSENGER_HOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{32,256}$/, "must be 32-256 characters of A-Z, a-z, 0-9, _ and -"),
  HTTP_HOST: z.string().min(1, "must not be empty"),
  HTTP_PORT: z
    .string()
    .regex(/^\d{1,5}$/, "must be a port number (0-65535)")
    .transform(Number)
    .refine((port) => port <= 65535, "must be a port number (0-65535)"),
  TASKS_BASE_URL: httpUrl("the Media Task Service's base URL"),
  GENERATION_BASE_URL: httpUrl("the Image and Video Generation Service's base URL"),
  REDIS_URL: z.string().refine((text) => {
    const protocol = URL.parse(text)?.protocol;
    return protocol === "redis:" || protocol === "rediss:";
  }, "must be a redis:// or rediss:// URL"),
  API_KEY_PREFIX: z.string().regex(/^[a-z0-9]{2,16}$/, "must be 2-16 characters of a-z and 0-9"),
  KEY_VAULT_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, "must be base64 (for example: openssl rand -base64 32)")
    .transform((text) => Buffer.from(text, "base64"))
    .refine(
      (bytes) => bytes.length === 32,
      "must be the base64 of exactly 32 bytes (openssl rand -base64 32)",
    ),
  CATALOG_PATH: z
    .string()
    .min(1)
    .transform((text) => path.resolve(text)),
  DEFAULT_LOCALE: z.enum(LOCALES, { error: `must be one of ${LOCALES.join(", ")}` }),
  MAX_INTAKE_MB: z
    .string()
    .regex(/^\d{1,6}$/, "must be a whole number of megabytes")
    .transform(Number)
    .refine((mb) => mb >= 1, "must be at least 1"),
  VOICE_SAMPLE_API_KEY: z
    .string()
    .regex(
      /^[a-z0-9]{2,16}_[A-Za-z0-9]{8}_[A-Za-z0-9]{32}$/,
      "must be a task service key (<prefix>_<8 characters>_<32 characters>)",
    ),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }),
} satisfies Record<string, z.ZodType<unknown, string>>;

type FieldName = keyof typeof fieldSchemas;

/** Every environment variable the bot reads. */
export const SETTING_NAMES = Object.keys(fieldSchemas) as readonly FieldName[];
type Fields = { [Name in FieldName]: z.output<(typeof fieldSchemas)[Name]> | undefined };

export function loadConfig(env: Record<string, string | undefined>): Config {
  const problems: ConfigProblem[] = [];
  const fields = {} as Record<FieldName, unknown>;
  for (const [name, schema] of Object.entries(fieldSchemas) as [FieldName, z.ZodType<unknown, string>][]) {
    const raw = env[name]?.trim();
    // An empty value is an unset one (env files and compose files often carry `NAME=`).
    if (raw === undefined || raw === "") {
      fields[name] = undefined;
      continue;
    }
    const parsed = schema.safeParse(raw);
    if (parsed.success) fields[name] = parsed.data;
    else problems.push({ variable: name, problem: parsed.error.issues[0]?.message ?? "is invalid" });
  }
  const given = fields as Fields;
  const invalid = new Set(problems.map((p) => p.variable));
  const requireSetting = (name: FieldName, why: string) => {
    if (given[name] === undefined && !invalid.has(name)) problems.push({ variable: name, problem: why });
  };

  const botToken = given.BOT_TOKEN;
  const tokenGiven = botToken !== undefined || invalid.has("BOT_TOKEN");
  const mode = tokenGiven ? (given.BOT_MODE ?? "polling") : "playground";
  const botApiRoot = given.BOT_API_ROOT ?? CLOUD_BOT_API_ROOT;
  const root = new URL(botApiRoot);
  const selfHostedBotApi = !(root.protocol === "https:" && root.host === "api.telegram.org");

  if (mode !== "playground") {
    requireSetting("PUBLIC_URL", "is required with BOT_TOKEN (task callbacks come to it)");
    requireSetting("TASKS_BASE_URL", "is required with BOT_TOKEN (the Media Task Service)");
  }
  if (mode === "webhook") {
    requireSetting("BOT_WEBHOOK_SECRET", "is required in webhook mode");
    const publicUrl = given.PUBLIC_URL;
    if (publicUrl !== undefined && !selfHostedBotApi && !publicUrl.startsWith("https://")) {
      problems.push({ variable: "PUBLIC_URL", problem: "must be https in webhook mode (Telegram's rule)" });
    }
  }
  if (given.REDIS_URL !== undefined || invalid.has("REDIS_URL")) {
    requireSetting("KEY_VAULT_SECRET", "is required with REDIS_URL (users' keys are stored encrypted)");
  }

  const intakeCeiling = selfHostedBotApi ? SERVICE_INTAKE_LIMIT_MB : CLOUD_INTAKE_LIMIT_MB;
  const maxIntakeMb = given.MAX_INTAKE_MB ?? intakeCeiling;
  if (maxIntakeMb > intakeCeiling) {
    problems.push({
      variable: "MAX_INTAKE_MB",
      problem: selfHostedBotApi
        ? `must be at most ${SERVICE_INTAKE_LIMIT_MB} (the Media Task Service's upload limit)`
        : `must be at most ${CLOUD_INTAKE_LIMIT_MB} with the cloud Bot API (its download limit)`,
    });
  }

  const common = commonConfig(given, { botApiRoot, selfHostedBotApi, maxIntakeMb });
  const { PUBLIC_URL: publicUrl, TASKS_BASE_URL: tasksBaseUrl, BOT_WEBHOOK_SECRET: webhookSecret } = given;
  if (problems.length === 0) {
    if (mode === "playground") {
      return { ...common, mode, botToken: undefined, webhookSecret: undefined, publicUrl, tasksBaseUrl };
    }
    if (botToken !== undefined && publicUrl !== undefined && tasksBaseUrl !== undefined) {
      if (mode === "polling") return { ...common, mode, botToken, webhookSecret, publicUrl, tasksBaseUrl };
      if (webhookSecret !== undefined) {
        return { ...common, mode, botToken, webhookSecret, publicUrl, tasksBaseUrl };
      }
    }
  }
  throw new ConfigError(problems);
}

function commonConfig(
  given: Fields,
  derived: { botApiRoot: string; selfHostedBotApi: boolean; maxIntakeMb: number },
) {
  return {
    ...derived,
    http: { host: given.HTTP_HOST ?? "0.0.0.0", port: given.HTTP_PORT ?? 8080 },
    redisUrl: given.REDIS_URL,
    apiKeyPrefix: given.API_KEY_PREFIX ?? "cmp",
    // 32 bytes; always present with Redis.
    keyVaultSecret: given.KEY_VAULT_SECRET,
    catalogPath: given.CATALOG_PATH ?? DEFAULT_CATALOG_PATH,
    defaultLocale: given.DEFAULT_LOCALE ?? "en",
    // The secret of POST /hooks/messenger (send_to_messenger tasks); unset turns the endpoint off.
    messengerHookSecret: given.MESSENGER_HOOK_SECRET,
    // Unset: no generation features outside the playground, the embedded sandbox in it.
    generationBaseUrl: given.GENERATION_BASE_URL,
    logLevel: given.LOG_LEVEL ?? "info",
    // The operator's task service key that pays for voice samples; unset: only the catalog's sample files play.
    voiceSampleApiKey: given.VOICE_SAMPLE_API_KEY,
  };
}
type CommonConfig = ReturnType<typeof commonConfig>;

/** The literal secret values in a config, for the logger to scrub. */
export function configSecrets(config: Config): string[] {
  return [
    config.botToken,
    config.webhookSecret,
    config.messengerHookSecret,
    config.voiceSampleApiKey,
    config.keyVaultSecret?.toString("base64"),
    ...(config.redisUrl ? urlPasswords(config.redisUrl) : []),
  ].filter((secret): secret is string => Boolean(secret));
}

/** A URL's password as written and decoded, for the logger to scrub. */
export function urlPasswords(url: string): string[] {
  const { password } = new URL(url);
  return password ? [decodeURIComponent(password), password] : [];
}
