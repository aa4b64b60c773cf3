/**
 * How an update reaches the middleware (polling or webhook): its shape checked once storage is up, and
 * handled again when storage went away before anything was said, so an outage delays answers, not loses them.
 */
import { API_CONSTANTS, BotError, type Transformer } from "grammy";
import type { Update } from "grammy/types";
import { z } from "zod";
import type { Logger } from "../logger.js";
import type { Storage } from "../storage/ports.js";

/** The update kinds the bot asks Telegram for; anything else is ignored quietly. */
export const HANDLED_UPDATES = ["message", "callback_query", "inline_query", "chosen_inline_result"] as const;

const UPDATE_KINDS: ReadonlySet<string> = new Set(API_CONSTANTS.ALL_UPDATE_TYPES);

/** An update's kind as a metric label: a Bot API kind or "other", never a key a crafted update chose. */
export function updateKind(update: Update): string {
  return Object.keys(update).find((key) => UPDATE_KINDS.has(key)) ?? "other";
}

const UserSchema = z.looseObject({
  id: z.number().int().positive(),
  is_bot: z.boolean(),
  first_name: z.string(),
  language_code: z.string().optional(),
});
const ChatSchema = z.looseObject({
  id: z.number().int(),
  type: z.enum(["private", "group", "supergroup", "channel"]),
});
const MessageSchema = z.looseObject({
  message_id: z.number().int(),
  date: z.number().int(),
  chat: ChatSchema,
  from: UserSchema.optional(),
  text: z.string().optional(),
  caption: z.string().optional(),
});
const UpdateShapeSchema = z.looseObject({
  update_id: z.number().int().nonnegative(),
  message: MessageSchema.optional(),
  callback_query: z
    .looseObject({
      id: z.string().min(1),
      from: UserSchema,
      chat_instance: z.string(),
      data: z.string().optional(),
      message: MessageSchema.optional(),
    })
    .optional(),
  inline_query: z
    .looseObject({
      id: z.string().min(1),
      from: UserSchema,
      query: z.string(),
      offset: z.string(),
    })
    .optional(),
  chosen_inline_result: z
    .looseObject({
      result_id: z.string().min(1).max(64),
      from: UserSchema,
      query: z.string(),
      inline_message_id: z.string().min(1).optional(),
    })
    .optional(),
});

function hasUpdateShape(body: unknown): body is Update {
  return UpdateShapeSchema.safeParse(body).success;
}

/** What a body is: an update to handle, one of a kind the bot does not use, or not an update at all. */
export function readUpdate(
  body: unknown,
): { kind: "update"; update: Update } | { kind: "ignored"; updateId: number } | { kind: "malformed" } {
  if (!hasUpdateShape(body)) return { kind: "malformed" };
  if (!HANDLED_UPDATES.some((kind) => body[kind] !== undefined))
    return { kind: "ignored", updateId: body.update_id };
  return { kind: "update", update: body };
}

/** Bot API methods that show the user something. */
const SAYS_SOMETHING =
  /^(send|edit|copy|forward|answerCallbackQuery|answerInlineQuery|deleteMessage|setMessageReaction)/;

type Progress = { said: boolean };
/** What each update being handled has said so far. */
const progressOf = new WeakMap<Update, Progress>();
/** The update whose turn it is in each chat, and the presses and inline queries being answered. */
const speakerInChat = new Map<string, Progress>();
const speakerOfPress = new Map<string, Progress>();
const speakerOfQuery = new Map<string, Progress>();

function speakerOf(payload: unknown): Progress | undefined {
  if (typeof payload !== "object" || payload === null) return undefined;
  const {
    chat_id: chat,
    callback_query_id: press,
    inline_query_id: query,
  } = payload as Record<string, unknown>;
  if (typeof press === "string") return speakerOfPress.get(press);
  if (typeof query === "string") return speakerOfQuery.get(query);
  return typeof chat === "number" || typeof chat === "string" ? speakerInChat.get(String(chat)) : undefined;
}

/** Installed on the bot's Api and inside forms: notes that the update being handled said something. */
export const noteWhatWasSaid: Transformer = (prev, method, payload, signal) => {
  if (SAYS_SOMETHING.test(method)) {
    const speaker = speakerOf(payload);
    if (speaker) speaker.said = true;
  }
  return prev(method, payload, signal);
};

/** Runs the rest of an update in its chat's turn: what is said in the chat meanwhile is the update's saying. */
export async function speakingInChat(
  update: Update,
  chatId: number,
  work: () => Promise<void>,
): Promise<void> {
  const progress = progressOf.get(update);
  if (!progress) return work();
  const chat = String(chatId);
  speakerInChat.set(chat, progress);
  try {
    await work();
  } finally {
    if (speakerInChat.get(chat) === progress) speakerInChat.delete(chat);
  }
}

/** Installed on the Api polling uses: no getUpdates while storage is away, so Telegram keeps them. */
export function pollOnlyWhileStorageIsUp(storage: Pick<Storage, "whenUp">): Transformer {
  return async (prev, method, payload, signal) => {
    if (method === "getUpdates") await storage.whenUp(signal);
    return prev(method, payload, signal);
  };
}

/** A handler that failed for storage more often than this is reported like any other failure. */
const MAX_OUTAGE_ATTEMPTS = 5;

/** Wraps bot.handleUpdate: waits for storage, and runs an update again that storage cut short. */
export function handleThroughOutages(
  handleUpdate: (update: Update) => Promise<void>,
  deps: { storage: Pick<Storage, "whenUp" | "isOutage">; logger: Logger },
): (update: Update) => Promise<void> {
  return async (update) => {
    for (let attempt = 1; ; attempt++) {
      await deps.storage.whenUp();
      const progress = { said: false };
      progressOf.set(update, progress);
      const press = update.callback_query?.id;
      if (press !== undefined) speakerOfPress.set(press, progress);
      const query = update.inline_query?.id;
      if (query !== undefined) speakerOfQuery.set(query, progress);
      try {
        await handleUpdate(update);
        return;
      } catch (error) {
        const cause = error instanceof BotError ? error.error : error;
        if (!deps.storage.isOutage(cause) || progress.said || attempt >= MAX_OUTAGE_ATTEMPTS) throw error;
        deps.logger.warn(
          { err: cause, update_id: update.update_id, attempt },
          "storage went away while handling an update; handling it again once storage is back",
        );
      } finally {
        if (press !== undefined) speakerOfPress.delete(press);
        if (query !== undefined) speakerOfQuery.delete(query);
      }
    }
  };
}
