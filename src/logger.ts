/**
 * The process logger (pino, JSON lines). Named secret fields are censored by redact paths, and every line
 * is scrubbed of the configured secrets, bot tokens (also in Bot API URLs), either service's API keys,
 * X-API-Key values and the tickets of tasks and batches, wherever they hide (messages, stacks, bindings).
 */
import { type DestinationStream, type Logger as PinoLogger, pino } from "pino";

export type Logger = PinoLogger;

export interface LoggerOptions {
  level: string;
  /** Literal values to remove from every line (bot token, KEY_VAULT_SECRET, passwords). */
  secrets?: string[];
  /** The prefix of issued API keys; keys of any prefix are scrubbed, this one also when oddly framed. */
  apiKeyPrefix?: string;
  /** Where lines go; standard output by default. */
  destination?: DestinationStream;
}

const REDACTED = "[redacted]";

/** Field names whose values are secret wherever they appear (one or two levels deep). */
const SECRET_FIELDS = [
  "apiKey",
  "api_key",
  "botToken",
  "token",
  "secret",
  "keyVaultSecret",
  "webhookSecret",
  "password",
  "authorization",
  '["x-api-key"]',
  '["X-API-Key"]',
  '["x-telegram-bot-api-secret-token"]',
];

const REDACT_PATHS = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => (field.startsWith("[") ? `*${field}` : `*.${field}`)),
  ...['["x-api-key"]', '["X-API-Key"]', ".authorization", '["x-telegram-bot-api-secret-token"]'].flatMap(
    (header) => [`headers${header}`, `*.headers${header}`, `*.*.headers${header}`],
  ),
];

/** Telegram bot tokens: `<bot id>:<secret>`; the secret part is 35 characters for real bots. */
const BOT_TOKEN_PATTERN = /\b\d{5,16}:[A-Za-z0-9_-]{20,}/g;
/** The token segment of Bot API URLs (`/bot<token>/method`, `/file/bot<token>/path`), whatever the token looks like. */
const BOT_URL_PATTERN = /(\/(?:file\/)?bot)[^/\s"'?#]+(?=\/)/g;
/** `<prefix>_<8 char id>_<32 char secret>`: the id stays readable for audits, the secret goes. */
const API_KEY_PATTERN = /\b([a-z0-9]{2,16}_[A-Za-z0-9]{8}_)[A-Za-z0-9]{32}\b/g;
/** The generation service's `<key_prefix>_<env>_<key_id>_<secret>`: the name stays, the secret goes. */
const GENERATION_KEY_PATTERN = /\b([a-z0-9]+_(?:live|test)_[a-z0-9]+_)[A-Za-z0-9]{8,}\b/gi;
/** Header dumps in free text (also JSON-escaped): `X-API-Key: value`, `"x-api-key":"value"`, `x-api-key=value`. */
const API_KEY_HEADER_PATTERN = /(x-api-key(?:\\?["'])?\s*[:=]\s*(?:\\?["'])?)[^\s"'\\,;}]+/gi;

/** A ticket is a task's or batch's callback capability: in hook paths and old result buttons (`rs`, `gr`). */
const TICKET_PATTERN = /(\/hooks\/(?:tasks|generations)\/|\b(?:rs|gr):)[A-Za-z0-9_-]{16,64}/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A scrubber of the given secrets (as they are and JSON-escaped, quotes and backslashes) and of the
 * configured key prefix, matched without word boundaries (keys glued to other text).
 */
function scrubber(secrets: string[], apiKeyPrefix?: string): (text: string) => string {
  const forms = [
    ...new Set(
      secrets
        .filter((secret) => secret.length >= 4)
        .flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1)]),
    ),
  ].sort((a, b) => b.length - a.length);
  const secretsPattern = forms.length === 0 ? undefined : new RegExp(forms.map(escapeRegExp).join("|"), "g");
  const ownKeys =
    apiKeyPrefix === undefined
      ? undefined
      : new RegExp(`(${escapeRegExp(apiKeyPrefix)}_[A-Za-z0-9]{8}_)[A-Za-z0-9]{32}`, "g");
  return (text) => {
    let result = secretsPattern ? text.replace(secretsPattern, REDACTED) : text;
    if (ownKeys) result = result.replace(ownKeys, `$1${REDACTED}`);
    result = result.replace(BOT_URL_PATTERN, `$1${REDACTED}`);
    result = result.replace(BOT_TOKEN_PATTERN, REDACTED);
    result = result.replace(API_KEY_PATTERN, `$1${REDACTED}`);
    result = result.replace(GENERATION_KEY_PATTERN, `$1${REDACTED}`);
    result = result.replace(API_KEY_HEADER_PATTERN, `$1${REDACTED}`);
    return result.replace(TICKET_PATTERN, `$1${REDACTED}`);
  };
}

/** The log lines' scrubbing of one text; secrets under 4 characters are ignored (they would shred it). */
export function redactText(text: string, secrets: string[]): string {
  return scrubber(secrets)(text);
}

export function createLogger(options: LoggerOptions): Logger {
  const scrub = scrubber(options.secrets ?? [], options.apiKeyPrefix);
  const destination = options.destination ?? pino.destination({ dest: 1, sync: true });
  return pino(
    {
      level: options.level,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
    },
    { write: (line: string) => destination.write(scrub(line)) },
  );
}
