/** ResponseParameters of a failed Bot API call. */
export interface ErrorParameters {
  retry_after?: number;
  migrate_to_chat_id?: number;
}

/** A refusal answered in Telegram's shape: { ok: false, error_code, description, parameters }. */
export class BotApiError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly parameters?: ErrorParameters,
  ) {
    super(description);
    this.name = "BotApiError";
  }

  toJSON(): Record<string, unknown> {
    return {
      ok: false,
      error_code: this.code,
      description: this.description,
      ...(this.parameters ? { parameters: this.parameters } : {}),
    };
  }
}

export function badRequest(text: string): BotApiError {
  return new BotApiError(400, `Bad Request: ${text}`);
}

export function forbidden(text: string): BotApiError {
  return new BotApiError(403, `Forbidden: ${text}`);
}

export function tooManyRequests(retryAfterSeconds: number): BotApiError {
  return new BotApiError(429, `Too Many Requests: retry after ${retryAfterSeconds}`, {
    retry_after: retryAfterSeconds,
  });
}

export const NOT_FOUND = (): BotApiError => new BotApiError(404, "Not Found");
export const UNAUTHORIZED = (): BotApiError => new BotApiError(401, "Unauthorized");
export const ENTITY_TOO_LARGE = (): BotApiError => new BotApiError(413, "Request Entity Too Large");
export const BLOCKED_BY_USER = (): BotApiError => forbidden("bot was blocked by the user");
export const CHAT_NOT_FOUND = (): BotApiError => badRequest("chat not found");
export const MESSAGE_TO_EDIT_NOT_FOUND = (): BotApiError => badRequest("message to edit not found");
export const MESSAGE_NOT_MODIFIED = (): BotApiError =>
  badRequest(
    "message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message",
  );
export const WRONG_FILE = (): BotApiError => badRequest("wrong file identifier/HTTP URL specified");
